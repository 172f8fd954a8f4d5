import DocumentModel
import Foundation
import IDCommon
import XCTest

@testable import IDReader
@testable import Imaging

/// What `location.portrait` accepts as a portrait: a box of a photo's proportions, held to
/// a card's on a TD1's MRZ side, where a fingerprint or the state's emblem may be printed
/// beside the MRZ (pictures of ../shared/corpus/mrz, whose truth is the printed card).
final class PortraitShapeTests: XCTestCase {
    static let corpus = AnnotationTests.corpus

    /// The location of the one document read from `name` of the real corpus, with its
    /// outline and portrait looked for.
    func location(_ name: String) throws -> DocumentLocation {
        let path = Self.corpus.appendingPathComponent(name).path
        let result = DocumentReader().read(imageAt: path, options: ReadOptions(only: .mrz, locatesOutline: true))
        return try XCTUnwrap(result.documents.first?.location, "\(name): no document read")
    }

    /// Serbia's ID card prints a fingerprint right of the chip on its MRZ side, and
    /// Sweden's its emblem above the MRZ: dark, sharp-edged regions of about a TD1
    /// portrait's size, none of them a portrait.
    func testFingerprintAndEmblemOnATD1BackAreNoPortrait() throws {
        for name in ["ag_id-srb.png", "ag_id-swe.png"] {
            let location = try location(name)
            XCTAssertNotNil(location.outline, "\(name): the card's outline")
            XCTAssertNil(location.portrait, "\(name): what sits beside the MRZ is no portrait")
        }
    }

    /// A passport page's photo is still found (Czechia's specimen, its portrait at the
    /// page's left, 36 × 45 mm printed).
    func testPassportPortraitStillFound() throws {
        let portrait = try XCTUnwrap(try location("pe_pass-cze.jpg").portrait, "the page's portrait")
        let box = portrait.quadrilateral
        // the photo spans about x 30–200, y 70–285 of the 600 × 422 picture
        XCTAssertEqual(box.topLeft.x, 31, accuracy: 12)
        XCTAssertEqual(box.bottomRight.x, 200, accuracy: 12)
        XCTAssertEqual(box.topLeft.y, 71, accuracy: 12)
        XCTAssertEqual(box.bottomRight.y, 284, accuracy: 12)
    }

    /// Drawn at 6 px/mm on a page: a square of 16 mm (a chip's or an emblem's shape) is
    /// no portrait anywhere; an oval's box 12 × 19 mm (a fingerprint's) is none on a TD1
    /// card, while a page's proportions allow it; a 18 × 23 mm box is a portrait on both.
    func testShapesHeldToTheLayoutsPortrait() {
        func page(darkening box: PortraitLocating.Box) -> GrayImage {
            var pixels = [UInt8](repeating: 230, count: 300 * 400)
            for y in box.y0..<box.y1 { for x in box.x0..<box.x1 { pixels[y * 300 + x] = 60 } }
            return GrayImage(width: 300, height: 400, pixels: pixels)
        }
        let square = PortraitLocating.Box(x0: 60, y0: 60, x1: 156, y1: 156)
        let fingerprint = PortraitLocating.Box(x0: 60, y0: 60, x1: 132, y1: 174)
        let portrait = PortraitLocating.Box(x0: 60, y0: 60, x1: 168, y1: 198)
        XCTAssertNil(PortraitLocating.portraitBox(in: page(darkening: square), shape: .page))
        XCTAssertNil(PortraitLocating.portraitBox(in: page(darkening: square), shape: .card))
        XCTAssertNil(PortraitLocating.portraitBox(in: page(darkening: fingerprint), shape: .card))
        XCTAssertEqual(PortraitLocating.portraitBox(in: page(darkening: fingerprint), shape: .page), fingerprint)
        XCTAssertEqual(PortraitLocating.portraitBox(in: page(darkening: portrait), shape: .card), portrait)
        XCTAssertEqual(PortraitLocating.portraitBox(in: page(darkening: portrait), shape: .page), portrait)
        XCTAssertEqual(DocumentLayout.icao(format: "TD1")?.portraitShape, .card)
        XCTAssertEqual(DocumentLayout.icao(format: "TD3")?.portraitShape, .page)
    }
}
