import IDCommon
import Imaging
import MRZ
import XCTest

@testable import MRZScanning

/// The line crops the OCR reads: under even light (`GrayImage.evenlyLit`), in the
/// second reading view sharpened (`GrayImage.sharpened`), in the last stretched along the
/// line (`GrayImage.stretchedAlongRows`).
final class LineLightTests: XCTestCase {
    /// A line of `glyphs` dark bars `glyphHeight` high on paper whose brightness falls from
    /// 220 at the right to `dim` at the left (a shadow along the line); the bars are 40 %
    /// of the paper's brightness where they stand.
    func shadowedLine(glyphs: Int = 20, glyphHeight: Int = 12, dim: Double = 70) -> GrayImage {
        let pitch = glyphHeight, margin = glyphHeight / 2
        let width = glyphs * pitch + 2 * glyphHeight, height = glyphHeight + 2 * margin
        var pixels = [UInt8](repeating: 0, count: width * height)
        for y in 0..<height {
            for x in 0..<width {
                let paper = dim + (220 - dim) * Double(x) / Double(width - 1)
                let column = x - glyphHeight
                let inGlyph = y >= margin && y < margin + glyphHeight && column >= 0 && column < glyphs * pitch && column % pitch < pitch / 3
                pixels[y * width + x] = UInt8(inGlyph ? 0.4 * paper : paper)
            }
        }
        return GrayImage(width: width, height: height, pixels: pixels)
    }

    /// The mean of the pixels of `image` in columns `columns` and rows `rows`.
    func mean(_ image: GrayImage, columns: Range<Int>, rows: Range<Int>) -> Double {
        var sum = 0.0
        for y in rows { for x in columns { sum += Double(image.pixels[y * image.width + x]) } }
        return sum / Double(max(1, columns.count * rows.count))
    }

    func testEvenLightGivesBothEndsOfAShadowedLineOnePaperAndOneInk() {
        let line = shadowedLine()
        let lit = line.evenlyLit(window: 12)
        // paper above the glyphs, at the dim and at the bright end
        let top = 0..<4, left = 0..<12, right = (line.width - 12)..<line.width
        XCTAssertLessThan(mean(line, columns: left, rows: top), 100)
        XCTAssertGreaterThan(mean(lit, columns: left, rows: top), 230)
        XCTAssertGreaterThan(mean(lit, columns: right, rows: top), 230)
        // a bar's core at the dim end and at the bright end: as dark as each other
        func bar(_ image: GrayImage, _ index: Int) -> Double { mean(image, columns: (12 + index * 12)..<(13 + index * 12), rows: 8..<16) }
        XCTAssertLessThan(abs(bar(lit, 0) - bar(lit, 19)), 40)
        XCTAssertLessThan(bar(lit, 0), 60)
        XCTAssertGreaterThan(abs(bar(line, 0) - bar(line, 19)), 40)
    }

    func testEvenLightAndSharpeningLeaveDegenerateImagesAlone() {
        for image in [
            GrayImage(width: 0, height: 0, pixels: []), GrayImage(width: 1, height: 1, pixels: [7]),
            GrayImage(width: 3, height: 1, pixels: [0, 255, 9]),
        ] {
            XCTAssertEqual(image.evenlyLit(window: 2), image)
            XCTAssertEqual(image.sharpened(sigma: 0.2), image)
            XCTAssertEqual(image.sharpened(sigma: .nan), image)
            // windows larger than the image are clipped, not read past its ends
            XCTAssertEqual(image.evenlyLit(window: 40).pixels.count, image.pixels.count)
            XCTAssertEqual(image.sharpened(sigma: 5).pixels.count, image.pixels.count)
        }
        // one flat tone: no contrast to stretch, no division by zero
        let flat = GrayImage(width: 30, height: 10, pixels: Array(repeating: 0, count: 300))
        XCTAssertEqual(flat.evenlyLit(window: 5).pixels.count, 300)
    }

    /// Bars of ink 20 on paper 250 at the left, and bars that glare paled to 190 on the
    /// same paper at the right, with bare paper (grain of 240 and 250) between them.
    func glaredLine() -> GrayImage {
        let width = 120, height = 20
        var pixels = [UInt8](repeating: 250, count: width * height)
        for y in 6..<14 {
            for x in 0..<width where x % 10 < 3 {
                if x < 40 { pixels[y * width + x] = 20 } else if x >= 80 { pixels[y * width + x] = 190 }
            }
        }
        for y in 0..<height { for x in 40..<80 where (x + y) % 2 == 0 { pixels[y * width + x] = 240 } }
        return GrayImage(width: width, height: height, pixels: pixels)
    }

    func testStretchingAlongTheLineDarkensGlyphsGlarePaled() {
        let line = glaredLine()
        let stretched = line.stretchedAlongRows(window: 6)
        func at(_ image: GrayImage, _ x: Int, _ y: Int) -> Int { Int(image.pixels[y * image.width + x]) }
        // a paled bar's core is as dark as the others'; the paper beside it stays white
        XCTAssertEqual(at(line, 101, 10), 190)
        XCTAssertLessThan(at(stretched, 101, 10), 40)
        XCTAssertGreaterThan(at(stretched, 105, 10), 240)
        XCTAssertLessThan(at(stretched, 11, 10), 40)
        // bare paper's grain is not made ink (at most a 0.3 of the range's stretch)
        XCTAssertGreaterThan(at(stretched, 60, 10), 200)
        XCTAssertGreaterThan(at(stretched, 61, 10), 200)
    }

    func testStretchingLeavesDegenerateImagesAlone() {
        let flat = GrayImage(width: 30, height: 4, pixels: Array(repeating: 90, count: 120))
        XCTAssertEqual(flat.stretchedAlongRows(window: 5), flat)
        XCTAssertEqual(GrayImage(width: 0, height: 0, pixels: []).stretchedAlongRows(window: 5).pixels.count, 0)
        XCTAssertEqual(glaredLine().stretchedAlongRows(window: 0), glaredLine())
        // a window wider than the image is clipped
        XCTAssertEqual(glaredLine().stretchedAlongRows(window: 500).pixels.count, glaredLine().pixels.count)
    }

    func testSharpeningSteepensABlurredEdge() {
        // a step from 60 to 200 spread over 8 columns
        let width = 40, height = 6
        var pixels = [UInt8](repeating: 0, count: width * height)
        for y in 0..<height {
            for x in 0..<width { pixels[y * width + x] = UInt8(60 + 140 * min(1, max(0, Double(x - 16) / 8))) }
        }
        let blurred = GrayImage(width: width, height: height, pixels: pixels)
        let sharp = blurred.sharpened(sigma: 1.5)
        func at(_ image: GrayImage, _ x: Int) -> Int { Int(image.pixels[3 * width + x]) }
        // darker before the edge's middle, brighter after it; flat paper far off unchanged
        XCTAssertLessThan(at(sharp, 17), at(blurred, 17))
        XCTAssertGreaterThan(at(sharp, 23), at(blurred, 23))
        XCTAssertEqual(at(sharp, 2), at(blurred, 2))
        XCTAssertEqual(at(sharp, 38), at(blurred, 38))
    }

    /// Two bars 3 px wide with a 3 px gap, 12 px tall, on paper 230 (ink 30), blurred by
    /// a Gaussian of `sigma` (made with `sharpened`'s blur: an amount of −1 leaves the blur).
    func twoBars(sigma: Double) -> GrayImage {
        let width = 30, height = 20
        var pixels = [UInt8](repeating: 230, count: width * height)
        for y in 4..<16 { for x in [10, 11, 12, 16, 17, 18] { pixels[y * width + x] = 30 } }
        return GrayImage(width: width, height: height, pixels: pixels).sharpened(sigma: sigma, amount: -1)
    }

    func testDeconvolutionPartsTwoStrokesABlurMadeOne() throws {
        let blurred = twoBars(sigma: 2)
        func at(_ image: GrayImage, _ x: Int) -> Int { Int(image.pixels[10 * image.width + x]) }
        // blurred, the gap is nearly as dark as the strokes
        XCTAssertLessThan(at(blurred, 14) - at(blurred, 11), 40)
        let sigma = try XCTUnwrap(LineReader.deblurSigma(blurred))
        XCTAssertEqual(sigma, 2, accuracy: 0.6)
        let restored = blurred.deconvolved(sigma: sigma, iterations: LineReader.deblurIterations)
        // undone, the gap is paper again between two dark strokes, and far paper stays paper
        XCTAssertGreaterThan(at(restored, 14) - at(restored, 11), 2 * (at(blurred, 14) - at(blurred, 11)))
        XCTAssertGreaterThan(at(restored, 14) - at(restored, 11), 60)
        XCTAssertLessThan(at(restored, 11), at(blurred, 11))
        XCTAssertGreaterThan(at(restored, 2), 220)
    }

    func testDeconvolutionLeavesDegenerateImagesAlone() {
        let bars = twoBars(sigma: 1.2)
        XCTAssertEqual(bars.deconvolved(sigma: 0.2, iterations: 10), bars)
        XCTAssertEqual(bars.deconvolved(sigma: .nan, iterations: 10), bars)
        XCTAssertEqual(bars.deconvolved(sigma: 1.2, iterations: 0), bars)
        XCTAssertEqual(GrayImage(width: 0, height: 0, pixels: []).deconvolved(sigma: 1.2, iterations: 10).pixels.count, 0)
        // black and white extremes stay finite
        let extremes = GrayImage(width: 4, height: 1, pixels: [0, 255, 0, 255]).deconvolved(sigma: 1, iterations: 10)
        XCTAssertEqual(extremes.pixels.count, 4)
    }

    func testEdgesRiseOverMorePixelsWhenBlurred() throws {
        func edge(spread: Int) -> GrayImage {
            let width = 60, height = 8
            var pixels = [UInt8](repeating: 0, count: width * height)
            for y in 0..<height {
                for x in 0..<width { pixels[y * width + x] = UInt8(30 + 200 * min(1, max(0, Double(x - 20) / Double(spread)))) }
            }
            return GrayImage(width: width, height: height, pixels: pixels)
        }
        let sharp = try XCTUnwrap(LineReader.edgeRise(edge(spread: 1))), blurred = try XCTUnwrap(LineReader.edgeRise(edge(spread: 5)))
        XCTAssertEqual(sharp, 1, accuracy: 0.1)
        XCTAssertEqual(blurred, 5, accuracy: 0.5)
        // no contrast, no edges: nothing measured
        XCTAssertNil(LineReader.edgeRise(GrayImage(width: 10, height: 2, pixels: Array(repeating: 90, count: 20))))
        XCTAssertNil(LineReader.edgeRise(GrayImage(width: 1, height: 1, pixels: [0])))
        XCTAssertNil(LineReader.edgeRise(GrayImage(width: 0, height: 0, pixels: [])))
    }

    func testTheSecondViewReadsTheLineSharpenedAndEveryViewUnderEvenLight() {
        XCTAssertEqual(LineReader.readingViews.count, 4)
        XCTAssertFalse(LineReader.readingViews[0].sharpen)
        XCTAssertTrue(LineReader.readingViews[1].sharpen)
        XCTAssertTrue(LineReader.readingViews[2].stretch)
        XCTAssertTrue(LineReader.readingViews[3].deblur)
        XCTAssertFalse(LineReader.readingViews[0].stretch || LineReader.readingViews[1].stretch)
        XCTAssertFalse(LineReader.readingViews[0...2].contains(where: \.deblur))
        // a sharpened or stretched view's other views are so too; the plain views' are not
        XCTAssertTrue(LineReader.View.sharpened.confirmation.sharpen)
        XCTAssertTrue(LineReader.View.sharpened.other.sharpen)
        XCTAssertTrue(LineReader.View.stretchedBand.confirmation.stretch)
        XCTAssertTrue(LineReader.View.stretchedBand.other.stretch)
        XCTAssertTrue(LineReader.View.deblurredBand.confirmation.deblur)
        XCTAssertTrue(LineReader.View.deblurredBand.other.deblur)
        XCTAssertFalse(LineReader.View.deblurredBand.confirmation.stretch || LineReader.View.deblurredBand.confirmation.sharpen)
        XCTAssertFalse(LineReader.View.primary.confirmation.deblur || LineReader.View.primary.other.deblur)
        XCTAssertFalse(LineReader.View.primary.confirmation.sharpen || LineReader.View.primary.confirmation.stretch)
        XCTAssertFalse(LineReader.View.primary.other.sharpen || LineReader.View.primary.other.stretch)

        let line = shadowedLine()
        let box = PixelBox(x: 12, y: 6, width: 20 * 12, height: 12)
        let plain = LineReader.lineCrop(box, in: line, view: .primary, height: 24).image
        let sharpened = LineReader.lineCrop(box, in: line, view: .sharpened, height: 24).image
        XCTAssertEqual(plain.height, 24)
        XCTAssertNotEqual(plain, sharpened)
        // the crop's paper at its dim end is as bright as at its bright end
        let top = 0..<3
        XCTAssertGreaterThan(mean(plain, columns: 0..<8, rows: top), 220)
        XCTAssertGreaterThan(mean(plain, columns: (plain.width - 8)..<plain.width, rows: top), 220)
    }
}

/// A shorter layout's valid reading of a longer MRZ whose line ends glare pales (an MRV-A
/// visa read to its 36th column is a valid MRV-B): the fields at the lines' ends stay
/// unproven while print goes on past the lines.
final class CutShortLinesTests: XCTestCase {
    /// Two lines of 44 bars (glyph height 20, pitch 17) on paper 200; the bars from column
    /// 36 on at `paleInk` (glare), none at all when it is `nil`.
    func visa(paleInk: UInt8?) -> (image: GrayImage, quads: [Quadrilateral]) {
        let width = 44 * 17 + 200, height = 160
        var pixels = [UInt8](repeating: 200, count: width * height)
        for line in 0..<2 {
            let top = 40 + line * 34
            for column in 0..<44 {
                guard let ink: UInt8 = column < 36 ? 40 : paleInk else { continue }
                for y in top..<(top + 20) { for x in (50 + column * 17)..<(50 + column * 17 + 10) { pixels[y * width + x] = ink } }
            }
        }
        // the quadrilaterals of the first 36 columns, as the band read them
        let quads = (0..<2).map { (line: Int) -> Quadrilateral in
            let top = Double(40 + line * 34)
            return Quadrilateral(x0: 48, y0: top, x1: Double(48 + 36 * 17), y1: top + 20)
        }
        return (GrayImage(width: width, height: height, pixels: pixels), quads)
    }

    func testPrintGoingOnPastTheLinesLeavesTheirEndsUnproven() throws {
        let tessdata = try XCTUnwrap(Tessdata.directory())
        let engine = try XCTUnwrap(OCREngine.forCurrentThread(tessdata: tessdata))
        let lines = ["V<UTOERIKSSON<<ANNA<MARIA<<<<<<<<<<<", "L8988901C4XXX4009078F9612109<<<<<<<<"]
        let result = try MRZParser().parse(lines: lines)
        XCTAssertTrue(result.isValid)
        for (paleInk, continues) in [(UInt8?.none, false), (180, false), (120, true), (100, true)] {
            let page = visa(paleInk: paleInk)
            let search = BandSearch(input: page.image, engine: engine, corrector: MRZCorrector(parser: MRZParser()))
            XCTAssertEqual(search.inkContinues(page.quads, length: 36), continues, "ink \(String(describing: paleInk))")
            XCTAssertEqual(search.hiddenFields(result, quads: page.quads) != nil, continues, "ink \(String(describing: paleInk))")
        }
        // degenerate lines: no crash, nothing continues
        let page = visa(paleInk: 120)
        let search = BandSearch(input: page.image, engine: engine, corrector: MRZCorrector(parser: MRZParser()))
        XCTAssertFalse(search.inkContinues([Quadrilateral(x0: 5, y0: 5, x1: 5, y1: 5)], length: 36))
        XCTAssertFalse(search.inkContinues(page.quads, length: 0))
        XCTAssertFalse(search.inkContinues([], length: 36))
    }
}
