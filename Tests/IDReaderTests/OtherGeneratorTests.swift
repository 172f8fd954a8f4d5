import XCTest

@testable import IDReader

/// MRZ pages drawn by another generator (../shared/tools/idphoto-gen, seed 3, one page
/// per format and tier, generated into a temporary folder): clean and mild pages read exactly,
/// hard ones (turned up to 12°, in perspective, dim, blurred, JPEG 35–50) at least as
/// often as measured, and no page is ever read valid with wrong lines.
final class OtherGeneratorTests: XCTestCase {
    /// Hard pages read exactly when this test was written (TD3 turned 11.7° in 7 %
    /// perspective, MRV-B turned 3.3°): a floor, not a goal.
    static let hardPagesReadAtLeast = 2

    static let generated = AnnotationTests.generate("other-generator", ["--only", "mrz", "--mrz-per", "1"])

    override class func tearDown() {
        if case .success(let url) = generated { try? FileManager.default.removeItem(at: url) }
        super.tearDown()
    }

    func testPagesOfAnotherGeneratorRead() throws {
        var hardExact = 0, seen: [String: Int] = [:]
        for (image, truth) in try AnnotationTests.cases("mrz", of: Self.generated) {
            let tier = try XCTUnwrap(truth["tier"] as? String, image)
            let lines = try XCTUnwrap(truth["mrz_lines"] as? [String], image)
            let result = DocumentReader().read(imageAt: image, options: ReadOptions(only: .mrz))
            let document = result.documents.first, reading = document?.mrz
            seen[tier, default: 0] += 1
            if document?.valid == true {
                XCTAssertEqual(reading?.lines, lines, "\(image): valid but wrong")
            }
            switch tier {
            case "clean", "mild": XCTAssertEqual(reading?.lines, lines, "\(image) (\(tier))")
            default: if reading?.lines == lines { hardExact += 1 }
            }
        }
        XCTAssertEqual(seen, ["clean": 5, "mild": 5, "hard": 5], "one page per format and tier")
        XCTAssertGreaterThanOrEqual(hardExact, Self.hardPagesReadAtLeast)
    }
}
