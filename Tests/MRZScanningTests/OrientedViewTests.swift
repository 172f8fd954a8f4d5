import IDCommon
import Imaging
import XCTest

@testable import MRZScanning

/// `OrientedView.region(around:margin:)` must show the same pixels as the whole image
/// turned and deskewed (`full`), at the band's translated coordinates.
final class OrientedViewTests: XCTestCase {
    /// A 900 × 600 image of dark blocks on white: any misplacement shows.
    static let input: GrayImage = {
        let width = 900, height = 600
        var pixels = [UInt8](repeating: 255, count: width * height)
        for y in 0..<height {
            for x in 0..<width where (x / 23 + y / 17) % 3 == 0 {
                pixels[y * width + x] = UInt8(20 + (x / 23 * 37 + y / 17 * 11) % 100)
            }
        }
        return GrayImage(width: width, height: height, pixels: pixels)
    }()

    func meanDifference(_ a: GrayImage, _ boxA: PixelBox, _ b: GrayImage, _ boxB: PixelBox) -> Double {
        let ca = a.cropped(x: boxA.x, y: boxA.y, width: boxA.width, height: boxA.height)
        let cb = b.cropped(x: boxB.x, y: boxB.y, width: boxB.width, height: boxB.height)
        XCTAssertEqual(ca.width, cb.width)
        XCTAssertEqual(ca.height, cb.height)
        let total = zip(ca.pixels, cb.pixels).reduce(0) { $0 + abs(Int($1.0) - Int($1.1)) }
        return Double(total) / Double(max(1, ca.pixels.count))
    }

    func testRegionShowsTheSamePixelsAsTheWholeTurnedImage() {
        let input = Self.input
        for quarter in 0..<4 {
            for angle in [0.0, 4.5, -9.0] {
                let turned = quarter == 0 ? input : input.rotatedOrthogonally(quarter)
                let view = OrientedView(input: input, turnedWorkingCopy: turned, quarter: quarter, angle: angle)
                let band = [PixelBox(x: 120, y: 260, width: 300, height: 30), PixelBox(x: 120, y: 310, width: 300, height: 30)]
                let region = view.region(around: band, margin: 40)
                XCTAssertLessThan(region.image.pixelCount, view.full.pixelCount / 3, "quarter \(quarter), \(angle)°: a small region")
                for (inFull, inRegion) in zip(band, region.band) {
                    let same = meanDifference(view.full, inFull, region.image, inRegion)
                    XCTAssertLessThan(same, 6, "quarter \(quarter), \(angle)°")
                    // the comparison can fail: a few pixels off is a large difference
                    let shifted = PixelBox(x: inRegion.x + 4, y: inRegion.y + 3, width: inRegion.width, height: inRegion.height)
                    XCTAssertGreaterThan(meanDifference(view.full, inFull, region.image, shifted), 4 * max(same, 2))
                }
            }
        }
    }

    /// A view made as the half turn of another finds the bands the view made directly finds.
    func testHalfTurnViewFindsTheSameBands() throws {
        let samples = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../samples/passports").standardizedFileURL
        let page = try ImageLoader().load(path: samples.appendingPathComponent("td3-mild-000-r4.jpg").path)
        let base = OrientedView.workingCopy(of: page)
        for quarter in 0..<2 {
            let view = OrientedView(input: page, workingCopy: base, quarter: quarter)
            let direct = OrientedView(input: page, workingCopy: base, quarter: quarter + 2)
            let mirrored = OrientedView(halfTurnOf: view)
            XCTAssertEqual(mirrored.quarter, direct.quarter)
            let a = direct.morphologyBands(round: 0), b = mirrored.morphologyBands(round: 0)
            XCTAssertEqual(a.count, b.count, "quarter \(quarter + 2)")
            func lines(_ band: [PixelBox]) -> [Quadrilateral] {
                band.map { box in
                    let x0 = Double(box.x), y0 = Double(box.y), x1 = x0 + Double(box.width), y1 = y0 + Double(box.height)
                    return Quadrilateral(
                        topLeft: Point(x: x0, y: y0), topRight: Point(x: x1, y: y0), bottomRight: Point(x: x1, y: y1), bottomLeft: Point(x: x0, y: y1))
                }
            }
            for (p, q) in zip(a, b) { XCTAssertTrue(BandSearch.sameLines(lines(p), lines(q)), "quarter \(quarter + 2): \(p) vs \(q)") }
            if quarter == 0 { XCTAssertFalse(a.isEmpty, "the upside-down page has its MRZ band") }
        }
    }
}
