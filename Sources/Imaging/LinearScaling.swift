extension GrayImage {
    /// Scaled by `factor` by linear interpolation in sixteenths of a pixel, bit for bit as
    /// Leptonica's `pixScaleGrayLI` scales in general (not by 1, 2 or 4, which it does
    /// otherwise): a destination pixel's top-left corner falls at `Float(16 ws / wd) × x`
    /// sixteenths of the source, truncated, and weighs the four source pixels around it
    /// by the sixteenths it lies from each (the last row and column repeat).  Without the
    /// copies into and out of a `Pix`, and a fraction of its time (the MRZ search's
    /// working copy of every frame).
    /// - Precondition: `factor` is not 1, 2 or 4, and the image is at least 2 × 2.
    func scaledLinearly(by factor: Float) -> GrayImage {
        let ws = width, hs = height
        // Leptonica's sizes and steps, in its mix of Float and Double
        let wd = Int(Double(factor * Float(ws)) + 0.5), hd = Int(Double(factor * Float(hs)) + 0.5)
        guard wd > 0, hd > 0 else { return GrayImage(width: 0, height: 0, pixels: []) }
        let scx = Float(16.0 * Double(Float(ws)) / Double(Float(wd))), scy = Float(16.0 * Double(Float(hs)) / Double(Float(hd)))
        // each column's source pixel and sixteenths, worked out once
        let columns = (0..<wd).map { Int(scx * Float($0)) }
        var out = [UInt8](repeating: 0, count: wd * hd)
        pixels.withUnsafeBufferPointer { p in
            out.withUnsafeMutableBufferPointer { d in
                for i in 0..<hd {
                    let ypm = Int(scy * Float(i))
                    let yp = ypm >> 4, yf = ypm & 15
                    let row = yp * ws, below = yp > hs - 2 ? row : row + ws
                    for j in 0..<wd {
                        let xpm = columns[j]
                        let xp = xpm >> 4, xf = xpm & 15
                        let right = xp > ws - 2 ? xp : xp + 1
                        let v00 = Int(p[row + xp]), v10 = Int(p[row + right])
                        let v01 = Int(p[below + xp]), v11 = Int(p[below + right])
                        let sum = (16 - xf) * (16 - yf) * v00 + xf * (16 - yf) * v10 + (16 - xf) * yf * v01 + xf * yf * v11
                        d[i * wd + j] = UInt8((sum + 128) / 256)
                    }
                }
            }
        }
        return GrayImage(width: wd, height: hd, pixels: out)
    }
}
