import Foundation
import IDCommon
import Imaging
import XCTest

@testable import BarcodeScanning

/// The symbols of visible digital seals (`BarcodeScanner.seals`, `Barcode.isSealCandidate`):
/// the corpus's seal pictures and DataMatrix / QR codes drawn here from the corpus's seal
/// bytes decode to exactly those bytes; pictures without a seal give none.
final class SealSymbolTests: XCTestCase {
    static let corpus = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("../shared/corpus/vds").standardizedFileURL
    let scanner = BarcodeScanner()

    func corpusBytes(_ name: String) throws -> [UInt8] { [UInt8](try Data(contentsOf: Self.corpus.appendingPathComponent(name))) }

    func testTheGuidelinesSealPicturesDecodeToTheirBytes() throws {
        let expected = try corpusBytes("bsi-sic-annexD.bin")
        XCTAssertEqual(expected.first, 0xDC)
        for name in ["bsi-sic-annexD.png", "bsi-sic-annexD.jpg"] {
            let seals = scanner.seals(try ImageLoader().load(path: Self.corpus.appendingPathComponent(name).path))
            XCTAssertEqual(seals.map(\.bytes), [expected], name)
            XCTAssertEqual(seals.first?.format, .dataMatrix, name)
            XCTAssertNotNil(seals.first?.corners, name)
        }
    }

    /// Every DataMatrix seal of the corpus, drawn at 4 px a module with a 16-module quiet zone
    /// (room to turn in), turned 20° and blurred.
    func testDrawnCorpusSealsDecodeToTheirBytes() throws {
        let names = try FileManager.default.contentsOfDirectory(atPath: Self.corpus.path).filter { $0.hasSuffix(".bin") && !$0.contains("vdsnc") }
        XCTAssertGreaterThanOrEqual(names.count, 18)
        for name in names {
            let bytes = try corpusBytes(name)
            let symbol = try XCTUnwrap(PDF417Writer.image(format: .dataMatrix, bytes: bytes, width: 0, height: 0, margin: 16), name)
            let picture = symbol.scaled(by: 4).rotated(degrees: 20).blurred(radius: 1)
            let seals = scanner.seals(picture)
            XCTAssertEqual(seals.map(\.bytes), [bytes], name)
        }
    }

    func testAVDSNCQRCodeIsASeal() throws {
        let json = try corpusBytes("pc-vdsnc-vacc.bin")
        let symbol = try XCTUnwrap(PDF417Writer.image(format: .qrCode, bytes: json, width: 0, height: 0, margin: 16))
        let seals = scanner.seals(symbol.scaled(by: 3).rotated(degrees: -7))
        XCTAssertEqual(seals.map(\.bytes), [json])
        XCTAssertEqual(seals.first?.format, .qrCode)
    }

    func testScanWithSealsReportsASealAndADataMatrixThatIsNotOne() throws {
        let seal = try corpusBytes("li-visa.bin")
        let other = Array("not a seal".utf8)
        for (bytes, isSeal) in [(seal, true), (other, false)] {
            let symbol = try XCTUnwrap(PDF417Writer.image(format: .dataMatrix, bytes: bytes, width: 0, height: 0, margin: 16)).scaled(by: 4)
            let found = scanner.scan(symbol, seals: true).filter { $0.format == .dataMatrix }
            XCTAssertEqual(scanner.scan(symbol).filter { $0.format == .dataMatrix }, [], "seals are off by default")
            XCTAssertEqual(found.map(\.bytes), [bytes])
            XCTAssertEqual(found.first?.isSealCandidate, isSeal)
            XCTAssertEqual(scanner.seals(symbol).count, isSeal ? 1 : 0)
        }
    }

    /// A seal drawn upright at 4 px a module with a 16-module quiet zone: its corners are
    /// the symbol's, clockwise from top-left, within a module.
    func testASealsCornersAreTheSymbols() throws {
        let bytes = try corpusBytes("li-visa.bin")
        let picture = try XCTUnwrap(PDF417Writer.image(format: .dataMatrix, bytes: bytes, width: 0, height: 0, margin: 16)).scaled(by: 4)
        let corners = try XCTUnwrap(scanner.seals(picture).first?.corners)
        let near = Double(16 * 4), far = Double(picture.width - 16 * 4)
        let expected = [(near, near), (far, near), (far, far), (near, far)]
        for (corner, (x, y)) in zip(corners.corners, expected) {
            XCTAssertEqual(corner.x, x, accuracy: 4, "\(corners)")
            XCTAssertEqual(corner.y, y, accuracy: 4, "\(corners)")
        }
    }

    /// A seal under glare (dark and light modules lifted towards white, up to 85 % at the
    /// glare's centre) and blurred: zxing-cpp alone reads nothing, the seal search the bytes.
    func testASealUnderGlareDecodesToItsBytes() throws {
        let bytes = try corpusBytes("li-visa.bin")
        let symbol = try XCTUnwrap(PDF417Writer.image(format: .dataMatrix, bytes: bytes, width: 0, height: 0, margin: 16)).scaled(by: 5)
        let w = symbol.width, h = symbol.height
        let centre = (x: Double(w) * 0.6, y: Double(h) * 0.6), spread = Double(w) * 0.35
        let pixels = symbol.pixels.indices.map { i -> UInt8 in
            let dx = Double(i % w) - centre.x, dy = Double(i / w) - centre.y
            let glare = 0.85 * exp(-(dx * dx + dy * dy) / (2 * spread * spread))
            let grey = Double(symbol.pixels[i]) * 0.7 + 30  // print on paper: not pure black and white
            return UInt8(min(255, grey + (255 - grey) * glare))
        }
        let picture = GrayImage(width: w, height: h, pixels: pixels).blurred(radius: 1)
        XCTAssertEqual(ZXingReader.read(picture, formats: [.dataMatrix], pass: .plain), [])
        XCTAssertEqual(scanner.seals(picture).map(\.bytes), [bytes])
    }

    /// Each seal rescue pass runs once; none of them looks for PDF417's start and stop patterns.
    func testSealRescuePassesRunOnceEachWithoutPDF417Patterns() {
        let passes = BarcodeScanner.sealRescuePasses.map(\.pass)
        XCTAssertEqual(Set(passes).count, passes.count)
        XCTAssertTrue(passes.contains(.cropContrast))
        XCTAssertTrue(Set(passes).isDisjoint(with: [.startStop, .redraw, .redrawRows]))
    }

    func testSealCandidatesByFormatAndShape() {
        let vdsnc = Array(#" {"data": {"hdr": {}}, "sig": {"alg": "ES256"}}"#.utf8)
        XCTAssertTrue(Barcode.isSealCandidate(format: .dataMatrix, bytes: [0xDC, 0x03]))
        XCTAssertTrue(Barcode.isSealCandidate(format: .qrCode, bytes: vdsnc))
        XCTAssertFalse(Barcode.isSealCandidate(format: .dataMatrix, bytes: [0xDD, 0x03]))
        XCTAssertFalse(Barcode.isSealCandidate(format: .dataMatrix, bytes: []))
        XCTAssertFalse(Barcode.isSealCandidate(format: .pdf417, bytes: [0xDC, 0x03]))
        XCTAssertFalse(Barcode.isSealCandidate(format: .qrCode, bytes: [0xDC, 0x03]))
        XCTAssertFalse(Barcode.isSealCandidate(format: .dataMatrix, bytes: vdsnc))
        XCTAssertFalse(Barcode.isSealCandidate(format: .qrCode, bytes: Array(#"{"data": {}}"#.utf8)))
        XCTAssertFalse(Barcode.isSealCandidate(format: .qrCode, bytes: Array(#"[{"data": 1, "sig": 2}]"#.utf8)))
        XCTAssertFalse(Barcode.isSealCandidate(format: .qrCode, bytes: Array(#"{"data": 1, "sig": "#.utf8)))
    }

    func testPicturesWithoutASealGiveNone() {
        var random = SystemRandomNumberGenerator()
        let noise = GrayImage(width: 640, height: 480, pixels: (0..<640 * 480).map { _ in UInt8.random(in: 0...255, using: &random) })
        let stripes = GrayImage(width: 700, height: 500, pixels: (0..<700 * 500).map { ($0 % 700 / 3) % 2 == 0 ? 0 : 255 })
        let blank = GrayImage(width: 800, height: 600, pixels: [UInt8](repeating: 255, count: 800 * 600))
        let tiny = GrayImage(width: 1, height: 1, pixels: [0])
        let empty = GrayImage(width: 0, height: 0, pixels: [])
        for picture in [noise, stripes, blank, tiny, empty] {
            XCTAssertEqual(scanner.seals(picture), [], "\(picture.width)x\(picture.height)")
        }
    }
}
