import IDCommon
import XCTest

@testable import Imaging

/// `warped` and `rectified` (the projective warp's loop, which takes the map's terms once a
/// row and once a column) give every pixel what `SquareToQuad.point` and `bilinear` give it
/// one pixel at a time: the same values, not merely close ones.
final class PerspectiveWarpTests: XCTestCase {
    private func picture(seed: UInt64) -> GrayImage {
        var random = SeededRandom(seed: seed)
        let w = 61, h = 47
        return GrayImage(width: w, height: h, pixels: (0..<(w * h)).map { _ in UInt8.random(in: 0...255, using: &random) })
    }

    /// Each output pixel sampled alone, as the warp was written before.
    private func reference(_ image: GrayImage, _ corners: Quadrilateral, width: Int, height: Int, border: Int, fromPicture: Bool) -> [UInt8] {
        let map = SquareToQuad(corners)
        let outWidth = width + 2 * border, outHeight = height + 2 * border
        var out = [UInt8](repeating: 255, count: outWidth * outHeight)
        image.pixels.withUnsafeBufferPointer { p in
            for row in 0..<outHeight {
                for column in 0..<outWidth {
                    let inside = (border..<(border + height)).contains(row) && (border..<(border + width)).contains(column)
                    guard fromPicture || inside else { continue }
                    let u = (Double(column - border) + 0.5) / Double(width), v = (Double(row - border) + 0.5) / Double(height)
                    let (x, y) = map.point(u: u, v: v)
                    out[row * outWidth + column] = GrayImage.bilinear(p, image.width, image.height, x - 0.5, y - 0.5)
                }
            }
        }
        return out
    }

    /// A keystone, a rotated rectangle, and one running past the picture's edges.
    static let quads = [
        Quadrilateral(
            topLeft: Point(x: 8.3, y: 5.1), topRight: Point(x: 50.7, y: 9.9), bottomRight: Point(x: 55.2, y: 41.4), bottomLeft: Point(x: 3.6, y: 37.8)),
        Quadrilateral(topLeft: Point(x: 20, y: 2), topRight: Point(x: 58, y: 20), bottomRight: Point(x: 44, y: 46), bottomLeft: Point(x: 6, y: 28)),
        Quadrilateral(
            topLeft: Point(x: -9.5, y: -4.25), topRight: Point(x: 70.1, y: 1), bottomRight: Point(x: 66, y: 52.5), bottomLeft: Point(x: -3, y: 44)),
    ]

    func testSameValuesAsOnePixelAtATime() throws {
        let image = picture(seed: 11)
        let quads = Self.quads
        for (index, quad) in quads.enumerated() {
            for (width, height, border) in [(37, 23, 0), (90, 70, 5)] {
                let warped = try XCTUnwrap(image.warped(corners: quad, width: width, height: height, margin: border))
                XCTAssertEqual(warped.pixels, reference(image, quad, width: width, height: height, border: border, fromPicture: false), "warped \(index)")
                let rectified = try XCTUnwrap(image.rectified(corners: quad, width: width, height: height, border: border))
                XCTAssertEqual(rectified.pixels, reference(image, quad, width: width, height: height, border: border, fromPicture: true), "rectified \(index)")
            }
        }
    }

    /// `warpedStepping` (the crops' warp: positions stepped in fixed point, integer
    /// weights) gives every pixel within one grey level of exact sampling, on noise (the
    /// steepest picture there is), shrinking and enlarging, and past the picture's edges.
    func testSteppingWithinOneLevelOfExactSampling() throws {
        let image = picture(seed: 12)
        let quads = Self.quads
        var changed = 0, total = 0
        for (index, quad) in quads.enumerated() {
            for (width, height) in [(37, 23), (415, 293)] {
                let stepped = try XCTUnwrap(image.warpedStepping(corners: quad, width: width, height: height))
                let exact = reference(image, quad, width: width, height: height, border: 0, fromPicture: false)
                let largest = zip(stepped.pixels, exact).map { abs(Int($0) - Int($1)) }.max() ?? 0
                XCTAssertLessThanOrEqual(largest, 1, "quad \(index), \(width) × \(height)")
                changed += zip(stepped.pixels, exact).filter { $0 != $1 }.count
                total += exact.count
            }
        }
        // rounding differs on a few pixels in a hundred at most, not on most of them
        XCTAssertLessThan(changed * 50, total)
    }

    /// A map that sends part of the output towards infinity (a corner far beyond the
    /// others) is sampled pixel by pixel where fixed point would overflow: white outside
    /// the picture, and no trap.
    func testSteppingSurvivesAMapThroughInfinity() throws {
        let image = picture(seed: 13)
        let quad = Quadrilateral(
            topLeft: Point(x: 0, y: 0), topRight: Point(x: 60, y: 0), bottomRight: Point(x: 1e9, y: 1e9), bottomLeft: Point(x: 0, y: 46))
        let stepped = try XCTUnwrap(image.warpedStepping(corners: quad, width: 50, height: 40))
        let exact = reference(image, quad, width: 50, height: 40, border: 0, fromPicture: false)
        let largest = zip(stepped.pixels, exact).map { abs(Int($0) - Int($1)) }.max() ?? 0
        XCTAssertLessThanOrEqual(largest, 1)
    }
}
