import Foundation
import IDCommon
import Imaging
import XCTest

@testable import MRZScanning

/// The second look for an MRZ after a search that made out no band
/// (`MRZScanner.secondLook`): a lone line of MRZ length named by the cause its
/// measures show, and the lines of a page of print never taken for one.
final class LoneLinesTests: XCTestCase {
    static let passport = ScannerTests.samples.appendingPathComponent("td3-clean-000-r0.png").path

    /// The sample page's last MRZ line alone, `copies` times one under the other two
    /// glyph heights apart, on the page's paper with a margin of four glyph heights; and
    /// the line's glyph height.
    func lines(copies: Int) throws -> (image: GrayImage, glyphHeight: Double) {
        let page = try ImageLoader().load(path: Self.passport)
        let line = try XCTUnwrap(MRZScanner().scan(page).readings.first?.lineQuadrilaterals.last, "the page's MRZ is read")
        let xs = line.corners.map(\.x), ys = line.corners.map(\.y)
        let height = ys.max()! - ys.min()!
        let x0 = Int(xs.min()! - height / 2), y0 = Int(ys.min()! - height / 2)
        let strip = page.cropped(x: x0, y: y0, width: Int(xs.max()! + height / 2) - x0, height: Int(2 * height))
        let paper = strip.percentile(0.9, in: PixelBox(x: 0, y: 0, width: strip.width, height: strip.height))
        var pixels: [UInt8] = []
        for _ in 0..<copies { pixels += strip.pixels }
        let stacked = GrayImage(width: strip.width, height: strip.height * copies, pixels: pixels)
        return (stacked.padded(by: Int(4 * height), value: paper), height)
    }

    func testALoneLineOfTinyCharactersIsTooSmall() throws {
        let (image, height) = try lines(copies: 1)
        XCTAssertEqual(MRZScanner.secondLook(image.scaled(by: 3.5 / height))?.cause, .tooSmall)
    }

    /// A lone line of characters the search's chains make bands of (7 px) is no evidence
    /// of an MRZ too small: other print is set that small.
    func testALoneLineOfCharactersTheChainsFindShowsNoCause() throws {
        let (image, height) = try lines(copies: 1)
        XCTAssertNil(MRZScanner.secondLook(image.scaled(by: 7 / height)))
    }

    /// A sharp line of characters large enough shows no cause: it is no evidence of an
    /// MRZ that could not be read.
    func testASharpLoneLineShowsNoCause() throws {
        XCTAssertNil(MRZScanner.secondLook(try lines(copies: 1).image))
    }

    /// A lone line of tiny characters with another of their height beside it at an MRZ's
    /// line spacing, of another length and not inside its extent (so never chained into
    /// one band with it), is small print, no MRZ too small: an MRZ's lines are all one
    /// length (a licence's two lines of print, found in two copies, were taken for one,
    /// idphoto-gen seed 38).
    func testATinyLineBesideAShorterLineIsPrint() throws {
        let (image, height) = try lines(copies: 1)
        let h = Int(height.rounded())
        // the strip inside the margin `lines` adds, and its paper
        let strip = image.cropped(x: 4 * h, y: 4 * h, width: image.width - 8 * h, height: image.height - 8 * h)
        let paper = image.pixels[0]
        // beside it, two glyph heights down, its first three quarters starting a fifth of
        // its length further left
        let shift = strip.width / 5, width = strip.width + shift
        var pixels = [UInt8](repeating: paper, count: width * 2 * strip.height)
        for y in 0..<strip.height {
            for x in 0..<strip.width { pixels[y * width + shift + x] = strip.pixels[y * strip.width + x] }
            for x in 0..<(strip.width * 3 / 4) { pixels[(strip.height + y) * width + x] = strip.pixels[y * strip.width + x] }
        }
        let two = GrayImage(width: width, height: 2 * strip.height, pixels: pixels).padded(by: 4 * h, value: paper)
        XCTAssertNil(MRZScanner.secondLook(two.scaled(by: 3.5 / height)))
    }

    /// More lines of MRZ length than an MRZ has are a page of print, however small.
    func testLinesOfAPageOfPrintAreNoMRZ() throws {
        let (image, height) = try lines(copies: 5)
        XCTAssertNil(MRZScanner.secondLook(image.scaled(by: 3.5 / height)))
    }
}
