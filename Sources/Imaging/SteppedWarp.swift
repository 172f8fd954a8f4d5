import IDCommon

extension GrayImage {
    /// `warped(corners:width:height:margin: 0)` for pictures a person looks at (the crops),
    /// at a fraction of its cost: along each row the source position is computed exactly
    /// every few columns (`span(width:)`) and stepped in fixed point (1/65536 pixel)
    /// between, and the bilinear weights are integers, so most pixels are not divided for.  Every pixel lies
    /// within one grey level of `warped`'s (`PerspectiveWarpTests`); the scanners, which
    /// compare levels, keep `warped` and `rectified`.
    public func warpedStepping(corners: Quadrilateral, width: Int, height: Int) -> GrayImage? {
        guard width > 1, height > 1, width * height <= 16_000_000 else { return nil }
        let map = SquareToQuad(corners)
        var out = [UInt8](repeating: 255, count: width * height)
        let sourceWidth = self.width, sourceHeight = self.height
        let span = Self.span(width: width)
        pixels.withUnsafeBufferPointer { src in
            out.withUnsafeMutableBufferPointer { dst in
                for row in 0..<height {
                    let v = (Double(row) + 0.5) / Double(height)
                    // the source position of column `c`'s centre, as `warped` samples it
                    func position(_ c: Int) -> (x: Double, y: Double) {
                        let (x, y) = map.point(u: (Double(c) + 0.5) / Double(width), v: v)
                        return (x - 0.5, y - 0.5)
                    }
                    // the map's denominator, whose change over a span bends the positions
                    func denominator(_ c: Int) -> Double { map.g * (Double(c) + 0.5) / Double(width) + map.h * v + 1 }
                    var start = position(0)
                    var column = 0
                    while column < width {
                        let end = min(width, column + span)
                        let next = position(end)
                        let rowStart = row * width
                        let bend = denominator(end) / denominator(column)
                        if abs(bend - 1) <= Self.straightEnough, let from = Fixed(start), let to = Fixed(next) {
                            let count = end - column
                            var x = from.x, y = from.y
                            let dx = (to.x - from.x) / count, dy = (to.y - from.y) / count
                            for index in column..<end {
                                dst[rowStart + index] = Self.bilinear(src, sourceWidth, sourceHeight, fixedX: x, fixedY: y)
                                x += dx
                                y += dy
                            }
                        } else {
                            // positions bending over the span (strong perspective, or the map
                            // sending part of the page towards infinity) or beyond fixed
                            // point's range: each pixel exactly, as `warped` does
                            for index in column..<end {
                                let p = position(index)
                                dst[rowStart + index] = Self.bilinear(src, sourceWidth, sourceHeight, p.x, p.y)
                            }
                        }
                        start = next
                        column = end
                    }
                }
            }
        }
        return GrayImage(width: width, height: height, pixels: out)
    }

    /// Columns between exact positions: 16 on a 300 dpi page (a 64th of its width or less),
    /// fewer on narrow pictures, over which a photo's perspective bends the source
    /// position by thousandths of a pixel.
    static func span(width: Int) -> Int { max(1, min(16, width / 64)) }

    /// A span's positions are stepped when the map's denominator changes over it by this
    /// share at most (a page under a photo's perspective: about 0.002).
    static let straightEnough = 0.01

    /// A source position in 1/65536 pixel.
    private struct Fixed {
        static let one = 65536.0
        let x: Int, y: Int
        /// `nil` beyond a million pixels (or not finite), where fixed point could overflow.
        init?(_ position: (x: Double, y: Double)) {
            guard abs(position.x) < 1_000_000, abs(position.y) < 1_000_000 else { return nil }
            x = Int((position.x * Self.one).rounded())
            y = Int((position.y * Self.one).rounded())
        }
    }

    /// `bilinear` at a position in 1/65536 pixel, in integers: the weights are exact to
    /// 1/65536, so the level differs from the floating-point one only where it rounds
    /// differently (at most one level).  Near the picture's border, `bilinear` itself.
    @inline(__always)
    static func bilinear(_ p: UnsafeBufferPointer<UInt8>, _ w: Int, _ h: Int, fixedX: Int, fixedY: Int) -> UInt8 {
        // arithmetic shifts floor negative positions too
        let x0 = fixedX >> 16, y0 = fixedY >> 16
        guard x0 >= 0, y0 >= 0, x0 + 1 < w, y0 + 1 < h else {
            return bilinear(p, w, h, Double(fixedX) / Fixed.one, Double(fixedY) / Fixed.one)
        }
        let fx = fixedX & 0xFFFF, fy = fixedY & 0xFFFF
        let i = y0 * w + x0
        let top = Int(p[i]) * (65536 - fx) + Int(p[i + 1]) * fx
        let bottom = Int(p[i + w]) * (65536 - fx) + Int(p[i + w + 1]) * fx
        // weights summing to 2^32, rounded half up (the levels are not negative)
        return UInt8(truncatingIfNeeded: (top * (65536 - fy) + bottom * fy + (1 << 31)) >> 32)
    }
}
