import Foundation
import Imaging
import XCTest

@testable import MRZScanning

/// The fixed-pitch test that keeps non-MRZ text away from the OCR.
final class BandFinderTests: XCTestCase {
    /// A white line image with dark glyph boxes of `widths`, separated by `gaps`.
    func line(widths: [Int], gaps: [Int], height: Int = 20) -> (GrayImage, PixelBox) {
        let width = widths.reduce(0, +) + gaps.reduce(0, +) + 40
        var pixels = [UInt8](repeating: 255, count: width * (height + 20))
        var x = 20
        for (i, w) in widths.enumerated() {
            for y in 10..<(10 + height) { for dx in 0..<w { pixels[y * width + x + dx] = 0 } }
            x += w + (i < gaps.count ? gaps[i] : 0)
        }
        return (GrayImage(width: width, height: height + 20, pixels: pixels), PixelBox(x: 16, y: 10, width: x - 16, height: height))
    }

    func testCommittedMRZLinesLookLikeMRZLines() throws {
        let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures")
        for n in 0..<10 {
            let image = try ImageLoader().load(path: fixtures.appendingPathComponent(String(format: "clean-%02d.png", n)).path)
            // the text sits in the middle ~half of the fixture line image
            let box = PixelBox(x: 0, y: image.height / 4, width: image.width, height: image.height / 2)
            XCTAssertTrue(BandFinder.looksLikeMRZLine(image, box), "clean-\(n)")
        }
    }

    func testFixedPitchIsToldApartFromProportionalText() {
        // 44 glyphs at one pitch: an MRZ line
        let mrz = line(widths: Array(repeating: 12, count: 44), gaps: Array(repeating: 6, count: 43))
        XCTAssertTrue(BandFinder.looksLikeMRZLine(mrz.0, mrz.1))
        // proportional print: glyph widths and word gaps vary
        let widths = (0..<40).map { i in 5 + (i * 7) % 16 }
        let gaps = (0..<39).map { i in i % 6 == 5 ? 16 : 2 + (i * 3) % 4 }
        let text = line(widths: widths, gaps: gaps)
        XCTAssertFalse(BandFinder.looksLikeMRZLine(text.0, text.1))
        // fixed pitch but far too few glyphs for an MRZ line
        let short = line(widths: Array(repeating: 12, count: 12), gaps: Array(repeating: 6, count: 11))
        XCTAssertFalse(BandFinder.looksLikeMRZLine(short.0, short.1))
    }

    /// Two lines of glyphs whose right ends touch a tall bracket (an annotation, a frame):
    /// joined, they form one blob; with tall components dropped first, two line blobs.
    func testTallMarksTouchingTheTextDoNotSwallowTheLines() {
        let width = 600, height = 200
        var pixels = [UInt8](repeating: 255, count: width * height)
        func fill(x: Int, y: Int, w: Int, h: Int) {
            for row in y..<(y + h) { for col in x..<(x + w) { pixels[row * width + col] = 0 } }
        }
        for top in [60, 100] {
            for glyph in 0..<30 { fill(x: 40 + glyph * 16, y: top, w: 11, h: 16) }
        }
        fill(x: 515, y: 40, w: 4, h: 100)  // the bracket, touching both lines' last glyphs
        fill(x: 505, y: 60, w: 10, h: 16)
        fill(x: 505, y: 100, w: 10, h: 16)
        let image = GrayImage(width: width, height: height, pixels: pixels)
        func lines(_ blobs: [PixelBox]) -> [PixelBox] { blobs.filter { $0.width > 300 && $0.height < 30 } }
        XCTAssertEqual(lines(image.textLineBlobs(gaps: [8])[0]).count, 0)
        let separated = lines(image.textLineBlobs(gaps: [8], maximumGlyphHeight: width / OrientedView.glyphHeightDivisor)[0])
        XCTAssertEqual(separated.count, 2)
        XCTAssertEqual(separated.map(\.y).sorted(), [60, 100])
    }
}
