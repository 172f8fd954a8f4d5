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

    func testSameValuesAsOnePixelAtATime() throws {
        let image = picture(seed: 11)
        let quads = [
            // a keystone, a rotated rectangle, and one running past the picture's edges
            Quadrilateral(
                topLeft: Point(x: 8.3, y: 5.1), topRight: Point(x: 50.7, y: 9.9), bottomRight: Point(x: 55.2, y: 41.4), bottomLeft: Point(x: 3.6, y: 37.8)),
            Quadrilateral(topLeft: Point(x: 20, y: 2), topRight: Point(x: 58, y: 20), bottomRight: Point(x: 44, y: 46), bottomLeft: Point(x: 6, y: 28)),
            Quadrilateral(
                topLeft: Point(x: -9.5, y: -4.25), topRight: Point(x: 70.1, y: 1), bottomRight: Point(x: 66, y: 52.5), bottomLeft: Point(x: -3, y: 44)),
        ]
        for (index, quad) in quads.enumerated() {
            for (width, height, border) in [(37, 23, 0), (90, 70, 5)] {
                let warped = try XCTUnwrap(image.warped(corners: quad, width: width, height: height, margin: border))
                XCTAssertEqual(warped.pixels, reference(image, quad, width: width, height: height, border: border, fromPicture: false), "warped \(index)")
                let rectified = try XCTUnwrap(image.rectified(corners: quad, width: width, height: height, border: border))
                XCTAssertEqual(rectified.pixels, reference(image, quad, width: width, height: height, border: border, fromPicture: true), "rectified \(index)")
            }
        }
    }
}
