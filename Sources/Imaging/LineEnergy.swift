import CLeptonica

extension GrayImage {
    /// Boxes of the horizontal lines of print whose glyphs are about `glyphHeight` pixels
    /// high, found on the grey levels without telling glyphs apart (a text-line energy):
    /// 1. the print lifted off the paper: a black top-hat by a brick 6 × 2 glyph heights;
    /// 2. averaged along the rows over two glyph heights' columns (and 3 rows);
    /// 3. ridges across the lines (`ridges`): lines of a block of print that blur into one
    ///    another stand apart again;
    /// 4. closed along the rows by 2 glyph heights (the pieces of a line whose glyphs or
    ///    fillers blur or wear apart join), opened along them by `minimumLength` (only
    ///    lines at least that long stay);
    /// 5. thresholded at Otsu's level and at half of it (the boxes of both), never below
    ///    twice the map's median (as `printStripes`).
    ///
    /// Boxes are in this image's pixels, each about a line's middle third thick.
    public func lineEnergyStripes(glyphHeight: Int, minimumLength: Int) -> [PixelBox] {
        let odd = { (n: Int) in max(3, n | 1) }
        guard width > 4, height > 4, glyphHeight > 1, let pix = Pix(gray: self),
            let lifted = Pix(pixTophat(pix.pointer, Int32(odd(6 * glyphHeight)), Int32(odd(2 * glyphHeight)), Int32(L_TOPHAT_BLACK))),
            let along = Pix(pixBlockconv(lifted.pointer, Int32(glyphHeight), 1)),
            let ridged = Pix(gray: along.grayImage().ridges(offset: (3 * glyphHeight + 2) / 4)),
            let joined = Pix(pixCloseGray(ridged.pointer, Int32(odd(2 * glyphHeight)), 1)),
            let long = Pix(pixOpenGray(joined.pointer, Int32(odd(minimumLength)), 1))
        else { return [] }
        let energy = long.grayImage()
        let otsu = Self.otsuThreshold(of: energy.pixels)
        let floor = max(Self.faintestStripe, UInt8(min(255, 2 * Int(Self.median(of: energy.pixels)))))
        return Set([otsu, otsu / 2].map { max(floor, $0) }).sorted().flatMap { threshold -> [PixelBox] in
            let mask = GrayImage(width: width, height: height, pixels: energy.pixels.map { $0 > threshold ? 0 : 255 })
            guard let maskPix = Pix(gray: mask), let binary = Pix(pixConvertTo1(maskPix.pointer, 128)) else { return [] }
            return binary.componentBoxes()
        }
    }

    /// Each pixel less the mean of the pixels `offset` rows above and below it (the
    /// nearest row inside the image where one is outside), 0 where that is negative: a
    /// ridge along the rows, as thick as about `offset`, stays; a plateau thicker than
    /// `2 offset` keeps only its rim.  Half a line pitch as `offset` splits a block of
    /// lines into its lines.
    func ridges(offset: Int) -> GrayImage {
        var out = [UInt8](repeating: 0, count: pixels.count)
        pixels.withUnsafeBufferPointer { p in
            for y in 0..<height {
                let above = max(0, y - offset) * width, below = min(height - 1, y + offset) * width, row = y * width
                for x in 0..<width {
                    let ridge = 2 * Int(p[row + x]) - Int(p[above + x]) - Int(p[below + x])
                    out[row + x] = UInt8(min(255, max(0, ridge / 2)))
                }
            }
        }
        return GrayImage(width: width, height: height, pixels: out)
    }
}
