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
    /// horizontal sides), so that any side's evidence costs four look-ups.
    private struct Steps {
        let width: Int, height: Int
        /// Column sums, `(height + 1) * width`: entry `y * width + x` sums rows `0..<y`.
        var across: [Int32], acrossUp: [Int32], acrossDown: [Int32]
        /// Row sums, `height * (width + 1)`: entry `y * (width + 1) + x` sums columns `0..<x`.
        var down: [Int32], downUp: [Int32], downDown: [Int32]

        init(_ page: GrayImage) {
            width = page.width; height = page.height
            let r = PortraitFrameSearch.reach, t = PortraitFrameSearch.placeStep
            let pixels = page.pixels.map { Int32($0) }
            across = [Int32](repeating: 0, count: (height + 1) * width)
            acrossUp = across; acrossDown = across
            down = [Int32](repeating: 0, count: height * (width + 1))
            downUp = down; downDown = down
            for y in 0..<height {
                for x in 0..<width {
                    // the step rightwards at (x, y) and downwards, 0 within `reach` of the border
                    let h = x >= r && x + r < width ? pixels[y * width + x + r] - pixels[y * width + x - r] : 0
                    let v = y >= r && y + r < height ? pixels[(y + r) * width + x] - pixels[(y - r) * width + x] : 0
                    let a = y * width + x, b = (y + 1) * width + x
                    across[b] = across[a] + h
                    acrossUp[b] = acrossUp[a] + (h >= t ? 1 : 0)
                    acrossDown[b] = acrossDown[a] + (h <= -t ? 1 : 0)
                    let c = y * (width + 1) + x, d = c + 1
                    down[d] = down[c] + v
                    downUp[d] = downUp[c] + (v >= t ? 1 : 0)
                    downDown[d] = downDown[c] + (v <= -t ? 1 : 0)
                }
            }
        }

        /// The evidence for a side: its mean step outward (positive: the page outside is
        /// brighter), or `nil` when the side is not seen.  `outward` is +1 when outward is
        /// rightwards or downwards.
        func side(sum: Int32, up: Int32, down: Int32, count: Int, outward: Int32) -> Double? {
            let mean = Double(outward * sum) / Double(count)
            guard abs(mean) >= PortraitFrameSearch.sideStep else { return nil }
            // places stepping the way the mean does
            let agreeing = (mean > 0) == (outward > 0) ? up : down
            return Double(agreeing) >= PortraitFrameSearch.coverage * Double(count) ? mean : nil
        }

        /// The vertical side at column `x`, rows `y0..<y1`.
        func vertical(x: Int, y0: Int, y1: Int, outward: Int32) -> Double? {
            let a = y0 * width + x, b = y1 * width + x
            return side(sum: across[b] - across[a], up: acrossUp[b] - acrossUp[a], down: acrossDown[b] - acrossDown[a], count: y1 - y0, outward: outward)
        }

        /// The horizontal side at row `y`, columns `x0..<x1`.
        func horizontal(y: Int, x0: Int, x1: Int, outward: Int32) -> Double? {
            let a = y * (width + 1) + x0, b = y * (width + 1) + x1
            return side(sum: down[b] - down[a], up: downUp[b] - downUp[a], down: downDown[b] - downDown[a], count: x1 - x0, outward: outward)
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
        // the sides' middle eight tenths: the corners' neighbourhoods are the least certain
        for height in stride(from: shortest, through: min(tallest, page.height - 2 * r - 1), by: 3) {
            let trim = height / 10
            // every other row and column: a step read `reach` either side catches an edge
            // a pixel or two off the line it is read at
            for y0 in stride(from: r, to: page.height - height - r, by: 2) {
                let y1 = y0 + height
                for x0 in stride(from: r, to: page.width - minimumWidth - r, by: 2) {
                    guard let left = steps.vertical(x: x0, y0: y0 + trim, y1: y1 - trim, outward: -1) else { continue }
                    for width in stride(from: minimumWidth, through: maximumWidth, by: 3) {
                        let tall = Double(height) / Double(width)
                        guard Self.tallness.contains(tall), x0 + width < page.width - r else { continue }
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
