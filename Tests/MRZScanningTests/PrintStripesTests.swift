import Foundation
import IDCommon
import Imaging
import XCTest

@testable import MRZScanning

/// The print stripes (`GrayImage.printStripes`, `MRZScanner.stripeLook`): an MRZ whose
/// glyphs blur into one another is still found as a band, and named blurred rather than
/// "no document".
final class PrintStripesTests: XCTestCase {
    static let corpus = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("../shared/corpus/mrz").standardizedFileURL

    /// A Gaussian blur of about `sigma` pixels: three box blurs whose variances add up to
    /// `sigma`².
    static func gaussianBlur(_ image: GrayImage, sigma: Double) -> GrayImage {
        // a box of 2r + 1 pixels has the variance ((2r + 1)² − 1) / 12
        let radius = max(1, Int(((sqrt(12 * sigma * sigma / 3 + 1) - 1) / 2).rounded()))
        return image.blurred(radius: radius).blurred(radius: radius).blurred(radius: radius)
    }

    /// Monaco's ID card (10 px characters) blurred by 0.3 character heights: no glyph chain
    /// and no line of the second look is left, yet its lines stay stripes of print,
    /// measured blurred (before the stripes: no document).
    func testARealCardBlurredByAThirdOfItsCharactersShowsBlurredStripes() throws {
        let sharp = try ImageLoader().load(path: Self.corpus.appendingPathComponent("ag_id-mco.png").path)
        let scanner = MRZScanner()
        let read = scanner.scan(sharp)
        XCTAssertTrue(read.readings.first?.result.isValid ?? false, "the sharp card is read")
        let height = Double(try XCTUnwrap(read.quality.characterHeight))
        let blurred = Self.gaussianBlur(sharp, sigma: 0.3 * height)
        XCTAssertEqual(scanner.scan(blurred).failure, .noMRZ, "no band is left to the search")
        XCTAssertNil(MRZScanner.secondLook(blurred), "nor to the second look")
        let look = try XCTUnwrap(MRZScanner.stripeLook(blurred))
        XCTAssertEqual(look.cause, .blurred)
        // lines of the MRZ, at the card's bottom (the back's lower quarter)
        XCTAssertTrue((2...3).contains(look.lines.count))
        for line in look.lines {
            XCTAssertGreaterThan(line.corners.map(\.y).reduce(0, +) / 4, 0.75 * Double(blurred.height))
        }
        XCTAssertNil(MRZScanner.stripeLook(sharp), "a sharp card's stripes name no blur")
    }

    /// The stripes of a drawn band of three lines of touching print: three long stripes at
    /// one pitch, grouped into one band whose lines are about a glyph high.
    func testTouchingPrintMakesOneBandOfStripes() {
        var pixels = [UInt8](repeating: 235, count: 600 * 300)
        // three lines of 480 × 14 px of print whose "glyphs" touch: a dark run with a
        // lighter notch every 12 px, as blurred capitals leave
        for line in 0..<3 {
            let top = 150 + line * 24
            for y in top..<(top + 14) {
                for x in 60..<540 { pixels[y * 600 + x] = x % 12 < 2 ? 150 : 90 }
            }
        }
        let image = GrayImage(width: 600, height: 300, pixels: pixels)
        let stripes = image.printStripes(thickness: 600 / 25, minimumLength: 600 / 5)
        let bands = StripeBands.bands(from: stripes, workingWidth: 600, workingHeight: 300, scale: 1)
        let band = bands.first { $0.count == 3 }
        XCTAssertNotNil(band, "the three lines make one band: \(bands)")
        for line in StripeBands.glyphLines(band ?? []) {
            XCTAssertEqual(Double(line.height), 0.65 * 24, accuracy: 1.5)
        }
    }

    /// A blank picture and one of random grain have no stripes that group into a band.
    func testNoBandInPaperOrGrain() {
        let blank = GrayImage(width: 400, height: 300, pixels: [UInt8](repeating: 230, count: 400 * 300))
        var random = SeededRandom(seed: 7)
        let grain = GrayImage(width: 400, height: 300, pixels: (0..<(400 * 300)).map { _ in UInt8(200 + Int(random.next() % 40)) })
        for image in [blank, grain] {
            let stripes = image.printStripes(thickness: 16, minimumLength: 80)
            XCTAssertEqual(StripeBands.bands(from: stripes, workingWidth: 400, workingHeight: 300, scale: 1).count, 0)
        }
    }
}
