import IDCommon
import Imaging

/// Moves a symbol's top or bottom edge to where the picture changes most from outside
/// to inside along the whole width: the symbol's first (or last) row against the quiet
/// zone.
///
/// The ends of the two wide bars (`BarEnds`) place the edge well on most photos, but glare
/// on a bar, or a smudge beside it, can stop one end rows early, which turns the edge;
/// every column of the edge sees the boundary, so it is the stronger cue once the ends
/// are near.
struct EdgeRefinement {
    let image: GrayImage
    let left: EdgeLine, right: EdgeLine
    let module: Double

    /// How far (modules) from the bar ends the edge is looked for.
    static let reach = 24.0

    /// The top and bottom edges (each as its ends' `y` on the left and right lines), each
    /// refined from the given ends.  A photo's perspective makes one side at most some 20 %
    /// longer than the other, and turns the top and bottom edges by some degrees from
    /// square to the sides: when the edges found do not agree so, one of them is moved to
    /// the best edge that does (searched from where it would make the sides equal),
    /// whichever pair then scores higher.
    func refinedEdges(
        top: (left: Double, right: Double), bottom: (left: Double, right: Double)
    ) -> (top: (left: Double, right: Double), bottom: (left: Double, right: Double)) {
        let t = refined(start: top, inward: 1), b = refined(start: bottom, inward: -1)
        guard !plausible(t, b) else { return (t, b) }
        let bottoms = [b, (b.left, t.right + b.left - t.left), (t.left + b.right - t.right, b.right)].map { start in
            refined(start: start, inward: -1) { plausible(t, ($0, $1)) }
        }
        let tops = [t, (b.left - (b.right - t.right), t.right), (t.left, b.right - (b.left - t.left))].map { start in
            refined(start: start, inward: 1) { plausible(($0, $1), b) }
        }
        let newBottom = bottoms.max { score($0, inward: -1) < score($1, inward: -1) } ?? b
        let newTop = tops.max { score($0, inward: 1) < score($1, inward: 1) } ?? t
        let keepTop = score(t, inward: 1) + score(newBottom, inward: -1), keepBottom = score(newTop, inward: 1) + score(b, inward: -1)
        return keepTop >= keepBottom ? (t, newBottom) : (newTop, b)
    }

    /// Whether the sides between these edges differ in length by less than 20 % and both
    /// edges are within 0.15 (slope) of square to the sides.
    func plausible(_ top: (left: Double, right: Double), _ bottom: (left: Double, right: Double)) -> Bool {
        let leftLength = (bottom.left - top.left) * (1 + left.slope * left.slope).squareRoot()
        let rightLength = (bottom.right - top.right) * (1 + right.slope * right.slope).squareRoot()
        guard leftLength > 2 * module, rightLength > 2 * module, leftLength / rightLength < 1.2, rightLength / leftLength < 1.2 else { return false }
        let square = -(left.slope + right.slope) / 2
        return [top, bottom].allSatisfy { ends in
            let run = right.x(at: ends.right) - left.x(at: ends.left)
            return run > 0 && abs((ends.right - ends.left) / run - square) < 0.15
        }
    }

    /// The edge's ends on the left and right lines (their `y`), the best within `reach`
    /// modules of `start` among those `allowed`: `inward` is +1 for the top edge (the
    /// symbol is below), -1 for the bottom one.  `start` itself when nothing scores better.
    func refined(
        start: (left: Double, right: Double), inward: Double, allowed: (Double, Double) -> Bool = { _, _ in true }
    ) -> (left: Double, right: Double) {
        guard module > 0 else { return start }
        var best = (score: allowed(start.left, start.right) ? score(start, inward: inward) : -.infinity, left: start.left, right: start.right)
        // coarse, then fine around the coarse best
        for (step, span) in [(2 * module, Self.reach * module), (module / 2, 2 * module)] {
            let centre = (best.left, best.right)
            for dl in stride(from: -span, through: span, by: step) {
                for dr in stride(from: -span, through: span, by: step) where allowed(centre.0 + dl, centre.1 + dr) {
                    let s = score((centre.0 + dl, centre.1 + dr), inward: inward)
                    if s > best.score { best = (s, centre.0 + dl, centre.1 + dr) }
                }
            }
        }
        return (best.left, best.right)
    }

    /// How much lighter the picture is just outside the edge between `ends` (on the left
    /// and right lines) than just inside it, per sample.
    func score(_ ends: (left: Double, right: Double), inward: Double) -> Double {
        // along the side lines, towards the symbol's inside
        let slope = (left.slope + right.slope) / 2, norm = (1 + slope * slope).squareRoot()
        return score(ends.left, ends.right, (x: slope / norm * inward, y: 1 / norm * inward))
    }

    /// The same from (left line at `yLeft`)
    /// to (right line at `yRight`) than just inside it, per sample.
    func score(_ yLeft: Double, _ yRight: Double, _ down: (x: Double, y: Double)) -> Double {
        let a = Point(x: left.x(at: yLeft), y: yLeft), b = Point(x: right.x(at: yRight), y: yRight)
        let samples = 96
        var sum = 0, count = 0
        for i in 0..<samples {
            let t = (Double(i) + 0.5) / Double(samples)
            let x = a.x + t * (b.x - a.x), y = a.y + t * (b.y - a.y)
            for k in [0.75, 1.5, 2.25] {
                guard let inside = grey(x + k * module * down.x, y + k * module * down.y),
                    let outside = grey(x - k * module * down.x, y - k * module * down.y)
                else { continue }
                sum += outside - inside; count += 1
            }
        }
        // an edge that leaves the picture for the most part is not a better one
        return count > samples ? Double(sum) / Double(count) : -.infinity
    }

    private func grey(_ x: Double, _ y: Double) -> Int? {
        guard x >= 0, y >= 0, x < Double(image.width), y < Double(image.height) else { return nil }
        return Int(image.pixels[Int(y) * image.width + Int(x)])
    }
}
