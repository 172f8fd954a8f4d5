import DocumentModel
import Foundation
import IDCommon
import Imaging
import XCTest

@testable import IDReader

/// Tesseract's layout analysis, the MRZ search's last and dearest stage, runs only where
/// the glyph chains saw a line of MRZ length (`MRZSearch.worthRunning`): a picture
/// without a document is named at once, a page with such a line still gets the stage.
final class LayoutAnalysisGateTests: XCTestCase {
    static let samples = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("samples")

    func testAPictureWithoutADocumentIsNamedWithoutTheLayoutAnalysis() {
        let image = FailureDiagnosisTests.blotches(seed: 36)
        let (result, profile) = StepProfile.recording { DocumentReader().read(image: image, name: "blotches") }
        XCTAssertTrue(result.documents.isEmpty)
        XCTAssertEqual(result.error?.cause, .noDocument)
        XCTAssertNotNil(profile.milliseconds[.morphology], "the earlier stages ran")
        XCTAssertNil(profile.milliseconds[.layoutAnalysis], "no line of MRZ length was seen: the layout analysis must not run")
    }

    func testAPageWithAnMRZLengthLineStillGetsTheLayoutAnalysis() throws {
        // a passport page whose second MRZ line is painted out: the first line chains as
        // one of MRZ length, and no band of two lines is read before the layout analysis
        var image = try ImageLoader().load(path: Self.samples.appendingPathComponent("passports/td3-clean-000-r0.png").path)
        let secondLine = 940..<1015
        XCTAssertEqual(image.width, 1500, "the sample's size, for the rows painted out")
        for y in secondLine {
            for x in 0..<image.width { image.pixels[y * image.width + x] = 240 }
        }
        let (result, profile) = StepProfile.recording { DocumentReader().read(image: image, name: "one line") }
        XCTAssertTrue(result.documents.isEmpty, "one MRZ line is no MRZ")
        XCTAssertNotNil(profile.milliseconds[.layoutAnalysis], "a line of MRZ length was seen: the layout analysis must run")
    }
}
