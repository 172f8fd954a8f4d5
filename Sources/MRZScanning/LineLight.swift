import Foundation
import Imaging

extension GrayImage {
    /// A line image under even light at full contrast: each pixel divided by the paper's
    /// local brightness (the image closed — strokes narrower than `window` filled with the
    /// paper around them — then averaged over `window`), the result stretched so that its
    /// 2nd and 98th percentiles become black and white.  Dim light, shadows and glare
    /// running along a line leave the OCR glyphs of one contrast on one paper (measured
    /// on idphoto-gen's hard lines: 120 instead of 100 of 168 read exactly; the corpus's
    /// lines 56 instead of 54 of 75).  `window` is in pixels, about the glyph height; a
    /// window under 3 or an empty image leaves the image as it is.
    func evenlyLit(window: Int) -> GrayImage {
        guard window >= 3, width > 0, height > 0 else { return self }
        let source = pixels.map(Float.init)
        let closed = Self.minimum(Self.maximum(source, width, height, window), width, height, window)
        let paper = Self.mean(closed, width, height, window)
        var levelled = [Float](repeating: 0, count: source.count)
        for i in source.indices { levelled[i] = min(255, source[i] / max(paper[i], 1) * 235) }
        // the 2nd and 98th percentiles, from a histogram of whole levels
        var histogram = [Int](repeating: 0, count: 256)
        for v in levelled { histogram[Int(max(0, min(255, v)))] += 1 }
        func percentile(_ fraction: Double) -> Float {
            var seen = 0
            for (level, n) in histogram.enumerated() {
                seen += n
                if Double(seen) > fraction * Double(levelled.count) { return Float(level) }
            }
            return 255
        }
        let low = percentile(0.02), high = percentile(0.98)
        let range = max(high - low, 1)
        var out = self
        for i in levelled.indices { out.pixels[i] = UInt8(max(0, min(255, ((levelled[i] - low) * 255 / range).rounded()))) }
        return out
    }

    /// The image with its contrast stretched along its rows: each pixel placed between
    /// the darkest and the brightest level of the columns within `window` pixels of its
    /// own (all rows), the brightest staying white.  Glare adds light to ink and paper
    /// alike, so dividing by the paper (`evenlyLit`) leaves the glyphs under it pale; here
    /// they get the contrast of the line's other glyphs.  A stretch is at most to
    /// `least` of the image's whole range (paper alone, its grain, is not made ink).  A
    /// window under 1 or an empty image leaves the image as it is.
    func stretchedAlongRows(window: Int, least: Double = 0.3) -> GrayImage {
        guard window >= 1, width > 0, height > 0 else { return self }
        var darkest = [Int](repeating: 255, count: width), brightest = [Int](repeating: 0, count: width)
        for y in 0..<height {
            for x in 0..<width {
                let v = Int(pixels[y * width + x])
                darkest[x] = min(darkest[x], v)
                brightest[x] = max(brightest[x], v)
            }
        }
        let range = (brightest.max() ?? 0) - (darkest.min() ?? 0)
        guard range > 0 else { return self }
        let floor = max(1, Int((least * Double(range)).rounded()))
        var out = self
        for x in 0..<width {
            let near = max(0, x - window)...min(width - 1, x + window)
            let high = brightest[near].max() ?? 255, low = darkest[near].min() ?? 0
            let span = max(high - low, floor)
            for y in 0..<height {
                let i = y * width + x
                out.pixels[i] = UInt8(max(0, min(255, 255 - (high - Int(pixels[i])) * 255 / span)))
            }
        }
        return out
    }

    /// The image with its edges steepened (unsharp masking): each pixel moved away from
    /// a Gaussian blur of the image with `sigma` (pixels) by `amount` times the
    /// difference.  Undoes some of a blurred photo's spread; a sigma under 0.3 or an
    /// empty image leaves the image as it is.
    func sharpened(sigma: Double, amount: Double = 1) -> GrayImage {
        guard sigma >= 0.3, sigma.isFinite, amount.isFinite, width > 0, height > 0 else { return self }
        let source = pixels.map(Float.init)
        let blurred = Self.gaussian(source, width, height, sigma: sigma)
        var out = self
        let a = Float(amount)
        for i in source.indices { out.pixels[i] = UInt8(max(0, min(255, (source[i] + a * (source[i] - blurred[i])).rounded()))) }
        return out
    }

    /// The image with a Gaussian blur of `sigma` (pixels) undone by `iterations` steps of
    /// Richardson–Lucy deconvolution: the ink (255 less the level, so that paper is nearly
    /// nothing and the estimate stays positive) is repeatedly multiplied by the blurred
    /// ratio of the image to the estimate blurred.  Where unsharp masking (`sharpened`)
    /// only steepens edges, this moves the spread ink back into the strokes it came from,
    /// so that two strokes a blur made one part again.  A sigma under 0.3, no iterations
    /// or an empty image leaves the image as it is.
    func deconvolved(sigma: Double, iterations: Int) -> GrayImage {
        guard sigma >= 0.3, sigma.isFinite, iterations > 0, width > 0, height > 0 else { return self }
        // a floor keeps the ratio finite on bare paper
        let observed = pixels.map { 256 - Float($0) }
        var estimate = observed
        for _ in 0..<iterations {
            let predicted = Self.gaussian(estimate, width, height, sigma: sigma)
            var ratio = observed
            for i in ratio.indices { ratio[i] = observed[i] / max(predicted[i], 1e-3) }
            let correction = Self.gaussian(ratio, width, height, sigma: sigma)
            for i in estimate.indices { estimate[i] *= correction[i] }
        }
        var out = self
        for i in estimate.indices { out.pixels[i] = UInt8(max(0, min(255, (256 - estimate[i]).rounded()))) }
        return out
    }

    /// `values` (`width` × `height`) blurred by a Gaussian of `sigma` pixels, in a pass
    /// along the rows and one along the columns, clamped at the edges (the border pixel
    /// repeats).
    private static func gaussian(_ values: [Float], _ width: Int, _ height: Int, sigma: Double) -> [Float] {
        let radius = Int((3 * sigma).rounded(.up))
        let weights = (-radius...radius).map { Float(exp(-Double($0 * $0) / (2 * sigma * sigma))) }
        let total = weights.reduce(0, +)
        let kernel = weights.map { $0 / total }
        func pass(_ input: [Float], count: Int, lines: Int, index: (Int, Int) -> Int) -> [Float] {
            var output = input
            for l in 0..<lines {
                for i in 0..<count {
                    var acc: Float = 0
                    for (k, w) in kernel.enumerated() { acc += w * input[index(l, max(0, min(count - 1, i + k - radius)))] }
                    output[index(l, i)] = acc
                }
            }
            return output
        }
        let rows = pass(values, count: width, lines: height) { y, x in y * width + x }
        return pass(rows, count: height, lines: width) { x, y in y * width + x }
    }

    private enum Reduction { case maximum, minimum }

    /// `values` (`width` × `height`) with each pixel replaced by the maximum or minimum of
    /// the `window` × `window` square around it (clipped at the edges), in two 1-D passes
    /// over contiguous rows.  (Grey morphology of Leptonica takes odd sizes only; a window
    /// is a glyph height, which may be even.)
    private static func filtered(_ values: [Float], _ width: Int, _ height: Int, _ window: Int, _ reduction: Reduction) -> [Float] {
        let before = (window - 1) / 2, after = window - 1 - before
        var rows = [Float](repeating: 0, count: values.count)
        values.withUnsafeBufferPointer { p in
            rows.withUnsafeMutableBufferPointer { out in
                for y in 0..<height {
                    let row = y * width
                    for x in 0..<width {
                        let lo = max(0, x - before), hi = min(width - 1, x + after)
                        var acc = p[row + lo]
                        if lo < hi {
                            for i in (lo + 1)...hi {
                                let v = p[row + i]
                                acc = reduction == .maximum ? max(acc, v) : min(acc, v)
                            }
                        }
                        out[row + x] = acc
                    }
                }
            }
        }
        var columns = [Float](repeating: 0, count: values.count)
        rows.withUnsafeBufferPointer { p in
            columns.withUnsafeMutableBufferPointer { out in
                for y in 0..<height {
                    let lo = max(0, y - before), hi = min(height - 1, y + after), row = y * width
                    for x in 0..<width { out[row + x] = p[lo * width + x] }
                    if lo < hi {
                        for j in (lo + 1)...hi {
                            let other = j * width
                            switch reduction {
                            case .maximum: for x in 0..<width { out[row + x] = max(out[row + x], p[other + x]) }
                            case .minimum: for x in 0..<width { out[row + x] = min(out[row + x], p[other + x]) }
                            }
                        }
                    }
                }
            }
        }
        return columns
    }

    private static func maximum(_ v: [Float], _ w: Int, _ h: Int, _ k: Int) -> [Float] { filtered(v, w, h, k, .maximum) }
    private static func minimum(_ v: [Float], _ w: Int, _ h: Int, _ k: Int) -> [Float] { filtered(v, w, h, k, .minimum) }
    /// The mean of the `k` × `k` square around each value, clipped at the edges, placed
    /// as `filtered` places its squares.
    private static func mean(_ v: [Float], _ w: Int, _ h: Int, _ k: Int) -> [Float] {
        let sums = BoxSums(width: w, height: h, values: v.map(Double.init))
        let before = (k - 1) / 2, after = k - 1 - before
        return (0..<w * h).map { i in
            let x = i % w, y = i / w
            let box = sums.sum(x: (x - before)..<(x + after + 1), y: (y - before)..<(y + after + 1))
            return Float(box.sum / Double(max(1, box.cells)))
        }
    }
}
