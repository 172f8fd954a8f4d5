import Foundation
import XCTest

@testable import Imaging

/// Black-box table of the image loader (in the style of zxing-cpp's black-box folders):
/// every file in Fixtures/ has a `.expected` beside it — `WIDTHxHEIGHT` as shown (EXIF
/// orientation applied), or `error KIND` for a file that must be refused with a typed
/// error.  A new fixture is a file and its `.expected`; the count of rows may only grow.
final class BlackBoxTests: XCTestCase {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures")

    func testEveryFixtureLoadsAsExpected() throws {
        let files = try FileManager.default.contentsOfDirectory(atPath: Self.fixtures.path).filter { !$0.hasSuffix(".expected") }.sorted()
        var rows = 0
        for file in files {
            let url = Self.fixtures.appendingPathComponent(file)
            let expected = try String(contentsOf: url.deletingPathExtension().appendingPathExtension("expected"), encoding: .utf8)
                .trimmingCharacters(in: .whitespacesAndNewlines)
            rows += 1
            do {
                let image = try ImageLoader(maximumPixels: 100_000_000).load(path: url.path)
                XCTAssertEqual("\(image.width)x\(image.height)", expected, file)
            } catch {
                XCTAssertEqual("error \(Self.kind(error))", expected, "\(file): \(error)")
                XCTAssertTrue(error.description.hasSuffix("."), "one sentence: \(error.description)")
            }
        }
        XCTAssertGreaterThanOrEqual(rows, 8, "the table only grows")
    }

    func testTheOrientationIsAppliedToThePixels() throws {
        // the EXIF-6 fixture is a 12×4 red block stored sideways: shown 4×12, all one grey
        let image = try ImageLoader().load(path: Self.fixtures.appendingPathComponent("exif6-12x4.jpg").path)
        XCTAssertEqual(Set(image.pixels).count <= 3, true, "a flat block stays flat")
        let gradient = try ImageLoader().load(path: Self.fixtures.appendingPathComponent("grey-8x6.png").path)
        XCTAssertEqual(Array(gradient.pixels.prefix(8)), (0..<8).map { UInt8($0 * 5) }, "grey values cross unchanged")
        // 16-bit grey: value i·4096 + 255 becomes its high byte i·16 (the low byte, 255, is noise)
        let deep = try ImageLoader().load(path: Self.fixtures.appendingPathComponent("grey16-5x3.png").path)
        XCTAssertEqual(deep.pixels, (0..<15).map { UInt8($0 * 16) })
    }

    static func kind(_ error: ImageError) -> String {
        switch error {
        case .empty: return "empty"
        case .unreadable: return "unreadable"
        case .tooLarge: return "tooLarge"
        }
    }
}
