import DocumentModel
import Foundation
import IDCommon
import XCTest

@testable import IDReader
@testable import Imaging

/// A passport photo on a light background, found by its rectangle's four sides
/// (`PortraitFrameSearch`), where the dark-region search sees no dark, bounded region.
final class PortraitFrameSearchTests: XCTestCase {
    /// A TD3 page's portrait span at 6 px/mm (62 × 70 mm): a light page crossed by fine
    /// guilloche lines, with `draw` applied to it.
    static func page(_ draw: (inout [UInt8], Int) -> Void = { _, _ in }) -> GrayImage {
        let width = 372, height = 420
        var pixels = [UInt8](repeating: 0, count: width * height)
        for y in 0..<height {
            for x in 0..<width {
                // two families of fine wavy lines, about 1.5 mm apart, 15 levels darker
                let a = sin((Double(x) + 9 * sin(Double(y) / 23)) / 9 * .pi)
                let b = sin((Double(y) + 7 * sin(Double(x) / 31)) / 11 * .pi)
                pixels[y * width + x] = max(a, b) > 0.92 ? 210 : 226
            }
        }
        draw(&pixels, width)
        return GrayImage(width: width, height: height, pixels: pixels)
    }

    /// Fills the pixels inside `box` for which `inside(x, y)` (relative to the box) gives a level.
    static func fill(_ pixels: inout [UInt8], _ width: Int, _ box: PortraitLocating.Box, _ level: (Int, Int) -> UInt8?) {
        for y in box.y0..<box.y1 {
            for x in box.x0..<box.x1 { if let value = level(x - box.x0, y - box.y0) { pixels[y * width + x] = value } }
        }
    }

    /// The photo: 33 × 43 mm at (5, 12) mm, a light grey-blue background 30 levels under
    /// the page, an oval face (skin 175) under dark hair, two dark eyes, and dark shoulders
    /// filling its lower part.
    static let photo = PortraitLocating.Box(x0: 30, y0: 72, x1: 228, y1: 330)

    static func drawPhoto(_ pixels: inout [UInt8], _ width: Int) {
        fill(&pixels, width, photo) { x, y in
            let cx = Double(x) - 99, face = (cx * cx) / (56 * 56) + pow(Double(y) - 115, 2) / (78 * 78)
            let hair = (cx * cx) / (66 * 66) + pow(Double(y) - 95, 2) / (80 * 80)
            if y > 200 && abs(cx) < 95 - Double(258 - y) * 0.6 { return 70 }  // shoulders
            if face < 1 {
                if abs(Double(y) - 105) < 6 && (abs(cx + 22) < 10 || abs(cx - 22) < 10) { return 50 }  // eyes
                if abs(Double(y) - 165) < 4 && abs(cx) < 18 { return 110 }  // mouth
                return 175
            }
            return hair < 1 ? 55 : 196
        }
    }

    func testLightBackgroundPhotoFoundByItsSides() throws {
        let page = Self.page(Self.drawPhoto)
        // the dark-region search alone finds none: the hair and shoulders are dark, the photo's background is not
        XCTAssertNil(PortraitLocating.portraitBox(in: page, shape: .page))
        let box = try XCTUnwrap(PortraitLocating.box(in: page, layout: .td3), "the photo's rectangle")
        for (found, drawn) in [(box.x0, Self.photo.x0), (box.y0, Self.photo.y0), (box.x1, Self.photo.x1), (box.y1, Self.photo.y1)] {
            XCTAssertEqual(found, drawn, accuracy: 3, "found \(box), drawn \(Self.photo)")
        }
        // a TD1's MRZ side is not searched for a photo's rectangle
        XCTAssertNil(PortraitLocating.box(in: page, layout: .td1))
    }

    /// A block of text lines (the page's data beside the photo) has straight margins but is
    /// mostly page inside: no portrait.  Neither is the bare page.
    func testTextBlockAndBarePageAreNoPortrait() {
        XCTAssertNil(PortraitLocating.box(in: Self.page(), layout: .td3))
        let text = Self.page { pixels, width in
            // 34 × 45 mm of 2.4 mm capitals on 4 mm lines, strokes 0.3 mm wide every 0.8 mm
            Self.fill(&pixels, width, .init(x0: 40, y0: 60, x1: 244, y1: 330)) { x, y in
                y % 24 < 14 && x % 5 < 2 ? 40 : nil
            }
        }
        XCTAssertNil(PortraitLocating.box(in: text, layout: .td3))
    }

    /// Germany's service passport (specimen): the photo's light grey background meets the
    /// page without a frame, which the dark-region search misses.  Checked by eye on the
    /// contact sheet (bench/portrait_sheet.py), the photo spans about x 22–279, y 116–440 of
    /// the 916 × 642 picture.
    func testRealPassportPhotoOnALightBackground() throws {
        let path = AnnotationTests.corpus.appendingPathComponent("rg_pass-deu-svc.jpg").path
        let result = DocumentReader().read(imageAt: path, options: ReadOptions(only: .mrz, locatesOutline: true))
        let portrait = try XCTUnwrap(result.documents.first?.location?.portrait, "the page's portrait").quadrilateral
        XCTAssertEqual(portrait.topLeft.x, 22, accuracy: 12)
        XCTAssertEqual(portrait.topLeft.y, 116, accuracy: 12)
        XCTAssertEqual(portrait.bottomRight.x, 279, accuracy: 12)
        XCTAssertEqual(portrait.bottomRight.y, 440, accuracy: 12)
    }
}
