import CLeptonica

extension GrayImage {
    /// Boxes of long horizontal stripes of print, found on the grey levels without telling
    /// glyphs apart: the print thinner than `thickness` rows is lifted off the paper (a
    /// black top-hat: the grey closing by a `thickness` × 3 `thickness` brick minus the
    /// image), averaged over `thickness` columns and 3 rows, opened along the rows by
    /// `minimumLength` (only stripes at least that long stay) and thresholded at Otsu's
    /// level and at half of it (the boxes of both), never below twice the map's median.
    ///
    /// A line of text whose glyphs blur or wear into one another (a phone that focused on
    /// the background, JPEG at low quality) is no chain of glyph components, yet it stays a
    /// stripe darker than its paper; this finds it where a binarisation does not.  Boxes
    /// are in this image's pixels.
    public func printStripes(thickness: Int, minimumLength: Int) -> [PixelBox] {
        let odd = { (n: Int) in max(3, n | 1) }
        guard width > 4, height > 4, let lifted = Pix(gray: blackTopHat(width: odd(3 * thickness), height: odd(thickness))),
            let along = Pix(pixBlockconv(lifted.pointer, Int32(max(1, thickness / 2)), 1))
        else { return [] }
        // opened along the rows: an erosion, then a dilation
        return Self.stripeBoxes(along.grayImage().slidAlongRows([(odd(minimumLength), false), (odd(minimumLength), true)]))
    }

    /// The boxes of the stripes of a map of stripe strength: its pixels above Otsu's level
    /// and above half of it (the boxes of both), never below twice the map's median.
    static func stripeBoxes(_ strength: GrayImage) -> [PixelBox] {
        let histogram = Self.histogram(of: strength.pixels)
        let otsu = Self.otsuThreshold(histogram: histogram)
        // a stripe stands out of the picture's typical level: on paper that is about 0, on
        // grain or texture everywhere (where Otsu's level would split the grain itself)
        let floor = max(Self.faintestStripe, UInt8(min(255, 2 * Int(Self.median(histogram: histogram)))))
        guard let strengthPix = Pix(gray: strength) else { return [] }
        // at Otsu's level, and at half of it for the faint stripes of a washed-out print
        return Set([otsu, otsu / 2].map { max(floor, $0) }).sorted().flatMap { threshold -> [PixelBox] in
            // the pixels above `threshold`: those under `threshold + 1`, inverted
            guard threshold < 255, let under = Pix(pixThresholdToBinary(strengthPix.pointer, Int32(threshold) + 1)),
                let above = Pix(pixInvert(nil, under.pointer))
            else { return [] }
            return above.componentBoxes()
        }
    }

    /// The least top-hat level a stripe keeps: below it the paper's own grain and JPEG
    /// noise (a few grey levels) would make stripes of a blank picture.
    static let faintestStripe: UInt8 = 2

    /// How many of `values` have each level.
    static func histogram(of values: [UInt8]) -> [Int] {
        var histogram = [Int](repeating: 0, count: 256)
        histogram.withUnsafeMutableBufferPointer { counts in
            for v in values { counts[Int(v)] += 1 }
        }
        return histogram
    }

    /// The middle level of the values `histogram` counts (0 for none).
    static func median(histogram: [Int]) -> UInt8 {
        let total = histogram.reduce(0, +)
        var seen = 0
        for (level, count) in histogram.enumerated() {
            seen += count
            if 2 * seen >= total { return UInt8(level) }
        }
        return 0
    }

    /// The level that best splits the values `histogram` counts into two classes (Otsu's
    /// between-class variance).
    static func otsuThreshold(histogram counts: [Int]) -> UInt8 {
        let histogram = counts.map(Double.init)
        let total = histogram.reduce(0, +)
        guard total > 0 else { return 0 }
        let sumAll = histogram.indices.reduce(0.0) { $0 + Double($1) * histogram[$1] }
        var weightBelow = 0.0, sumBelow = 0.0, best = 0.0, level = 0
        for t in 0..<255 {
            weightBelow += histogram[t]
            sumBelow += Double(t) * histogram[t]
            let weightAbove = total - weightBelow
            guard weightBelow > 0, weightAbove > 0 else { continue }
            let meanBelow = sumBelow / weightBelow, meanAbove = (sumAll - sumBelow) / weightAbove
            let between = weightBelow * weightAbove * (meanBelow - meanAbove) * (meanBelow - meanAbove)
            if between > best {
                best = between
                level = t
            }
        }
        return UInt8(level)
    }
}
