import Foundation
import IDCommon
import Imaging

/// What an MRZ-like band the search read without a valid MRZ shows, measured on its own
/// lines (never on the rest of the picture): the glyph height, whether it runs off the
/// picture, how much of it glare washes out, how wide its glyphs' edges are.
struct BandMeasures: Equatable {
    /// Median line height in input pixels (the lines' glyph outlines).
    var glyphHeight: Double
    /// A line's end comes within a glyph height of the picture's edge, or past it.
    var runsOff: Bool
    /// Share of the lines' glyph-sized cells that are bright and hold no ink contrast.
    var glare: Double
    /// Width of the glyphs' edges (contrast over the steepest steps along the lines), in
    /// glyph heights: about 0.1 when sharp, growing with blur.
    var edgeWidth: Double
    /// The paper's level between the glyphs (the 90th percentile of the lines' pixels).
    var paper: Double
    /// Every line ends, at an end inside the picture, where the page is whitened (brighter
    /// than the lines' paper, near saturation): the line goes on under glare.
    var endsInGlare: Bool
    /// The least distance between adjacent lines' middles, across the first line, in
    /// their mean height: an MRZ's lines stand apart on paper, a PDF417's rows abut (about
    /// 1); infinite for a single line.
    var closestLinePitch: Double

    /// Cells of a line per glyph height along it, and samples across and along each cell.
    static let samplesPerCell = 8

    /// The measures of the band whose lines are `lines` (outlines in input pixels, as the
    /// line reads); `nil` for a band without a measurable line.
    init?(lines: [Quadrilateral], in image: GrayImage) {
        let heights = lines.map(Self.height).filter { $0 >= 1 }.sorted()
        guard !heights.isEmpty, image.width > 2, image.height > 2 else { return nil }
        glyphHeight = heights[heights.count / 2]
        runsOff = lines.contains { Self.runsOff($0, image: image, margin: heights[heights.count / 2]) }
        let cells = lines.flatMap { Self.cells(of: $0, in: image) }
        let all = cells.flatMap { $0 }.sorted()
        guard all.count >= 16 else { return nil }
        let contrast = Double(all[all.count * 95 / 100]) - Double(all[all.count / 20])
        paper = Double(all[all.count * 9 / 10])
        glare = Self.washedShare(cells, contrast: contrast, paper: paper)
        edgeWidth = Self.edgeWidth(lines, in: image, contrast: contrast) / glyphHeight
        let whitened = max(245, paper + 10)
        endsInGlare = lines.allSatisfy { line in
            Self.beyondEnds(of: line, in: image).contains { levels in
                levels.count >= 8 && Double(levels.filter { Double($0) >= whitened }.count) >= 0.6 * Double(levels.count)
            }
        }
        closestLinePitch = zip(lines, lines.dropFirst()).map { Self.pitch(from: $0, to: $1) }.min() ?? .infinity
    }

    /// How far apart two lines stand, middle to middle across `a`'s direction, in their
    /// mean height.
    static func pitch(from a: Quadrilateral, to b: Quadrilateral) -> Double {
        let along = Point(x: a.topRight.x - a.topLeft.x, y: a.topRight.y - a.topLeft.y)
        let length = hypot(along.x, along.y), meanHeight = (height(a) + height(b)) / 2
        guard length > 0, meanHeight > 0 else { return 0 }
        let (p, q) = (point(a, u: 0.5, v: 0.5), point(b, u: 0.5, v: 0.5))
        return abs((q.x - p.x) * -along.y + (q.y - p.y) * along.x) / length / meanHeight
    }

    /// The levels along the line's midline and beside it from 0.7 to 2.5 line heights
    /// past each of its ends that lies inside the picture (an end at the edge gives none).
    static func beyondEnds(of q: Quadrilateral, in image: GrayImage) -> [[UInt8]] {
        let h = height(q)
        let length = hypot(q.topRight.x - q.topLeft.x, q.topRight.y - q.topLeft.y)
        guard h >= 1, length > h else { return [] }
        var ends: [[UInt8]] = []
        image.pixels.withUnsafeBufferPointer { p in
            for (u0, direction) in [(1.0, 1.0), (0.0, -1.0)] {
                var levels: [UInt8] = []
                var t = 0.7
                while t <= 2.5 {
                    for v in [0.3, 0.5, 0.7] {
                        let s = point(q, u: u0 + direction * t * h / length, v: v)
                        let x = Int(s.x), y = Int(s.y)
                        if x >= 0, y >= 0, x < image.width, y < image.height { levels.append(p[y * image.width + x]) }
                    }
                    t += 0.2
                }
                if levels.count >= 8 { ends.append(levels) }
            }
        }
        return ends
    }

    /// A quadrilateral's height: the mean of its left and right sides.
    static func height(_ q: Quadrilateral) -> Double {
        (hypot(q.bottomLeft.x - q.topLeft.x, q.bottomLeft.y - q.topLeft.y) + hypot(q.bottomRight.x - q.topRight.x, q.bottomRight.y - q.topRight.y)) / 2
    }

    /// The point at `u` along and `v` across `q` (0–1 each).
    static func point(_ q: Quadrilateral, u: Double, v: Double) -> Point {
        let top = Point(x: q.topLeft.x + (q.topRight.x - q.topLeft.x) * u, y: q.topLeft.y + (q.topRight.y - q.topLeft.y) * u)
        let bottom = Point(x: q.bottomLeft.x + (q.bottomRight.x - q.bottomLeft.x) * u, y: q.bottomLeft.y + (q.bottomRight.y - q.bottomLeft.y) * u)
        return Point(x: top.x + (bottom.x - top.x) * v, y: top.y + (bottom.y - top.y) * v)
    }

    /// Whether either end of the line (its midpoints left and right) lies within `margin`
    /// of the picture's edge or outside it.
    static func runsOff(_ q: Quadrilateral, image: GrayImage, margin: Double) -> Bool {
        [point(q, u: 0, v: 0.5), point(q, u: 1, v: 0.5)].contains { p in
            p.x < margin || p.y < margin || p.x > Double(image.width - 1) - margin || p.y > Double(image.height - 1) - margin
        }
    }

    /// The line cut into cells about a glyph height long, each as its samples (those
    /// inside the picture).
    static func cells(of q: Quadrilateral, in image: GrayImage) -> [[UInt8]] {
        let length =
            (hypot(q.topRight.x - q.topLeft.x, q.topRight.y - q.topLeft.y) + hypot(q.bottomRight.x - q.bottomLeft.x, q.bottomRight.y - q.bottomLeft.y)) / 2
        let count = min(200, max(1, Int((length / max(1, height(q))).rounded())))
        let n = samplesPerCell
        return image.pixels.withUnsafeBufferPointer { p in
            (0..<count).map { cell in
                var samples: [UInt8] = []
                for i in 0..<n {
                    for j in 0..<n {
                        let u = (Double(cell) + (Double(i) + 0.5) / Double(n)) / Double(count), v = (Double(j) + 0.5) / Double(n)
                        let s = point(q, u: u, v: v)
                        let x = Int(s.x), y = Int(s.y)
                        if x >= 0, y >= 0, x < image.width, y < image.height { samples.append(p[y * image.width + x]) }
                    }
                }
                return samples
            }
        }
    }

    /// The share of cells washed out: as bright as the band's paper at their middle level
    /// (a glyph's cell is mostly paper, but glare lifts its ink too) and with under 45 % of
    /// the band's contrast left, where a glyph's strokes should be.
    static func washedShare(_ cells: [[UInt8]], contrast: Double, paper: Double) -> Double {
        let measured = cells.filter { $0.count >= 8 }
        guard !measured.isEmpty else { return 0 }
        let washed = measured.filter { cell in
            let s = cell.sorted()
            let spread = Double(s[s.count * 9 / 10]) - Double(s[s.count / 10])
            return Double(s[s.count / 2]) >= paper - 5 && spread < 0.45 * max(contrast, 1)
        }
        return Double(washed.count) / Double(measured.count)
    }

    /// The width in pixels over which the glyphs' edges rise: the band's contrast over the
    /// steepest steps (90th percentile) between neighbouring pixels along the lines.
    static func edgeWidth(_ lines: [Quadrilateral], in image: GrayImage, contrast: Double) -> Double {
        var steps: [Double] = []
        image.pixels.withUnsafeBufferPointer { p in
            for q in lines {
                let length = hypot(q.topRight.x - q.topLeft.x, q.topRight.y - q.topLeft.y)
                let count = min(4000, Int(length))
                guard count > 2 else { continue }
                for v in [0.35, 0.5, 0.65] {
                    var previous: Int?
                    for i in 0..<count {
                        let s = point(q, u: Double(i) / Double(count), v: v)
                        let x = Int(s.x), y = Int(s.y)
                        guard x >= 0, y >= 0, x < image.width, y < image.height else {
                            previous = nil
                            continue
                        }
                        let value = Int(p[y * image.width + x])
                        if let previous { steps.append(Double(abs(value - previous))) }
                        previous = value
                    }
                }
            }
        }
        guard !steps.isEmpty else { return .infinity }
        steps.sort()
        let steep = steps[steps.count * 9 / 10]
        return steep > 0 ? contrast / steep : .infinity
    }
}
