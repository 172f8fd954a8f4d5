import Imaging

/// Finds PDF417 start and stop patterns on the horizontal lines of a picture.
///
/// Every row of a PDF417 symbol begins with the same start pattern and ends with the same
/// stop pattern (ISO/IEC 15438, 5.3.1): bar and space widths 8 1 1 1 1 1 1 3 (17 modules)
/// and 7 1 1 3 1 1 1 2 1 (18 modules, the last a one-module bar).  Since they repeat down
/// the symbol, a line crossing the rows at a slant still crosses one whole pattern at each
/// end: no row needs to be followed, and a turned symbol needs no deskewing first.
enum StartStopPatterns {
    /// One pattern seen on one line.
    struct Match: Equatable {
        /// The symbol's edge on this line: the start pattern's first bar's left side, or the
        /// stop pattern's last bar's right side (mirrored for an upside-down symbol).
        let edgeX: Double
        let y: Double
        /// The module width measured on the pattern, in pixels.
        let module: Double
        /// Where the pattern's wide bar is centred, from `edgeX` towards the symbol (positive
        /// on the left edge, negative on the right).
        let wideBarOffset: Double
        /// The match is on the symbol's left edge (a start pattern, or a mirrored stop pattern).
        let isLeftEdge: Bool
    }

    /// A maximal stretch of dark or light pixels on a line.
    struct Run {
        let start: Int, length: Int, dark: Bool
        var end: Int { start + length }
    }

    /// Every start and stop pattern (also mirrored) on every `lineStep`-th line of `image`,
    /// each line's runs told against `means` (by default `LocalMean(patternsIn:)`).
    static func matches(in image: GrayImage, lineStep: Int = 1, means given: LocalMean? = nil) -> [Match] {
        let w = image.width, h = image.height
        guard w >= 40, h >= 3, lineStep >= 1 else { return [] }
        let means = given ?? LocalMean(patternsIn: image)
        var found: [Match] = []
        image.pixels.withUnsafeBufferPointer { p in
            for y in stride(from: 0, to: h, by: lineStep) {
                let runs = runs(on: y, of: p, width: w, means: means)
                let line = UnsafeBufferPointer(rebasing: p[(y * w)..<((y + 1) * w)])
                found += matches(in: runs, y: Double(y) + 0.5, line: line)
            }
        }
        return found
    }

    /// The runs of line `y`: dark below the local mean, light above it, with a little
    /// hysteresis so that JPEG noise on flat paper does not split a space.
    static func runs(on y: Int, of p: UnsafeBufferPointer<UInt8>, width w: Int, means: LocalMean) -> [Run] {
        var runs: [Run] = []
        var dark = false, runStart = 0
        for x in 0..<w {
            let nowDark = means.isBelow(Int(p[y * w + x]), x: x, y: y, by: dark ? -2 : 2)
            if x == 0 {
                dark = nowDark
            } else if nowDark != dark {
                runs.append(Run(start: runStart, length: x - runStart, dark: dark))
                runStart = x
                dark = nowDark
            }
        }
        runs.append(Run(start: runStart, length: w - runStart, dark: dark))
        return runs
    }

    /// A pattern as dark and light stretches, in modules from the leading side of its wide
    /// bar (ISO/IEC 15438, 5.3.1: start 8 1 1 1 1 1 1 3, stop 7 1 1 3 1 1 1 2 1, bars
    /// first), with what must surround it: the quiet zone on the outside, and the row
    /// indicator inside (a codeword begins with a bar and ends with a space).
    struct Template {
        /// (from, to, dark) in modules, in increasing order.
        let stretches: [(from: Double, to: Double, dark: Bool)]
        /// Where the symbol's edge is, in modules from the anchor.
        let edge: Double
        /// Where the wide bar's middle is, in modules from the anchor.
        let wideBarCentre: Double
        let isLeftEdge: Bool

        init(widths: [Double], before: Double, after: Double, edge: Double, isLeftEdge: Bool) {
            // `before` light modules, the widths (bar first), then `after` modules alternating on
            var stretches: [(from: Double, to: Double, dark: Bool)] = [(-before, 0, false)]
            var x = 0.0
            for (k, w) in widths.enumerated() {
                stretches.append((x, x + w, k % 2 == 0)); x += w
            }
            if after > 0 { stretches.append((x, x + after, widths.count % 2 == 0)) }
            self.stretches = stretches
            self.edge = edge
            self.wideBarCentre = (widths.first ?? 0) / 2
            self.isLeftEdge = isLeftEdge
        }

        private init(stretches: [(from: Double, to: Double, dark: Bool)], edge: Double, wideBarCentre: Double, isLeftEdge: Bool) {
            self.stretches = stretches; self.edge = edge; self.wideBarCentre = wideBarCentre; self.isLeftEdge = isLeftEdge
        }

        /// The same pattern read right to left (a symbol upside down), anchored at the wide
        /// bar's right side.
        var mirrored: Template {
            Template(
                stretches: stretches.reversed().map { (-$0.to, -$0.from, $0.dark) }, edge: -edge, wideBarCentre: -wideBarCentre, isLeftEdge: !isLeftEdge)
        }

        var span: ClosedRange<Double> { (stretches.first?.from ?? 0)...(stretches.last?.to ?? 0) }
    }

    /// The start pattern, with two quiet modules before it and the row indicator's first
    /// bar module after it.
    static let start = Template(widths: [8, 1, 1, 1, 1, 1, 1, 3], before: 2, after: 1, edge: 0, isLeftEdge: true)
    /// The stop pattern, with the row indicator's last space before it and two quiet modules after.
    static let stop = Template(widths: [7, 1, 1, 3, 1, 1, 1, 2, 1], before: 1, after: 2, edge: 18, isLeftEdge: false)
    static let templates = [start, stop, start.mirrored, stop.mirrored]

    /// How closely a line must follow a pattern (correlation of the grey with the
    /// pattern's coverage of each pixel).
    static let minimumCorrelation = 0.75

    /// The patterns on a line: each dark run long enough to be a wide bar is an anchor,
    /// tried at the module widths its length allows (a blurred space may join the next
    /// bar to it), with each template.
    static func matches(in runs: [Run], y: Double, line: UnsafeBufferPointer<UInt8>) -> [Match] {
        var found: [Match] = []
        guard runs.contains(where: { $0.dark && $0.length >= 5 }) else { return found }
        let sums = LineSums(line)
        for run in runs where run.dark && run.length >= 5 {
            let length = Double(run.length)
            var best: (score: Double, module: Double, template: Template)?
            for template in templates {
                let anchor = Double(template.wideBarCentre > 0 ? run.start : run.end)
                // the run may be the wide bar shrunk by the threshold, or grown by a space lost to blur
                let wideBar = 2 * abs(template.wideBarCentre)
                for k in 0...8 {
                    let module = length / (wideBar - 1.5 + 0.5 * Double(k))
                    // finer modules are noise at this size (and zxing-cpp reads such symbols directly)
                    guard module >= 1.25 else { continue }
                    let cutoff = best?.score ?? minimumCorrelation
                    // the same correlation summed stretch by stretch rules out most tries;
                    // only one that may pass is summed pixel by pixel, as it always was
                    guard mayExceed(cutoff, line, sums, template, anchor: anchor, module: module) else { continue }
                    let score = correlation(line, sums, template, anchor: anchor, module: module)
                    if score > cutoff { best = (score, module, template) }
                }
            }
            guard let best else { continue }
            let anchor = Double(best.template.wideBarCentre > 0 ? run.start : run.end)
            found.append(
                Match(
                    edgeX: anchor + best.template.edge * best.module, y: y, module: best.module,
                    wideBarOffset: (best.template.wideBarCentre - best.template.edge) * best.module, isLeftEdge: best.template.isLeftEdge))
        }
        return found
    }

    /// Running sums of a line's grey and its square, for the grey's sums over any stretch
    /// of it: whole numbers, so the same `Double`s as adding pixel by pixel.
    struct LineSums {
        /// Entry x sums the first x pixels.
        let grey: [Int], squares: [Int]

        init(_ line: UnsafeBufferPointer<UInt8>) {
            var grey = [Int](repeating: 0, count: line.count + 1), squares = grey
            for x in 0..<line.count {
                let g = Int(line[x])
                grey[x + 1] = grey[x] + g
                squares[x + 1] = squares[x] + g * g
            }
            self.grey = grey
            self.squares = squares
        }
    }

    /// Whether `correlation(line, sums, template, anchor:module:)` may exceed `cutoff`:
    /// false only when the same correlation, its sums taken stretch by stretch from the
    /// running sums (a few terms instead of one a pixel), falls short of `cutoff` by far
    /// more than the two ways of summing can differ in rounding.
    static func mayExceed(
        _ cutoff: Double, _ line: UnsafeBufferPointer<UInt8>, _ sums: LineSums, _ template: Template, anchor: Double, module: Double
    ) -> Bool {
        guard let (score, scale) = stretchCorrelation(line, sums, template, anchor: anchor, module: module) else { return false }
        return score > cutoff - roundingAllowance * scale
    }

    /// The allowance for rounding, per unit of `stretchCorrelation`'s scale: the sums are
    /// of at most a few thousand terms of at most 255 in `Double`s, whose relative
    /// rounding is some 10⁻¹³ at worst, so their difference is far below it.
    static let roundingAllowance = 1e-9

    /// `correlation`'s value summed stretch by stretch, with the scale of its terms (the
    /// sums' magnitudes over the root of the variances, what rounding errors are relative
    /// to); `nil` where `correlation` gives 0.
    static func stretchCorrelation(
        _ line: UnsafeBufferPointer<UInt8>, _ sums: LineSums, _ template: Template, anchor: Double, module: Double
    ) -> (score: Double, scale: Double)? {
        guard module > 0 else { return nil }
        let x0 = anchor + template.span.lowerBound * module, x1 = anchor + template.span.upperBound * module
        let first = Int(x0.rounded(.up)), last = Int(x1.rounded(.down))
        guard first >= 0, last <= line.count, last - first >= 8 else { return nil }
        let n = Double(last - first)
        let sumG = Double(sums.grey[last] - sums.grey[first]), sumGG = Double(sums.squares[last] - sums.squares[first])
        let varianceG = sumGG - sumG * sumG / n
        guard varianceG > 1e-6 else { return nil }
        let (sumT, sumTT, sumGT) = stretchSums(line, sums, template, anchor: anchor, module: module, pixels: first..<last)
        let covariance = sumGT - sumG * sumT / n
        let varianceT = sumTT - sumT * sumT / n
        guard varianceT > 1e-6 else { return nil }
        let root = (varianceG * varianceT).squareRoot()
        // the covariance's terms relative to the root, the coverage variance's relative to
        // itself (the grey's sums are the same whole numbers either way)
        let scale = (sumGT + sumG * sumT / n) / root + (sumTT + sumT * sumT / n) / varianceT + 1
        return (-covariance / root, scale)
    }

    /// The template's coverage of `pixels` of the line (its sum, its squares' sum, and
    /// the grey weighted by it), a stretch of whole pixels at a time from the running
    /// sums, a pixel at a time only where a stretch ends inside one.
    static func stretchSums(
        _ line: UnsafeBufferPointer<UInt8>, _ sums: LineSums, _ template: Template, anchor: Double, module: Double, pixels: Range<Int>
    ) -> (t: Double, tt: Double, gt: Double) {
        let stretches = template.stretches, count = stretches.count
        return withUnsafeTemporaryAllocation(of: (from: Double, to: Double, dark: Bool).self, capacity: count) { ends in
            for j in 0..<count { ends[j] = (anchor + stretches[j].from * module, anchor + stretches[j].to * module, stretches[j].dark) }
            return stretchSums(line, sums, UnsafeBufferPointer(ends), pixels: pixels)
        }
    }

    /// `stretchSums` with the stretches' ends in pixels.
    private static func stretchSums(
        _ line: UnsafeBufferPointer<UInt8>, _ sums: LineSums, _ ends: UnsafeBufferPointer<(from: Double, to: Double, dark: Bool)>,
        pixels: Range<Int>
    ) -> (t: Double, tt: Double, gt: Double) {
        var sumT = 0.0, sumTT = 0.0, sumGT = 0.0
        let count = ends.count
        var k = 0, x = pixels.lowerBound
        while x < pixels.upperBound {
            let a = Double(x), b = a + 1
            while k < count, ends[k].to <= a { k += 1 }
            guard k < count else { break }
            if ends[k].from <= a, b <= ends[k].to {
                // whole pixels inside stretch k: up to the one its end falls in
                let end = min(pixels.upperBound, max(x + 1, Int(ends[k].to.rounded(.down))))
                if ends[k].dark {
                    let whole = Double(end - x)
                    sumT += whole; sumTT += whole; sumGT += Double(sums.grey[end] - sums.grey[x])
                }
                x = end
                continue
            }
            var dark = 0.0, j = k
            while j < count, ends[j].from < b {
                if ends[j].dark { dark += min(b, ends[j].to) - max(a, ends[j].from) }
                j += 1
            }
            sumT += dark; sumTT += dark * dark; sumGT += Double(line[x]) * dark
            x += 1
        }
        return (sumT, sumTT, sumGT)
    }

    /// The correlation of the grey along `line` (whose running sums are `sums`) with
    /// `template` laid from `anchor` at `module` pixels a module (dark pixels against
    /// covered ones); 0 when the template leaves the line.
    static func correlation(_ line: UnsafeBufferPointer<UInt8>, _ sums: LineSums, _ template: Template, anchor: Double, module: Double) -> Double {
        guard module > 0 else { return 0 }
        let x0 = anchor + template.span.lowerBound * module, x1 = anchor + template.span.upperBound * module
        let first = Int(x0.rounded(.up)), last = Int(x1.rounded(.down))
        guard first >= 0, last <= line.count, last - first >= 8 else { return 0 }
        let n = Double(last - first)
        // the grey's sums are whole numbers: from the running sums, exactly as added up
        let sumG = Double(sums.grey[last] - sums.grey[first]), sumGG = Double(sums.squares[last] - sums.squares[first])
        let varianceG = sumGG - sumG * sumG / n
        guard varianceG > 1e-6 else { return 0 }
        var sumT = 0.0, sumTT = 0.0, sumGT = 0.0
        let stretches = template.stretches, count = stretches.count
        // the stretches' ends in pixels, worked out once rather than at every pixel (the
        // same sums: the same products)
        withUnsafeTemporaryAllocation(of: (from: Double, to: Double, dark: Bool).self, capacity: count) { ends in
            for j in 0..<count { ends[j] = (anchor + stretches[j].from * module, anchor + stretches[j].to * module, stretches[j].dark) }
            var k = 0
            for x in first..<last {
                // the dark part of pixel [x, x + 1), in pixels
                let a = Double(x), b = a + 1
                while k < count, ends[k].to <= a { k += 1 }
                var dark = 0.0
                if k < count, ends[k].from <= a, b <= ends[k].to {
                    // wholly inside one stretch (most pixels): all or nothing, as the
                    // sum below gives it (the stretches meet end to end)
                    dark = ends[k].dark ? 1 : 0
                } else {
                    var j = k
                    while j < count, ends[j].from < b {
                        if ends[j].dark { dark += min(b, ends[j].to) - max(a, ends[j].from) }
                        j += 1
                    }
                }
                sumT += dark; sumTT += dark * dark; sumGT += Double(line[x]) * dark
            }
        }
        let covariance = sumGT - sumG * sumT / n
        let varianceT = sumTT - sumT * sumT / n
        guard varianceT > 1e-6 else { return 0 }
        // dark pixels are low grey: a good match correlates negatively
        return -covariance / (varianceG * varianceT).squareRoot()
    }
}

/// The mean grey of a box around each pixel, from the grey's summed-area table.
///
/// The table is of `UInt32` summed with wrapping arithmetic: a box's sum is the
/// difference of four entries, exact modulo 2³² and so exact for any box of under 16 M
/// pixels (255 each).  A fourth of the work and memory of `BoxSums`' `Double` table of a
/// `Double` copy, with the same means (a frame's state looks at whole pictures).
struct LocalMean {
    let radiusX: Int, radiusY: Int
    private let width: Int, height: Int
    /// `(width + 1) × (height + 1)`: entry (x, y) sums the pixels above and left of it.
    private let table: [UInt32]

    init(_ image: GrayImage, radiusX: Int, radiusY: Int) {
        self.radiusX = max(0, radiusX); self.radiusY = max(0, radiusY)
        let w = image.width, h = image.height, stride = w + 1
        width = w; height = h
        var table = [UInt32](repeating: 0, count: stride * (h + 1))
        image.pixels.withUnsafeBufferPointer { p in
            table.withUnsafeMutableBufferPointer { t in
                guard var source = p.baseAddress, var above = t.baseAddress.map({ $0 + 1 }) else { return }
                for _ in 0..<h {
                    // the row's running sums, then the sums above added (the same
                    // wrapping whole numbers, the second pass a vector's width at a time)
                    let entries = above + stride
                    var row: UInt32 = 0
                    for x in 0..<w {
                        row &+= UInt32(source[x])
                        entries[x] = row
                    }
                    for x in 0..<w { entries[x] &+= above[x] }
                    source += w
                    above = entries
                }
            }
        }
        self.table = table
    }

    /// The means the start and stop patterns are told against: boxes of a fortieth of the
    /// picture's width across and an eightieth up and down.
    init(patternsIn image: GrayImage) {
        self.init(image, radiusX: max(5, image.width / 40), radiusY: max(2, image.width / 80))
    }

    /// The mean of the box around (`x`, `y`), clipped to the image; 255 outside it.
    func value(x: Int, y: Int) -> Int {
        let x0 = max(0, x - radiusX), x1 = min(width, x + radiusX + 1)
        let y0 = max(0, y - radiusY), y1 = min(height, y + radiusY + 1)
        guard x1 > x0, y1 > y0 else { return 255 }
        let stride = width + 1
        let sum = table[y1 * stride + x1] &- table[y0 * stride + x1] &- table[y1 * stride + x0] &+ table[y0 * stride + x0]
        return Int(sum) / ((x1 - x0) * (y1 - y0))
    }

    /// Whether `grey` < `value(x:y:)` − `margin`, told without dividing: the mean is the
    /// box's sum over its cells rounded down, so `grey + margin + 1 ≤ mean` exactly when
    /// `(grey + margin + 1) × cells ≤ sum` (a division a pixel was most of the runs' time).
    func isBelow(_ grey: Int, x: Int, y: Int, by margin: Int) -> Bool {
        let x0 = max(0, x - radiusX), x1 = min(width, x + radiusX + 1)
        let y0 = max(0, y - radiusY), y1 = min(height, y + radiusY + 1)
        guard x1 > x0, y1 > y0 else { return grey < 255 - margin }
        let stride = width + 1
        let sum = table[y1 * stride + x1] &- table[y0 * stride + x1] &- table[y1 * stride + x0] &+ table[y0 * stride + x0]
        return (grey + margin + 1) * ((x1 - x0) * (y1 - y0)) <= Int(sum)
    }
}
