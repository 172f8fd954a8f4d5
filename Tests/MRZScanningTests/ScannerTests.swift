import Foundation
import Imaging
import MRZ
import XCTest

@testable import MRZScanning

/// The committed synthetic pages (samples/passports): what is read as valid is exactly
/// right, and most pages are read.
final class ScannerTests: XCTestCase {
    static let samples = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("samples/passports")

    func testSamplePagesAreNeverValidButWrong() throws {
        let names = try FileManager.default.contentsOfDirectory(atPath: Self.samples.path).filter { $0.hasSuffix(".png") || $0.hasSuffix(".jpg") }.sorted()
        XCTAssertGreaterThanOrEqual(names.count, 4)
        let scanner = MRZScanner()
        var exact = 0
        for name in names {
            let truth = try String(contentsOf: Self.samples.appendingPathComponent((name as NSString).deletingPathExtension + ".txt"), encoding: .utf8)
                .split(whereSeparator: \.isNewline).map(String.init)
            let scan = scanner.scan(try ImageLoader().load(path: Self.samples.appendingPathComponent(name).path))
            guard let reading = scan.readings.first else { continue }
            let valid = reading.result.isValid && reading.confidenceCheck.valid
            if valid { XCTAssertEqual(reading.result.lines, truth, "\(name) was marked valid but is wrong") }
            if reading.result.lines == truth { exact += 1 }
        }
        XCTAssertGreaterThanOrEqual(exact, ScannerBaseline.exactSamplePages, "exact pages")
    }

    /// Every sample page turned by a quarter, half and three-quarter turn and a few degrees
    /// more reads exactly and validly: orientation is found, not assumed.
    func testTurnedPagesReadExactly() throws {
        let names = try FileManager.default.contentsOfDirectory(atPath: Self.samples.path).filter { $0.hasSuffix(".png") }.sorted()
        let scanner = MRZScanner()
        for (n, name) in names.enumerated() {
            let truth = try String(contentsOf: Self.samples.appendingPathComponent((name as NSString).deletingPathExtension + ".txt"), encoding: .utf8)
                .split(whereSeparator: \.isNewline).map(String.init)
            let page = try ImageLoader().load(path: Self.samples.appendingPathComponent(name).path)
            for quarters in 1...3 {
                let skew = Double((n + quarters) % 3 - 1) * 3  // -3°, 0° or +3° on top
                let turned = page.rotatedOrthogonally(quarters).rotated(degrees: skew)
                let reading = scanner.scan(turned).readings.first
                XCTAssertEqual(reading?.result.lines, truth, "\(name) turned \(quarters * 90)° + \(skew)°")
                XCTAssertEqual(reading.map { $0.result.isValid && $0.confidenceCheck.valid }, true, "\(name) turned \(quarters * 90)°")
            }
        }
    }

    /// Skew up to ±15° on top of any quarter turn (the sweep that finds the skew must reach
    /// past 15°: a peak at the sweep's edge is not trusted).
    func testPagesSkewedFifteenDegreesReadExactly() throws {
        let names = try FileManager.default.contentsOfDirectory(atPath: Self.samples.path).filter { $0.hasSuffix(".png") }.sorted()
        let scanner = MRZScanner()
        for (name, quarters, skew) in [(names[0], 0, 15.0), (names[1 % names.count], 1, -15.0)] {
            let truth = try String(contentsOf: Self.samples.appendingPathComponent((name as NSString).deletingPathExtension + ".txt"), encoding: .utf8)
                .split(whereSeparator: \.isNewline).map(String.init)
            let page = try ImageLoader().load(path: Self.samples.appendingPathComponent(name).path)
            // on a white border with room for the turned corners (rotation keeps the size)
            let padded = page.padded(by: page.width / 4)
            let reading = scanner.scan(padded.rotatedOrthogonally(quarters).rotated(degrees: skew)).readings.first
            XCTAssertEqual(reading?.result.lines, truth, "\(name) turned \(quarters * 90)° + \(skew)°")
        }
    }

    func testBlankImageReportsNoMRZ() {
        let blank = GrayImage(width: 800, height: 500, pixels: Array(repeating: 230, count: 400_000))
        let scan = MRZScanner().scan(blank)
        XCTAssertTrue(scan.readings.isEmpty)
        XCTAssertNotNil(scan.failure)
        XCTAssertTrue(scan.failure!.message.hasSuffix("."))
    }

    func testMissingModelIsReported() {
        let scan = MRZScanner(tessdata: "/nonexistent").scan(GrayImage(width: 10, height: 10, pixels: Array(repeating: 0, count: 100)))
        XCTAssertEqual(scan.failure, .modelMissing)
    }
}

enum ScannerBaseline {
    /// Sample pages read exactly with the committed model (measured, see tessdata/README.md).
    static let exactSamplePages = 4
}
