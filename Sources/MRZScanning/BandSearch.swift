import Foundation
import IDCommon
import Imaging
import MRZ

/// One image's search for its MRZ: candidate bands from every orientation, read in order
/// until one reads validly.  Keeps what the search saw (line heights, the best invalid
/// reading) for the caller's diagnosis.
final class BandSearch {
    private let input: GrayImage
    private let engine: OCREngine
    private let corrector: MRZCorrector
    /// The reduced copy the morphology's oriented views are made from (made on first use:
    /// most pictures are read by the glyph chains alone).
    private lazy var workingCopy = OrientedView.workingCopy(of: input)
    private var views: [Int: OrientedView] = [:]
    private var tried: [(quarter: Int, lines: [Quadrilateral])] = []
    /// The line quadrilaterals (input pixels) of the chain bands read, in each direction
    /// read: the later stages find the same lines again, upright or turned.
    private var readChains: [[Quadrilateral]] = []
    /// The line quadrilaterals (input pixels) of the bands whose reading fitted a layout
    /// to every line (valid or not): their lines were read as MRZ lines.
    private var parsedBands: [[Quadrilateral]] = []
    /// Heights of the bands read (tallest line of each), in input pixels.
    private(set) var heights: [Int] = []
    /// The first reading that parsed but did not validate.
    private(set) var best: MRZReading?
    /// The bands read and set aside (but `best`'s), in input pixels.
    private(set) var rejected: [RejectedBand] = []
    /// Bands of two or more lines set at one fixed pitch but shorter than MRZ lines (each
    /// its lines' outlines in input pixels): what may be an MRZ cut short by the picture's
    /// edge or by glare (`MRZScanner.likelyCause`).
    private(set) var shortBands: [[Quadrilateral]] = []
    /// Bands shaped like an MRZ whose glyphs could not be told apart (too small or too
    /// blurred): two or three lines of one length, each `mrzLineProportions` line heights
    /// long (each its lines' outlines in input pixels).
    private(set) var shapedBands: [[Quadrilateral]] = []

    /// How many of its heights long an MRZ line's box is: 30–44 glyphs at ~0.85 heights,
    /// boxes up to a third taller than the glyphs when blurred.
    static let mrzLineProportions = 16.0...45.0

    /// Bands tried per orientation and finder: bounds the time spent on pictures without an MRZ.
    static let maximumBandsPerOrientation = 3

    init(input: GrayImage, engine: OCREngine, corrector: MRZCorrector) {
        self.input = input
        self.engine = engine
        self.corrector = corrector
    }

    /// The valid reading one stage of the search finds, with the glyph height of its band
    /// in input pixels; `nil` when the stage finds none (what it looked at is kept).
    func run(_ stage: MRZSearchStage) -> (reading: MRZReading, glyphHeight: Int)? {
        switch stage {
        case .glyphChains: return glyphChains()
        case .morphology: return StepProfile.measure(.morphology) { morphology() }.map { ($0.0, Self.medianHeight($0.1)) }
        case .layoutAnalysis: return StepProfile.measure(.layoutAnalysis) { layoutAnalysis() }.map { ($0.0, Self.medianHeight($0.1)) }
        }
    }

    private static func medianHeight(_ band: [PixelBox]) -> Int { band.map(\.height).sorted()[band.count / 2] }

    /// Bands of glyph chains read before any other search.
    static let maximumChainBands = 4

    /// The glyph chains' finders of the working copy, one per pass, when every pass was
    /// looked at (none read a valid MRZ); else `nil`.  The second look takes them
    /// (`MRZSearch.secondLook`) rather than finding the same chains again.
    var chainFinders: [ChainBandFinder]? { finders.count == ChainBandFinder.passes.count ? finders : nil }
    private var finders: [ChainBandFinder] = []

    /// Glyph chains (`ChainBandFinder`), in each of its passes.
    private func glyphChains() -> (reading: MRZReading, glyphHeight: Int)? {
        let working = ChainBandFinder.workingCopy(of: input)
        for pass in ChainBandFinder.passes {
            let finder = ChainBandFinder(input: input, working: working, pass: pass)
            finders.append(finder)
            for band in finder.bands().prefix(Self.maximumChainBands) {
                if let reading = read(band) { return (reading, Int(band.inputGlyphHeight.rounded())) }
            }
        }
        // bands glare cut short, straightened again reaching further
        for finder in finders {
            for band in finder.fartherBands(count: Self.maximumChainBands) {
                if let reading = read(band) { return (reading, Int(band.inputGlyphHeight.rounded())) }
            }
        }
        // lines chained only up to glare, where no pass found a band of full-length lines:
        // a picture with such a band (every picture of the corpus) pays nothing for them.
        // Read there too, a half-chained band's invalid reading stopped the layout analysis
        // that reads one such page valid (idphoto-gen seed 606, `td1_hard_0019`).  Not
        // lines under an MRZ's least glyph height: a printed page's text half-chains too,
        // and its band read would name the picture `tooSmall` (scikit-image's `page`).
        guard finders.allSatisfy({ $0.groups().isEmpty }) else { return nil }
        for finder in finders {
            for band in finder.halfChainedBands(count: Self.maximumChainBands) where band.inputGlyphHeight >= MRZScanner.smallestGlyph {
                if let reading = read(band) {
                    halfChained = (reading.doubtingEveryField(.halfChained), Int(band.inputGlyphHeight.rounded()))
                    return nil
                }
            }
        }
        return nil
    }

    /// The reading of a half-chained band whose check digits hold, every field uncertain
    /// (`DoubtRule.halfChained`), with its band's glyph height: the search's answer only
    /// where no stage finds a valid reading (`MRZSearch.outcome`), so the later stages
    /// still run.  Never valid: its lines reach past the chains' ends, where glare paled
    /// glyphs no chain saw, and there a look-alike of the same weight passes every check
    /// (idphoto-gen seed 2024's `mrz_td1_hard_0015`: optional data `832784` read `8327S4`,
    /// valid and wrong when such readings could be).
    private(set) var halfChained: (reading: MRZReading, glyphHeight: Int)?

    /// Morphology (a few ms per orientation).  MRZs sit low on the page, so the candidates
    /// of all four orientations are read lowest first: an upside-down page shows its MRZ at
    /// the top, the right way up at the bottom, and reading a band upside down costs two
    /// useless line recognitions.  When the upright view already has a band in its lower
    /// half, it is read before the other views are made.  Then the wider closing (see
    /// `OrientedView.gapDivisors`), which merges more clutter.
    private func morphology() -> (MRZReading, [PixelBox])? {
        var candidates = bandCandidates(in: view(0))
        var otherViewsLooked = false
        if candidates.first.map({ $0.lowness < 0.5 }) ?? true {
            otherViewsLooked = true
            candidates = lowestFirst(candidates + otherViewsCandidates())
        }
        while !candidates.isEmpty {
            let candidate = candidates.removeFirst()
            if let reading = read(candidate.band, quarter: candidate.quarter) { return (reading, candidate.band) }
            if candidates.isEmpty, !otherViewsLooked {
                otherViewsLooked = true
                candidates = lowestFirst(otherViewsCandidates())
            }
        }
        for candidate in lowestFirst([0, 1, 3, 2].flatMap { bandCandidates(in: view($0), round: 1) }) {
            if let reading = read(candidate.band, quarter: candidate.quarter) { return (reading, candidate.band) }
        }
        return nil
    }

    /// Tesseract's layout analysis (~80 ms per orientation; finds lines in busy layouts),
    /// upright first, upside down last.
    private func layoutAnalysis() -> (MRZReading, [PixelBox])? {
        for quarter in [0, 1, 3, 2] {
            for band in view(quarter).layoutBands(engine: engine).prefix(Self.maximumBandsPerOrientation) {
                if let reading = read(band, quarter: quarter) { return (reading, band) }
            }
        }
        return nil
    }

    /// A band of one orientation and how low it sits in that view (its bottom edge as a
    /// fraction of the view's height).
    struct Candidate {
        let quarter: Int
        let band: [PixelBox]
        let lowness: Double
    }

    private func bandCandidates(in view: OrientedView, round: Int = 0) -> [Candidate] {
        let height = Double(max(1, view.fullHeight))
        return view.morphologyBands(round: round).prefix(Self.maximumBandsPerOrientation).map { band in
            Candidate(quarter: view.quarter, band: band, lowness: Double(band.map { $0.y + $0.height }.max() ?? 0) / height)
        }
    }

    private func otherViewsCandidates() -> [Candidate] { [1, 3, 2].flatMap { bandCandidates(in: view($0)) } }

    private func lowestFirst(_ candidates: [Candidate]) -> [Candidate] { candidates.sorted { $0.lowness > $1.lowness } }

    /// The view `quarter` quarter turns round, made once; a half turn of a view already
    /// made costs nothing (`OrientedView(halfTurnOf:)`).
    func view(_ quarter: Int) -> OrientedView {
        if let v = views[quarter] { return v }
        let v =
            views[(quarter + 2) % 4].map { OrientedView(halfTurnOf: $0) }
            ?? OrientedView(input: input, workingCopy: workingCopy, quarter: quarter)
        views[quarter] = v
        return v
    }

    /// Reads a straightened band in its likely reading direction, then turned half round
    /// when that gave no valid reading and no sign it was read the right way up
    /// (`readUpright`); returns the reading only when it is valid.
    private func read(_ band: RectifiedBand) -> MRZReading? {
        guard !readAlready(band.quadrilaterals) else { return nil }
        readChains.append(band.quadrilaterals)
        heights.append(Int(band.inputGlyphHeight.rounded()))
        let reading = read(region: (band.image, band.lines), quads: band.quadrilaterals, outlines: band.outlines)
        if let reading, reading.result.isValid { return reading }
        if let reading, Self.readUpright(reading.result) { return nil }
        let turned = band.halfTurned
        readChains.append(turned.quadrilaterals)
        return Self.valid(read(region: (turned.image, turned.lines), quads: turned.quadrilaterals, outlines: turned.outlines))
    }

    /// Whether a reading that fails its checks was read the right way up all the same: two
    /// of the check digits of its document number and dates hold.  A band read upside down
    /// holds none (odds of two by chance: about 3 in 100 even for random digits, as read
    /// upside down they are mostly not digits); reading it turned is 4 to 18 LSTM line
    /// reads for nothing (the corpus's `pe_id-rou`, idphoto-gen's hard pages).
    static func readUpright(_ result: MRZResult) -> Bool {
        let kinds: Set<MRZCheck.Kind> = [.documentNumber, .birthDate, .expiryDate]
        return result.checks.filter { $0.valid && $0.kind.map(kinds.contains) == true }.count >= 2
    }

    /// `reading` when it holds every check, else `nil`.
    private static func valid(_ reading: MRZReading?) -> MRZReading? { reading?.result.isValid == true ? reading : nil }

    /// Reads one band once; returns the reading only when it is valid.
    private func read(_ band: [PixelBox], quarter: Int) -> MRZReading? {
        let quads = band.map { quadrilateral($0, quarter: quarter) }
        guard !tried.contains(where: { $0.quarter == quarter && Self.sameLines($0.lines, quads) }) else { return nil }
        tried.append((quarter, quads))
        // a band the chains found and read already, or part of one read as an MRZ
        guard !readAlready(quads) else { return nil }
        heights.append(band.map(\.height).max() ?? 0)
        // enough for the line reader's margins (one text height at the sides)
        let margin = (band.map(\.height).max() ?? 0) * 11 / 10 + 4
        return Self.valid(read(region: view(quarter).region(around: band, margin: margin), quads: quads))
    }

    /// Reads the lines `region.band` of `region.image` (whose quadrilaterals in input
    /// pixels are `quads`): the reading, valid or not, `nil` when no layout fits its lines.
    private func read(region: (image: GrayImage, band: [PixelBox]), quads: [Quadrilateral], outlines: [Quadrilateral]? = nil) -> MRZReading? {
        // what is reported (the reading's lines, the bands set aside): the glyphs' outlines
        let shown = outlines ?? quads
        // no OCR for text that is not set in fixed pitch (a licence's print, headings)
        let shapes = region.band.map { BandFinder.lineShape(region.image, $0) }
        guard shapes.contains(.mrzLike) else {
            if shapes.filter({ $0 == .shortFixedPitch }).count >= 2 {
                shortBands.append(shown)
            } else if Self.shapedLikeMRZ(shown) {
                shapedBands.append(shown)
            }
            rejected.append(RejectedBand(lines: shown, reason: RejectedBand.Reason(shapes: shapes)))
            return nil
        }
        var lineReader = LineReader(corrector: corrector, engine: engine, image: region.image)
        lineReader.otherLines = region.band
        var reading = lineReader.read(region.band)
        reading?.source = region
        reading?.lineQuadrilaterals = shown
        if let known = reading?.uncertainFields, let result = reading?.result, let hidden = hiddenFields(result, quads: quads) {
            reading?.uncertainFields = known + hidden.filter { !known.contains($0) }
        }
        if reading != nil { parsedBands.append(quads) }
        if let reading, !reading.result.isValid, best == nil {
            best = reading
        } else if reading?.result.isValid != true {
            rejected.append(RejectedBand(lines: shown, reason: .noValidReading))
        }
        return reading
    }

    /// Whether a band's lines (outlines in input pixels) are two or three of about one
    /// length, each `mrzLineProportions` of its heights long.
    static func shapedLikeMRZ(_ lines: [Quadrilateral]) -> Bool {
        guard (2...3).contains(lines.count) else { return false }
        let sizes = lines.map { q in
            (length: hypot(q.topRight.x - q.topLeft.x, q.topRight.y - q.topLeft.y), height: hypot(q.bottomLeft.x - q.topLeft.x, q.bottomLeft.y - q.topLeft.y))
        }
        guard let longest = sizes.map(\.length).max(), let shortest = sizes.map(\.length).min(), shortest >= 0.85 * longest else { return false }
        return sizes.allSatisfy { $0.height > 0 && mrzLineProportions.contains($0.length / $0.height) }
    }

    /// The fields at the lines' ends when the lines may go on where nothing can be read:
    /// a layout with as many lines but longer ones exists, and right after the lines' ends,
    /// where its next glyphs would stand, the picture ends or glare whitens the page.  The shorter reading may then be
    /// a longer MRZ cut short, whose check digits all hold (an MRV-A visa read up to its
    /// 36th column is a valid MRV-B: visas have no composite digit).
    func hiddenFields(_ result: MRZResult, quads: [Quadrilateral]) -> [MRZFieldName]? {
        let length = result.format.lineLengths[0]
        guard let longest = MRZFormat.allCases.map(\.lineLengths).filter({ $0.count == result.lines.count }).map({ $0[0] }).max(),
            longest > length, quads.count == result.lines.count
        else { return nil }
        var samples = 0, hidden = 0
        input.pixels.withUnsafeBufferPointer { p in
            // glare is brighter than the page's paper (a white scan's paper is not glare)
            var paperLevels: [UInt8] = []
            for q in quads.map(\.corners) {
                for i in 0..<200 {
                    let f = (Double(i) + 0.5) / 200, a = Point(x: q[0].x + (q[1].x - q[0].x) * f, y: q[0].y + (q[1].y - q[0].y) * f)
                    let x = Int(a.x), y = Int(a.y)  // the line's top edge: paper between glyph tops
                    if x >= 0, y >= 0, x < input.width, y < input.height { paperLevels.append(p[y * input.width + x]) }
                }
            }
            paperLevels.sort()
            let paper = paperLevels.isEmpty ? 255 : Int(paperLevels[paperLevels.count * 9 / 10])
            for q in quads.map(\.corners) {
                // from the line's end outwards along its midline, half a pitch apart
                let start = Point(x: (q[1].x + q[2].x) / 2, y: (q[1].y + q[2].y) / 2)
                let left = Point(x: (q[0].x + q[3].x) / 2, y: (q[0].y + q[3].y) / 2)
                let pitch = hypot(start.x - left.x, start.y - left.y) / Double(length)
                guard pitch > 0 else { continue }
                let ux = (start.x - left.x) / (pitch * Double(length)), uy = (start.y - left.y) / (pitch * Double(length))
                // right after the end: a longer line's next glyphs, if any, stand there
                var t = 0.7 * pitch
                while t <= 2.5 * pitch {
                    let x = Int(start.x + ux * t), y = Int(start.y + uy * t)
                    samples += 1
                    if x < 0 || y < 0 || x >= input.width || y >= input.height {
                        hidden += 1
                    } else {
                        let level = Int(p[y * input.width + x])
                        if level >= 245, level >= paper + 20 { hidden += 1 }
                    }
                    t += pitch / 2
                }
            }
        }
        guard (samples > 0 && Double(hidden) >= 0.3 * Double(samples)) || inkContinues(quads, length: length) else { return nil }
        return result.format.fieldPositions.filter { $0.range.upperBound > length - 8 }.map(\.name)
    }

    /// Whether every line's print goes on past its end as glyphs: along the 0.5 to 3.5
    /// pitches after a line's end, the darkest level across the glyphs' cores falls and
    /// rises as glyphs at the line's pitch do (two dark runs or more, none longer than a
    /// pitch, a bright gap between), with at least 0.3 of the contrast the line's own glyphs
    /// show.  Glyphs that glare only pales (the chains lost them, the OCR reads up to where
    /// they stand) are such print; the clear paper after an MRZ, or the card's edge (one
    /// long dark run), is not.
    func inkContinues(_ quads: [Quadrilateral], length: Int) -> Bool {
        guard !quads.isEmpty, length > 0 else { return false }
        return input.pixels.withUnsafeBufferPointer { p in
            quads.map(\.corners).allSatisfy { q in
                let end = Point(x: (q[1].x + q[2].x) / 2, y: (q[1].y + q[2].y) / 2)
                let start = Point(x: (q[0].x + q[3].x) / 2, y: (q[0].y + q[3].y) / 2)
                let along = hypot(end.x - start.x, end.y - start.y), across = hypot(q[2].x - q[1].x, q[2].y - q[1].y)
                guard along > 0, across > 0 else { return false }
                let pitch = along / Double(length)
                let ux = (end.x - start.x) / along, uy = (end.y - start.y) / along
                let nx = (q[2].x - q[1].x) / across, ny = (q[2].y - q[1].y) / across
                // per step of an eighth of a pitch from `from` to `to` pitches after the end:
                // the darkest level across the glyphs' cores (nil past the picture's edge)
                func profile(from: Double, to: Double) -> [Int]? {
                    var levels: [Int] = []
                    var t = from * pitch
                    while t <= to * pitch {
                        var darkest = 255
                        for v in [-0.3, -0.15, 0, 0.15, 0.3] {
                            let x = Int(end.x + ux * t + nx * v * across), y = Int(end.y + uy * t + ny * v * across)
                            guard x >= 0, y >= 0, x < input.width, y < input.height else { return nil }
                            darkest = min(darkest, Int(p[y * input.width + x]))
                        }
                        levels.append(darkest)
                        t += pitch / 8
                    }
                    return levels
                }
                func spread(_ levels: [Int]) -> (low: Int, high: Int) {
                    let sorted = levels.sorted()
                    return (sorted[sorted.count / 10], sorted[sorted.count * 9 / 10])
                }
                guard let line = profile(from: -Double(length) + 0.5, to: -0.5), line.count >= 16,
                    let after = profile(from: 0.5, to: 3.5), after.count >= 16
                else { return false }
                let own = spread(line), seen = spread(after)
                guard own.high > own.low, Double(seen.high - seen.low) >= 0.3 * Double(own.high - own.low) else { return false }
                // dark and bright runs about the middle of what is seen after the end
                let middle = (seen.low + seen.high) / 2
                var darkRuns: [Int] = [], brightRuns = 0, run = 0, dark: Bool? = nil
                for level in after {
                    let isDark = level < middle
                    if isDark == dark {
                        run += 1
                        continue
                    }
                    if dark == true { darkRuns.append(run) } else if dark == false { brightRuns += 1 }
                    dark = isDark
                    run = 1
                }
                if dark == true { darkRuns.append(run) }
                return darkRuns.count >= 2 && brightRuns >= 1 && darkRuns.allSatisfy { $0 <= 8 }
            }
        }
    }

    /// A line box of the view `quarter` in input pixels.
    private func quadrilateral(_ box: PixelBox, quarter: Int) -> Quadrilateral {
        OrientedView.inputQuadrilateral(box, quarter: quarter, angle: view(quarter).angle, inputWidth: input.width, inputHeight: input.height)
    }

    /// Whether the lines `quads` (input pixels) were read already: a chain band read
    /// (in either direction), or two or more of the lines of a band with more lines whose
    /// reading fitted a layout to every line.  Such part of a band read as an MRZ cannot
    /// be another MRZ (two lines of a TD1's 30 characters fit no two-line layout, whose
    /// lines are 36 or 44 long); the corpus's
    /// `ag_id-mlt` and `pe_id-usa-prc` read two of their TD1's three lines four times
    /// each, in four to six LSTM line reads a time.
    private func readAlready(_ quads: [Quadrilateral]) -> Bool {
        readChains.contains { Self.sameLines($0, quads) } || parsedBands.contains { Self.isPart(quads, of: $0) }
    }

    /// Whether `part` is two or more, but fewer, of the lines of `band` (quadrilaterals
    /// in input pixels), in any order.
    static func isPart(_ part: [Quadrilateral], of band: [Quadrilateral]) -> Bool {
        part.count >= 2 && part.count < band.count && part.allSatisfy { line in band.contains { sameLines([$0], [line]) } }
    }

    /// Whether two bands' lines (quadrilaterals in input pixels) are the same lines: as
    /// many, each centre within half a line height of the other's.
    static func sameLines(_ a: [Quadrilateral], _ b: [Quadrilateral]) -> Bool {
        func centre(_ q: Quadrilateral) -> Point { Point(x: q.corners.map(\.x).reduce(0, +) / 4, y: q.corners.map(\.y).reduce(0, +) / 4) }
        func height(_ q: Quadrilateral) -> Double { hypot(q.bottomLeft.x - q.topLeft.x, q.bottomLeft.y - q.topLeft.y) }
        return a.count == b.count
            && zip(a, b).allSatisfy { p, q in
                let c = centre(p), d = centre(q)
                return hypot(c.x - d.x, c.y - d.y) < 0.5 * max(height(p), height(q)) + 2
            }
    }
}
