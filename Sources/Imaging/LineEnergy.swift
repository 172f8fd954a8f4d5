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
    /// Boxes are in this image's pixels, each about a line's middle third thick.  Step 4's
    /// closing and opening share their erosions: a closing by `c` then an opening by `o`
    /// along the rows is a dilation by `c`, one erosion by `c + o - 1` and a dilation by
    /// `o` (erosions by segments add up, the image's ends counting as paper for both):
    /// three passes where there were four.
    public func lineEnergyStripes(glyphHeight: Int, minimumLength: Int) -> [PixelBox] {
        let odd = { (n: Int) in max(3, n | 1) }
        let join = odd(2 * glyphHeight), length = odd(minimumLength)
        guard width > 4, height > 4, glyphHeight > 1,
            let lifted = Pix(gray: blackTopHat(width: odd(6 * glyphHeight), height: odd(2 * glyphHeight))),
            let along = Pix(pixBlockconv(lifted.pointer, Int32(glyphHeight), 1))
        else { return [] }
        let energy = along.grayImage().ridges(offset: (3 * glyphHeight + 2) / 4)
            .slidAlongRows([(join, true), (join + length - 1, false), (length, true)])
        return Self.stripeBoxes(energy)
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
