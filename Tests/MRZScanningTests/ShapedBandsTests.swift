import IDCommon
import Imaging
import XCTest

@testable import MRZScanning

/// A band shaped like an MRZ whose glyphs could not be told apart
/// (`MRZScanner.causeOfShapedBands`) names a cause only when its lines stand apart as an
/// MRZ's do: a PDF417's rows, which abut, chain as such lines too.
final class ShapedBandsTests: XCTestCase {
    static let paper: UInt8 = 215

    /// Two lines `height` px tall and 25 heights long, their tops `pitch` px apart, on
    /// paper: glyph-like marks 3 px wide and 1 px apart, or (`rows`) bars and spaces of
    /// 1–3 px as a symbol's rows hold; and the lines' outlines.
    func band(height: Int, pitch: Int, rows: Bool) -> (image: GrayImage, lines: [Quadrilateral]) {
        let width = 200, top = 20, length = 25 * height
        var image = GrayImage(width: width, height: 2 * top + pitch + height, pixels: [UInt8](repeating: Self.paper, count: width * (2 * top + pitch + height)))
        var random = SeededRandom(seed: 36)
        var lines: [Quadrilateral] = []
        for line in 0..<2 {
            let y0 = top + line * pitch
            var x = 10
            while x < 10 + length {
                // glyphs: 3 px of ink in every 4, the line's full height; bars: 1 to 3 px
                let ink = rows ? Int(random.next() % 3) + 1 : 3
                for y in y0..<(y0 + height) {
                    for dx in 0..<ink where x + dx < 10 + length { image.pixels[y * width + x + dx] = 40 }
                }
                x += ink + (rows ? Int(random.next() % 3) + 1 : 1)
            }
            lines.append(Quadrilateral(x0: 10, y0: Double(y0), x1: Double(10 + length), y1: Double(y0 + height)))
        }
        return (image, lines)
    }

    func testLinesApartOnPaperAreAnMRZTooSmall() {
        let (image, lines) = band(height: 4, pitch: 8, rows: false)
        XCTAssertGreaterThan(BandMeasures(lines: lines, in: image)?.closestLinePitch ?? 0, MRZScanner.leastLinePitch)
        XCTAssertEqual(MRZScanner.causeOfShapedBands([lines], in: image), .tooSmall)
    }

    /// A symbol's rows abut, one row height apart: no MRZ's lines.
    func testRowsThatAbutAreNoMRZ() {
        let (image, lines) = band(height: 4, pitch: 4, rows: true)
        XCTAssertLessThan(BandMeasures(lines: lines, in: image)?.closestLinePitch ?? 2, MRZScanner.leastLinePitch)
        XCTAssertNil(MRZScanner.causeOfShapedBands([lines], in: image))
    }
}
