import Foundation
import IDCommon
import Imaging

/// A unit direction in image pixels (y down).
struct Direction: Equatable {
    let x: Double, y: Double

    /// `(x, y)` made unit length; `nil` for a zero vector.
    init?(_ x: Double, _ y: Double) {
        let length = (x * x + y * y).squareRoot()
        guard length > 1e-9 else { return nil }
        self.x = x / length
        self.y = y / length
    }

    /// A quarter turn clockwise on screen (y down): the side a line's next line is on.
    var normal: Direction { Direction(unchecked: -y, x) }
    var reversed: Direction { Direction(unchecked: -x, -y) }

    func dot(_ p: Point) -> Double { x * p.x + y * p.y }
    /// |sin| of the angle between two directions.
    func sine(to other: Direction) -> Double { abs(x * other.y - y * other.x) }

    private init(unchecked x: Double, _ y: Double) {
        self.x = x
        self.y = y
    }
}

/// One dark component of the picture, a possible glyph (or several touching glyphs, as a
/// run of `<` often prints at low resolution).
struct GlyphBlob {
    let box: PixelBox
    let centre: Point

    init(_ box: PixelBox) {
        self.box = box
        centre = Point(x: Double(box.x) + Double(box.width) / 2, y: Double(box.y) + Double(box.height) / 2)
    }

    /// The box's longer side: a glyph's size at any rotation (within √2).
    var size: Double { Double(max(box.width, box.height)) }

    /// Length of the box projected on `direction`.
    func extent(along direction: Direction) -> Double {
        Double(box.width) * abs(direction.x) + Double(box.height) * abs(direction.y)
    }
}

/// Glyphs of one height at one pitch along a straight line, in any direction: an MRZ line
/// candidate.  Found without deskewing or turning the picture (`GlyphChains.lines`).
struct GlyphChain {
    /// Indices into the blobs, in order along `direction`.
    var members: [Int]
    /// Along the line (either way; the reading settles which).
    var direction: Direction
    /// `direction.normal · p` of the points on the fitted line.
    var offset: Double
    /// Distance between neighbouring glyph centres.
    var pitch: Double
    /// Height of the line's full-size glyphs (letters and digits; `<` is lower).
    var glyphHeight: Double
    /// `direction · p` where the first member's box starts and the last one's ends.
    var start: Double, end: Double

    /// How many glyphs the line spans at its pitch.
    var glyphCount: Double { (end - start) / max(pitch, 1) }

    /// Whether `other` runs parallel to this chain (the sine between their directions,
    /// either way round, under `sine`) with glyphs of its height and pitch (the smaller
    /// over `height` and `pitch` of the larger): pieces of one line, or lines of one band.
    func isAlike(_ other: GlyphChain, sine: Double, height: Double, pitch: Double) -> Bool {
        direction.sine(to: other.direction) < sine
            && min(glyphHeight, other.glyphHeight) > height * max(glyphHeight, other.glyphHeight)
            && min(self.pitch, other.pitch) > pitch * max(self.pitch, other.pitch)
    }

    /// The point of the fitted line at `along` (`direction · p`).
    func point(at along: Double) -> Point {
        let n = direction.normal
        return Point(x: direction.x * along + n.x * offset, y: direction.y * along + n.y * offset)
    }
}

/// Chains glyph-like components into straight, evenly pitched lines at any angle (the
/// first stage of the MRZ search).  Each blob belongs to one chain at most.
struct GlyphChains {
    let blobs: [GlyphBlob]
    private let grid: BlobGrid

    init(blobs: [GlyphBlob]) {
        self.blobs = blobs
        grid = BlobGrid(blobs)
    }

    /// The chains of at least `minimumGlyphs` glyphs (by their extent and pitch).
    func lines(minimumGlyphs: Double) -> [GlyphChain] {
        var used = [Bool](repeating: false, count: blobs.count)
        var chains: [GlyphChain] = []
        // largest first: letters and digits seed lines better than `<` or specks
        for seed in blobs.indices.sorted(by: { blobs[$0].size > blobs[$1].size }) where !used[seed] {
            guard let partner = nearestPartner(of: seed, used: used), let chain = grow(seed, partner, used: used) else { continue }
            // a short chain may run across lines (seeded by a neighbour above); its glyphs
            // stay free for the chain along their line
            guard chain.members.count >= 6 else { continue }
            for m in chain.members { used[m] = true }
            chains.append(chain)
        }
        return joined(chains).filter { $0.glyphCount >= minimumGlyphs }
    }

    /// Pieces of one line made one chain: a guilloche or stamp over part of a line joins
    /// its glyphs there to the background, and the chaining, which bridges a missing glyph
    /// at most, stops on both sides of it (a Qatari passport's names line in pieces of 26
    /// glyphs and fewer, which straightened the band by its short first piece; a faint
    /// visa's line in pieces of 19 and 9).  Two chains are pieces of one line when they are parallel, on one line
    /// (within a fifth of their glyph height), of one height and pitch, and the gap between
    /// them is at most `maximumGap` pitches.
    func joined(_ pieces: [GlyphChain], maximumGap: Double = 12) -> [GlyphChain] {
        var chains = pieces
        var merged = true
        while merged {
            merged = false
            search: for i in chains.indices {
                for j in chains.indices where j != i {
                    guard let joined = join(chains[i], chains[j], maximumGap: maximumGap) else { continue }
                    chains[i] = joined
                    chains.remove(at: j)
                    merged = true
                    break search
                }
            }
        }
        return chains
    }

    /// `a` and `b` as one chain when `b` continues `a`'s line after its end (see `joined`).
    private func join(_ a: GlyphChain, _ b: GlyphChain, maximumGap: Double) -> GlyphChain? {
        guard a.isAlike(b, sine: 0.03, height: 0.8, pitch: 0.85) else { return nil }
        let u = a.direction, n = u.normal
        let h = max(a.glyphHeight, b.glyphHeight), pitch = max(a.pitch, b.pitch)
        let bPoints = b.members.map { blobs[$0].centre }
        // every one of `b`'s glyphs on `a`'s line, all of them after `a`'s end
        guard bPoints.allSatisfy({ abs(n.dot($0) - a.offset) < 0.2 * h }) else { return nil }
        let along = bPoints.map { u.dot($0) }
        guard let first = along.min(), first > a.end, first - a.end < maximumGap * pitch else { return nil }
        let order = zip(b.members, along).sorted { $0.1 < $1.1 }.map(\.0)
        var chain = a
        chain.members += order
        refit(&chain)
        return chain
    }

    /// The nearest blob of about the same size, at a glyph pitch's distance.
    private func nearestPartner(of index: Int, used: [Bool]) -> Int? {
        let a = blobs[index]
        var best: (index: Int, distance: Double)? = nil
        for j in grid.near(a.centre, radius: 2 * a.size) where j != index && !used[j] {
            let b = blobs[j]
            let ratio = b.size / a.size
            guard ratio > 0.55, ratio < 1.8 else { continue }
            let d = hypot(b.centre.x - a.centre.x, b.centre.y - a.centre.y)
            guard d > 0.45 * a.size, d < 1.8 * max(a.size, b.size) else { continue }
            if best.map({ d < $0.distance }) ?? true { best = (j, d) }
        }
        return best?.index
    }

    /// The chain through `a` and `b`, grown at both ends.
    private func grow(_ a: Int, _ b: Int, used: [Bool]) -> GlyphChain? {
        let pa = blobs[a].centre, pb = blobs[b].centre
        guard let direction = Direction(pb.x - pa.x, pb.y - pa.y) else { return nil }
        var chain = GlyphChain(
            members: [a, b], direction: direction, offset: 0, pitch: hypot(pb.x - pa.x, pb.y - pa.y),
            glyphHeight: max(blobs[a].size, blobs[b].size), start: 0, end: 0)
        refit(&chain)
        var inChain = Set([a, b])
        for forward in [true, false] {
            while let next = nextBlob(after: chain, forward: forward, excluding: inChain, used: used) {
                if forward { chain.members.append(next) } else { chain.members.insert(next, at: 0) }
                inChain.insert(next)
                refit(&chain)
                if chain.members.count > 120 { break }
            }
        }
        return chain
    }

    /// The blob that continues the chain at one end: on its line, about one glyph gap
    /// beyond the last box, not much taller than its glyphs.
    private func nextBlob(after chain: GlyphChain, forward: Bool, excluding: Set<Int>, used: [Bool]) -> Int? {
        let u = chain.direction, n = u.normal
        let endIndex = forward ? chain.members.last! : chain.members.first!
        let end = blobs[endIndex]
        let sign = forward ? 1.0 : -1.0
        let edge = sign * u.dot(end.centre) + alongExtent(end, chain) / 2
        let probe = Point(x: end.centre.x + sign * u.x * chain.pitch, y: end.centre.y + sign * u.y * chain.pitch)
        var best: (index: Int, gap: Double)? = nil
        for j in grid.near(probe, radius: 2.2 * chain.pitch) where !excluding.contains(j) && !used[j] {
            let blob = blobs[j]
            guard abs(n.dot(blob.centre) - chain.offset) < 0.3 * chain.glyphHeight else { continue }
            let across = Self.uprightExtent(blob.extent(along: n), other: blob.extent(along: u), direction: u)
            guard across < 1.45 * chain.glyphHeight, across > 0.3 * chain.glyphHeight else { continue }
            let gap = (sign * u.dot(blob.centre) - alongExtent(blob, chain) / 2) - edge
            guard gap > -0.3 * chain.pitch, gap < 1.25 * chain.pitch else { continue }
            if best.map({ gap < $0.gap }) ?? true { best = (j, gap) }
        }
        return best?.index
    }

    /// A glyph's width along `chain`: its box's extent along a line at angle θ overstates
    /// it by about the glyph's height × |sin 2θ| (the box of a turned rectangle).
    func alongExtent(_ blob: GlyphBlob, _ chain: GlyphChain) -> Double {
        let u = chain.direction
        return max(0.15 * chain.glyphHeight, blob.extent(along: u) - chain.glyphHeight * 2 * abs(u.x * u.y))
    }

    /// A glyph box's extent across a line at angle θ overstates the glyph's height by
    /// about its width × |sin 2θ| (the box of a turned rectangle); glyphs are ~0.65 of
    /// their height wide.
    static func uprightExtent(_ extent: Double, other: Double, direction: Direction) -> Double {
        let sin2 = 2 * abs(direction.x * direction.y)
        return extent / (1 + 0.65 * sin2)
    }

    /// Direction and offset by least squares through the centres (principal axis), pitch
    /// from the neighbouring single glyphs, height from the tall members, and the extent.
    private func refit(_ chain: inout GlyphChain) {
        let points = chain.members.map { blobs[$0].centre }
        let count = Double(points.count)
        let mx = points.map(\.x).reduce(0, +) / count, my = points.map(\.y).reduce(0, +) / count
        if points.count >= 3 {
            var sxx = 0.0, sxy = 0.0, syy = 0.0
            for p in points {
                sxx += (p.x - mx) * (p.x - mx)
                sxy += (p.x - mx) * (p.y - my)
                syy += (p.y - my) * (p.y - my)
            }
            let angle = 0.5 * atan2(2 * sxy, sxx - syy)
            if let fitted = Direction(cos(angle), sin(angle)) {
                // keep the growing direction's sense
                chain.direction = fitted.x * chain.direction.x + fitted.y * chain.direction.y < 0 ? fitted.reversed : fitted
            }
        }
        let u = chain.direction, n = u.normal
        chain.offset = n.dot(Point(x: mx, y: my))
        let heights = chain.members.map { Self.uprightExtent(blobs[$0].extent(along: n), other: blobs[$0].extent(along: u), direction: u) }.sorted()
        chain.glyphHeight = heights[min(heights.count - 1, heights.count * 4 / 5)]
        let alongs = chain.members.map { (centre: u.dot(blobs[$0].centre), extent: alongExtent(blobs[$0], chain)) }
        var steps: [Double] = []
        for (p, q) in zip(alongs, alongs.dropFirst()) where p.extent < chain.glyphHeight * 1.2 && q.extent < chain.glyphHeight * 1.2 {
            steps.append(abs(q.centre - p.centre))
        }
        if !steps.isEmpty {
            steps.sort()
            // (glyphs stacked at one place along the line make no pitch)
            if steps[steps.count / 2] >= 1 { chain.pitch = steps[steps.count / 2] }
        }
        let first = alongs.first!, last = alongs.last!
        chain.start = min(first.centre - first.extent / 2, last.centre - last.extent / 2)
        chain.end = max(first.centre + first.extent / 2, last.centre + last.extent / 2)
    }
}

/// Blobs bucketed by their centres for neighbourhood queries.
private struct BlobGrid {
    let cell: Double
    let columns: Int, rows: Int
    var buckets: [[Int]]
    let centres: [Point]

    init(_ blobs: [GlyphBlob]) {
        centres = blobs.map(\.centre)
        let sizes = blobs.map(\.size).sorted()
        cell = max(8, sizes.isEmpty ? 8 : sizes[sizes.count / 2] * 2)
        let maxX = centres.map(\.x).max() ?? 0, maxY = centres.map(\.y).max() ?? 0
        columns = Int(maxX / cell) + 1
        rows = Int(maxY / cell) + 1
        buckets = Array(repeating: [], count: columns * rows)
        for (i, c) in centres.enumerated() { buckets[Int(c.y / cell) * columns + Int(c.x / cell)].append(i) }
    }

    /// Indices of the blobs whose centre is within `radius` of `p` (a square around it).
    func near(_ p: Point, radius: Double) -> [Int] {
        let x0 = max(0, Int((p.x - radius) / cell)), x1 = min(columns - 1, Int((p.x + radius) / cell))
        let y0 = max(0, Int((p.y - radius) / cell)), y1 = min(rows - 1, Int((p.y + radius) / cell))
        guard x0 <= x1, y0 <= y1 else { return [] }
        var out: [Int] = []
        for row in y0...y1 {
            for column in x0...x1 {
                for i in buckets[row * columns + column] where abs(centres[i].x - p.x) <= radius && abs(centres[i].y - p.y) <= radius {
                    out.append(i)
                }
            }
        }
        return out
    }
}
