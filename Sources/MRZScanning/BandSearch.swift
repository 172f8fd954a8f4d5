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
    private let workingCopy: GrayImage
    private var views: [Int: OrientedView] = [:]
    private var tried: [(quarter: Int, band: [PixelBox])] = []
    /// Heights of the bands read (tallest line of each), in input pixels.
    private(set) var heights: [Int] = []
    /// The first reading that parsed but did not validate.
    private(set) var best: MRZReading?
    /// The bands read and set aside (but `best`'s), in input pixels.
    private(set) var rejected: [RejectedBand] = []

    /// Bands tried per orientation and finder: bounds the time spent on pictures without an MRZ.
    static let maximumBandsPerOrientation = 3

    init(input: GrayImage, engine: OCREngine, corrector: MRZCorrector) {
        self.input = input
        self.engine = engine
        self.corrector = corrector
        workingCopy = OrientedView.workingCopy(of: input)
    }

    /// The first valid reading and its band, or `nil`.
    ///
    /// Morphology first (a few ms per orientation).  MRZs sit low on the page, so the
    /// candidates of all four orientations are read lowest first: an upside-down page shows
    /// its MRZ at the top, the right way up at the bottom, and reading a band upside down
    /// costs two useless line recognitions.  When the upright view already has a band in
    /// its lower half, it is read before the other views are made.  Then the wider closing
    /// (see `OrientedView.gapDivisors`), which merges more clutter.  Tesseract's layout
    /// analysis (~80 ms per orientation, finds lines in busy layouts) comes last, only if
    /// `beforeLayoutAnalysis` agrees.
    func run(beforeLayoutAnalysis: () -> Bool) -> (MRZReading, [PixelBox])? {
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
        guard beforeLayoutAnalysis() else { return nil }
        // upright first, upside down last
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
    private func view(_ quarter: Int) -> OrientedView {
        if let v = views[quarter] { return v }
        let v =
            views[(quarter + 2) % 4].map { OrientedView(halfTurnOf: $0) }
            ?? OrientedView(input: input, workingCopy: workingCopy, quarter: quarter)
        views[quarter] = v
        return v
    }

    /// Reads one band once; returns the reading only when it is valid.
    private func read(_ band: [PixelBox], quarter: Int) -> MRZReading? {
        guard !tried.contains(where: { $0.quarter == quarter && BandFinder.sameBand($0.band, band) }) else { return nil }
        tried.append((quarter, band))
        heights.append(band.map(\.height).max() ?? 0)
        // enough for the line reader's margins (one text height at the sides)
        let margin = (band.map(\.height).max() ?? 0) * 11 / 10 + 4
        let region = view(quarter).region(around: band, margin: margin)
        let quads = band.map { quadrilateral($0, quarter: quarter) }
        // no OCR for text that is not set in fixed pitch (a licence's print, headings)
        let shapes = region.band.map { BandFinder.lineShape(region.image, $0) }
        guard shapes.contains(.mrzLike) else {
            rejected.append(RejectedBand(lines: quads, reason: RejectedBand.Reason(shapes: shapes)))
            return nil
        }
        let lineReader = LineReader(corrector: corrector, engine: engine, image: region.image)
        var reading = lineReader.read(region.band)
        reading?.source = region
        reading?.lineQuadrilaterals = quads
        if let reading, !reading.result.isValid, best == nil {
            best = reading
        } else if reading?.result.isValid != true {
            rejected.append(RejectedBand(lines: quads, reason: .noValidReading))
        }
        return reading?.result.isValid == true ? reading : nil
    }

    /// A line box of the view `quarter` in input pixels.
    private func quadrilateral(_ box: PixelBox, quarter: Int) -> Quadrilateral {
        OrientedView.inputQuadrilateral(box, quarter: quarter, angle: view(quarter).angle, inputWidth: input.width, inputHeight: input.height)
    }
}
