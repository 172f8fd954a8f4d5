import CLeptonica

/// Image operations used by the scanners' rescue passes, done by Leptonica.
extension GrayImage {
    /// Rotated by `degrees` (counter-clockwise positive) about the centre, white corners.
    public func rotated(degrees: Double) -> GrayImage {
        guard let pix = Pix(gray: self),
              let out = Pix(pixRotate(pix.pointer, Float(degrees * .pi / 180), 1 /* L_ROTATE_AREA_MAP */,
                                      1 /* L_BRING_IN_WHITE */, 0, 0)) else { return self }
        return out.grayImage()
    }

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

    /// The skew of text-like horizontal structure (rows of a PDF417, MRZ lines), in degrees,
    /// searched over ±`range`; `nil` when there is too little structure to tell.
    public func skewAngle(range: Double = 15) -> Double? {
        guard let pix = Pix(gray: self), let binary = Pix(pixConvertTo1(pix.pointer, 130)) else { return nil }
        var angle: Float = 0, confidence: Float = 0
        let status = pixFindSkewSweepAndSearch(binary.pointer, &angle, &confidence, 4, 2, Float(range), 1, 0.01)
        guard status == 0, confidence > 1.5 else { return nil }
        return Double(angle)
    }

    /// Binarised with Sauvola's adaptive threshold (good against uneven light).
    public func binarized() -> GrayImage {
        guard let pix = Pix(gray: self) else { return self }
        var out: UnsafeMutablePointer<PIX>? = nil
        guard pixSauvolaBinarizeTiled(pix.pointer, 12, 0.34, 1, 1, nil, &out) == 0,
              let binary = Pix(out), let gray = Pix(pixConvertTo8(binary.pointer, 0)) else { return self }
        return gray.grayImage()
    }

    /// Contrast stretched to the full range after background normalisation.
    public func contrastNormalized() -> GrayImage {
        guard let pix = Pix(gray: self), let out = Pix(pixContrastNorm(nil, pix.pointer, 50, 50, 130, 2, 2)) else { return self }
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
}
