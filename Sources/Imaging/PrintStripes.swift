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
        guard width > 4, height > 4, let pix = Pix(gray: self),
            let lifted = Pix(pixTophat(pix.pointer, Int32(odd(3 * thickness)), Int32(odd(thickness)), Int32(L_TOPHAT_BLACK))),
            let along = Pix(pixBlockconv(lifted.pointer, Int32(max(1, thickness / 2)), 1)),
            let long = Pix(pixOpenGray(along.pointer, Int32(odd(minimumLength)), 1))
        else { return [] }
        let strength = long.grayImage()
        let otsu = Self.otsuThreshold(of: strength.pixels)
        // a stripe stands out of the picture's typical level: on paper that is about 0, on
        // grain or texture everywhere (where Otsu's level would split the grain itself)
        let floor = max(Self.faintestStripe, UInt8(min(255, 2 * Int(Self.median(of: strength.pixels)))))
        // at Otsu's level, and at half of it for the faint stripes of a washed-out print
        let levels = Set([otsu, otsu / 2].map { max(floor, $0) })
        return levels.sorted().flatMap { threshold -> [PixelBox] in
            // stripes dark (0) on white, as `componentBoxes` takes the dark pixels of a 1-bit image
            let mask = GrayImage(width: width, height: height, pixels: strength.pixels.map { $0 > threshold ? 0 : 255 })
            guard let maskPix = Pix(gray: mask), let binary = Pix(pixConvertTo1(maskPix.pointer, 128)) else { return [] }
            return binary.componentBoxes()
        }
    }

    /// The least top-hat level a stripe keeps: below it the paper's own grain and JPEG
    /// noise (a few grey levels) would make stripes of a blank picture.
    static let faintestStripe: UInt8 = 2

    /// The middle value of `values` (0 for none).
    static func median(of values: [UInt8]) -> UInt8 {
        var histogram = [Int](repeating: 0, count: 256)
        for v in values { histogram[Int(v)] += 1 }
        var seen = 0
        for (level, count) in histogram.enumerated() {
            seen += count
            if 2 * seen >= values.count { return UInt8(level) }
        }
        return 0
    }

    /// The level that best splits `values` into two classes (Otsu's between-class variance).
    static func otsuThreshold(of values: [UInt8]) -> UInt8 {
        var histogram = [Double](repeating: 0, count: 256)
        for v in values { histogram[Int(v)] += 1 }
        let total = Double(values.count)
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
