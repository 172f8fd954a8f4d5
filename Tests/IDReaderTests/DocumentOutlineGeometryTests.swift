import IDCommon
import XCTest

@testable import IDReader
@testable import Imaging

/// The outline's geometry on drawn input: where the layout puts a page from its MRZ lines
/// (ICAO 9303's numbers, worked out here by hand), and which edge a side settles on.
final class DocumentOutlineGeometryTests: XCTestCase {
    /// A TD3 page at 10 pixels per mm, upright: each line's ink runs 43.75 pitches of
    /// 2.54 mm (the last glyph is about a quarter pitch narrower than its advance), the
    /// lower line centred at y = 500 and the upper 6.35 mm above it (part 4, figure 3).
    func testTD3PageSitsWhereICAOPutsItsMRZ() throws {
        let inkLength = 43.75 * 25.4
        let lines = [
            Quadrilateral(x0: 100, y0: 500 - 63.5 - 12, x1: 100 + inkLength, y1: 500 - 63.5 + 12),
            Quadrilateral(x0: 100, y0: 500 - 12, x1: 100 + inkLength, y1: 500 + 12),
        ]
        let outline = try XCTUnwrap(DocumentLayout.td3.outline(mrzLines: lines))
        // the lower line's centre 9.40 mm above the bottom edge; the page 125 × 88 mm, centred on the lines
        let centreX = 100 + inkLength / 2
        let expected = Quadrilateral(x0: centreX - 625, y0: 594 - 880, x1: centreX + 625, y1: 594)
        for (found, truth) in zip(outline.corners, expected.corners) {
            XCTAssertEqual(found.x, truth.x, accuracy: 0.5)
            XCTAssertEqual(found.y, truth.y, accuracy: 0.5)
        }
    }

    /// A page's bottom edge (grey 200 over 60) at y = 200 and, further down, a step in the
    /// background (60 to 120) at y = 240, both straight across: the innermost edge is the
    /// page's, the outermost the background's.
    func testABottomEdgeIsTheFirstOrTheLastStepItsReachAsksFor() throws {
        let width = 400, height = 300
        var pixels = [UInt8](repeating: 0, count: width * height)
        for y in 0..<height {
            let grey: UInt8 = y < 200 ? 200 : y < 240 ? 60 : 120
            for x in 0..<width { pixels[y * width + x] = grey }
        }
        let edges = OutlineEdges(image: GrayImage(width: width, height: height, pixels: pixels))
        let predicted = Quadrilateral(x0: 50, y0: 20, x1: 350, y1: 215)
        for (prefer, expectedY) in [(OutlineEdges.Preference.innermost, 200.0), (.outermost, 240.0)] {
            let reach = OutlineEdges.Reach(inward: 40, outward: 40, prefer: prefer)
            let (outline, seen) = edges.refine(predicted, reach: [nil, nil, reach, nil])
            XCTAssertEqual(seen, [false, false, true, false])
            XCTAssertEqual(outline.bottomLeft.y, expectedY, accuracy: 1, "\(prefer)")
            XCTAssertEqual(outline.bottomRight.y, expectedY, accuracy: 1, "\(prefer)")
            XCTAssertEqual(outline.topLeft.y, 20, accuracy: 0.01, "a side not looked for stays where it was predicted")
        }
    }
}
