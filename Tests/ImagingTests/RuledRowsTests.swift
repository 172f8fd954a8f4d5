import XCTest

@testable import Imaging

/// `GrayImage.removingRuledRows`: a ruled line through a band is painted out, the rows of
/// its glyphs are not, however much of a row bold glyphs darken.
final class RuledRowsTests: XCTestCase {
    func testARuledLineGoesAndARowOfBoldGlyphsStays() {
        let width = 200, height = 20, paper: UInt8 = 220
        var image = GrayImage(width: width, height: height, pixels: Array(repeating: paper, count: width * height))
        // row 5: a ruled line with a 1 px break; row 12: glyph strokes 8 px long, 2 px apart
        // (dark over 80 % of the row)
        for x in 0..<width where x != 90 { image.pixels[5 * width + x] = 30 }
        for x in 0..<width where x % 10 < 8 { image.pixels[12 * width + x] = 30 }
        let out = image.removingRuledRows(in: PixelBox(x: 0, y: 0, width: width, height: height), paper: paper, gap: 1)
        XCTAssertTrue(out.pixels[(5 * width)..<(6 * width)].allSatisfy { $0 == paper })
        XCTAssertEqual(Array(out.pixels[(12 * width)..<(13 * width)]), Array(image.pixels[(12 * width)..<(13 * width)]))
    }
}
