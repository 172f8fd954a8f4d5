import IDCommon
import Imaging

/// Redraws an upright PDF417 symbol sharp: each line of it is replaced by the codewords
/// whose bar patterns best match its grey, drawn black on white.
///
/// zxing-cpp measures each bar and space from a binarised picture: at 1.6 to 2 px a module,
/// blurred and JPEG'd, a one-module space is lost or two bars merge, and a row reads no
/// codeword at all.  Matching the whole 17-module pattern against every pattern a
/// codeword may have (correlation of the grey with the pattern, blurred by a module) uses
/// every pixel of it and tolerates what a threshold cannot.  The patterns are not the
/// standard's table but every 4-bar, 4-space pattern of 17 modules with elements of 1 to 6
/// (ISO/IEC 15438, 5.3.1) in the line's cluster (5.3.2): a pattern outside the table is a
/// codeword error, which the symbol's error correction in zxing-cpp repairs or rejects.
/// zxing-cpp then reads the redrawn symbol, its rows, error correction and all.
enum CodewordRedraw {
    /// Samples per module of the patterns and of the grey they are matched with.
    static let samplesPerModule = 3
    /// Half the number of lines averaged for each line matched (against noise; a row is
    /// 3 modules tall or more, 9 lines of the upright view at 3 px a module).
    static let lineRadius = 2

    /// Every pattern of one cluster, as widths and as a template: zero-mean, unit-norm
    /// dark coverage at `samplesPerModule` samples a module, blurred over `blurSamples`
    /// samples.
    struct Cluster {
        /// The cluster's number: 0, 3 or 6.
        let number: Int
        let widths: [[Int]]
        /// `widths.count` templates of `chunks` vectors each (`chunked`), one after the other.
        let templates: [SIMD16<Float>]

        init(number: Int, blurSamples: Int) {
            self.number = number
            widths = Self.allPatterns().filter { ($0[0] - $0[2] + $0[4] - $0[6] + 9) % 9 == number }
            templates = widths.flatMap { CodewordRedraw.chunked(Self.template($0, length: CodewordRedraw.length, blurSamples: blurSamples)) }
        }

        /// The 8 widths (bar first) of 1 to 6 modules adding up to 17.
        static func allPatterns() -> [[Int]] {
            var found: [[Int]] = []
            func extend(_ widths: [Int], left: Int) {
                if widths.count == 8 {
                    if left == 0 { found.append(widths) }
                    return
                }
                // leave at least one module for each element still to come
                for w in 1...6 where w <= left - (7 - widths.count) { extend(widths + [w], left: left - w) }
            }
            extend([], left: 17)
            return found
        }

        static func template(_ widths: [Int], length: Int, blurSamples: Int) -> [Float] {
            let spm = CodewordRedraw.samplesPerModule
            var dark: [Float] = []
            for (k, w) in widths.enumerated() { dark += Array(repeating: k % 2 == 0 ? 1 : 0, count: w * spm) }
            // a box blur (the ends repeated)
            let half = blurSamples / 2
            let blurred = (0..<length).map { i in
                (i - half...i + half).reduce(Float(0)) { $0 + dark[min(length - 1, max(0, $1))] } / Float(2 * half + 1)
            }
            return normalised(blurred)
        }
    }

    /// Samples in a codeword's 17 modules.
    static let length = 17 * samplesPerModule
    /// 16-float vectors holding `length` samples.
    static let chunks = (length + 15) / 16

    /// `values` in 16-float vectors, the last one padded with zeros.
    static func chunked(_ values: [Float]) -> [SIMD16<Float>] {
        (0..<chunks).map { c in
            var v = SIMD16<Float>(repeating: 0)
            for i in 0..<16 where c * 16 + i < values.count { v[i] = values[c * 16 + i] }
            return v
        }
    }

    /// The clusters 0, 3 and 6 (a row's cluster is 3 × (row mod 3)), blurred over a module.
    static let clusters = [0, 3, 6].map { Cluster(number: $0, blurSamples: samplesPerModule) }

    /// `values` less their mean, scaled to unit norm (all zero when flat).
    static func normalised(_ values: [Float]) -> [Float] {
        let mean = values.reduce(0, +) / Float(max(1, values.count))
        let centred = values.map { $0 - mean }
        let norm = centred.reduce(0) { $0 + $1 * $1 }.squareRoot()
        return norm > 1e-6 ? centred.map { $0 / norm } : centred.map { _ in 0 }
    }

    /// Where the codewords lie across an upright view: the symbol's left edge, its module
    /// in view pixels, and its number of data columns.
    struct Layout {
        let xLeft: Double, module: Double, columns: Int

        /// The layout of a symbol from `xLeft` to `xRight`; `nil` when that width is not
        /// the width of 1 to 30 data columns at about `viewPixelsPerModule`.
        init?(from xLeft: Double, to xRight: Double, viewPixelsPerModule: Double) {
            columns = Int((((xRight - xLeft) / viewPixelsPerModule - 69) / 17).rounded())
            guard (1...30).contains(columns) else { return nil }
            self.xLeft = xLeft
            module = (xRight - xLeft) / Double(Self.modulesWide(columns: columns))
        }

        /// Start, left row indicator, data columns, right row indicator, stop.
        var modulesWide: Int { Self.modulesWide(columns: columns) }

        static func modulesWide(columns: Int) -> Int { 17 * (columns + 4) + 1 }
    }

    /// Quiet modules each side of a redrawn symbol.
    static let quiet = 4

    /// A white picture as tall as `view` for `layout`'s symbol redrawn at
    /// `pixelsPerModule`, its width, and the map from its pixels to `view`'s.
    static func canvas(
        for layout: Layout, height: Int, pixelsPerModule: Int
    ) -> (pixels: [UInt8], width: Int, toView: @Sendable (Point) -> Point) {
        let width = (layout.modulesWide + 2 * quiet) * pixelsPerModule
        let scale = layout.module / Double(pixelsPerModule), x0 = layout.xLeft - Double(quiet) * layout.module
        return ([UInt8](repeating: 255, count: width * height), width, { Point(x: x0 + $0.x * scale, y: $0.y) })
    }

    /// The symbol in `view` (upright, its left edge at `xLeft` and its right edge at
    /// `xRight`), redrawn at `pixelsPerModule` inside a quiet zone of 4 modules, line for
    /// line; `nil` when its width is not that of 1 to 30 data columns.  With the map from
    /// the redrawn picture's pixels to `view`'s.
    static func redrawn(
        _ view: GrayImage, from xLeft: Double, to xRight: Double, viewPixelsPerModule: Double, pixelsPerModule: Int = 3
    ) -> (image: GrayImage, toView: @Sendable (Point) -> Point)? {
        guard let layout = Layout(from: xLeft, to: xRight, viewPixelsPerModule: viewPixelsPerModule) else { return nil }
        var (out, outWidth, toView) = canvas(for: layout, height: view.height, pixelsPerModule: pixelsPerModule)
        // one matched line a module, drawn over the module's lines
        let step = max(1, Int(viewPixelsPerModule.rounded()))
        for y in stride(from: step / 2, to: view.height, by: step) {
            guard let codewords = bestCodewords(on: averagedLine(view, y, radius: lineRadius), layout) else { continue }
            let drawn = drawnLine([start] + codewords + [stop], quiet: quiet, pixelsPerModule: pixelsPerModule)
            for row in max(0, y - step / 2)..<min(view.height, y - step / 2 + step) {
                out.replaceSubrange(row * outWidth..<(row + 1) * outWidth, with: drawn)
            }
        }
        return (GrayImage(width: outWidth, height: view.height, pixels: out), toView)
    }

    /// The row redraw's templates: blurred over 1⅔ modules, as a symbol of 1.6 to 2.4 px a
    /// module is by a lens blur of a pixel or by motion (seed 101 of idphoto-gen hard, tuned
    /// on: of its 13 symbols that no other pass read, 5 read at 1⅔ modules, 4 at 2, 3 at 1⅓).
    static let blurredClusters = [0, 3, 6].map { Cluster(number: $0, blurSamples: 5) }
    /// Half the number of lines averaged for each line the row redraw matches: rows are
    /// told apart, so each sampled line stays within its row.
    static let rowLineRadius = 1

    /// The symbol in `view` (upright, within `symbolX` × `symbolY`) redrawn row by row:
    /// the number of rows is the one whose rows' clusters (0, 3, 6 from the top, ISO/IEC
    /// 15438 5.3.2) the sampled lines match best, and each slot of a row gets the pattern
    /// whose scores, summed over the row's lines, are highest.  Summing over a row uses
    /// all its lines where a line redraw trusts each line alone.  `nil` when the width is
    /// not that of 1 to 30 data columns or no line matches.
    static func redrawnByRows(
        _ view: GrayImage, symbolX: ClosedRange<Double>, symbolY: ClosedRange<Double>, viewPixelsPerModule: Double,
        pixelsPerModule: Int = 3
    ) -> (image: GrayImage, toView: @Sendable (Point) -> Point)? {
        guard let layout = Layout(from: symbolX.lowerBound, to: symbolX.upperBound, viewPixelsPerModule: viewPixelsPerModule)
        else { return nil }
        let step = max(1, Int(viewPixelsPerModule.rounded()))
        // each sampled line of the symbol, with its total score in each cluster
        var sampledLines: [(y: Int, line: [Float], totals: [Float])] = []
        for y in stride(from: step / 2, to: view.height, by: step) where symbolY.contains(Double(y)) {
            let line = averagedLine(view, y, radius: rowLineRadius)
            let totals = blurredClusters.compactMap { match(line, layout, in: $0)?.total }
            if totals.count == blurredClusters.count { sampledLines.append((y, line, totals)) }
        }
        guard let rows = rowCount(of: sampledLines.map { ($0.y, $0.totals) }, in: symbolY, minimumHeight: 2 * viewPixelsPerModule)
        else { return nil }
        var (out, outWidth, toView) = canvas(for: layout, height: view.height, pixelsPerModule: pixelsPerModule)
        let rowHeight = (symbolY.upperBound - symbolY.lowerBound) / Double(rows)
        for row in 0..<rows {
            let top = symbolY.lowerBound + Double(row) * rowHeight, bottom = top + rowHeight
            // the lines a third of a module clear of the row's edges, or else any of its lines
            let clear = sampledLines.filter { Double($0.y) >= top + viewPixelsPerModule / 3 && Double($0.y) <= bottom - viewPixelsPerModule / 3 }
            let lines = clear.isEmpty ? sampledLines.filter { Double($0.y) >= top && Double($0.y) < bottom } : clear
            // the row's lines are matched again, keeping every pattern's score, in its
            // cluster only: keeping them for all three clusters of every line would hold
            // tens of megabytes
            let cluster = blurredClusters[row % 3]
            guard let codewords = rowCodewords(lines.map(\.line), layout, in: cluster) else { continue }
            let drawn = drawnLine([start] + codewords + [stop], quiet: quiet, pixelsPerModule: pixelsPerModule)
            for y in max(0, Int(top.rounded()))..<min(view.height, Int(bottom.rounded())) {
                out.replaceSubrange(y * outWidth..<(y + 1) * outWidth, with: drawn)
            }
        }
        return (GrayImage(width: outWidth, height: view.height, pixels: out), toView)
    }

    /// The number of rows (3 to 90, each at least `minimumHeight` tall) that best explains
    /// the lines' cluster scores: the sum, over the lines, of each line's total in the
    /// cluster of the row it falls in.  `nil` without lines.
    static func rowCount(of lines: [(y: Int, totals: [Float])], in symbolY: ClosedRange<Double>, minimumHeight: Double) -> Int? {
        guard !lines.isEmpty else { return nil }
        let span = symbolY.upperBound - symbolY.lowerBound
        var best: (score: Float, rows: Int)?
        for rows in 3...90 where span / Double(rows) >= minimumHeight {
            let height = span / Double(rows)
            var score: Float = 0
            for line in lines {
                let row = Int((Double(line.y) - symbolY.lowerBound) / height)
                if (0..<rows).contains(row) { score += line.totals[row % 3] }
            }
            if score > best?.score ?? -.infinity { best = (score, rows) }
        }
        return best?.rows
    }

    /// One row's patterns: in each slot, the pattern of `cluster` whose scores summed over
    /// `lines` are highest; `nil` when no line matches.
    static func rowCodewords(_ lines: [[Float]], _ layout: Layout, in cluster: Cluster) -> [[Int]]? {
        var sums: [[Float]]?
        for line in lines {
            guard let scores = match(line, layout, in: cluster, keepingScores: true)?.scores else { continue }
            sums = sums.map { zip($0, scores).map { zip($0, $1).map(+) } } ?? scores
        }
        // every slot holds a score for each of the cluster's patterns, so it has a highest
        return sums?.map { slot in cluster.widths[slot.indices.max { slot[$0] < slot[$1] }!] }
    }

    static let start = [8, 1, 1, 1, 1, 1, 1, 3], stop = [7, 1, 1, 3, 1, 1, 1, 2, 1]

    /// The mean of the lines within `radius` of `y`.
    static func averagedLine(_ view: GrayImage, _ y: Int, radius: Int) -> [Float] {
        let lines = max(0, y - radius)...min(view.height - 1, y + radius)
        var sum = [Float](repeating: 0, count: view.width)
        view.pixels.withUnsafeBufferPointer { p in
            for line in lines {
                for x in 0..<view.width { sum[x] += Float(p[line * view.width + x]) }
            }
        }
        let n = Float(lines.count)
        return sum.map { $0 / n }
    }

    /// The left row indicator's, the data columns' and the right row indicator's patterns
    /// on one line: in each slot, the best-matching pattern of the line's cluster (the one
    /// whose best matches score highest in total).
    static func bestCodewords(on line: [Float], _ layout: Layout) -> [[Int]]? {
        var best: (total: Float, widths: [[Int]])?
        for cluster in clusters {
            // a slot off the line in any cluster: the line is not matched
            guard let match = match(line, layout, in: cluster) else { return nil }
            if match.total > best?.total ?? -.infinity { best = (match.total, match.indices.map { cluster.widths[$0] }) }
        }
        return best?.widths
    }

    /// One line matched against one cluster's patterns, slot by slot: each slot is searched
    /// within ⅔ module of where the previous slots put it, following a drift half-way (one
    /// noisy slot does not pull the rest).  Each slot's best pattern, the sum of their
    /// scores, and, with `keepingScores`, every pattern's score in each slot (the best of
    /// the slot's three places); `nil` when a slot leaves the line.
    static func match(
        _ line: [Float], _ layout: Layout, in cluster: Cluster, keepingScores: Bool = false
    ) -> (total: Float, indices: [Int], scores: [[Float]])? {
        var shift = 0.0, total: Float = 0, indices: [Int] = [], scores: [[Float]] = []
        var placeScores = [Float](repeating: 0, count: cluster.widths.count)
        for slot in 0..<(layout.columns + 2) {
            let x0 = layout.xLeft + Double(17 * (slot + 1)) * layout.module
            var slotBest: (score: Float, index: Int, offset: Double)?
            var slotScores = keepingScores ? [Float](repeating: -.infinity, count: cluster.widths.count) : []
            for offset in [-1.0, 0, 1].map({ $0 * layout.module / 3 }) {
                guard let observed = sampled(line, from: x0 + shift + offset, module: layout.module) else { continue }
                correlations(observed, in: cluster, into: &placeScores)
                for (index, score) in placeScores.enumerated() where score > slotBest?.score ?? -.infinity {
                    slotBest = (score, index, offset)
                }
                if keepingScores {
                    for index in slotScores.indices { slotScores[index] = max(slotScores[index], placeScores[index]) }
                }
            }
            guard let slotBest else { return nil }
            shift += slotBest.offset / 2
            total += slotBest.score
            indices.append(slotBest.index)
            if keepingScores { scores.append(slotScores) }
        }
        return (total, indices, scores)
    }

    /// The line's darkness over 17 modules from `x0`, at `samplesPerModule` a module
    /// (linear interpolation between pixel centres), zero-mean and unit-norm; `nil` when it
    /// leaves the line or is flat.
    static func sampled(_ line: [Float], from x0: Double, module: Double) -> [SIMD16<Float>]? {
        let count = length
        var values = [Float](repeating: 0, count: count)
        for i in 0..<count {
            let x = x0 + (Double(i) + 0.5) * module / Double(samplesPerModule) - 0.5
            let k = Int(x.rounded(.down))
            guard k >= 0, k + 1 < line.count else { return nil }
            let f = Float(x - Double(k))
            values[i] = -(line[k] * (1 - f) + line[k + 1] * f)
        }
        let result = normalised(values)
        return result.contains { $0 != 0 } ? chunked(result) : nil
    }

    /// The correlation of `observed` with each of `cluster`'s templates, into `scores`.
    static func correlations(_ observed: [SIMD16<Float>], in cluster: Cluster, into scores: inout [Float]) {
        cluster.templates.withUnsafeBufferPointer { t in
            observed.withUnsafeBufferPointer { o in
                for index in 0..<cluster.widths.count {
                    var sum = SIMD16<Float>(repeating: 0)
                    let base = index * chunks
                    for c in 0..<chunks { sum += t[base + c] * o[c] }
                    scores[index] = sum.sum()
                }
            }
        }
    }

    /// The pattern of `cluster` whose template correlates best with `observed`.
    static func bestMatch(_ observed: [SIMD16<Float>], in cluster: Cluster) -> (score: Float, index: Int)? {
        var scores = [Float](repeating: 0, count: cluster.widths.count)
        correlations(observed, in: cluster, into: &scores)
        return scores.indices.max { scores[$0] < scores[$1] }.map { (scores[$0], $0) }
    }

    /// One line of the redrawn symbol: `quiet` light modules, the patterns' bars black and
    /// spaces white, `quiet` light modules.
    static func drawnLine(_ patterns: [[Int]], quiet: Int, pixelsPerModule: Int) -> [UInt8] {
        var line = [UInt8](repeating: 255, count: quiet * pixelsPerModule)
        for widths in patterns {
            for (k, w) in widths.enumerated() { line += Array(repeating: k % 2 == 0 ? 0 : 255, count: w * pixelsPerModule) }
        }
        return line + Array(repeating: 255, count: quiet * pixelsPerModule)
    }
}
