import CLeptonica

extension GrayImage {
    /// Sauvola's binarisation with windows of `2 × window + 1` pixels and sensitivity `k`,
    /// as a 1-bit `Pix` (dark pixels set): bit for bit what Leptonica's
    /// `pixSauvolaBinarizeTiled(pix, window, k, 1, 1, …)` gives, in a fraction of its time
    /// (it sums the squares in a table of `Double`s the size of the picture, most of a
    /// frame's MRZ assessment).  `nil` when the picture is smaller than the window allows.
    ///
    /// The same arithmetic, step by step: the picture is mirrored past its edges; a
    /// window's mean is `Float(1 / n) × sum` truncated, its mean square
    /// `Double(1 / n) × sum of squares` rounded, the deviation `sqrtf` of their difference,
    /// and the threshold `mean × (1 − k (1 − deviation / 128))` truncated to a byte; a pixel
    /// darker than its threshold is ink.  Sums run over columns kept for the window's
    /// rows, so each pixel costs a few additions whatever the window.
    func sauvolaBinarised(window ws: Int, k: Double) -> Pix? {
        let w = width, h = height
        guard ws >= 2, w >= 2 * ws + 3, h >= 2 * ws + 3, let out = Pix(pixCreate(Int32(w), Int32(h), 1)),
            let words = pixGetData(out.pointer)
        else { return nil }
        let wpl = Int(pixGetWpl(out.pointer))
        let side = 2 * ws + 1
        // Leptonica's normalisations: 1 / n through a Float product, kept as a Float for
        // the mean and as a Double for the mean square
        let cells = Float(side) * Float(side)
        let meanNorm = Float(1.0 / Double(cells)), squareNorm = 1.0 / Double(cells)
        let factor = Double(Float(k))
        // the threshold's factor per variance (0...255²), worked out once for a large
        // picture (the same Double each pixel would compute; Leptonica tabulates the
        // square roots above 100 000 pixels, the same values as sqrtf)
        func thresholdFactor(_ variance: Int) -> Double { 1.0 - factor * (1.0 - Double(Float(variance).squareRoot()) / 128.0) }
        let factors = w * h > 100_000 ? (0...(255 * 255)).map(thresholdFactor) : []
        // the mirrored border: column c of the extended rows is the picture's column
        // `across[c]`, for c - ws from -ws to w - 1 + ws
        func mirrored(_ v: Int, _ n: Int) -> Int { v < 0 ? -1 - v : v >= n ? 2 * n - 1 - v : v }
        let across = (0..<(w + 2 * ws)).map { mirrored($0 - ws, w) }
        var sums = [Int32](repeating: 0, count: w + 2 * ws), squares = [Int32](repeating: 0, count: w + 2 * ws)
        pixels.withUnsafeBufferPointer { p in
            across.withUnsafeBufferPointer { across in
                sums.withUnsafeMutableBufferPointer { sums in
                    squares.withUnsafeMutableBufferPointer { squares in
                        // `sign` × row `r` (mirrored) added to the column sums
                        func add(row r: Int, _ sign: Int32) {
                            let base = mirrored(r, h) * w
                            for c in 0..<across.count {
                                let v = Int32(p[base + across[c]])
                                sums[c] &+= sign &* v
                                squares[c] &+= sign &* v &* v
                            }
                        }
                        for r in -ws...ws { add(row: r, 1) }
                        for y in 0..<h {
                            if y > 0 {
                                add(row: y + ws, 1)
                                add(row: y - ws - 1, -1)
                            }
                            var sum: Int32 = 0, square: Int32 = 0
                            for c in 0..<side {
                                sum &+= sums[c]
                                square &+= squares[c]
                            }
                            let line = words + y * wpl, row = y * w
                            // 32 pixels a word, the leftmost in its top bit
                            var word: UInt32 = 0
                            for x in 0..<w {
                                if x > 0 {
                                    sum &+= sums[x + 2 * ws] &- sums[x - 1]
                                    square &+= squares[x + 2 * ws] &- squares[x - 1]
                                }
                                let mean = Int(UInt8(meanNorm * Float(sum)))
                                let meanSquare = Int(UInt32(squareNorm * Double(square) + 0.5))
                                let variance = min(255 * 255, max(0, meanSquare - mean * mean))
                                let scale = factors.isEmpty ? thresholdFactor(variance) : factors[variance]
                                // Leptonica keeps the threshold's low byte
                                let threshold = Int(Double(mean) * scale) & 0xFF
                                word = word << 1 | (Int(p[row + x]) < threshold ? 1 : 0)
                                if x & 31 == 31 {
                                    line[x >> 5] = word
                                    word = 0
                                }
                            }
                            if w & 31 != 0 { line[w >> 5] = word << UInt32(32 - (w & 31)) }
                        }
                    }
                }
            }
        }
        return out
    }
}
