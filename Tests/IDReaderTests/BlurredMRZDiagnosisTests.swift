import Foundation
import IDCommon
import Imaging
import XCTest

@testable import IDReader

/// A read that finds nothing in a picture whose MRZ is blurred past its glyphs names the
/// blur (the print stripes, `MRZScanner.stripeLook`), and a picture without a document still
/// says no document.
final class BlurredMRZDiagnosisTests: XCTestCase {
    static let package = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// Monaco's ID card of ../shared/corpus/mrz (10 px characters) blurred by about 0.3
    /// character heights (three box blurs of radius 3: a sigma of 3.5 px).  Before the
    /// stripes: `noDocument`.
    func testACardBlurredBeyondItsGlyphsIsNamedBlurred() throws {
        let card = try ImageLoader().load(path: Self.package.appendingPathComponent("../shared/corpus/mrz/ag_id-mco.png").path)
        let blurred = card.blurred(radius: 3).blurred(radius: 3).blurred(radius: 3)
        let result = DocumentReader().read(image: blurred, name: "blurred card")
        XCTAssertTrue(result.documents.isEmpty)
        XCTAssertEqual(result.error?.cause, .blurred)
    }

    func testBlotchesWithoutADocumentStayNoDocument() {
        let result = DocumentReader().read(image: FailureDiagnosisTests.blotches(seed: 36), name: "blotches")
        XCTAssertEqual(result.error?.cause, .noDocument)
    }
}
