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
        // the window's mean per sum of its grey (the same truncated product), worked out
        // once when the picture has more pixels than there are sums
        func windowMean(ofSum sum: Int) -> UInt8 { UInt8(meanNorm * Float(sum)) }
        let means = w * h > 255 * side * side ? (0...(255 * side * side)).map(windowMean) : []
        // a window of variance up to `flat` has no dark pixel of three quarters of its
        // mean or more: such pixels (most of a page) skip the threshold's product
        let flat = Self.flatVariances(thresholdFactor)
        // the mirrored border: column c of the extended rows is the picture's column
        // `c - ws` mirrored into it; its sums are that column's
        func mirrored(_ v: Int, _ n: Int) -> Int { v < 0 ? -1 - v : v >= n ? 2 * n - 1 - v : v }
        let border = (0..<ws).map { ws + mirrored($0 - ws, w) } + (0..<ws).map { ws + mirrored(w + $0, w) }
        var sums = [Int32](repeating: 0, count: w + 2 * ws), squares = [Int32](repeating: 0, count: w + 2 * ws)
        pixels.withUnsafeBufferPointer { p in
            sums.withUnsafeMutableBufferPointer { sums in
                squares.withUnsafeMutableBufferPointer { squares in
                    // the picture's columns: row `added` (mirrored) in, row `removed` out;
                    // then the border's copies of them
                    func update(adding added: Int, removing removed: Int?) {
                        let columns = (sums.baseAddress! + ws, squares.baseAddress! + ws)
                        let row = p.baseAddress! + mirrored(added, h) * w
                        Self.addColumns(row, removing: removed.map { p.baseAddress! + mirrored($0, h) * w }, to: columns, count: w)
                        for (i, c) in border.enumerated() {
                            let at = i < ws ? i : w + ws + (i - ws)
                            sums[at] = sums[c]
                            squares[at] = squares[c]
                        }
                    }
                    for r in -ws...ws { update(adding: r, removing: nil) }
                    for y in 0..<h {
                        if y > 0 { update(adding: y + ws, removing: y - ws - 1) }
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
                            let mean = Int(means.isEmpty ? windowMean(ofSum: Int(sum)) : means[Int(sum)])
                            let meanSquare = Int(UInt32(squareNorm * Double(square) + 0.5))
                            let variance = min(255 * 255, max(0, meanSquare - mean * mean))
                            let pixel = Int(p[row + x])
                            var dark = false
                            if variance > flat || 4 * pixel < 3 * mean {
                                let scale = factors.isEmpty ? thresholdFactor(variance) : factors[variance]
                                // Leptonica keeps the threshold's low byte
                                dark = pixel < Int(Double(mean) * scale) & 0xFF
                            }
                            word = word << 1 | (dark ? 1 : 0)
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
        return out
    }

    /// Each of `count` columns' sums (`columns.sums`) and sums of squares
    /// (`columns.squares`) with `row`'s pixel added and `removed`'s (when given) taken
    /// away: whole numbers, wrapping as Leptonica's `UInt32` sums do.
    @inline(__always)
    static func addColumns(
        _ row: UnsafePointer<UInt8>, removing removed: UnsafePointer<UInt8>?,
        to columns: (sums: UnsafeMutablePointer<Int32>, squares: UnsafeMutablePointer<Int32>), count: Int
    ) {
        if let removed {
            for x in 0..<count {
                let a = Int32(row[x]), b = Int32(removed[x])
                columns.sums[x] &+= a &- b
                columns.squares[x] &+= a &* a &- b &* b
            }
        } else {
            for x in 0..<count {
                let a = Int32(row[x])
                columns.sums[x] &+= a
                columns.squares[x] &+= a &* a
            }
        }
    }

    /// The variances up to which `factor` (the threshold's factor per window variance)
    /// stays within 0...`flatFactor`: there the threshold, the mean times the factor
    /// truncated, is at most the mean's three quarters (exact in a `Double`; products
    /// and truncation keep the order), so a pixel of at least that is not dark whatever
    /// the factor.  −1 when the factor exceeds it at once (a negative `k`).
    static func flatVariances(_ factor: (Int) -> Double) -> Int {
        var v = -1
        while v < 255 * 255, (0...flatFactor).contains(factor(v + 1)) { v += 1 }
        return v
    }

    /// The threshold's factor below which a window counts as flat (see `flatVariances`).
    static let flatFactor = 0.75
}
