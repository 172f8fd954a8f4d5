import CLeptonica
import IDCommon

/// How `GrayImage.darkComponents` tells ink from paper.
public enum Binarisation: Sendable, Equatable {
    /// Sauvola's local threshold over windows of `window` pixels (half-size), with
    /// sensitivity `k`: follows shadows and dim corners that one threshold loses.
    case sauvola(window: Int, k: Double)
    /// Otsu's threshold per tile (a quarter of the shorter side) after background
    /// normalisation: keeps light security print apart from the darker ink that low-`k`
    /// Sauvola joins it to, and keeps faint thick strokes whole.
    case normalisedOtsu
}

extension GrayImage {
    /// Boxes of the dark connected components (8-connected) of the image binarised by
    /// `binarisation`.  Components smaller than `minimumSize` on both sides are specks
    /// and are left out.
    public func darkComponents(_ binarisation: Binarisation, minimumSize: Int = 3) -> [PixelBox] {
        guard width > 24, height > 24, let binary = StepProfile.measure(.binarise, { binarised(binarisation) }) else { return [] }
        return StepProfile.measure(.components) { binary.componentBoxes().filter { max($0.width, $0.height) >= minimumSize } }
    }

    /// This image binarised by `binarisation`; `nil` when Leptonica fails or the image is
    /// smaller than Sauvola's window.  Sauvola's is `sauvolaBinarised` (Leptonica's, bit for
    /// bit, faster).
    func binarised(_ binarisation: Binarisation) -> Pix? {
        var thresholded: UnsafeMutablePointer<PIX>? = nil
        switch binarisation {
        case .sauvola(let window, let k):
            guard width > 2 * window + 2, height > 2 * window + 2 else { return nil }
            return sauvolaBinarised(window: window, k: k)
        case .normalisedOtsu:
            guard let pix = Pix(gray: self) else { return nil }
            let tile = Int32(max(16, min(width, height) / 4))
            guard let normalised = Pix(pixBackgroundNormSimple(pix.pointer, nil, nil)),
                pixOtsuAdaptiveThreshold(normalised.pointer, tile, tile, 0, 0, 0.1, nil, &thresholded) == 0
            else { return nil }
        }
        return Pix(thresholded)
    }

    /// The quadrilateral `corners` (top-left, top-right, bottom-right, bottom-left) drawn
    /// onto an upright `width` × `height` rectangle, with `border` more pixels of the
    /// picture on every side (the same projective map carried on past the corners: a line
    /// reader needs the paper around the text, not a white frame).  Bilinear sampling;
    /// outside the image is white.
    public func rectified(corners: Quadrilateral, width: Int, height: Int, border: Int) -> GrayImage? {
        projected(corners, width: width, height: height, border: border, borderFromPicture: true)
    }
}

extension GrayImage {
    /// The image with every pixel outside `keep` set to `value` (a flat paper tone: what
    /// lies beyond a text's clear zone is not read).
    public func flattened(outside keep: PixelBox, value: UInt8) -> GrayImage {
        var out = self
        let x0 = max(0, keep.x), x1 = min(width, keep.x + keep.width)
        let y0 = max(0, keep.y), y1 = min(height, keep.y + keep.height)
        out.pixels.withUnsafeMutableBufferPointer { p in
            for y in 0..<height {
                let inside = y >= y0 && y < y1
                for x in 0..<width where !inside || x < x0 || x >= x1 { p[y * width + x] = value }
            }
        }
        return out
    }

    /// The grey level that `fraction` of the pixels inside `box` are darker than.
    public func percentile(_ fraction: Double, in box: PixelBox) -> UInt8 {
        var histogram = [Int](repeating: 0, count: 256)
        var count = 0
        for y in max(0, box.y)..<min(height, box.y + box.height) {
            for x in max(0, box.x)..<min(width, box.x + box.width) {
                histogram[Int(pixels[y * width + x])] += 1
                count += 1
            }
        }
        var seen = 0
        for (level, n) in histogram.enumerated() {
            seen += n
            if Double(seen) >= fraction * Double(count) { return UInt8(level) }
        }
        return 255
    }
}

extension GrayImage {
    /// The image with the rows of `box` that a ruled line crosses painted `paper`: rows
    /// dark in one run over at least 65 % of the box's width, bridging breaks of up to
    /// `gap` pixels (a printed line scanned with breaks).  Text rows are dark in pieces as
    /// long as a few glyphs at most: the paper between glyphs breaks them, even where a
    /// blurred line of bold glyphs is dark over most of a row's width (a small card's
    /// `9999999<<3<` across its middle row).  "Dark" is nearer the box's ink than its
    /// paper.  Old identity cards print such lines between and through their MRZ lines.
    public func removingRuledRows(in box: PixelBox, paper: UInt8, gap: Int = 1) -> GrayImage {
        let x0 = max(0, box.x), x1 = min(width, box.x + box.width)
        guard x1 - x0 > 10 else { return self }
        let ink = percentile(0.05, in: box)
        guard Int(paper) - Int(ink) > 30 else { return self }
        let threshold = (Int(paper) + Int(ink)) / 2
        var out = self
        for y in max(0, box.y)..<min(height, box.y + box.height) {
            // the longest dark run, with breaks of up to `gap` light pixels bridged
            var longest = 0, start: Int? = nil, lastDark = Int.min
            for x in x0..<x1 where Int(pixels[y * width + x]) < threshold {
                if start == nil || x - lastDark > gap + 1 { start = x }
                lastDark = x
                longest = max(longest, x - start! + 1)
            }
            if Double(longest) >= 0.65 * Double(x1 - x0) {
                for x in x0..<x1 { out.pixels[y * width + x] = paper }
            }
        }
        return out
    }
}
