import XCTest
import Foundation
import AAMVA
import Imaging
@testable import BarcodeScanning
@testable import IDReader

final class BarcodeTests: XCTestCase {
    /// A generated licence payload on a white canvas, as a symbol of `moduleWidth`-ish size.
    func licenceImage(_ payload: [UInt8], width: Int) throws -> GrayImage {
        let symbol = try XCTUnwrap(PDF417Writer.image(bytes: payload, width: width, height: width / 3))
        var canvas = GrayImage(width: symbol.width + 200, height: symbol.height + 200, pixels: Array(repeating: 235, count: (symbol.width + 200) * (symbol.height + 200)))
        for y in 0..<symbol.height {
            for x in 0..<symbol.width { canvas.pixels[(y + 100) * canvas.width + x + 100] = symbol.pixels[y * symbol.width + x] }
        }
        return canvas
    }

    func testRoundTripsAtSizesRotationsAndBlur() throws {
        var generator = AAMVAGenerator(seed: 42)
        let reader = DocumentReader()
        for (n, width) in [500, 800, 1200].enumerated() {
            let g = generator.next()
            let base = try licenceImage(g.payload, width: width)
            for quarters in 0..<4 {
                var image = quarters == 0 ? base : base.rotatedOrthogonally(quarters)
                if n == 2 { image = image.blurred(radius: 1) }
                let found = BarcodeScanner(includeOtherFormats: false).pdf417(image)
                XCTAssertEqual(found.first?.bytes, g.payload, "width \(width), \(quarters * 90)°")
                let docs = reader.read(image: image)
                XCTAssertEqual(docs.first?.fields.documentNumber, g.expected.documentNumber)
                XCTAssertEqual(docs.first?.barcode?.format, "PDF417")
                XCTAssertEqual(docs.first?.source, .pdf417)
            }
        }
    }

    func testSkewUpToFifteenDegreesIsStraightened() throws {
        var generator = AAMVAGenerator(seed: 43)
        let g = generator.next()
        let base = try licenceImage(g.payload, width: 900)
        for angle in [-15.0, -9, -5, 5, 9, 15] {
            let found = BarcodeScanner(includeOtherFormats: false).pdf417(base.rotated(degrees: angle))
            XCTAssertEqual(found.first?.bytes, g.payload, "\(angle)°")
            XCTAssertNotEqual(found.first?.pass, "plain", "\(angle)° needed a rescue pass")
        }
    }

    func testNoBarcodeMeansNoDocument() {
        let blank = GrayImage(width: 300, height: 200, pixels: Array(repeating: 200, count: 60_000))
        XCTAssertEqual(DocumentReader().read(image: blank), [])
    }

    func testAcceptPredicateRejectsBrokenAAMVAStructure() {
        var generator = AAMVAGenerator(seed: 44)
        let good = generator.next().payload
        XCTAssertTrue(DocumentReader.acceptPDF417(good))
        var bad = good
        bad.replaceSubrange(23..<27, with: Array("0000".utf8))  // first subfile offset
        XCTAssertFalse(DocumentReader.acceptPDF417(bad))
        XCTAssertTrue(DocumentReader.acceptPDF417(Array("not a licence".utf8)), "other PDF417 content is taken as it is")
    }

    /// ../shared/corpus/pdf417/: every symbol we decode matches its expected payload, and
    /// we decode at least the ones listed here as known-good.
    func testCorpusTable() throws {
        let dir = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("../shared/corpus/pdf417").standardizedFileURL
        let manifest = try String(contentsOf: dir.appendingPathComponent("MANIFEST.tsv"), encoding: .utf8)
        var decoded = 0, rows = 0
        for line in manifest.split(whereSeparator: \.isNewline).dropFirst() {
            let cols = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            guard cols.count >= 3, cols[2] == "text" || cols[2] == "bytes" else { continue }
            rows += 1
            let expected = try Data(contentsOf: dir.appendingPathComponent(cols[1]))
            let result = DocumentReader().barcodes(imageAt: dir.appendingPathComponent(cols[0]).path)
            guard let first = result.barcodes.first else { continue }
            let bytes = Data(base64Encoded: first.bytes)!
            let matches = bytes == expected || Data(first.text.utf8) == expected || Data(first.text.utf8) + Data("\n".utf8) == expected
            XCTAssertTrue(matches, "\(cols[0]) decoded to something else")
            if matches { decoded += 1 }
        }
        XCTAssertGreaterThanOrEqual(rows, 25)
        XCTAssertGreaterThanOrEqual(decoded, 27, "decoded \(decoded) of \(rows)")
    }
}
