import Foundation
import IDCommon
import Imaging
import MRZ

/// An MRZ band cut out of the picture and straightened: its lines run left to right,
/// upright, one under the other, whatever the angle and perspective they had.
struct RectifiedBand {
    /// The band and a border of the picture around it.
    let image: GrayImage
    /// Each line's box in `image` (the glyphs' height).
    let lines: [PixelBox]
    /// Each line's quadrilateral in input pixels, corners in the line's reading order.
    let quadrilaterals: [Quadrilateral]
    /// Each line's glyphs' outline in input pixels (`quadrilaterals` may reach past a
    /// line's end to where the band's longest line ends), for reporting where it lies.
    let outlines: [Quadrilateral]
    /// Glyph height in input pixels.
    let inputGlyphHeight: Double

    /// The same band turned half round (the chains do not know which way the text reads).
    var halfTurned: RectifiedBand {
        let turned = image.rotatedOrthogonally(2)
        return RectifiedBand(
            image: turned,
            lines: lines.reversed().map {
                PixelBox(x: image.width - $0.x - $0.width, y: image.height - $0.y - $0.height, width: $0.width, height: $0.height)
            },
            quadrilaterals: quadrilaterals.reversed().map(Self.halfTurned),
            outlines: outlines.reversed().map(Self.halfTurned),
            inputGlyphHeight: inputGlyphHeight)
    }

    /// A line's quadrilateral read the other way round.
    private static func halfTurned(_ q: Quadrilateral) -> Quadrilateral {
        Quadrilateral(topLeft: q.bottomRight, topRight: q.bottomLeft, bottomRight: q.topLeft, bottomLeft: q.topRight)
    }
}

/// MRZ bands from glyph chains: 2 or 3 parallel chains of one glyph height and pitch, of
/// MRZ line lengths, evenly stacked; each rectified on its own by the homography its
/// corners give.  Finds lines at any angle, in perspective, and at any scale the working
/// copy keeps glyphs of 6 px or more.
struct ChainBandFinder {
    let input: GrayImage
    /// Working-copy pixels per input pixel.
    let scale: Double
    let chains: [GlyphChain]
    /// Chains of `partialGlyphs` up to an MRZ line's glyphs: a line glare cut in the
    /// middle or at an end (`halfChainedGroups`).
    let partialChains: [GlyphChain]
    /// How many blobs lie on either side of each chain (for which way the text reads).
    private let blobs: [GlyphBlob]
    /// The blobs' boxes (for diagnostics).
    var blobBoxes: [PixelBox] { blobs.map(\.box) }

    /// Longest side of the working copy: a phone photo's MRZ glyphs keep ≥ 6 px; smaller
    /// pictures are enlarged to it (the binarisation separates small glyphs better).
    static let workingSize = 1600.0

    /// The input reduced (or, when small, enlarged up to 2×) to `workingSize`, and the scale.
    static func workingCopy(of input: GrayImage) -> (image: GrayImage, scale: Double) {
        StepProfile.measure(.workingCopy) { uncountedWorkingCopy(of: input) }
    }

    private static func uncountedWorkingCopy(of input: GrayImage) -> (image: GrayImage, scale: Double) {
        let longest = Double(max(input.width, input.height))
        let scale = min(2, workingSize / max(longest, 1))
        return (abs(scale - 1) < 0.05 ? input : input.scaledPlain(by: scale), abs(scale - 1) < 0.05 ? 1 : scale)
    }

    /// One way of finding the chains' glyphs: a binarisation of the working copy, at its
    /// size or reduced.
    struct Pass {
        let binarisation: Binarisation
        /// The working copy's size in this pass, as a fraction of its own.  Halved, its
        /// glyphs are half as large against the binarisation's window: a blurred picture
        /// whose MRZ fills its width has glyph strokes as wide as Sauvola's window at full
        /// size, and the window then hollows them out and breaks them up.
        var reduction = 1.0
    }

    /// The passes tried, in order: each finds glyphs the others break up or join to the
    /// background (measured on the corpus and idphoto-gen's hard pages; the halved copy
    /// finds a blurred infrared scan's large glyphs).  The last, halved with a low `k`,
    /// keeps a dim, blurred line's grey glyphs whole: at k = 0.3 Sauvola's threshold sits
    /// at about 0.7 of the local mean where the contrast is low, and such glyphs (ink at
    /// 0.6 of the paper) break into their darkest cores, which chain into nothing
    /// (idphoto-gen's hard pages, seeds 606 and 11: no reading 17 → 11 and 14 → 8 of 100).
    static let passes: [Pass] = [
        Pass(binarisation: .sauvola(window: 10, k: 0.3)), Pass(binarisation: .normalisedOtsu),
        Pass(binarisation: .sauvola(window: 10, k: 0.3), reduction: 0.5),
        Pass(binarisation: .sauvola(window: 10, k: 0.15), reduction: 0.5),
    ]

    /// The chains of `working` (`workingCopy(of: input)`) found by `pass`.
    init(input: GrayImage, working: (image: GrayImage, scale: Double), pass: Pass) {
        self.input = input
        let image = pass.reduction == 1 ? working.image : working.image.scaledPlain(by: pass.reduction)
        scale = working.scale * Double(image.width) / Double(max(1, working.image.width))
        // MRZ glyphs: a line of ≥ 30 at a pitch of ~0.85 heights fits in the picture
        let maximumSize = Double(max(image.width, image.height)) / 24
        blobs = image.darkComponents(pass.binarisation, minimumSize: 5).map(GlyphBlob.init).filter { $0.size <= maximumSize }
        let range = BandFinder.glyphsPerLine
        let found = StepProfile.measure(.chains) { [blobs] in
            GlyphChains(blobs: blobs).lines(minimumGlyphs: Self.partialGlyphs).filter { $0.glyphCount <= range.upperBound }
        }
        chains = found.filter { $0.glyphCount >= range.lowerBound }
        partialChains = found.filter { $0.glyphCount < range.lowerBound }
    }

    /// Candidate bands, most MRZ-like first, each rectified with the text's likely reading
    /// direction (the document's other print is above its MRZ).
    func bands() -> [RectifiedBand] {
        StepProfile.measure(.bands) { groups().compactMap(rectify) }
    }

    /// The first `count` candidate bands whose chains stop short of every MRZ line length
    /// of their line count, straightened again reaching the longest layout's length
    /// (`rectify(_:reachingFarther:)`); only those whose lines then reach further.  Read
    /// after every pass's `bands()`: a picture read there pays nothing for them.
    func fartherBands(count: Int) -> [RectifiedBand] {
        StepProfile.measure(.bands) {
            groups().prefix(count).compactMap { rectify($0, reachingFarther: true) }
        }
    }

    /// The first `count` half-chained bands (`halfChainedGroups`), straightened reaching
    /// farther (`rectify(_:reachingFarther:)`): the longest layout's length at either end of
    /// the chains, which stop at the glare.  Read only where no pass found a band of
    /// full-length lines (`BandSearch`): a picture with one pays nothing for them.
    func halfChainedBands(count: Int) -> [RectifiedBand] {
        guard !partialChains.isEmpty else { return [] }
        return StepProfile.measure(.bands) {
            halfChainedGroups().prefix(count).compactMap { rectify($0, reachingFarther: true) }
        }
    }

    /// Glyphs a chain needs to be part of a half-chained band (`halfChainedGroups`): the
    /// overlap `stacked` asks of two lines of one band.
    static let partialGlyphs = 12.0

    /// Bands with a line no chain followed to an MRZ line's length: glare over the
    /// middle or an end of the MRZ pales its glyphs there, and the chains stop at it, in
    /// both lines (on idphoto-gen's hard pages the first 15 of a TD2's 36 glyphs chained,
    /// the rest lost under the glare).  Groups of `groups()` over every chain, each with a
    /// `partialChains` line; read only reaching farther, where the levelled light finds
    /// the pale glyphs past the chains' ends (`halfChainedBands`).
    func halfChainedGroups() -> [[GlyphChain]] {
        guard !partialChains.isEmpty else { return [] }
        return groups(of: chains + partialChains).filter { group in group.contains { $0.glyphCount < BandFinder.glyphsPerLine.lowerBound } }
    }

    /// Chains that stack like MRZ lines: parallel, of one height and pitch, equally long,
    /// at a line spacing of 1.1–`maximumLineSpacing` glyph heights.  Three-line groups first.
    func groups() -> [[GlyphChain]] { groups(of: chains) }

    /// `groups()` of `chains`.
    private func groups(of chains: [GlyphChain]) -> [[GlyphChain]] {
        var groups: [[GlyphChain]] = []
        // each chain both ways round: the next line is on one side of it
        let both = chains + chains.map(Self.reversed)
        for a in both {
            // the chains after `a` on its normal's side, turned its way, with their distance
            let after = chains.compactMap { b in Self.stacked(b, after: a).map { (chain: $0, side: Self.side($0, of: a)) } }
            for (b, sb) in after where sb < Self.maximumLineSpacing * a.glyphHeight {
                groups.append([a, b])
                for (c, sc) in after where sc > sb && abs((sc - sb) - sb) < 0.25 * sb { groups.append([a, b, c]) }
            }
        }
        // each band once (found from its first line and, turned, from its last)
        var seen = Set<[Int]>()
        groups = groups.filter { seen.insert($0.map { $0.members.min()! }.sorted()).inserted }
        // a pair inside a triple is read only as part of it
        let triples = groups.filter { $0.count == 3 }
        groups.removeAll { g in g.count == 2 && triples.contains { t in Self.contains(t, g) } }
        return groups.sorted { a, b in
            a.count != b.count ? a.count > b.count : a.map(\.members.count).reduce(0, +) > b.map(\.members.count).reduce(0, +)
        }
    }

    /// The widest line spacing of a band, in glyph heights: passports and cards set their
    /// lines about 2 apart, a German Schengen visa's two lines stand 3.4 apart.
    static let maximumLineSpacing = 4.0

    private static func contains(_ triple: [GlyphChain], _ pair: [GlyphChain]) -> Bool {
        pair.allSatisfy { p in triple.contains { $0.members == p.members } }
    }

    /// Perpendicular distance from `a`'s line to `b`'s centre.
    static func spacing(_ a: GlyphChain, _ b: GlyphChain) -> Double {
        let mid = b.point(at: (b.start + b.end) / 2)
        return abs(a.direction.normal.dot(mid) - a.offset)
    }

    /// Signed distance of `b`'s centre from `a`'s line, on the side of `a`'s normal.
    static func side(_ b: GlyphChain, of a: GlyphChain) -> Double {
        a.direction.normal.dot(b.point(at: (b.start + b.end) / 2)) - a.offset
    }

    /// `b` turned `a`'s way when it may be an MRZ line after `a` (on the side of `a`'s
    /// normal, 1.1–5.8 glyph heights away: the next line or the one after): parallel, of
    /// one glyph height and pitch, and as long (an MRZ's lines are), allowing a line end
    /// lost to glare or a line broken.
    static func stacked(_ b: GlyphChain, after a: GlyphChain) -> GlyphChain? {
        guard a.isAlike(b, sine: 0.07, height: 0.72, pitch: 0.8) else { return nil }
        let b = a.direction.x * b.direction.x + a.direction.y * b.direction.y < 0 ? reversed(b) : b
        let h = max(a.glyphHeight, b.glyphHeight)
        let side = side(b, of: a)
        guard side > 1.1 * h, side < 5.8 * h else { return nil }
        let u = a.direction
        let bs = u.dot(b.point(at: b.start)), be = u.dot(b.point(at: b.end))
        let pitch = max(a.pitch, b.pitch)
        // as long as each other, or one inside the other's extent (a line broken by a stamp
        // or glare), overlapping by half a short line at least
        let overlap = min(be, a.end) - max(bs, a.start)
        let equal = abs(bs - a.start) < 4 * pitch && abs(be - a.end) < 4 * pitch
        let inside = (bs > a.start - 4 * pitch && be < a.end + 4 * pitch) || (a.start > bs - 4 * pitch && a.end < be + 4 * pitch)
        guard overlap > 12 * pitch, equal || inside else { return nil }
        return b
    }

    /// The band straightened as far as its chains and `reach` go (`rectify(_:reachingFarther:)`).
    func rectify(_ group: [GlyphChain]) -> RectifiedBand? { rectify(group, reachingFarther: false) }

    /// The band straightened: the homography that takes its corners (first and last
    /// glyph of the first and last line, half a glyph out) to an upright rectangle.
    /// `reachingFarther`: for a band whose chains stop short of every MRZ line length of
    /// its line count (glare paled the glyphs past the chains' ends, so the Sauvola
    /// components stop where the chains do), straightened reaching far enough for the
    /// longest layout at either end, its glyphs looked for under light levelled along each
    /// line (`levelledLineComponents`); `nil` unless its lines then reach further.
    func rectify(_ group: [GlyphChain], reachingFarther: Bool) -> RectifiedBand? {
        // settle a common direction and which side is up: the document's other print
        // lies above its MRZ, so more blobs lie on the "up" side
        var u = group[0].direction
        if u.x < 0 || (abs(u.x) < 1e-6 && u.y < 0) { u = u.reversed }
        let lines = group.map { chain in chain.direction.x * u.x + chain.direction.y * u.y < 0 ? Self.reversed(chain) : chain }
        if printAbove(lines, direction: u) == false { u = u.reversed }
        let oriented = lines.map { $0.direction.x * u.x + $0.direction.y * u.y < 0 ? Self.reversed($0) : $0 }
        let n = u.normal
        let ordered = oriented.sorted { n.dot($0.point(at: ($0.start + $0.end) / 2)) < n.dot($1.point(at: ($1.start + $1.end) / 2)) }
        let h = ordered.map(\.glyphHeight).reduce(0, +) / Double(ordered.count)
        let pitch = ordered.map(\.pitch).reduce(0, +) / Double(ordered.count)
        guard pitch >= 1, h >= 1, pitch.isFinite, h.isFinite else { return nil }
        // the chains' common ends along u, half a glyph out; the straightened picture
        // reaches `reach` pitches further at each end, where faint or glared glyphs the
        // chains missed are looked for (`inkExtent`)
        let coreStart = ordered.map { Self.along($0, at: $0.start, u) }.min()! - 0.3 * pitch
        let coreEnd = ordered.map { Self.along($0, at: $0.end, u) }.max()! + 0.3 * pitch
        let coreGlyphs = (coreEnd - coreStart) / pitch - 0.3
        let reachedGlyphs =
            reachingFarther ? Self.fartherReach(glyphs: coreGlyphs, lines: ordered.count) : Self.reach(glyphs: coreGlyphs, lines: ordered.count)
        let reach = reachedGlyphs * pitch
        guard !reachingFarther || reach > 0 else { return nil }
        let start = coreStart - reach, end = coreEnd + reach
        func corner(_ chain: GlyphChain, along t: Double, across: Double) -> Point {
            let p = Self.point(on: chain, whereAlong: t, u)
            return Point(x: p.x + n.x * across, y: p.y + n.y * across)
        }
        let first = ordered.first!, last = ordered.last!
        let half = 0.5 * h
        let quad = [
            corner(first, along: start, across: -half), corner(first, along: end, across: -half),
            corner(last, along: end, across: half), corner(last, along: start, across: half),
        ]
        // the target: glyphs `targetHeight` high, the band as long and as tall as measured
        let spacing = ordered.count > 1 ? zip(ordered, ordered.dropFirst()).map { Self.spacing($0, $1) }.reduce(0, +) / Double(ordered.count - 1) : 0
        let inputHeight = h / scale
        // glyphs as large as in the input (resampling a small picture up and the line
        // reader's crop down again costs the OCR: an `E` read `F` on a 250 px card), up to
        // 40 px (more only costs time)
        let targetHeight = min(40, max(8, inputHeight.rounded()))
        let k = targetHeight / h
        let width = Int(((end - start) * k).rounded()), height = Int(((spacing * Double(ordered.count - 1) + h) * k).rounded())
        let border = Int((1.3 * targetHeight).rounded())
        // (reaching farther, a half-chained line of 15 glyphs reaches 30 more at each end)
        guard width > 10 * Int(targetHeight), width < (reachingFarther ? 90 : 70) * Int(targetHeight) else { return nil }
        let inputQuad = quad.map { Point(x: $0.x / scale, y: $0.y / scale) }
        guard
            var image = Self.sample(input, quad: inputQuad, width: width, height: height, border: border, glyphHeight: inputHeight, targetHeight: targetHeight)
        else { return nil }
        let core = (border + Int((reach * k).rounded()))...(border + Int(((coreEnd - start) * k).rounded()))
        let components = image.darkComponents(.sauvola(window: max(4, Int(targetHeight) / 2), k: 0.3), minimumSize: 3)
        let rowsOfLines = ordered.indices.map { border + Int((Double($0) * spacing * k).rounded()) }
        let lit = reachingFarther ? Self.levelledLineComponents(image, rows: rowsOfLines, height: Int(targetHeight)) : []
        var boxes: [PixelBox] = [], quads: [Quadrilateral] = [], outlines: [Quadrilateral] = []
        for (i, line) in ordered.enumerated() {
            let y = border + Int((Double(i) * spacing * k).rounded())
            let row = PixelBox(x: border, y: y, width: width, height: Int(targetHeight))
            let extent = Self.inkExtent(components + lit, row: row, core: core, gap: 0.9 * pitch * k)
            // the outline ends where the line's last glyph does: the band's common core (the
            // longest line's, in perspective) may pass it by half a pitch and more.  (Its start
            // stays the extent's: trimmed there too, a framed test page read otherwise.)
            let inked = Self.inkedColumns(components, row: row, within: extent, gap: 0.9 * pitch * k) ?? extent
            let rows = Self.glyphRows(components, row: row).flatMap { Self.plausible($0, height: targetHeight) } ?? (y..<(y + Int(targetHeight)))
            boxes.append(PixelBox(x: extent.lowerBound, y: rows.lowerBound, width: extent.count, height: rows.count))
            func quadrilateral(_ columns: ClosedRange<Int>) -> Quadrilateral {
                let t0 = start + Double(columns.lowerBound - border) / k, t1 = start + Double(columns.upperBound - border) / k
                let corners = [
                    corner(line, along: t0, across: -half), corner(line, along: t1, across: -half), corner(line, along: t1, across: half),
                    corner(line, along: t0, across: half),
                ].map { Point(x: $0.x / scale, y: $0.y / scale) }
                return Quadrilateral(topLeft: corners[0], topRight: corners[1], bottomRight: corners[2], bottomLeft: corners[3])
            }
            quads.append(quadrilateral(extent))
            outlines.append(quadrilateral(extent.lowerBound...max(extent.lowerBound, inked.upperBound)))
        }
        let lo = boxes.map(\.x).min()!, hi = boxes.map { $0.x + $0.width }.max()!
        if reachingFarther {
            // only worth reading again when a line now reaches further than the chains
            // did, and no line longer than the longest layout
            let glyphs = boxes.map { Double($0.width) / (pitch * k) }
            let longest = Double(Self.lineLengths(lines: ordered.count).max() ?? 44)
            guard glyphs.contains(where: { $0 > coreGlyphs + 2 }), glyphs.allSatisfy({ $0 < longest + 2 }) else { return nil }
        }
        let union = PixelBox(x: lo, y: boxes[0].y, width: hi - lo, height: boxes.last!.y + boxes.last!.height - boxes[0].y)
        let paper = image.percentile(0.75, in: union)
        image = image.removingRuledRows(in: union, paper: paper, gap: max(1, Int(targetHeight) / 16))
        // above and below the text's clear zone (the line reader's widest view: 0.6 of a
        // glyph height) only the paper's tone: print above the MRZ is not read.  The
        // sides stay as they are: a flat patch beside a line's first glyph was read as
        // more glyphs (`I`) more often than what it hid (measured on the corpus and
        // idphoto-gen's hard pages: 22 and 56 exact without it, 21 and 52 with it).
        let clear = Int(targetHeight)
        let keep = PixelBox(x: 0, y: union.y - clear * 7 / 10, width: image.width, height: union.height + clear * 14 / 10)
        let flat = image.flattened(outside: keep, value: paper)
        return RectifiedBand(image: flat, lines: boxes, quadrilaterals: quads, outlines: outlines, inputGlyphHeight: inputHeight)
    }

    /// Pitches the straightened picture reaches past the chains' ends of a band of
    /// `lines` lines that span `glyphs` glyphs: none when that is a line length of the
    /// format table (±1), else enough for the next longer one.  (Reaching further finds
    /// more than glyphs: a card's edge, the table's texture.)
    static func reach(glyphs: Double, lines: Int) -> Double {
        let lengths = lineLengths(lines: lines).map(Double.init)
        guard !lengths.contains(where: { abs($0 - glyphs) <= 1 }), let longer = lengths.filter({ $0 > glyphs }).min() else { return 0 }
        return min(9, longer - glyphs + 1.5)
    }

    /// Pitches the straightened picture reaches past the chains' ends when they stop
    /// short of every line length of a band of `lines` lines (`glyphs` spanned): enough
    /// for its longest layout at either end (which end glare cut is not known); 0 when a
    /// line of `glyphs` is a layout's already or no layout is longer.
    static func fartherReach(glyphs: Double, lines: Int) -> Double {
        let lengths = lineLengths(lines: lines).map(Double.init)
        guard let shortest = lengths.min(), let longest = lengths.max(), glyphs < shortest - 1 else { return 0 }
        return longest - glyphs + 1.5
    }

    /// The first-line lengths of the MRZ layouts of `lines` lines whose lines are full MRZ
    /// lines (`MRZFormat.fullLineLengths`: not a driving licence's short first line, which
    /// no chain of MRZ length is).
    static func lineLengths(lines: Int) -> [Int] {
        MRZFormat.allCases.map(\.lineLengths).filter { $0.count == lines }.map { $0[0] }.filter { $0 >= MRZFormat.fullLineLengths.lowerBound }
    }

    /// Dark components of each line's rows of a straightened band (`rows`: each line's
    /// top, `height` its glyphs' height) under light levelled along the line
    /// (`GrayImage.stretchedAlongRows`): glare pales a line's glyphs under it, and Sauvola,
    /// whose threshold sits at 0.7 of the local mean where the contrast is low, loses them;
    /// stretched to the contrast of the glyphs beside them they are components again.  In
    /// the band's pixels.
    static func levelledLineComponents(_ image: GrayImage, rows: [Int], height: Int) -> [PixelBox] {
        rows.flatMap { top -> [PixelBox] in
            let y0 = max(0, top - height / 3), y1 = min(image.height, top + height + height / 3)
            guard y1 - y0 > height else { return [] }
            let strip = image.cropped(x: 0, y: y0, width: image.width, height: y1 - y0).stretchedAlongRows(window: height)
            // white rows above and below: the components need an image taller than 24 px,
            // and the stretch only this line's rows (the next line's ink would set its floor)
            let pad = max(0, (26 - strip.height + 1) / 2)
            let white = [UInt8](repeating: 255, count: pad * strip.width)
            let padded = GrayImage(width: strip.width, height: strip.height + 2 * pad, pixels: white + strip.pixels + white)
            return padded.darkComponents(.sauvola(window: max(4, height / 2), k: 0.3), minimumSize: 3).map {
                PixelBox(x: $0.x, y: $0.y + y0 - pad, width: $0.width, height: $0.height)
            }
        }
    }

    /// The columns of `row` that a line's glyphs cover: the `core` the chains found,
    /// widened while more glyphs follow within `gap` pixels (faint glyphs at a line's end,
    /// which the chains' binarisation of the whole picture lost).  A glyph here is a
    /// component of the straightened band of about the glyphs' height, on the line and
    /// within its rows: a card's edge or the texture of a table beside the line is not.
    static func inkExtent(_ components: [PixelBox], row: PixelBox, core: ClosedRange<Int>, gap: Double) -> ClosedRange<Int> {
        let glyphs = lineGlyphs(components, row: row, gap: gap)
        var lo = core.lowerBound, hi = core.upperBound
        var grown = true
        while grown {
            grown = false
            for g in glyphs where g.x < lo && Double(lo - (g.x + g.width)) < gap && g.x + g.width > lo - Int(gap) - g.width {
                lo = g.x
                grown = true
            }
            for g in glyphs where g.x + g.width > hi && Double(g.x - hi) < gap {
                hi = g.x + g.width
                grown = true
            }
        }
        return max(0, lo - 2)...(hi + 2)
    }

    /// The columns from the first to the last glyph (`lineGlyphs`) that lies within
    /// `extent`, 2 px out; `nil` when none does.
    static func inkedColumns(_ components: [PixelBox], row: PixelBox, within extent: ClosedRange<Int>, gap: Double) -> ClosedRange<Int>? {
        let inside = lineGlyphs(components, row: row, gap: gap).filter { $0.x >= extent.lowerBound && $0.x + $0.width <= extent.upperBound }
        guard let lo = inside.map(\.x).min(), let hi = inside.map({ $0.x + $0.width }).max(), lo <= hi else { return nil }
        return max(extent.lowerBound, lo - 2)...min(extent.upperBound, hi + 2)
    }

    /// The components of a line's glyphs in `row`: about the glyphs' height, on the line and
    /// within its rows (a card's edge or the texture of a table beside the line is not).
    static func lineGlyphs(_ components: [PixelBox], row: PixelBox, gap: Double) -> [PixelBox] {
        let h = Double(row.height)
        return components.filter { c in
            let centre = Double(c.y) + Double(c.height) / 2 - Double(row.y)
            let height = Double(c.height)
            // `<` is about 0.55 of a letter's height; microtext beside a line is lower
            return centre > 0.2 * h && centre < 0.8 * h && height > 0.45 * h && height < 1.35 * h
                && Double(c.y - row.y) > -0.35 * h && Double(c.y + c.height - row.y) < 1.35 * h
                && (Double(c.width) < 1.5 * gap || height < 0.8 * h)  // wide only as a run of `<`
        }
    }

    /// The rows the letters and digits of the line in `row` cover in the straightened band
    /// (the medians of their tops and bottoms), which the line spacing only estimates: the
    /// line reader's margins are fractions of the box, and a box a few pixels off shows the
    /// OCR another crop.  `nil` with fewer than five such glyphs.
    static func glyphRows(_ components: [PixelBox], row: PixelBox) -> Range<Int>? {
        let h = Double(row.height)
        let glyphs = components.filter { c in
            let centre = Double(c.y) + Double(c.height) / 2 - Double(row.y)
            return centre > 0.2 * h && centre < 0.8 * h && Double(c.height) > 0.7 * h && Double(c.height) < 1.35 * h
                && Double(c.width) < 1.2 * h && c.x >= row.x && c.x + c.width <= row.x + row.width
        }
        guard glyphs.count >= 5 else { return nil }
        let tops = glyphs.map(\.y).sorted(), bottoms = glyphs.map { $0.y + $0.height }.sorted()
        let top = tops[tops.count / 2], bottom = bottoms[bottoms.count / 2]
        return bottom - top > row.height / 2 ? top..<bottom : nil
    }

    /// `rows` when they are about as tall as the band's glyphs (`height`: every line of an
    /// MRZ is set in one size), else `nil`.  The line reader scales a line's crop by its
    /// box: a box a fifth too short or too tall shows the OCR glyphs of another size than
    /// the band's other lines (a blurred line's tops lost to its binarisation: its text
    /// read at 1.4 times the size of the next line's).
    static func plausible(_ rows: Range<Int>, height: Double) -> Range<Int>? {
        let ratio = Double(rows.count) / max(height, 1)
        return ratio > 0.8 && ratio < 1.25 ? rows : nil
    }

    /// The input's pixels over `quad`, straightened; a large picture is reduced first so
    /// that no glyph is sampled at less than half its pixels (bilinear sampling skips
    /// the rest and aliases).
    static func sample(_ input: GrayImage, quad: [Point], width: Int, height: Int, border: Int, glyphHeight: Double, targetHeight: Double) -> GrayImage? {
        let reduction = targetHeight * 1.5 / glyphHeight
        guard reduction < 0.7 else { return input.rectified(corners: Quadrilateral(quad)!, width: width, height: height, border: border) }
        // crop around the band (with room for the border) and reduce the crop
        let room = glyphHeight * 2.5
        let x0 = Int(quad.map(\.x).min()! - room), y0 = Int(quad.map(\.y).min()! - room)
        let x1 = Int(quad.map(\.x).max()! + room), y1 = Int(quad.map(\.y).max()! + room)
        let cx = max(0, x0), cy = max(0, y0)
        let crop = input.cropped(x: cx, y: cy, width: x1 - cx, height: y1 - cy).scaled(by: reduction)
        let f = Double(crop.width) / Double(max(1, min(input.width, x1) - cx))
        let local = quad.map { Point(x: ($0.x - Double(cx)) * f, y: ($0.y - Double(cy)) * f) }
        return crop.rectified(corners: Quadrilateral(local)!, width: width, height: height, border: border)
    }

    /// Whether more of the picture's print lies on the side opposite `direction.normal`
    /// (above the lines when they read along `direction`); `nil` when it is even.
    private func printAbove(_ lines: [GlyphChain], direction u: Direction) -> Bool? {
        let n = u.normal
        let h = lines.map(\.glyphHeight).max()!
        let offsets = lines.map { n.dot($0.point(at: ($0.start + $0.end) / 2)) }
        let top = offsets.min()!, bottom = offsets.max()!
        let lo = lines.map { u.dot($0.point(at: $0.start)) }.min()!, hi = lines.map { u.dot($0.point(at: $0.end)) }.max()!
        var above = 0, below = 0
        for blob in blobs {
            let t = u.dot(blob.centre)
            guard t > lo, t < hi else { continue }
            let s = n.dot(blob.centre)
            if s < top - h, s > top - 12 * h { above += 1 } else if s > bottom + h, s < bottom + 12 * h { below += 1 }
        }
        return above == below ? nil : above > below
    }

    static func reversed(_ chain: GlyphChain) -> GlyphChain {
        GlyphChain(
            members: chain.members.reversed(), direction: chain.direction.reversed, offset: -chain.offset, pitch: chain.pitch,
            glyphHeight: chain.glyphHeight, start: -chain.end, end: -chain.start)
    }

    /// `chain`'s along-coordinate `t` expressed along `u` (nearly the same direction).
    static func along(_ chain: GlyphChain, at t: Double, _ u: Direction) -> Double { u.dot(chain.point(at: t)) }

    /// The point of `chain`'s line where `u · p = t`.
    static func point(on chain: GlyphChain, whereAlong t: Double, _ u: Direction) -> Point {
        // p = chain.point(s): u·(d s + n c) = t  →  s = (t − c u·n) / (u·d)
        let d = chain.direction, n = d.normal
        let ud = u.x * d.x + u.y * d.y, un = u.x * n.x + u.y * n.y
        return chain.point(at: (t - chain.offset * un) / (abs(ud) > 1e-6 ? ud : 1e-6))
    }
}

extension MRZScanner {
    /// What the glyph-chain search sees in `input`: each chain's glyph count, glyph height
    /// and angle (working-copy pixels, degrees), and the rectified candidate bands.  For
    /// tuning the search (`idreader-bench chains`).
    @_spi(Evaluation) public func chainSearch(
        of input: GrayImage
    ) -> (chains: [(glyphs: Double, height: Double, degrees: Double, members: Int)], bands: [GrayImage]) {
        let working = ChainBandFinder.workingCopy(of: input)
        let finders = ChainBandFinder.passes.map { ChainBandFinder(input: input, working: working, pass: $0) }
        let chains = finders.flatMap(\.chains).map { ($0.glyphCount, $0.glyphHeight, atan2($0.direction.y, $0.direction.x) * 180 / .pi, $0.members.count) }
        return (chains, finders.flatMap { $0.bands().map(\.image) })
    }
}

extension MRZScanner {
    /// The working copy the glyph-chain search binarises, with each pass's glyph blobs
    /// and the boxes of each chain's members (working-copy pixels).  For seeing why
    /// a line makes no chain (`idreader-bench chain-blobs`).
    @_spi(Evaluation) public func chainBlobs(of input: GrayImage) -> (working: GrayImage, blobs: [[PixelBox]], chains: [[[PixelBox]]]) {
        let working = ChainBandFinder.workingCopy(of: input)
        let finders = ChainBandFinder.passes.map { ChainBandFinder(input: input, working: working, pass: $0) }
        // in the working copy's pixels, whatever the pass's size
        let boxes = finders.map { f in f.blobBoxes.map { $0.scaled(by: working.scale / f.scale) } }
        return (working.image, boxes, zip(finders, boxes).map { f, b in f.chains.map { $0.members.map { b[$0] } } })
    }
}

extension MRZScanner {
    /// The primary view's raw OCR of each line of each chain band the search reads, in the
    /// order read (each band, then the band turned half round), before any length fitting
    /// or correction; with each line's crop as given to the OCR.  For finding where a line
    /// is lost (`idreader-bench chain-lines`).
    @_spi(Evaluation) public func chainBandLines(of input: GrayImage) -> [(lines: [String], crops: [GrayImage])] {
        guard let tessdata, let engine = OCREngine.forCurrentThread(tessdata: tessdata) else { return [] }
        let working = ChainBandFinder.workingCopy(of: input)
        var out: [(lines: [String], crops: [GrayImage])] = []
        for pass in ChainBandFinder.passes {
            let finder = ChainBandFinder(input: input, working: working, pass: pass)
            for band in finder.bands().prefix(BandSearch.maximumChainBands) {
                for b in [band, band.halfTurned] {
                    var reader = LineReader(corrector: corrector, engine: engine, image: b.image)
                    reader.otherLines = b.lines
                    let texts = b.lines.map { reader.ocrLine($0)?.text ?? "" }
                    let crops = b.lines.map { box in
                        LineReader.lineCrop(box, in: b.image, view: .primary, height: engine.inputHeight, others: b.lines.filter { $0 != box }).image
                    }
                    out.append((texts, crops))
                }
            }
        }
        return out
    }
}
