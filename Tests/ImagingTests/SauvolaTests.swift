import CLeptonica
import Foundation
import IDCommon
import XCTest

@testable import Imaging

/// `GrayImage.sauvolaBinarised` sets the same bits as Leptonica's Sauvola binarisation,
/// which it stands in for: on noise, on print-like blocks under uneven light, at odd sizes,
/// for the windows and sensitivities the readers use, and on the fixtures.
final class SauvolaTests: XCTestCase {
    /// Leptonica's binarisation and ours, row by row, as 32-bit words.
    private func assertSame(_ image: GrayImage, window: Int, k: Double, _ name: String, file: StaticString = #filePath, line: UInt = #line) {
        guard let pix = Pix(gray: image) else { return XCTFail("no pix", file: file, line: line) }
        var theirs: UnsafeMutablePointer<PIX>? = nil
        XCTAssertEqual(pixSauvolaBinarizeTiled(pix.pointer, Int32(window), Float(k), 1, 1, nil, &theirs), 0, file: file, line: line)
        guard let reference = Pix(theirs), let ours = image.sauvolaBinarised(window: window, k: k) else {
            return XCTFail("\(name): no binarisation", file: file, line: line)
        }
        let wpl = Int(pixGetWpl(reference.pointer))
        XCTAssertEqual(wpl, Int(pixGetWpl(ours.pointer)), file: file, line: line)
        let a = pixGetData(reference.pointer)!, b = pixGetData(ours.pointer)!
        var differing = 0
        for i in 0..<(wpl * image.height) where a[i] != b[i] { differing += 1 }
        XCTAssertEqual(differing, 0, "\(name) \(image.width)×\(image.height), window \(window), k \(k): words differ", file: file, line: line)
    }

    func testNoiseAndPrintLikeBlocks() {
        var random = SeededRandom(seed: 5)
        for (w, h) in [(25, 25), (31, 47), (157, 93), (400, 121)] {
            let noise = GrayImage(width: w, height: h, pixels: (0..<(w * h)).map { _ in UInt8.random(in: 0...255, using: &random) })
            // dark strokes on paper whose light falls off across the picture
            var print = [UInt8](repeating: 0, count: w * h)
            for y in 0..<h {
                for x in 0..<w {
                    let paper = 230 - 150 * x / w
                    let ink = (x / 3 + y / 5) % 4 == 0 && (y / 7) % 3 != 2
                    print[y * w + x] = UInt8(max(0, min(255, (ink ? paper / 3 : paper) + Int.random(in: -12...12, using: &random))))
                }
            }
            let printed = GrayImage(width: w, height: h, pixels: print)
            for (window, k) in [(2, 0.3), (4, 0.3), (10, 0.3), (12, 0.34)] where w >= 2 * window + 3 && h >= 2 * window + 3 {
                assertSame(noise, window: window, k: k, "noise")
                assertSame(printed, window: window, k: k, "print")
            }
        }
    }

    /// The flat windows' shortcut: for every variance up to `flatVariances` and every
    /// mean, no pixel of three quarters of the mean or more is below Leptonica's
    /// threshold (the mean times the factor, truncated, its low byte), so skipping its
    /// product there changes no bit; and a negative `k` has no flat windows.
    func testFlatWindowsHaveNoDarkPixelAtThreeQuartersOfTheMean() {
        for k in [0.3, 0.34, 0.5] {
            let factor = Double(Float(k))
            func thresholdFactor(_ variance: Int) -> Double { 1.0 - factor * (1.0 - Double(Float(variance).squareRoot()) / 128.0) }
            let flat = GrayImage.flatVariances(thresholdFactor)
            XCTAssertGreaterThan(flat, 100, "k \(k)")
            XCTAssertGreaterThan(thresholdFactor(flat + 1), GrayImage.flatFactor, "k \(k)")
            for variance in 0...flat {
                for mean in 0...255 {
                    let threshold = Int(Double(mean) * thresholdFactor(variance)) & 0xFF
                    let leastLight = (3 * mean + 3) / 4
                    XCTAssertLessThanOrEqual(threshold, leastLight, "k \(k), variance \(variance), mean \(mean)")
                }
            }
        }
        XCTAssertEqual(GrayImage.flatVariances { _ in 1.3 }, -1)
    }

    /// The repository's sample photos (passports, MRZ cards, licence backs).
    func testSamples() throws {
        let samples = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../samples").standardized
        var tried = 0
        for folder in ["mrz", "passports", "licences"] {
            let url = samples.appendingPathComponent(folder)
            let files = (try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? []
            for file in files.sorted() where file.hasSuffix(".png") || file.hasSuffix(".jpg") {
                guard let image = try? ImageLoader().load(path: url.appendingPathComponent(file).path), image.pixelCount <= 4_000_000 else { continue }
                assertSame(image, window: 10, k: 0.3, file)
                tried += 1
            }
        }
        XCTAssertGreaterThan(tried, 0)
    }

    /// Pictures named by `SAUVOLA_LIST` (one path a line) when set, for checking many; else
    /// every seventh real MRZ picture of the shared corpus.
    func testListedPictures() throws {
        let paths = try CorpusPictures.listedOrSampled(environment: "SAUVOLA_LIST")
        let images = paths.compactMap { path in (try? ImageLoader().load(path: path)).map { (path, $0) } }
        XCTAssertFalse(images.isEmpty, "no picture to compare on")
        for (path, image) in images {
            assertSame(image, window: 10, k: 0.3, path)
            assertSame(image.scaledPlain(by: 1600 / Double(max(image.width, image.height))), window: 10, k: 0.3, path)
        }
    }
}
