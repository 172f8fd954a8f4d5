import Foundation
import IDCommon
import Imaging
import XCTest

@testable import IDReader

/// `DocumentReader.frameState`: what a frame shows, told without reading it, as the
/// causes of a failed read name it.
final class FrameStateTests: XCTestCase {
    static let package = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    func sample(_ path: String) throws -> GrayImage {
        try ImageLoader().load(path: Self.package.appendingPathComponent(path).path)
    }

    func testAClearPassportPageAndLicenceAreGood() throws {
        let reader = DocumentReader()
        XCTAssertEqual(reader.frameState(image: try sample("samples/passports/td3-clean-000-r0.png")), .good)
        XCTAssertEqual(reader.frameState(image: try sample("samples/licences/licence-clean-000-r0.png")), .good)
    }

    /// Monaco's ID card of ../shared/corpus/mrz (10 px characters) blurred by about 0.3
    /// character heights (three box blurs of radius 3: a sigma of 3.5 px): no glyph chain
    /// is left, and its print stripes name the blur (before them: no document).
    func testACardBlurredBeyondItsGlyphChainsIsBlurred() throws {
        let card = try sample("../shared/corpus/mrz/ag_id-mco.png")
        let blurred = card.blurred(radius: 3).blurred(radius: 3).blurred(radius: 3)
        XCTAssertEqual(DocumentReader().frameState(image: blurred), .unusable(.blurred))
    }

    func testAPictureWithoutADocumentIsNoDocument() {
        XCTAssertEqual(DocumentReader().frameState(image: FailureDiagnosisTests.blotches(seed: 36)), .unusable(.noDocument))
    }

    func testAPictureTooDarkToSeeAnythingIsTooDark() {
        XCTAssertEqual(DocumentReader().frameState(image: FailureDiagnosisTests.blotches(seed: 36, darkening: 8)), .unusable(.tooDark))
    }

    func testASymbolOfModulesUnderAPixelIsTooSmall() throws {
        let (image, module) = try SymbolDiagnosisTests.card(width: 1100)
        XCTAssertEqual(DocumentReader().frameState(image: image.scaled(by: 0.7 / module)), .unusable(.tooSmall))
    }

    func testAnMRZOfSmallCharactersIsTooSmall() throws {
        // the clean page's characters (about 40 px high) brought to about 8 px
        let page = try sample("samples/passports/td3-clean-000-r0.png")
        XCTAssertEqual(DocumentReader().frameState(image: page.scaled(by: 0.2), options: ReadOptions(only: .mrz)), .unusable(.tooSmall))
    }

    func testAnMRZRunningOffThePictureIsCutOff() throws {
        // the page cut through its MRZ lines, a third of their length in
        let page = try sample("samples/passports/td3-clean-000-r0.png")
        let cut = page.cropped(x: 0, y: 0, width: page.width * 2 / 3, height: page.height)
        XCTAssertEqual(DocumentReader().frameState(image: cut, options: ReadOptions(only: .mrz)), .unusable(.cutOff))
    }

    func testTheStateAgreesWithTheReadOnTheSamples() throws {
        let reader = DocumentReader()
        for path in ["samples/passports/td1-clean-001-r0.png", "samples/passports/mrva-clean-002-r0.png", "samples/licences/licence-mild-000-r8.jpg"] {
            let image = try sample(path)
            let read = reader.read(imageAt: Self.package.appendingPathComponent(path).path)
            XCTAssertFalse(read.documents.isEmpty, path)
            XCTAssertEqual(reader.frameState(image: image), .good, path)
        }
    }
}
