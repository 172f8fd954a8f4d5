import AAMVA
import Foundation
import XCTest

@testable import BarcodeScanning
@testable import IDReader
@testable import Imaging
@testable import idreader

/// The image rows of the bad-input matrix: each gives its typed error and one sentence.
final class ImageInputTests: XCTestCase {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures")
    func fixture(_ name: String) -> String { Self.fixtures.appendingPathComponent(name).path }

    /// Pixels survive the copy into Leptonica's word-packed rows and back, for every
    /// row length modulo 4 (a half turn maps (x, y) to (w-1-x, h-1-y) exactly).
    func testPixelsCrossIntoLeptonicaAndBackExactly() {
        var random = SystemRandomNumberGenerator()
        for width in 1...11 {
            for height in [1, 2, 7] {
                let pixels = (0..<width * height).map { _ in UInt8.random(in: 0...255, using: &random) }
                let image = GrayImage(width: width, height: height, pixels: pixels)
                let turned = image.rotatedOrthogonally(2)
                XCTAssertEqual(turned.width, width)
                for y in 0..<height {
                    for x in 0..<width {
                        XCTAssertEqual(turned.pixels[y * width + x], pixels[(height - 1 - y) * width + (width - 1 - x)], "\(width)x\(height) at \(x),\(y)")
                    }
                }
            }
        }
    }

    func testLoadsEveryPixelFormat() throws {
        let loader = ImageLoader()
        XCTAssertEqual(try loader.load(path: fixture("one-pixel.png")).pixels, [255])
        let gray16 = try loader.load(path: fixture("gray16.png"))
        XCTAssertEqual(gray16.width, 64)
        XCTAssertLessThan(gray16.pixels.first!, 10)
        XCTAssertGreaterThan(gray16.pixels.last!, 245)
        XCTAssertEqual(try loader.load(path: fixture("palette.png")).height, 20)
        XCTAssertEqual(try loader.load(path: fixture("alpha.png")).pixels.first, 255, "transparent is white")
        XCTAssertEqual(try loader.load(path: fixture("cmyk.jpg")).width, 40)
        XCTAssertEqual(try loader.load(path: fixture("animated.gif")).width, 30)
    }

    func testBadImagesGiveTypedErrors() {
        let loader = ImageLoader()
        XCTAssertThrowsError(try loader.load(path: fixture("empty.png"))) { XCTAssertEqual($0 as? ImageError, .empty) }
        XCTAssertThrowsError(try loader.load(path: fixture("huge-header.png"))) {
            XCTAssertEqual($0 as? ImageError, .tooLarge(width: 40000, height: 40000, limit: 100_000_000))
        }
        for name in ["random-bytes.png", "truncated.png", "truncated.jpg"] {
            XCTAssertThrowsError(try loader.load(path: fixture(name)), name) { error in
                guard case .unreadable = error as? ImageError else { return XCTFail("\(name): \(error)") }
                XCTAssertTrue("\(error)".hasSuffix("."))
            }
        }
        XCTAssertThrowsError(try ImageLoader(maximumPixels: 10).load(path: fixture("alpha.png"))) {
            guard case .tooLarge = $0 as? ImageError else { return XCTFail() }
        }
    }

    func testReadResultsCarryContractCodes() {
        let reader = DocumentReader()
        let cases: [(String, ReadError.Code)] = [
            ("empty.png", .emptyInput), ("huge-header.png", .imageTooLarge), ("random-bytes.png", .unreadableImage),
            ("truncated.jpg", .unreadableImage), ("one-pixel.png", .noDocumentFound), ("no-such-file.png", .fileNotFound),
        ]
        for (name, code) in cases {
            XCTAssertEqual(reader.read(imageAt: fixture(name)).error?.code, code, name)
        }
        XCTAssertEqual(reader.read(imageAt: Self.fixtures.path).error?.code, .unreadableImage, "a directory given as a file")
    }

    func testBatchContinuesAndExitCodeIsThree() throws {
        let console = RecordingConsole()
        let code = CLI(console: console).run([
            "read", "--format", "jsonl", "--jobs", "2", fixture("one-pixel.png"),
            fixture("truncated.png"), "/no/such.png", fixture("palette.png"),
        ])
        XCTAssertEqual(code, 3)
        let lines = console.stdout.split(separator: "\n").map { try! JSONSerialization.jsonObject(with: Data($0.utf8)) as! [String: Any] }
        XCTAssertEqual(
            lines.map { $0["input"] as? String }, [fixture("one-pixel.png"), fixture("truncated.png"), "/no/such.png", fixture("palette.png")],
            "output in input order")
        XCTAssertEqual(
            lines.map { ($0["error"] as? [String: Any])?["code"] as? String },
            ["noDocumentFound", "unreadableImage", "fileNotFound", "noDocumentFound"])
    }

    func testDirectoryIsRecursedForImagesOnly() {
        let inputs = Batch.expand([Self.fixtures.path])
        XCTAssertEqual(inputs.count, 11)
        XCTAssertTrue(
            inputs.allSatisfy {
                if case .file(let p) = $0 { return !p.hasSuffix(".swift") }; return false
            })
    }

    func testSymlinkLoopDoesNotHang() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("idreader-loop-\(UUID())")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        try FileManager.default.createSymbolicLink(atPath: dir.appendingPathComponent("self").path, withDestinationPath: dir.path)
        try FileManager.default.copyItem(atPath: fixture("one-pixel.png"), toPath: dir.appendingPathComponent("a.png").path)
        let inputs = Batch.expand([dir.path])
        XCTAssertEqual(inputs.count, 1)
    }

    func testExifOrientationIsRead() {
        // minimal JPEG prefix: SOI, APP1 Exif with a little-endian IFD holding orientation 6
        var exif: [UInt8] = [0x45, 0x78, 0x69, 0x66, 0, 0, 0x49, 0x49, 0x2A, 0, 8, 0, 0, 0, 1, 0, 0x12, 0x01, 3, 0, 1, 0, 0, 0, 6, 0, 0, 0, 0, 0, 0, 0]
        let length = exif.count + 2
        exif = [0xFF, 0xD8, 0xFF, 0xE1, UInt8(length >> 8), UInt8(length & 0xFF)] + exif + [0xFF, 0xDA, 0, 2]
        XCTAssertEqual(ExifOrientation.read(exif), 6)
        XCTAssertEqual(ExifOrientation.read([0xFF, 0xD8, 0xFF, 0xDA]), 1)
        XCTAssertEqual(ExifOrientation.read(Array(repeating: 0xFF, count: 7)), 1)
    }
}

final class MoreBadInputTests: XCTestCase {
    func testNonUTF8FileNameAndClosedStdin() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("idreader-names-\(UUID())")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        // a file name with an invalid UTF-8 byte (0xFF), written through the C API
        var raw = Array(dir.path.utf8) + Array("/bad-".utf8) + [0xFF] + Array(".png".utf8) + [0]
        let fd = raw.withUnsafeMutableBufferPointer { p in
            p.baseAddress!.withMemoryRebound(to: CChar.self, capacity: p.count) { open($0, O_CREAT | O_WRONLY, 0o644) }
        }
        XCTAssertGreaterThanOrEqual(fd, 0)
        close(fd)
        let console = RecordingConsole()
        let code = CLI(console: console).run(["read", "--format", "jsonl", dir.path])
        XCTAssertEqual(code, 3, "a file whose name is not UTF-8 is reported, not skipped")
        XCTAssertTrue(console.stdout.contains("emptyInput") || console.stdout.contains("fileNotFound"), console.stdout)
        let empty = FileManager.default.temporaryDirectory.appendingPathComponent("idreader-empty-\(UUID())")
        try FileManager.default.createDirectory(at: empty, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: empty) }
        let c2 = RecordingConsole()
        XCTAssertEqual(CLI(console: c2).run(["read", "--format", "jsonl", empty.path]), 1)
        XCTAssertTrue(c2.stdout.contains("holds no image files"))

        let closed = RecordingConsole(stdin: nil)
        XCTAssertEqual(CLI(console: closed).run(["read", "-"]), 3)
        XCTAssertTrue(closed.stdout.contains("emptyInput"))
        XCTAssertEqual(CLI(console: RecordingConsole(stdin: nil)).run(["mrz", "-"]), 3)
    }

    func testImageWithTwoDocuments() throws {
        // two licence symbols side by side on one canvas: both are read
        var generator = AAMVAGenerator(seed: 91)
        let a = try XCTUnwrap(PDF417Writer.image(bytes: generator.next().payload, width: 600, height: 200))
        let b = try XCTUnwrap(PDF417Writer.image(bytes: generator.next().payload, width: 600, height: 200))
        let w = a.width + b.width + 300, h = max(a.height, b.height) + 200
        var canvas = GrayImage(width: w, height: h, pixels: Array(repeating: 240, count: w * h))
        for (img, x0) in [(a, 100), (b, a.width + 200)] {
            for y in 0..<img.height { for x in 0..<img.width { canvas.pixels[(y + 100) * w + x0 + x] = img.pixels[y * img.width + x] } }
        }
        let docs = DocumentReader().read(image: canvas, options: IDReader.ReadOptions(only: .pdf417))
        XCTAssertEqual(docs.count, 2)
    }

    func testPaddingKeepsThePixelsAndFillsTheBorder() {
        let image = GrayImage(width: 3, height: 2, pixels: [1, 2, 3, 4, 5, 6])
        let padded = image.padded(by: 2, value: 9)
        XCTAssertEqual(padded.width, 7)
        XCTAssertEqual(padded.height, 6)
        XCTAssertEqual(padded.cropped(x: 2, y: 2, width: 3, height: 2).pixels, image.pixels)
        XCTAssertEqual(padded.pixels.filter { $0 == 9 }.count, 7 * 6 - 6)
        XCTAssertEqual(image.padded(by: 0).pixels, image.pixels)
    }
}
