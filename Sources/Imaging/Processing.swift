import CLeptonica
import IDCommon

/// Image operations used by the scanners' rescue passes, done by Leptonica.
extension GrayImage {
    /// Rotated by `degrees` (counter-clockwise positive) about the centre, white corners.
    public func rotated(degrees: Double) -> GrayImage { rotatedByAreaMap(radians: Float(degrees * .pi / 180)) }

    /// Quarter turns clockwise (1, 2 or 3).
    public func rotatedOrthogonally(_ quarters: Int) -> GrayImage {
        guard let pix = Pix(gray: self), let out = Pix(pixRotateOrth(pix.pointer, Int32(quarters & 3))) else { return self }
        return out.grayImage()
    }

    /// Scaled by `factor` with smoothing.
    public func scaled(by factor: Double) -> GrayImage {
        guard let pix = Pix(gray: self), let out = Pix(pixScale(pix.pointer, Float(factor), Float(factor))) else { return self }
        return out.grayImage()
    }

    /// Scaled by `factor` without the unsharp masking Leptonica adds when it reduces
    /// (box-filter reduction or linear interpolation): several times cheaper, for
    /// analysis copies that are not read.
    public func scaledPlain(by factor: Double) -> GrayImage {
        let f = Float(factor)
        // Leptonica's general linear interpolation, done here (`scaledLinearly`)
        if factor >= 0.7, Double(f) >= 0.7, f != 1, f != 2, f != 4, width >= 2, height >= 2 { return scaledLinearly(by: f) }
        // a box filter and subsampling reduces at a third of area mapping's cost
        guard let pix = Pix(gray: self),
            let out = Pix(factor < 0.7 ? pixScaleSmooth(pix.pointer, f, f) : pixScaleGeneral(pix.pointer, f, f, 0, 0))
        else { return self }
        return out.grayImage()
    }

    /// The skew of text-like horizontal structure (rows of a PDF417, MRZ lines), in degrees,
    /// searched over ±`range`; `nil` when there is too little structure to tell.
    /// `leastConfidence`: Leptonica's confidence in the angle, above which it is taken.
    public func skewAngle(range: Double = 15, leastConfidence: Double = 1.5) -> Double? {
        guard let pix = Pix(gray: self), let binary = Pix(pixConvertTo1(pix.pointer, 130)) else { return nil }
        var angle: Float = 0, confidence: Float = 0
        let status = pixFindSkewSweepAndSearch(binary.pointer, &angle, &confidence, 4, 2, Float(range), 1, 0.01)
        guard status == 0, Double(confidence) > leastConfidence else { return nil }
        return Double(angle)
    }

    /// Binarised with Sauvola's adaptive threshold (good against uneven light).
    public func binarized() -> GrayImage {
        guard let pix = Pix(gray: self) else { return self }
        var out: UnsafeMutablePointer<PIX>? = nil
        guard pixSauvolaBinarizeTiled(pix.pointer, 12, 0.34, 1, 1, nil, &out) == 0,
            let binary = Pix(out), let gray = Pix(pixConvertTo8(binary.pointer, 0))
        else { return self }
        return gray.grayImage()
    }

    /// Contrast stretched to the full range after background normalisation: each tile of
    /// `tile` × `tile` pixels from its own darkest to its lightest grey, where they differ
    /// by at least `minimumDifference` (flat tiles are left), smoothed over 2 tiles.
    public func contrastNormalized(tile: Int = 50, minimumDifference: Int = 130) -> GrayImage {
        guard let pix = Pix(gray: self),
            let out = Pix(pixContrastNorm(nil, pix.pointer, Int32(tile), Int32(tile), Int32(minimumDifference), 2, 2))
        else { return self }
        return out.grayImage()
    }

    /// Unsharp-masked: restores edges softened by blur (radius in pixels, strength 0–1).
    public func sharpened(radius: Int = 2, amount: Double = 0.7) -> GrayImage {
        guard let pix = Pix(gray: self), let out = Pix(pixUnsharpMaskingGray(pix.pointer, Int32(radius), Float(amount))) else { return self }
        return out.grayImage()
    }

    /// A light box blur (radius in pixels) against noise.
    public func blurred(radius: Int = 1) -> GrayImage {
        guard let pix = Pix(gray: self), let out = Pix(pixBlockconv(pix.pointer, Int32(radius), Int32(radius))) else { return self }
        return out.grayImage()
    }

    /// Scaled down so that it is at most `width` wide (unchanged if already narrower).
    public func reduced(toWidth target: Int) -> GrayImage {
        width > target ? scaled(by: Double(target) / Double(width)) : self
    }

    /// The sub-image inside `rect` (clipped to the image).
    public func cropped(x: Int, y: Int, width: Int, height: Int) -> GrayImage {
        let x0 = max(0, min(self.width, x)), y0 = max(0, min(self.height, y))
        let x1 = max(x0, min(self.width, x + width)), y1 = max(y0, min(self.height, y + height))
        var out = [UInt8]()
        out.reserveCapacity((x1 - x0) * (y1 - y0))
        for row in y0..<y1 { out.append(contentsOf: pixels[row * self.width + x0..<row * self.width + x1]) }
        return GrayImage(width: x1 - x0, height: y1 - y0, pixels: out)
    }

    /// The image on a border of `margin` pixels of the grey `value` on every side.
    public func padded(by margin: Int, value: UInt8 = 255) -> GrayImage {
        let margin = max(0, margin), outWidth = width + 2 * margin
        var out = [UInt8](repeating: value, count: outWidth * (height + 2 * margin))
        for row in 0..<height {
            let start = (row + margin) * outWidth + margin
            out.replaceSubrange(start..<(start + width), with: pixels[(row * width)..<((row + 1) * width)])
        }
        return GrayImage(width: outWidth, height: height + 2 * margin, pixels: out)
    }
}

extension GrayImage {
    /// Perspective correction: the quadrilateral `corners` (top-left, top-right,
    /// bottom-right, bottom-left) drawn onto an upright `width`×`height` rectangle, inside
    /// a white border of `margin` pixels.  Bilinear sampling; outside the image is white.
    public func warped(corners: Quadrilateral, width: Int, height: Int, margin: Int) -> GrayImage? {
        projected(corners, width: width, height: height, border: margin, borderFromPicture: false)
    }

    /// `corners` mapped onto a `width` × `height` rectangle inside a border of `border`
    /// pixels, which is white or, with `borderFromPicture`, the picture the same projective
    /// map carries on to (`warped`, `rectified`).  Bilinear sampling; outside the image is white.
    func projected(_ corners: Quadrilateral, width: Int, height: Int, border: Int, borderFromPicture: Bool) -> GrayImage? {
        guard width > 1, height > 1, border >= 0, (width + 2 * border) * (height + 2 * border) <= 16_000_000 else { return nil }
        let map = SquareToQuad(corners)
        let outWidth = width + 2 * border, outHeight = height + 2 * border
        let sampled = borderFromPicture ? 0..<outHeight : border..<(border + height)
        let columns = borderFromPicture ? 0..<outWidth : border..<(border + width)
        var out = [UInt8](repeating: 255, count: outWidth * outHeight)
        let sourceWidth = self.width, sourceHeight = self.height
        // the map's terms in u once a column and in v once a row, not once a pixel: the same
        // products and sums in the same order as `map.point`, so the same values
        let us = columns.map { (Double($0 - border) + 0.5) / Double(width) }
        let uTerms = us.map { (x: map.a * $0, y: map.d * $0, w: map.g * $0) }
        pixels.withUnsafeBufferPointer { src in
            out.withUnsafeMutableBufferPointer { dst in
                uTerms.withUnsafeBufferPointer { uTerms in
                    for row in sampled {
                        let v = (Double(row - border) + 0.5) / Double(height)
                        let xv = map.b * v, yv = map.e * v, wv = map.h * v
                        let start = row * outWidth + columns.lowerBound
                        for index in 0..<uTerms.count {
                            let term = uTerms[index]
                            let w = term.w + wv + 1
                            let x = (term.x + xv + map.c) / w, y = (term.y + yv + map.f) / w
                            dst[start + index] = Self.bilinear(src, sourceWidth, sourceHeight, x - 0.5, y - 0.5)
                        }
                    }
                }
            }
        }
        return GrayImage(width: outWidth, height: outHeight, pixels: out)
    }

    /// The level at (`x`, `y`) of the `w` × `h` pixels `p`, interpolated between the four
    /// nearest; white outside.  Floor and rounding are done by hand: libm's `round` per
    /// pixel was a fifth of a warp's time, and these give the same values.
    @inline(__always)
    public static func bilinear(_ p: UnsafeBufferPointer<UInt8>, _ w: Int, _ h: Int, _ x: Double, _ y: Double) -> UInt8 {
        guard x > -1, y > -1, x < Double(w), y < Double(h) else { return 255 }
        // x, y > -1: truncation is the floor except on (-1, 0)
        let tx = Int(x), ty = Int(y)
        let x0 = Double(tx) > x ? tx - 1 : tx, y0 = Double(ty) > y ? ty - 1 : ty
        let fx = x - Double(x0), fy = y - Double(y0)
        let top: Double, bottom: Double
        if x0 >= 0, y0 >= 0, x0 + 1 < w, y0 + 1 < h {
            let i = y0 * w + x0
            top = Double(p[i]) * (1 - fx) + Double(p[i + 1]) * fx
            bottom = Double(p[i + w]) * (1 - fx) + Double(p[i + w + 1]) * fx
        } else {
            func at(_ x: Int, _ y: Int) -> Double { x < 0 || y < 0 || x >= w || y >= h ? 255 : Double(p[y * w + x]) }
            top = at(x0, y0) * (1 - fx) + at(x0 + 1, y0) * fx
            bottom = at(x0, y0 + 1) * (1 - fx) + at(x0 + 1, y0 + 1) * fx
        }
        // rounded half away from zero, as `rounded()`: the fraction of a value in 0...255 is exact
        let value = max(0, min(255, top * (1 - fy) + bottom * fy))
        // the carry as 0 or 1, not a branch: a pixel's fraction is as often above a half as below
        let whole = Int(value), carry = value - Double(whole) >= 0.5 ? 1 : 0
        return UInt8(truncatingIfNeeded: whole &+ carry)
    }
}

/// The projective map of the unit square onto a quadrilateral (Heckbert, "Fundamentals of
/// Texture Mapping and Image Warping", 1989, §2.2.3): (0,0), (1,0), (1,1), (0,1) go to
/// the corners in that order.
public struct SquareToQuad: Sendable {
    let a, b, c, d, e, f, g, h: Double

    public init(_ quadrilateral: Quadrilateral) {
        let q = quadrilateral.corners
        let dx1 = q[1].x - q[2].x, dx2 = q[3].x - q[2].x, dx3 = q[0].x - q[1].x + q[2].x - q[3].x
        let dy1 = q[1].y - q[2].y, dy2 = q[3].y - q[2].y, dy3 = q[0].y - q[1].y + q[2].y - q[3].y
        let det = dx1 * dy2 - dx2 * dy1
        if abs(dx3) < 1e-9 && abs(dy3) < 1e-9 || abs(det) < 1e-12 {  // a parallelogram: affine
            g = 0; h = 0
        } else {
            g = (dx3 * dy2 - dx2 * dy3) / det
            h = (dx1 * dy3 - dx3 * dy1) / det
        }
        a = q[1].x - q[0].x + g * q[1].x; b = q[3].x - q[0].x + h * q[3].x; c = q[0].x
        d = q[1].y - q[0].y + g * q[1].y; e = q[3].y - q[0].y + h * q[3].y; f = q[0].y
    }

    public func point(u: Double, v: Double) -> (Double, Double) {
        let w = g * u + h * v + 1
        return ((a * u + b * v + c) / w, (d * u + e * v + f) / w)
    }

    /// The inverse map: where the picture's point (`x`, `y`) lies in the unit square (the
    /// adjugate of the map's matrix); `nil` on the line the map sends to infinity.
    public func unitPoint(x: Double, y: Double) -> (u: Double, v: Double)? {
        let u = (e - f * h) * x + (c * h - b) * y + (b * f - c * e)
        let v = (f * g - d) * x + (a - c * g) * y + (c * d - a * f)
        let w = (d * h - e * g) * x + (b * g - a * h) * y + (a * e - b * d)
        guard abs(w) > 1e-12 else { return nil }
        return (u / w, v / w)
    }
}

extension GrayImage {
    /// PNG-encoded bytes (8-bit grey), or `nil` when encoding fails.
    public func pngData() -> [UInt8]? {
        guard let pix = Pix(gray: self) else { return nil }
        var data: UnsafeMutablePointer<UInt8>? = nil
        var size = 0
        guard pixWriteMemPng(&data, &size, pix.pointer, 0) == 0, let data else { return nil }
        defer { free(data) }
        return Array(UnsafeBufferPointer(start: data, count: size))
    }

    /// JPEG-encoded bytes at `quality` (1–100), or `nil` when encoding fails.
    public func jpegData(quality: Int = 75) -> [UInt8]? {
        guard let pix = Pix(gray: self) else { return nil }
        var data: UnsafeMutablePointer<UInt8>? = nil
        var size = 0
        guard pixWriteMemJpeg(&data, &size, pix.pointer, Int32(max(1, min(100, quality))), 0) == 0, let data else { return nil }
        defer { free(data) }
        return Array(UnsafeBufferPointer(start: data, count: size))
    }
}
