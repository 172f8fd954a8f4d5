import Imaging

/// Print stripes grouped into a band (`OrientedView.stripeBands`) made into line boxes the
/// line reader and the band measures take as glyph outlines.
enum StripeBands {
    /// Groups of 2 or 3 stripes that may be an MRZ's lines: long and thin, of one length
    /// and left edge, stacked at one pitch, each at least `leastThicknessPerPitch` of the
    /// pitch thick; longest first (an MRZ's lines are a page's longest print; a form's
    /// rules and captions stand beside it as often as above it).  Unlike `BandFinder.bands`, a line's next line need not be the next stripe
    /// down: other print beside the MRZ (a caption, a callout) makes stripes between its
    /// lines.  Also a card's three lines of unequal length (`unevenCardLines`).  At most
    /// `BandSearch.maximumBandsPerOrientation` bands.  `scale`
    /// maps stripe coordinates to the caller's pixels.
    static func bands(from stripes: [PixelBox], workingWidth: Int, workingHeight: Int, scale: Double) -> [[PixelBox]] {
        // a stripe along the picture's edge is the closing's border, not print
        let inside = stripes.filter { $0.x > 0 && $0.y > 0 && $0.x + $0.width < workingWidth && $0.y + $0.height < workingHeight }
        let lines = inside.filter { $0.width >= workingWidth / 4 && $0.height >= 3 && $0.width > 8 * $0.height }.sorted { $0.y < $1.y }
        var bands: [[PixelBox]] = []
        for i in lines.indices {
            var band = [lines[i]]
            for next in lines[(i + 1)...] where band.count < 3 && follows(next, band) { band.append(next) }
            if band.count >= 2 { bands.append(band) }
            if band.count < 3, let uneven = unevenCardLines(from: lines[i...], workingWidth: workingWidth) { bands.append(uneven) }
        }
        // the longest few at each thickness: a band the other thickness adds ahead of an MRZ's
        // does not push it out (ds_pass-aze-photo blurred by 0.3 h lost its band so)
        return bands.sorted { $0[0].width > $1[0].width }.prefix(BandSearch.maximumBandsPerOrientation).map { $0.map { $0.scaled(by: scale) } }
    }

    /// Three stripes from `lines.first` on (sorted top to bottom) that may be a TD1 card's
    /// MRZ blurred: its lines end in runs of thin `<` fillers that blur into the paper, so
    /// their stripes are of unequal length, ending together at one side only (the real
    /// corpus's front-and-back card pictures blurred by 0.45 character heights: middle
    /// lines 0.45–0.75 of the others' length).  Uneven lines of print are common (a
    /// paragraph's), so such a band counts only with three lines, each sharing one end
    /// with the first and overlapping half of it, set like an MRZ's (`setLikeMRZLines`),
    /// whether or not the picture is blurred.  `nil`: no such band.
    static func unevenCardLines(from lines: ArraySlice<PixelBox>, workingWidth: Int) -> [PixelBox]? {
        guard let first = lines.first else { return nil }
        var band = [first]
        for next in lines.dropFirst() where band.count < 3 && follows(next, band, endsAligned: true) { band.append(next) }
        guard band.count == 3 else { return nil }
        return setLikeMRZLines(glyphLines(band), viewWidth: Double(workingWidth)) ? band : nil
    }
    /// The least thickness of an MRZ line's stripe, in its band's pitch: the stripes of
    /// print lines blurred by 0.3–0.45 of their height measure 0.45–0.55 of their pitch,
    /// the faint two-line MRZs of a visa and a passport page blurred by 0.45 of it down to
    /// 0.33 (ag_visa-gbr, pe_pass-hun); ruled lines around a caption, blurred alike,
    /// 0.2–0.3 (real corpus, blurred).
    static let leastThicknessPerPitch = 0.32

    /// The least thickness, in its band's pitch, of the middle of a card's three uneven
    /// lines (`unevenCardLines`): its stripe is the shortest, and fades thinner with its
    /// fillers (ag_id-esp blurred by 0.45 character heights: 0.30).  The lines above and
    /// below it keep `leastThicknessPerPitch`: ruled lines around a caption are the thin
    /// outer two of three, never the middle.
    static let leastMiddleThicknessPerPitch = 0.25

    /// The least edge width (in glyph heights, `BandMeasures.edgeWidth`) of a stripe band
    /// named blurred where the picture is blurred as a whole
    /// (`PictureMeasures.blurredForStripes`), against `MRZScanner.unmistakableBlur`'s 0.7
    /// elsewhere: the large pages of the real corpus blurred by 0.3–0.45 character heights
    /// whose bands were left `noDocument` measure 0.43–0.68 (glyphs 42–63 px high); print
    /// shrunk to 3.5 px glyphs measures 0.26–0.49, but its glyphs are under
    /// `MRZScanner.smallestBlurredGlyph`.
    static let leastBlurInBlurredPicture = 0.35

    /// Whether `next` is the line after `band`'s: as long as its first line and starting
    /// where it does (`endsAligned`: or ending where it does, on either side, over half
    /// the longer's length), a line height or more below its last, at the pitch of its
    /// lines.
    static func follows(_ next: PixelBox, _ band: [PixelBox], endsAligned: Bool = false) -> Bool {
        let first = band[0], last = band[band.count - 1]
        let height = Double(max(next.height, band.map(\.height).max()!))
        let pitch = Double(next.y + next.height / 2 - last.y - last.height / 2)
        let startsAlike = abs(Double(next.x - first.x)) < 3 * height
        let sameLine = startsAlike && abs(Double(next.width - first.width)) < 0.15 * Double(first.width)
        let endsAlike = abs(Double(next.x + next.width - first.x - first.width)) < 3 * height
        let overlap = min(next.x + next.width, first.x + first.width) - max(next.x, first.x)
        let sharesAnEnd = (startsAlike || endsAlike) && 2 * overlap >= max(next.width, first.width)
        guard sameLine || (endsAligned && sharesAnEnd), pitch > 0.8 * height, pitch < 3.5 * height else { return false }
        // a card's middle line (`endsAligned`: `unevenCardLines`) may fade thinner than the others
        let middle = endsAligned ? leastMiddleThicknessPerPitch : leastThicknessPerPitch
        let nextLeast = band.count == 1 ? middle : leastThicknessPerPitch, lastLeast = band.count == 2 ? middle : leastThicknessPerPitch
        guard Double(next.height) >= nextLeast * pitch, Double(last.height) >= lastLeast * pitch else { return false }
        guard band.count >= 2 else { return true }
        let previous = Double(last.y + last.height / 2 - band[band.count - 2].y - band[band.count - 2].height / 2)
        return abs(pitch - previous) < 0.25 * previous
    }

    /// An MRZ glyph's height over its lines' pitch: about 0.62–0.67 on the real corpus's
    /// cards and passports (glyph heights of their readings against the distance between
    /// their lines' middles).
    static let glyphHeightPerPitch = 0.65

    /// `band`'s stripes as glyph lines: each a glyph's height (`glyphHeightPerPitch` of
    /// the band's pitch) about its stripe's middle, for a stripe is as thick as its print
    /// and its blur together, and across the band's whole span, for an MRZ's lines span
    /// the same columns (a line's blurred `<` fillers leave its stripe short).  A single
    /// stripe keeps its box.
    static func glyphLines(_ band: [PixelBox]) -> [PixelBox] {
        let middles = band.map { Double($0.y) + Double($0.height) / 2 }
        let pitches = zip(middles, middles.dropFirst()).map { abs($1 - $0) }.sorted()
        guard !pitches.isEmpty else { return band }
        let height = max(1, Int((glyphHeightPerPitch * pitches[pitches.count / 2]).rounded()))
        let left = band.map(\.x).min()!, right = band.map { $0.x + $0.width }.max()!
        return middles.map { middle in
            PixelBox(x: left, y: Int((middle - Double(height) / 2).rounded()), width: right - left, height: height)
        }
    }

    /// A stripe band's line length over its pitch (middle to middle) for an MRZ: 30–44
    /// characters on lines about 1.5 glyph heights apart.  The real corpus's MRZs blurred by
    /// 0.3 and 0.45 character heights measure 16.6–25 (TD1, TD2, TD3 and MRV-A; older
    /// cards' and visas' MRZs with wider line spacing 14–15); the soft stripes of
    /// scikit-image's photos (astronaut, camera, clock, coins, moon) that make bands shaped
    /// like an MRZ's, 11.5–18.8.
    static let mrzLengthPerPitch = 16.5...26.0

    /// The least share of its view's width a band's lines span to be taken for an MRZ's
    /// where the picture is not blurred as a whole: the real corpus's blurred MRZs span
    /// 0.5–0.95 of it; the band of the astronaut's photo measuring 18.8 for its pitch, 0.34.
    static let leastShareOfWidth = 0.4

    /// Whether `band`'s lines (boxes in the view's full-resolution pixels, as
    /// `OrientedView.stripeBands` gives them) are as long for their pitch as an MRZ's
    /// lines and span `leastShareOfWidth` of the view (`viewWidth` pixels) or more.
    static func setLikeMRZLines(_ band: [PixelBox], viewWidth: Double) -> Bool {
        let middles = band.map { Double($0.y) + Double($0.height) / 2 }
        let pitches = zip(middles, middles.dropFirst()).map { abs($1 - $0) }.sorted()
        guard !pitches.isEmpty, pitches[pitches.count / 2] > 0 else { return false }
        let length = Double(band.map(\.width).sorted()[band.count / 2])
        return mrzLengthPerPitch.contains(length / pitches[pitches.count / 2]) && length >= leastShareOfWidth * viewWidth
    }
}
