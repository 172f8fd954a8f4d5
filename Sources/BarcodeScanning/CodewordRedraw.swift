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
    /// dark coverage at `samplesPerModule` samples a module, blurred over a module.
    struct Cluster {
        let widths: [[Int]]
        /// `widths.count` templates of `chunks` vectors each (`chunked`), one after the other.
        let templates: [SIMD16<Float>]

        init(number: Int) {
            widths = Self.allPatterns().filter { ($0[0] - $0[2] + $0[4] - $0[6] + 9) % 9 == number }
            templates = widths.flatMap { CodewordRedraw.chunked(Self.template($0, length: CodewordRedraw.length)) }
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

        static func template(_ widths: [Int], length: Int) -> [Float] {
            let spm = CodewordRedraw.samplesPerModule
            var dark: [Float] = []
            for (k, w) in widths.enumerated() { dark += Array(repeating: k % 2 == 0 ? 1 : 0, count: w * spm) }
            // a module's box blur (the ends repeated)
            let half = spm / 2
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

    /// The clusters 0, 3 and 6 (a row's cluster is 3 × (row mod 3)).
    static let clusters = [0, 3, 6].map { Cluster(number: $0) }

    /// `values` less their mean, scaled to unit norm (all zero when flat).
    static func normalised(_ values: [Float]) -> [Float] {
        let mean = values.reduce(0, +) / Float(max(1, values.count))
        let centred = values.map { $0 - mean }
        let norm = centred.reduce(0) { $0 + $1 * $1 }.squareRoot()
        return norm > 1e-6 ? centred.map { $0 / norm } : centred.map { _ in 0 }
    }

    /// The symbol in `view` (upright, its left edge at `xLeft` and its right edge at
    /// `xRight`), redrawn at `pixelsPerModule` inside a quiet zone of 4 modules, line for
    /// line; `nil` when its width is not that of 1 to 30 data columns.  With the map from
    /// the redrawn picture's pixels to `view`'s.
    static func redrawn(
        _ view: GrayImage, from xLeft: Double, to xRight: Double, viewPixelsPerModule: Double, pixelsPerModule: Int = 3
    ) -> (image: GrayImage, toView: @Sendable (Point) -> Point)? {
        let columns = Int((((xRight - xLeft) / viewPixelsPerModule - 69) / 17).rounded())
        guard (1...30).contains(columns) else { return nil }
        let modulesWide = 17 * (columns + 4) + 1
        let module = (xRight - xLeft) / Double(modulesWide)
        let quiet = 4, outWidth = (modulesWide + 2 * quiet) * pixelsPerModule
        var out = [UInt8](repeating: 255, count: outWidth * view.height)
        // one matched line a module, drawn over the module's lines
        let step = max(1, Int(viewPixelsPerModule.rounded()))
        for y in stride(from: step / 2, to: view.height, by: step) {
            guard let codewords = bestCodewords(on: averagedLine(view, y), from: xLeft, module: module, columns: columns) else { continue }
            let drawn = drawnLine([start] + codewords + [stop], quiet: quiet, pixelsPerModule: pixelsPerModule)
            for row in max(0, y - step / 2)..<min(view.height, y - step / 2 + step) {
                out.replaceSubrange(row * outWidth..<(row + 1) * outWidth, with: drawn)
            }
        }
        let scale = module / Double(pixelsPerModule), x0 = xLeft - Double(quiet) * module
        return (GrayImage(width: outWidth, height: view.height, pixels: out), { Point(x: x0 + $0.x * scale, y: $0.y) })
    }

    static let start = [8, 1, 1, 1, 1, 1, 1, 3], stop = [7, 1, 1, 3, 1, 1, 1, 2, 1]

    /// The mean of the lines within `lineRadius` of `y`.
    static func averagedLine(_ view: GrayImage, _ y: Int) -> [Float] {
        let lines = max(0, y - lineRadius)...min(view.height - 1, y + lineRadius)
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
    /// whose best matches score highest in total), each slot searched within ⅔ module of
    /// where the previous slots put it.
    static func bestCodewords(on line: [Float], from xLeft: Double, module: Double, columns: Int) -> [[Int]]? {
        var best: (score: Float, widths: [[Int]])?
        for cluster in clusters {
            var shift = 0.0, total: Float = 0, widths: [[Int]] = []
            for slot in 0..<(columns + 2) {
                let x0 = xLeft + Double(17 * (slot + 1)) * module
                var slotBest: (score: Float, index: Int, offset: Double)?
                for offset in [-1.0, 0, 1].map({ $0 * module / 3 }) {
                    guard let observed = sampled(line, from: x0 + shift + offset, module: module),
                        let match = bestMatch(observed, in: cluster)
                    else { continue }
                    if match.score > slotBest?.score ?? -.infinity { slotBest = (match.score, match.index, offset) }
                }
                guard let slotBest else { return nil }
                // follow a drift half-way: one noisy slot does not pull the rest
                shift += slotBest.offset / 2
                total += slotBest.score
                widths.append(cluster.widths[slotBest.index])
            }
            if total > best?.score ?? -.infinity { best = (total, widths) }
        }
        return best?.widths
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

    /// The pattern of `cluster` whose template correlates best with `observed`.
    static func bestMatch(_ observed: [SIMD16<Float>], in cluster: Cluster) -> (score: Float, index: Int)? {
        var best: (score: Float, index: Int)?
        cluster.templates.withUnsafeBufferPointer { t in
            observed.withUnsafeBufferPointer { o in
                for index in 0..<cluster.widths.count {
                    var sum = SIMD16<Float>(repeating: 0)
                    let base = index * chunks
                    for c in 0..<chunks { sum += t[base + c] * o[c] }
                    let score = sum.sum()
                    if score > best?.score ?? -.infinity { best = (score, index) }
                }
            }
        }
        return best
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
