import Imaging

/// Finds a portrait whose photo background is light, as most real passport photos' are,
/// by the photo's rectangle: four straight sides where the photo meets the page, each a
/// weak but long step in grey that holds along most of the side, while a face's outline
/// (curved) and a text column's margin (broken between letters and lines) do not.  The
/// dark-region search (`PortraitLocating.portraitBox`) needs a dark, bounded region and
/// misses these.  A box is reported only when all four sides are seen, its top, left and
/// right sides step the same way (the photo's background against the page), and its inside
/// differs clearly from the page around it (a photo is not mostly page, a text block is).
struct PortraitFrameSearch {
    /// A part of the straightened page at `PortraitLocating.pixelsPerMM`.
    let page: GrayImage

    /// The widths (mm) a photo's rectangle may have; its height is `tallness` times it.
    let widths: ClosedRange<Double>
    /// Height over width: ICAO 9303 part 3's 35 × 45 mm photo is 1.29 times as tall as wide.
    static let tallness = 1.15...1.45

    /// A step is read across the side between points this many pixels either side of it
    /// (half a millimetre at 6 px/mm): sharp enough for a photo's cut edge, wide enough for
    /// a blurred one.
    static let reach = 3
    /// A place along a side steps when the two sides differ by this many grey levels.
    static let placeStep = 5
    /// A side is seen when its mean step is at least this many grey levels and
    /// `coverage` of its places step the same way: a light-blue or grey photo background
    /// meets a light page by 10–60 levels on the real corpus's pages.
    static let sideStep = 6.0
    static let coverage = 0.8
    /// The median grey level inside the box differs from the page's just around it by at
    /// least this much (a face, hair and clothes inside a photo; a text block is mostly page).
    static let insideDifference = 40
    /// How many of the best-scored four-sided boxes are checked inside, best first.
    static let checked = 200

    /// Sums along each column of the horizontal step and of the places stepping up or down
    /// by `placeStep` (for vertical sides), and along each row of the vertical step (for
    /// horizontal sides), so that any side's evidence costs a few look-ups.
    private struct Steps {
        let width: Int, height: Int
        /// Column sums, three to an entry (the step, the places stepping up, the places
        /// stepping down), `(height + 1) * width` entries: entry `y * width + x` sums rows `0..<y`.
        let across: [Int32]
        /// Row sums, three to an entry as `across`, `height * (width + 1)` entries: entry
        /// `y * (width + 1) + x` sums columns `0..<x`.
        let down: [Int32]

        init(_ page: GrayImage) {
            let w = page.width, h = page.height
            width = w; height = h
            var across = [Int32](repeating: 0, count: 3 * (h + 1) * w)
            var down = [Int32](repeating: 0, count: 3 * h * (w + 1))
            page.pixels.withUnsafeBufferPointer { pixels in
                across.withUnsafeMutableBufferPointer { across in
                    down.withUnsafeMutableBufferPointer { down in
                        Self.sum(pixels, width: w, height: h, across: across, down: down)
                    }
                }
            }
            self.across = across; self.down = down
        }

        /// Fills the sums (unchecked buffers: this runs over every pixel of the page).
        private static func sum(
            _ pixels: UnsafeBufferPointer<UInt8>, width w: Int, height h: Int,
            across: UnsafeMutableBufferPointer<Int32>, down: UnsafeMutableBufferPointer<Int32>
        ) {
            let r = PortraitFrameSearch.reach, t = Int32(PortraitFrameSearch.placeStep)
            for y in 0..<h {
                let readsDown = y >= r && y + r < h
                for x in 0..<w {
                    // the step rightwards at (x, y) and downwards, 0 within `reach` of the border
                    let right = x >= r && x + r < w ? Int32(pixels[y * w + x + r]) - Int32(pixels[y * w + x - r]) : 0
                    let below = readsDown ? Int32(pixels[(y + r) * w + x]) - Int32(pixels[(y - r) * w + x]) : 0
                    let a = 3 * (y * w + x), b = a + 3 * w
                    across[b] = across[a] &+ right
                    across[b + 1] = across[a + 1] &+ (right >= t ? 1 : 0)
                    across[b + 2] = across[a + 2] &+ (right <= -t ? 1 : 0)
                    let c = 3 * (y * (w + 1) + x), d = c + 3
                    down[d] = down[c] &+ below
                    down[d + 1] = down[c + 1] &+ (below >= t ? 1 : 0)
                    down[d + 2] = down[c + 2] &+ (below <= -t ? 1 : 0)
                }
            }
        }

        /// The evidence for a side whose entries `a` and `b` of `sums` bound it: its mean
        /// step outward (positive: the page outside is brighter), or `nil` when the side is
        /// not seen.  `outward` is +1 when outward is rightwards or downwards.
        private static func side(_ sums: UnsafeBufferPointer<Int32>, _ a: Int, _ b: Int, count: Int, outward: Int32) -> Double? {
            let sum = sums[b] &- sums[a]
            // |sum| / count ≥ sideStep exactly when |sum| ≥ sideStep × count (count < 2^40),
            // so most places are refused without dividing
            guard Double(abs(sum)) >= PortraitFrameSearch.sideStep * Double(count) else { return nil }
            // places stepping the way the sum does
            let agreeing = sum > 0 ? sums[b + 1] &- sums[a + 1] : sums[b + 2] &- sums[a + 2]
            guard Double(agreeing) >= PortraitFrameSearch.coverage * Double(count) else { return nil }
            return Double(outward * sum) / Double(count)
        }

        /// Whether column `x` steps one way at `coverage` of `count` places anywhere along
        /// it: no vertical side of `count` places can be seen at a column that does not.
        func columnMaySee(x: Int, count: Int) -> Bool {
            let total = 3 * (height * width + x)
            return Double(max(across[total + 1], across[total + 2])) >= PortraitFrameSearch.coverage * Double(count)
        }

        /// The columns among `xs` where a vertical side over rows `y0..<y1` is seen, each with
        /// its mean step rightwards, into `seen`: `vertical` for many columns at once, its
        /// thresholds made whole numbers once (an integer is at least x exactly when it is
        /// at least x rounded up).
        func verticalSides(at xs: [Int], y0: Int, y1: Int, into seen: inout [(x: Int, mean: Double)]) {
            seen.removeAll(keepingCapacity: true)
            let count = y1 - y0
            let leastSum = Int32((PortraitFrameSearch.sideStep * Double(count)).rounded(.up))
            let leastAgreeing = Int32((PortraitFrameSearch.coverage * Double(count)).rounded(.up))
            across.withUnsafeBufferPointer { sums in
                for x in xs {
                    let a = 3 * (y0 * width + x), b = 3 * (y1 * width + x)
                    let sum = sums[b] &- sums[a]
                    guard abs(sum) >= leastSum else { continue }
                    let agreeing = sum > 0 ? sums[b + 1] &- sums[a + 1] : sums[b + 2] &- sums[a + 2]
                    if agreeing >= leastAgreeing { seen.append((x, Double(sum) / Double(count))) }
                }
            }
        }

        /// The vertical side at column `x`, rows `y0..<y1`.
        func vertical(x: Int, y0: Int, y1: Int, outward: Int32) -> Double? {
            across.withUnsafeBufferPointer { Self.side($0, 3 * (y0 * width + x), 3 * (y1 * width + x), count: y1 - y0, outward: outward) }
        }

        /// The horizontal side at row `y`, columns `x0..<x1`.
        func horizontal(y: Int, x0: Int, x1: Int, outward: Int32) -> Double? {
            down.withUnsafeBufferPointer { Self.side($0, 3 * (y * (width + 1) + x0), 3 * (y * (width + 1) + x1), count: x1 - x0, outward: outward) }
        }
    }

    /// The photo's box, or `nil` when no rectangle of a photo's size is seen on four sides.
    func box() -> PortraitLocating.Box? {
        let mm = PortraitLocating.pixelsPerMM, r = Self.reach
        guard page.width > 2 * r + 10, page.height > 2 * r + 10 else { return nil }
        let steps = Steps(page)
        var found: [(box: PortraitLocating.Box, score: Double)] = []
        let minimumWidth = Int((widths.lowerBound * mm).rounded()), maximumWidth = Int((widths.upperBound * mm).rounded())
        let shortest = Int((Double(minimumWidth) * Self.tallness.lowerBound).rounded())
        let tallest = Int((Double(maximumWidth) * Self.tallness.upperBound).rounded())
        var seen: [(x: Int, mean: Double)] = []
        for height in stride(from: shortest, through: min(tallest, page.height - 2 * r - 1), by: 3) {
            // the widths that give a photo's proportions at this height, narrowest first
            let photoWidths = stride(from: minimumWidth, through: maximumWidth, by: 3).filter {
                Self.tallness.contains(Double(height) / Double($0))
            }
            // the sides' middle eight tenths: the corners' neighbourhoods are the least certain
            let trim = height / 10
            // the columns that may be a left side this tall (most of a page is plain or broken text)
            let lefts = stride(from: r, to: page.width - minimumWidth - r, by: 2).filter {
                steps.columnMaySee(x: $0, count: height - 2 * trim)
            }
            // every other row and column: a step read `reach` either side catches an edge
            // a pixel or two off the line it is read at
            for y0 in stride(from: r, to: page.height - height - r, by: 2) {
                let y1 = y0 + height
                steps.verticalSides(at: lefts, y0: y0 + trim, y1: y1 - trim, into: &seen)
                for (x0, rightwards) in seen {
                    let left = -rightwards
                    for width in photoWidths {
                        guard x0 + width < page.width - r else { break }
                        let x1 = x0 + width, inset = width / 10
                        guard let right = steps.vertical(x: x1, y0: y0 + trim, y1: y1 - trim, outward: 1), (right > 0) == (left > 0),
                            let top = steps.horizontal(y: y0, x0: x0 + inset, x1: x1 - inset, outward: -1), (top > 0) == (left > 0),
                            let bottom = steps.horizontal(y: y1, x0: x0 + inset, x1: x1 - inset, outward: 1)
                        else { continue }
                        let score = [left, right, top, bottom].reduce(0) { $0 + min(abs($1), 40) }
                        found.append((PortraitLocating.Box(x0: x0, y0: y0, x1: x1, y1: y1), score))
                    }
                }
            }
        }
        found.sort { $0.score > $1.score }
        // best first; a box much like one already found like the page is not checked again
        var rejected: [PortraitLocating.Box] = []
        for candidate in found where !rejected.contains(where: { Self.overlap($0, candidate.box) > 0.7 }) {
            if unlikeThePage(candidate.box) { return candidate.box }
            rejected.append(candidate.box)
            if rejected.count >= Self.checked { break }
        }
        return nil
    }

    /// Intersection over union of two boxes.
    static func overlap(_ a: PortraitLocating.Box, _ b: PortraitLocating.Box) -> Double {
        let w = min(a.x1, b.x1) - max(a.x0, b.x0), h = min(a.y1, b.y1) - max(a.y0, b.y0)
        guard w > 0, h > 0 else { return 0 }
        let both = Double(w * h)
        return both / (Double((a.x1 - a.x0) * (a.y1 - a.y0) + (b.x1 - b.x0) * (b.y1 - b.y0)) - both)
    }

    /// Whether the median grey level inside `box` (a pixel inside its sides) differs from
    /// the median of the page in the millimetre outside its top, left and right sides by
    /// `insideDifference` or more.
    func unlikeThePage(_ box: PortraitLocating.Box) -> Bool {
        let r = Self.reach, band = Int(PortraitLocating.pixelsPerMM)
        var inside = [Int](repeating: 0, count: 256), around = [Int](repeating: 0, count: 256)
        func add(_ histogram: inout [Int], _ xs: Range<Int>, _ ys: Range<Int>) {
            for y in max(0, ys.lowerBound)..<min(page.height, ys.upperBound) {
                for x in max(0, xs.lowerBound)..<min(page.width, xs.upperBound) { histogram[Int(page.pixels[y * page.width + x])] += 1 }
            }
        }
        add(&inside, (box.x0 + r)..<(box.x1 - r), (box.y0 + r)..<(box.y1 - r))
        add(&around, box.x0..<box.x1, (box.y0 - band - r)..<(box.y0 - r))
        add(&around, (box.x0 - band - r)..<(box.x0 - r), box.y0..<box.y1)
        add(&around, (box.x1 + r)..<(box.x1 + r + band), box.y0..<box.y1)
        guard let a = Self.median(inside), let b = Self.median(around) else { return false }
        return abs(a - b) >= Self.insideDifference
    }

    /// The median of a histogram's values, `nil` when it is empty.
    static func median(_ histogram: [Int]) -> Int? {
        let count = histogram.reduce(0, +)
        guard count > 0 else { return nil }
        var seen = 0
        for (value, n) in histogram.enumerated() {
            seen += n
            if seen * 2 >= count { return value }
        }
        return nil
    }
}
