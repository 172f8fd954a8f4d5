import CLeptonica
import IDCommon
import XCTest

@testable import Imaging

/// `GrayImage.blackTopHat` gives Leptonica's black top-hat (`pixTophat`), which it stands
/// in for in the stripe and energy looks, pixel for pixel: on noise and on print-like
/// stripes, at sizes and bricks that do and do not divide each other, bricks wider or
/// taller than the image included.
final class GrayMorphologyTests: XCTestCase {
    func testTheBlackTopHatIsLeptonicasPixelForPixel() throws {
        for image in Self.pictures() {
            for (bw, bh) in [(3, 3), (9, 3), (49, 17), (75, 25), (161, 5)] {
                let pix = try XCTUnwrap(Pix(gray: image))
                let theirs = try XCTUnwrap(Pix(pixTophat(pix.pointer, Int32(bw), Int32(bh), Int32(L_TOPHAT_BLACK)))).grayImage()
                Self.assertSame(image.blackTopHat(width: bw, height: bh), theirs, "brick \(bw) × \(bh)")
            }
        }
    }

    /// `slidAlongRows`: Leptonica's grey dilation and erosion along the rows, and a closing
    /// then an opening along them as three passes (the erosions' windows added up).
    func testPassesAlongTheRowsAreLeptonicas() throws {
        for image in Self.pictures() {
            let pix = try XCTUnwrap(Pix(gray: image))
            for window in [3, 17, 81] {
                let dilated = try XCTUnwrap(Pix(pixDilateGray(pix.pointer, Int32(window), 1))).grayImage()
                let eroded = try XCTUnwrap(Pix(pixErodeGray(pix.pointer, Int32(window), 1))).grayImage()
                Self.assertSame(image.slidAlongRows([(window, true)]), dilated, "dilation by \(window)")
                Self.assertSame(image.slidAlongRows([(window, false)]), eroded, "erosion by \(window)")
            }
            let closed = try XCTUnwrap(Pix(pixCloseGray(pix.pointer, 17, 1)))
            let opened = try XCTUnwrap(Pix(pixOpenGray(closed.pointer, 81, 1))).grayImage()
            Self.assertSame(image.slidAlongRows([(17, true), (97, false), (81, true)]), opened, "closing by 17, opening by 81")
        }
    }

    /// Noise and dark lines of print on paper lighter towards the right, at sizes that do
    /// and do not divide the windows.
    static func pictures() -> [GrayImage] {
        var random = SeededRandom(seed: 31)
        return [(5, 5), (37, 23), (160, 90), (301, 77)].flatMap { (w, h) -> [GrayImage] in
            let noise = GrayImage(width: w, height: h, pixels: (0..<(w * h)).map { _ in UInt8.random(in: 0...255, using: &random) })
            var print = [UInt8](repeating: 0, count: w * h)
            for y in 0..<h {
                for x in 0..<w {
                    let paper = 120 + 120 * x / w
                    print[y * w + x] = UInt8((y / 4) % 3 == 0 && (x / 5) % 4 != 3 ? paper / 4 : paper)
                }
            }
            return [noise, GrayImage(width: w, height: h, pixels: print)]
        }
    }

    static func assertSame(_ ours: GrayImage, _ theirs: GrayImage, _ what: String, line: UInt = #line) {
        let differing = zip(theirs.pixels, ours.pixels).filter { $0 != $1 }.count
        XCTAssertEqual(differing, 0, "\(ours.width) × \(ours.height), \(what): pixels differ", line: line)
    }
}
