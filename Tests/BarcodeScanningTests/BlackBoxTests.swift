import Foundation
import Imaging
import XCTest

@testable import BarcodeScanning

/// Black-box tables of the PDF417 scanner, in the style of zxing-cpp's folders: images with
/// their expected payloads — the samples' licence backs (`.bin` beside each image) and
/// ../shared/corpus/pdf417 (MANIFEST.tsv).  Every decode must match its payload; the count
/// decoded is a ratchet that may only go up.
final class BlackBoxTests: XCTestCase {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    let scanner = BarcodeScanner(includeOtherFormats: false)

    func decodes(_ image: URL, as expected: Data) throws -> Bool {
        let found = scanner.pdf417(try ImageLoader().load(path: image.path))
        guard let first = found.first else { return false }
        // the expected file holds the payload's bytes or, for text with an ECI, its text
        let bytes = Data(first.bytes), text = Data(first.text.utf8)
        let matches = [bytes, text].contains { $0 == expected || $0 + Data("\n".utf8) == expected }
        XCTAssertTrue(matches, "\(image.lastPathComponent) decoded to other bytes")
        return matches
    }

    func testTheSamplesLicenceBacks() throws {
        let dir = Self.root.appendingPathComponent("samples/licences")
        let images = try FileManager.default.contentsOfDirectory(atPath: dir.path).filter { $0.hasSuffix(".png") || $0.hasSuffix(".jpg") }
        var decoded = 0
        for name in images {
            let image = dir.appendingPathComponent(name)
            if try decodes(image, as: Data(contentsOf: image.deletingPathExtension().appendingPathExtension("bin"))) { decoded += 1 }
        }
        XCTAssertEqual(images.count, 4)
        XCTAssertGreaterThanOrEqual(decoded, 4, "ratchet")
    }

    func testTheSharedPDF417Corpus() throws {
        let dir = Self.root.appendingPathComponent("../shared/corpus/pdf417").standardizedFileURL
        let manifest = try String(contentsOf: dir.appendingPathComponent("MANIFEST.tsv"), encoding: .utf8)
        var decoded = 0, rows = 0
        for line in manifest.split(whereSeparator: \.isNewline).dropFirst() {
            let cols = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            guard cols.count >= 3, cols[2] == "text" || cols[2] == "bytes" else { continue }
            rows += 1
            if try decodes(dir.appendingPathComponent(cols[0]), as: Data(contentsOf: dir.appendingPathComponent(cols[1]))) { decoded += 1 }
        }
        XCTAssertGreaterThanOrEqual(rows, 31)
        XCTAssertGreaterThanOrEqual(decoded, 28, "decoded \(decoded) of \(rows)")
    }
}
