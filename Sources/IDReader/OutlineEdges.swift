import IDCommon
import Imaging

/// The edges of a page or card near an outline the layout predicts: each side is looked
/// for along its normal as the straight line of strongest steps in brightness (the page
/// against what it lies on) that most points across the side agree on.
struct OutlineEdges {
    let image: GrayImage

    /// How far a side is looked for, in pixels: `inward` towards the document's centre,
    /// `outward` away from it; and which of the lines found nearly as well supported as the
    /// best is taken.
    struct Reach: Sendable, Equatable {
        var inward: Double, outward: Double
        var prefer: Preference = .outermost
    }

    /// Of the lines nearly as well supported as the best, the one furthest out (where a
    /// portrait's or a heading's edge inside the page can be stronger than the page's own
    /// against a pale background) or the one furthest in (where only blank page lies
    /// between the zone read and the edge, and the background beyond may be textured).
    enum Preference: Sendable, Equatable {
        case outermost, innermost
    }

    /// `predicted` with each side moved onto the edge found within its reach (top, right,
    /// bottom, left; a side without one is not looked for); `seen` tells which sides were
    /// found.
    func refine(_ predicted: Quadrilateral, reach: [Reach?]) -> (outline: Quadrilateral, seen: [Bool]) {
        let corners = predicted.corners
        var lines: [Line] = []
        var seen: [Bool] = []
        for side in 0..<4 {
            let a = Vector(corners[side]), b = Vector(corners[(side + 1) % 4])
            let found = reach[side].flatMap { edge(from: a, to: b, reach: $0) }
            lines.append(found ?? Line(point: a, direction: b - a))
            seen.append(found != nil)
        }
        // corner k lies where side k-1 (ending at it) meets side k (starting at it)
        var refined: [Point] = []
        for k in 0..<4 {
            refined.append(lines[(k + 3) % 4].meeting(lines[k])?.point ?? corners[k])
        }
        return (Quadrilateral(refined) ?? predicted, seen)
    }

    /// A straight line through `point` along `direction`.
    struct Line {
        var point: Vector, direction: Vector
        func meeting(_ other: Line) -> Vector? {
            let cross = direction.x * other.direction.y - direction.y * other.direction.x
            guard abs(cross) > 1e-9 * direction.length * other.direction.length else { return nil }
            let d = other.point - point
            let t = (d.x * other.direction.y - d.y * other.direction.x) / cross
            return point + direction * t
        }
    }

    /// Whether page, not background, lies between `outline`'s top side and `further`'s (a
    /// line found beyond it): a page's margin above its heading is no darker than the strip
    /// just under the heading's line, whose print can only darken it, while where the first
    /// line was the page's own edge and the further one a stripe of a dark textured
    /// background, the strip between is the background.  Each level is the median over its
    /// strip (the one under the first line 2 mm deep); `nil` when one lies mostly outside
    /// the picture.
    func pageLies(beyondTopOf outline: Quadrilateral, upTo further: Quadrilateral, pixelsPerMM: Double) -> Bool? {
        let first = (Vector(outline.topLeft), Vector(outline.topRight)), beyond = (Vector(further.topLeft), Vector(further.topRight))
        let along = first.1 - first.0
        guard along.length > 8 else { return nil }
        let down = Vector(x: -along.y, y: along.x) * (2 * pixelsPerMM / along.length)
        guard let between = medianLevel(from: first, to: beyond, fractions: 0.25...0.75),
            let under = medianLevel(from: first, to: (first.0 + down, first.1 + down), fractions: 0.25...1)
        else { return nil }
        return between >= under - Self.marginDarkening
    }

    /// Grey levels a page's margin may read darker than the strip under its heading (noise,
    /// light falling off towards the edge); a dark background's strip is tens darker.
    static let marginDarkening = 5.0

    /// The median grey level of the strip from the segment `inner` to the segment `outer`
    /// (each a side's two ends, in the same order), sampled at `fractions` of the way
    /// across, over the middle 80 % of the side; `nil` when fewer than half the samples
    /// lie inside the picture.
    private func medianLevel(from inner: (Vector, Vector), to outer: (Vector, Vector), fractions: ClosedRange<Double>) -> Double? {
        let places = 20, depths = 4
        var levels: [Double] = []
        image.pixels.withUnsafeBufferPointer { p in
            for i in 0..<places {
                let t = 0.1 + 0.8 * Double(i) / Double(places - 1)
                let a = inner.0 + (inner.1 - inner.0) * t, b = outer.0 + (outer.1 - outer.0) * t
                for j in 0..<depths {
                    let f = fractions.lowerBound + (fractions.upperBound - fractions.lowerBound) * Double(j) / Double(depths - 1)
                    let q = a + (b - a) * f
                    guard q.x >= 1, q.y >= 1, q.x < Double(image.width - 1), q.y < Double(image.height - 1) else { continue }
                    levels.append(Double(GrayImage.bilinear(p, image.width, image.height, q.x - 0.5, q.y - 0.5)))
                }
            }
        }
        guard levels.count * 2 >= places * depths else { return nil }
        return levels.sorted()[levels.count / 2]
    }

    /// Places along a side where its edge is looked for (at most 32: one bit each).
    private static let samplesAcross = 24
    /// Brightness steps kept per place: a wide reach crosses more of the document's print.
    private static let stepsPerPlace = 4
    /// A side's step must differ by at least this many grey levels.
    private static let minimumContrast = 4.0

    /// The edge along the side from `a` to `b` (the document on its right as it runs,
    /// corners in reading order), or `nil` when no straight edge is seen.
    private func edge(from a: Vector, to b: Vector, reach: Reach) -> Line? {
        let length = (b - a).length
        guard length > 8 else { return nil }
        let along = (b - a) / length
        let outward = Vector(x: along.y, y: -along.x)
        // candidates per sample position: (the place's index, position along the side,
        // offset along the normal, contrast)
        var candidates: [(place: Int, t: Double, s: Double, contrast: Double)] = []
        var sampled = 0
        for i in 0..<Self.samplesAcross {
            let t = length * (0.08 + 0.84 * Double(i) / Double(Self.samplesAcross - 1))
            let base = a + along * t
            guard let profile = profile(at: base, along: along, outward: outward, reach: reach) else { continue }
            sampled += 1
            for step in Self.strongestSteps(profile) {
                candidates.append((i, t, Double(step.offset) - 0.5 - reach.inward, step.contrast))
            }
        }
        guard sampled >= Self.samplesAcross / 3, candidates.count >= 2 else { return nil }
        // the lines s = α + β·t through two candidates that half the places or more agree
        // with; of those nearly as well supported as the best, the one `reach` prefers (a
        // textured background's steps seldom line up along the whole side)
        let tolerance = max(1.5, length * 0.004)
        let middle = length / 2
        var lines: [(alpha: Double, beta: Double, count: Int)] = []
        for i in candidates.indices {
            for j in candidates.indices where candidates[j].t > candidates[i].t + length * 0.2 {
                let beta = (candidates[j].s - candidates[i].s) / (candidates[j].t - candidates[i].t)
                guard abs(beta) < 0.15 else { continue }  // within ~8.5° of the predicted side
                let alpha = candidates[i].s - beta * candidates[i].t
                // the places agreeing, one bit each (a place's several steps count once)
                var places: UInt32 = 0
                for c in candidates where abs(c.s - (alpha + beta * c.t)) <= tolerance { places |= 1 << c.place }
                if places.nonzeroBitCount * 2 >= sampled { lines.append((alpha, beta, places.nonzeroBitCount)) }
            }
        }
        guard let most = lines.map(\.count).max() else { return nil }
        let supported = lines.filter { $0.count * 4 >= most * 3 }
        let outwardOf = { (line: (alpha: Double, beta: Double, count: Int)) in line.alpha + line.beta * middle }
        let chosen =
            reach.prefer == .outermost
            ? supported.max { outwardOf($0) < outwardOf($1) } : supported.min { outwardOf($0) < outwardOf($1) }
        guard let best = chosen else { return nil }
        // least squares on the agreeing candidates
        let inliers = candidates.filter { abs($0.s - (best.alpha + best.beta * $0.t)) <= tolerance }
        let n = Double(inliers.count)
        let meanT = inliers.map(\.t).reduce(0, +) / n, meanS = inliers.map(\.s).reduce(0, +) / n
        let varT = inliers.map { ($0.t - meanT) * ($0.t - meanT) }.reduce(0, +)
        let beta = varT > 0 ? inliers.map { ($0.t - meanT) * ($0.s - meanS) }.reduce(0, +) / varT : best.beta
        let alpha = meanS - beta * meanT
        let start = a + outward * alpha
        let end = a + along * length + outward * (alpha + beta * length)
        return Line(point: start, direction: end - start)
    }

    /// Grey levels along the normal at `base`, from `reach.inward` inside to
    /// `reach.outward` outside, each the mean of five points along the side, `nil` where
    /// the point is outside the picture (the picture's border is no edge of the document);
    /// `nil` when fewer than eight points lie inside (a wide reach may run far past the
    /// picture's border on a card that fills it).
    private func profile(at base: Vector, along: Vector, outward: Vector, reach: Reach) -> [Double?]? {
        let count = Int(reach.inward + reach.outward) + 1
        guard count >= 8 else { return nil }
        var values: [Double?] = []
        values.reserveCapacity(count)
        let width = Double(image.width), height = Double(image.height)
        image.pixels.withUnsafeBufferPointer { p in
            for k in 0..<count {
                let centre = base + outward * (Double(k) - reach.inward)
                var sum = 0.0
                var within = true
                for spread in [-4.0, -2, 0, 2, 4] {
                    let q = centre + along * spread
                    guard q.x >= 1, q.y >= 1, q.x < width - 1, q.y < height - 1 else {
                        within = false
                        break
                    }
                    sum += Double(GrayImage.bilinear(p, image.width, image.height, q.x - 0.5, q.y - 0.5))
                }
                values.append(within ? sum / 5 : nil)
            }
        }
        return values.compactMap { $0 }.count >= 8 ? values : nil
    }

    /// The `stepsPerPlace` strongest steps of a profile: offsets where the mean of the three values
    /// before differs most from the mean of the three after (local maxima only, all six
    /// inside the picture).
    private static func strongestSteps(_ profile: [Double?]) -> [(offset: Int, contrast: Double)] {
        let w = 3
        guard profile.count > 2 * w + 2 else { return [] }
        var contrast = [Double](repeating: 0, count: profile.count)
        for k in w..<(profile.count - w) {
            var before = 0.0, after = 0.0
            var within = true
            for j in 0..<w {
                guard let b = profile[k - 1 - j], let a = profile[k + j] else {
                    within = false
                    break
                }
                before += b
                after += a
            }
            if within { contrast[k] = abs(before - after) / Double(w) }
        }
        var peaks: [(offset: Int, contrast: Double)] = []
        for k in 1..<(profile.count - 1) where contrast[k] >= minimumContrast && contrast[k] >= contrast[k - 1] && contrast[k] > contrast[k + 1] {
            peaks.append((k, contrast[k]))
        }
        return Array(peaks.sorted { $0.contrast > $1.contrast }.prefix(stepsPerPlace))
    }
}
