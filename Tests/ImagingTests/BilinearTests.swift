import IDCommon
import XCTest

@testable import Imaging

/// `GrayImage.bilinear`'s hand-made floor and rounding give what `rounded(.down)` and
/// `rounded()` gave, at pixel centres, between them, past the edges and at half-way values.
final class BilinearTests: XCTestCase {
    /// The sampling as it was written with the standard library's rounding.
    private func reference(_ p: UnsafeBufferPointer<UInt8>, _ w: Int, _ h: Int, _ x: Double, _ y: Double) -> UInt8 {
        guard x > -1, y > -1, x < Double(w), y < Double(h) else { return 255 }
        let x0 = Int(x.rounded(.down)), y0 = Int(y.rounded(.down))
        let fx = x - Double(x0), fy = y - Double(y0)
        func at(_ x: Int, _ y: Int) -> Double { x < 0 || y < 0 || x >= w || y >= h ? 255 : Double(p[y * w + x]) }
        let top = at(x0, y0) * (1 - fx) + at(x0 + 1, y0) * fx
        let bottom = at(x0, y0 + 1) * (1 - fx) + at(x0 + 1, y0 + 1) * fx
        return UInt8(max(0, min(255, (top * (1 - fy) + bottom * fy).rounded())))
    }

    func testSameAsStandardRounding() {
        var random = SeededRandom(seed: 3)
        let w = 13, h = 9
        let pixels = (0..<(w * h)).map { _ in UInt8.random(in: 0...255, using: &random) }
        pixels.withUnsafeBufferPointer { p in
            var points: [(Double, Double)] = (0..<20_000).map { _ in
                (Double.random(in: -1.5...14.5, using: &random), Double.random(in: -1.5...10.5, using: &random))
            }
            // exact halves and quarters, where rounding ties lie
            for x in stride(from: -1.0, through: 13.0, by: 0.25) { for y in stride(from: -1.0, through: 9.0, by: 0.5) { points.append((x, y)) } }
            points += [(-0.0, -0.0), (-0.999_999, 0.5), (12.999_999, 8.999_999)]
            for (x, y) in points {
                XCTAssertEqual(GrayImage.bilinear(p, w, h, x, y), reference(p, w, h, x, y), "(\(x), \(y))")
            }
        }
    }
}
