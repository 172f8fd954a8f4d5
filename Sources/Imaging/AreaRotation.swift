import Foundation

extension GrayImage {
    /// Turned by `radians` about its centre (anticlockwise for positive angles), the same
    /// size, pixels brought in white: bit for bit Leptonica's `pixRotate` by area mapping
    /// (`pixRotateAMGray`).  A destination pixel's source point is worked out in sixteenths
    /// of a pixel in `Float`s (16 sin and 16 cos of the angle, rounded to `Float`; the
    /// column's and the row's products each rounded once, then their sum), truncated; the
    /// four source pixels around it are weighed by the sixteenths it lies from each.  The
    /// products are tabulated per column and per row (the same roundings as at every
    /// pixel), and no `Pix` copy is made either way.  Angles under a thousandth of a
    /// radian leave the picture as it is, as Leptonica's do.
    public func rotatedByAreaMap(radians: Float) -> GrayImage {
        guard abs(Double(radians)) >= Self.smallestRotation, width > 0, height > 0 else { return self }
        let sina = Float(16.0 * sin(Double(radians))), cosa = Float(16.0 * cos(Double(radians)))
        let xcen = width / 2, ycen = height / 2
        // per column: −xdif × cos and xdif × sin; per row: ydif × sin and −ydif × cos
        let columnX = (0..<width).map { j in Float(-(xcen - j)) * cosa }
        let columnY = (0..<width).map { j in Float(xcen - j) * sina }
        var out = [UInt8](repeating: 255, count: width * height)
        pixels.withUnsafeBufferPointer { p in
            out.withUnsafeMutableBufferPointer { d in
                // a block of columns at a time, every row of it: the source pixels a
                // block draws on stay in the cache (a turned row's run over many rows)
                for block in stride(from: 0, to: width, by: Self.rotationBlock) {
                    let columns = block..<min(width, block + Self.rotationBlock)
                    for i in 0..<height {
                        let ydif = ycen - i
                        rotatedRow(
                            into: d, row: i, columns: columns, from: p, rowX: Float(ydif) * sina, rowY: Float(-ydif) * cosa,
                            columnX: columnX, columnY: columnY, centre: (xcen, ycen))
                    }
                }
            }
        }
        return GrayImage(width: width, height: height, pixels: out)
    }

    /// Angles under this many radians are not turned (Leptonica's `MIN_ANGLE_TO_ROTATE`).
    static let smallestRotation = 0.001
    /// Columns `rotatedByAreaMap` turns at a time.
    static let rotationBlock = 128

    /// `columns` of row `row` of `rotatedByAreaMap`: its pixels whose source square lies
    /// inside the picture, the others left as they are (white).
    @inline(__always)
    private func rotatedRow(
        into d: UnsafeMutableBufferPointer<UInt8>, row: Int, columns: Range<Int>, from p: UnsafeBufferPointer<UInt8>, rowX: Float, rowY: Float,
        columnX: [Float], columnY: [Float], centre: (x: Int, y: Int)
    ) {
        let w = width, lastX = width - 2, lastY = height - 2
        columnX.withUnsafeBufferPointer { cx in
            columnY.withUnsafeBufferPointer { cy in
                for j in columns {
                    let xpm = Int(Int32(cx[j] - rowX)), ypm = Int(Int32(rowY + cy[j]))
                    let xp = centre.x + (xpm >> 4), yp = centre.y + (ypm >> 4)
                    guard xp >= 0, yp >= 0, xp <= lastX, yp <= lastY else { continue }
                    let xf = xpm & 15, yf = ypm & 15
                    let top = yp * w + xp, bottom = top + w
                    let sum =
                        (16 - xf) * (16 - yf) * Int(p[top]) + xf * (16 - yf) * Int(p[top + 1]) + (16 - xf) * yf * Int(p[bottom]) + xf * yf
                        * Int(p[bottom + 1])
                    d[row * w + j] = UInt8((sum + 128) / 256)
                }
            }
        }
    }
}
