import Foundation
import IDCommon
import Imaging
import MRZ

/// How good the picture was for reading an MRZ.
public struct ImageQuality: Sendable, Codable, Equatable {
    /// Median height of the MRZ characters found, in pixels of the original image.
    public var characterHeight: Int?
    /// Variance of the Laplacian over the image (higher is sharper; below ~30 is blurred).
    public var sharpness: Double
    /// Fraction of nearly white, saturated pixels (glare); above ~0.08 is a lot.
    public var glare: Double
}

/// Why no valid MRZ was read.
public enum MRZScanFailure: String, Sendable, Codable {
    /// An MRZ-like band was seen, with characters too small to read.
    case tooSmall
    /// An MRZ-like band was seen, too blurred to read.
    case blurred
    /// An MRZ-like band was seen, washed out by glare.
    case glare
    /// An MRZ-like band was seen running off the picture.
    case cutOff
    /// An MRZ-like band was seen, too dark to read.
    case tooDark
    /// An MRZ-like band was seen, large, sharp and clear enough, and still not read.
    case undecodable
    /// No MRZ-like band was seen.
    case noMRZ
    /// The OCR model is missing: nothing could be read.
    case modelMissing

    public var message: String {
        switch self {
        case .tooSmall: return "The MRZ characters are too small to read; take the picture closer or at a higher resolution."
        case .blurred: return "The MRZ is too blurred to read; hold the camera still and focus on the document."
        case .glare: return "Glare covers the MRZ; tilt the document or move away from direct light."
        case .tooDark: return "The MRZ is too dark to read; take the picture in more light."
        case .cutOff: return "The MRZ runs off the edge of the picture; take the picture so that the whole MRZ is in it."
        case .undecodable: return "An MRZ was found but could not be read; take a straighter, sharper picture of the whole document."
        case .noMRZ: return "No machine-readable zone was found; make sure the two or three MRZ lines are in the picture."
        case .modelMissing: return "The OCR model tessdata/ocrb.traineddata was not found; set IDREADER_TESSDATA to its folder."
        }
    }

    /// The failure as one of the contract's causes; `nil` for a missing model (nothing
    /// about the picture).
    public var cause: ReadFailureCause? {
        switch self {
        case .tooSmall: return .tooSmall
        case .blurred: return .blurred
        case .glare: return .glare
        case .cutOff: return .cutOff
        case .tooDark: return .tooDark
        case .undecodable: return .undecodable
        case .noMRZ: return .noDocument
        case .modelMissing: return nil
        }
    }

    /// Whether an MRZ-like band was seen.
    public var bandSeen: Bool { cause.map { $0 != .noDocument } ?? false }
}

/// An MRZ read from an image.
public struct MRZReading: Sendable {
    /// The reading after correction (or as read, when no valid correction exists).
    public internal(set) var result: MRZResult
    /// Positions the correction changed.
    public let changes: [MRZCorrection.Change]
    /// Fields whose value no check digit proves and that the OCR was unsure of or that
    /// correction changed.
    public internal(set) var uncertainFields: [MRZFieldName]

    /// Check digits cannot vouch for names: a reading is accepted as valid only when no
    /// unproven field is uncertain.  Reported as the `ocrConfidence` check.
    public var confidenceCheck: MRZCheck { MRZCheck(.ocrConfidence, valid: uncertainFields.isEmpty) }

    /// Every check digit holds and no unproven field is in doubt.
    var isConfidentlyValid: Bool { result.isValid && uncertainFields.isEmpty }

    /// The reading with every field uncertain, each doubted by `rule`.
    func doubtingEveryField(_ rule: DoubtRule) -> MRZReading {
        var reading = self
        reading.uncertainFields = result.format.fieldPositions.map(\.name)
        for name in reading.uncertainFields where reading.doubtRules[name]?.contains(rule) != true {
            reading.doubtRules[name, default: []].append(rule)
        }
        return reading
    }

    /// The image region and line boxes the reading came from (set by the scanner; kept
    /// for `lineImages(of:)`, which evaluates the model on real photos).
    var source: (image: GrayImage, band: [PixelBox])?

    /// Each line's quadrilateral in input pixels (top-left, top-right, bottom-right,
    /// bottom-left as the line reads), set by the scanner.
    public internal(set) var lineQuadrilaterals: [Quadrilateral] = []
    /// Characters of uncertain fields the OCR gave reason to doubt (`ReadingJudge`).
    var doubtedCharacters: [MarkedCharacter] = []
    /// Per line, its texts as the views consulted read them: the first reading (after
    /// correction, before any vote), then the confirming views read (`ReadingJudge`).
    /// Lets the readings of several views vote together (`LineReader.combine`).
    var linesAsRead: [[String]] = []
    /// Per line, the glyph classifier's reading of its cells, where it voted (`CellVote`).
    var classifierLines: [ClassifierCells?] = []
    /// Each uncertain field with the rules that doubted it (`DoubtRule`).
    var doubtRules: [MRZFieldName: [DoubtRule]] = [:]
    /// The other readings of the doubtful characters that pass every check too
    /// (`LookAlikeReadings.Ambiguity`), for the diagnosis.
    var otherPassingReadings: [LookAlikeReadings.Ambiguity.Reading] = []

    /// The diagnosis of the uncertain fields, names only: per field, the rules that
    /// doubted it (none recorded: a rule outside the judge's, such as lines that may go
    /// on), and per line the glyph classifier's cells (`nil`: it did not vote) as whether
    /// each reads the shown character, with its probability.
    @_spi(Evaluation) public var doubtDiagnosis: (rules: [String: [String]], cells: [[(agrees: Bool, probability: Float)]?]) {
        let rules = Dictionary(uniqueKeysWithValues: uncertainFields.map { ($0.rawValue, (doubtRules[$0] ?? []).map(\.rawValue)) })
        let cells = classifierLines.enumerated().map { index, cells in
            cells.map { cells in
                zip(cells.characters, Array(result.lines[index])).enumerated().map { cell, pair in (pair.0 == pair.1, cells.probabilities[cell]) }
            }
        }
        return (rules, cells)
    }

    /// The characters to point a person at: those the correction changed, and those in
    /// doubt in the fields that stay uncertain.
    public var markedCharacters: [MarkedCharacter] {
        changes.map { MarkedCharacter(line: $0.line - 1, column: $0.column - 1, kind: .corrected, alternative: $0.from) }
            + doubtedCharacters.filter { mark in !changes.contains { $0.line - 1 == mark.line && $0.column - 1 == mark.column } }
    }
}

/// Finds the MRZ band in a photo or scan, OCRs it with the OCR-B model and corrects it
/// with the check digits.  Safe to use from many threads (one Tesseract per thread).
public struct MRZScanner: Sendable {
    public let tessdata: String?
    let corrector: MRZCorrector

    public init(tessdata: String? = Tessdata.directory(), parser: MRZParser = MRZParser()) {
        self.tessdata = tessdata
        self.corrector = MRZCorrector(parser: parser)
    }

    /// Every stage of the search in turn (`MRZSearchStage.allCases`) until one finds a
    /// valid MRZ.  Valid readings first; an invalid best reading only when no valid one
    /// exists.  `rejected`: the candidate bands looked at and set aside (for `--annotate`).
    public func scan(_ input: GrayImage) -> MRZScan {
        let search = self.search(input)
        for stage in MRZSearchStage.allCases where search.run(stage) == nil {}
        return search.outcome
    }

    /// A search of `input` to run stage by stage (`MRZSearch.run`): a caller looking for
    /// other documents in the same picture runs its own searches between the stages.
    public func search(_ input: GrayImage) -> MRZSearch { MRZSearch(input: input, scanner: self) }

    /// The line images of the MRZ read in `input`, as given to the OCR (scaled to the
    /// network's input height, primary view), with the reading; for evaluating the model
    /// on real photos (tools/train-ocrb/evaluate.py).
    @_spi(Evaluation) public func lineImages(of input: GrayImage) -> (lines: [String], images: [GrayImage])? {
        guard let reading = scan(input).readings.first, let source = reading.source,
            let tessdata, let engine = OCREngine.forCurrentThread(tessdata: tessdata)
        else { return nil }
        return (reading.result.lines, source.band.map { LineReader.lineImage($0, in: source.image, view: .primary, height: engine.inputHeight) })
    }

    /// The MRZ read in `input` with each line's glyph cells (`LineCells`, as ink images of
    /// `LineCells.glyphWidth` × `glyphHeight`) for `lengths` (the expected lines'
    /// lengths), `nil` for a line that could not be cut; for training and scoring the
    /// glyph classifier on real prints (`idreader-bench glyph-cells`).
    @_spi(Evaluation) public func glyphCells(of input: GrayImage, lengths: [Int]) -> (lines: [String], cells: [[[Float]]?])? {
        guard let reading = scan(input).readings.first, let source = reading.source, source.band.count == lengths.count else { return nil }
        let cells = zip(source.band, lengths).map { box, length -> [[Float]]? in
            CutLine(box, in: source.image, others: source.band, count: length).map { line in (0..<length).map(line.glyph) }
        }
        return (reading.result.lines, cells)
    }

    /// How the OCR read each line of the MRZ found in `input`, in the reader's first view
    /// and in its confirming view (both with the decoder's alternatives, before any
    /// correction); `nil` for a view whose line could not be fitted to the reading's
    /// length.  For measuring the OCR channel on real prints (`idreader-bench ocr-channel`).
    @_spi(Evaluation) public func channelObservations(of input: GrayImage) -> (lines: [String], views: [(first: [ObservedGlyph]?, second: [ObservedGlyph]?)])? {
        guard let reading = scan(input).readings.first, let source = reading.source,
            let tessdata, let engine = OCREngine.forCurrentThread(tessdata: tessdata)
        else { return nil }
        let reader = LineReader(corrector: corrector, engine: engine, image: source.image)
        let lines = reading.result.lines
        let views = zip(source.band, lines).map { box, text in
            let read = { (view: LineReader.View) in
                reader.ocrLine(box, view: view).flatMap { LineReader.fitLength($0, to: text.count) }
                    .map { $0.glyphs.map(ObservedGlyph.init) }
            }
            return (first: read(.primary), second: read(LineReader.View.primary.confirmation))
        }
        return (lines, views)
    }

    /// The text Tesseract reads in one line image (as `lineImages(of:)` gives them), with
    /// the reader's settings; `nil` without the model.  For timing and scoring the model.
    @_spi(Evaluation) public func recognise(lineImage: GrayImage) -> String? {
        guard let tessdata, let engine = OCREngine.forCurrentThread(tessdata: tessdata) else { return nil }
        return engine.lines(in: lineImage, mode: OCREngine.rawLine, alternatives: false).map(\.text).joined()
    }

    static func measure(_ image: GrayImage) -> ImageQuality {
        let w = image.width, h = image.height
        guard w > 2, h > 2 else { return ImageQuality(characterHeight: nil, sharpness: 0, glare: 0) }
        var sum = 0.0, sumSq = 0.0, count = 0.0, bright = 0
        let step = max(1, Int((Double(w * h) / 100_000).squareRoot()))  // ~100 000 samples: a stable estimate in ~1 ms
        image.pixels.withUnsafeBufferPointer { p in
            var y = 1
            while y < h - 1 {
                var x = 1
                while x < w - 1 {
                    let i = y * w + x
                    let lap = 4 * Int(p[i]) - Int(p[i - 1]) - Int(p[i + 1]) - Int(p[i - w]) - Int(p[i + w])
                    sum += Double(lap); sumSq += Double(lap * lap); count += 1
                    if p[i] >= 250 { bright += 1 }
                    x += step
                }
                y += step
            }
        }
        let mean = sum / max(count, 1)
        return ImageQuality(characterHeight: nil, sharpness: sumSq / max(count, 1) - mean * mean, glare: Double(bright) / max(count, 1))
    }

    /// MRZ characters shorter than this many pixels are too small to read.
    static let smallestGlyph = 10.0
    /// A band with more of its cells washed out than this is glared (idphoto-gen pages,
    /// seed 36, under a washed-out patch that kept them from being read; a cell of a band
    /// without glare holds ink at the band's contrast).
    static let mostGlare = 0.06
    /// A band whose glyphs' edges rise over more than this share of a glyph height is
    /// blurred (sharp bands of idphoto-gen pages measure 0.08–0.16).
    static let widestEdge = 0.22

    /// Why the bands read (`bands`, each its lines' outlines, most MRZ-like first) gave no
    /// MRZ, measured on the first of them.  Without one, a band of short fixed-pitch lines
    /// (`shortBands`) that ends at the picture's edge is an MRZ cut off, and one whose lines
    /// end where glare whitens the page an MRZ under glare; a band shaped like an MRZ whose
    /// glyphs could not be told apart (`shapedBands`) is one too small or too blurred to
    /// read when it measures so; else `noMRZ`.
    static func likelyCause(bands: [[Quadrilateral]], shortBands: [[Quadrilateral]], shapedBands: [[Quadrilateral]], in image: GrayImage) -> MRZScanFailure {
        guard let band = bands.first, let m = BandMeasures(lines: band, in: image) else {
            return causeOfPartialBands(shortBands, in: image) ?? causeOfShapedBands(shapedBands, in: image) ?? .noMRZ
        }
        return cause(shownBy: m, cutOff: m.runsOff) ?? .undecodable
    }

    /// The cause a band's measures show, `nil` for none: too dark, too small, cut off
    /// (where `cutOff`), glared, blurred, in that order.
    static func cause(shownBy m: BandMeasures, cutOff: Bool) -> MRZScanFailure? {
        if m.paper < darkestPaper { return .tooDark }
        if m.glyphHeight < smallestGlyph { return .tooSmall }
        if cutOff { return .cutOff }
        if m.glare > mostGlare || m.endsInGlare { return .glare }
        if m.edgeWidth > widestEdge { return .blurred }
        return nil
    }

    /// The cause a band of short fixed-pitch lines shows: it runs off the picture, or its
    /// lines end under glare.
    static func causeOfPartialBands(_ bands: [[Quadrilateral]], in image: GrayImage) -> MRZScanFailure? {
        for band in bands {
            guard let m = BandMeasures(lines: band, in: image), m.glyphHeight >= smallestGlyph else { continue }
            if m.runsOff { return .cutOff }
            if m.endsInGlare { return .glare }
        }
        return nil
    }

    /// The cause a band shaped like an MRZ without glyphs told apart shows: edges blurred
    /// past doubt, characters too small, or edges blurred.  Only lines that stand apart as an MRZ's do count
    /// (`leastLinePitch`): a PDF417's rows, or its stop pattern's bars, also chain as
    /// lines of one length.
    static func causeOfShapedBands(_ bands: [[Quadrilateral]], in image: GrayImage) -> MRZScanFailure? {
        for band in bands {
            guard let m = BandMeasures(lines: band, in: image), m.closestLinePitch >= leastLinePitch else { continue }
            if m.glyphHeight < smallestGlyph { return .tooSmall }
            if m.edgeWidth > widestEdge { return .blurred }
        }
        return nil
    }

    /// Edges this wide (in glyph heights) are blur at any glyph size: the real corpus
    /// blurred by 0.3 and 0.45 glyph heights measures 0.9–2.6 on 7–9 px glyphs, shrunk to
    /// 3.5 px glyphs 0.26–0.49 (bench/corpus_degraded.py).
    static let unmistakableBlur = 0.7

    /// A band whose paper is darker than this is too dark to read.
    static let darkestPaper = 60.0
    /// The least distance between a shaped band's adjacent lines, middle to middle, in
    /// line heights (`BandMeasures.closestLinePitch`), for an MRZ's lines: an MRZ's lines
    /// keep paper between them, and blur makes their outlines up to a third taller
    /// (`BandSearch.mrzLineProportions`); blurred and shrunk MRZs of bench/failure_causes.py
    /// (idphoto-gen seed 37, the real corpus at 3.5 px characters) measure 1.11 and more.
    /// A PDF417's rows abut, and its bars chain lengthwise side by side: a licence's rows
    /// taken for a blurred MRZ's lines and its stop pattern's bars taken for a too small
    /// MRZ's (idphoto-gen seed 37) measure 1.06 and 1.0.
    static let leastLinePitch = 1.1
}

/// The stages of the MRZ search, cheapest and most general first.
public enum MRZSearchStage: String, Sendable, Codable, CaseIterable {
    /// Glyph chains at any angle, each band straightened by its own homography
    /// (`ChainBandFinder`): tens of ms, finds most MRZs.
    case glyphChains
    /// Line blobs joined by a closing in the four quarter turns, deskewed
    /// (`OrientedView.morphologyBands`): a few ms per orientation.
    case morphology
    /// Tesseract's layout analysis in the four quarter turns: ~80 ms per orientation,
    /// for busy layouts; the last resort.
    case layoutAnalysis
}

/// What an MRZ search found (`MRZScanner.scan`, `MRZSearch.outcome`).
public struct MRZScan: Sendable {
    /// The valid reading, or the best invalid one; empty when nothing parsed.
    public let readings: [MRZReading]
    public let quality: ImageQuality
    /// Why no valid MRZ was read.
    public let failure: MRZScanFailure?
    /// The candidate bands set aside.
    public let rejected: [RejectedBand]
    /// The stage that found the valid reading.
    public let stage: MRZSearchStage?
}

/// One picture's MRZ search, stage by stage; what each stage saw is kept for the outcome.
/// Not for sharing between threads (the OCR engine is the calling thread's).
public final class MRZSearch {
    private let input: GrayImage
    private let bands: BandSearch?
    private var quality: ImageQuality
    private var found: (reading: MRZReading, glyphHeight: Int, stage: MRZSearchStage)?

    init(input: GrayImage, scanner: MRZScanner) {
        self.input = input
        quality = MRZScanner.measure(input)
        if let tessdata = scanner.tessdata, let engine = OCREngine.forCurrentThread(tessdata: tessdata) {
            bands = BandSearch(input: input, engine: engine, corrector: scanner.corrector)
        } else {
            bands = nil
        }
    }

    /// Runs `stage` (once; again it does nothing) unless a valid MRZ was found already;
    /// the valid reading when this stage found it.
    @discardableResult public func run(_ stage: MRZSearchStage) -> MRZReading? {
        guard found == nil, let bands, !ran.contains(stage) else { return nil }
        ran.insert(stage)
        guard worthRunning(stage, after: bands) else { return nil }
        guard let (reading, height) = bands.run(stage) else { return nil }
        found = (reading, height, stage)
        return reading
    }

    private var ran: Set<MRZSearchStage> = []

    /// Whether a later stage may find what the earlier ones missed.  Tesseract's layout
    /// analysis (~100 ms, most of what a picture without a document costs) runs only
    /// where the chain search found a chain of glyphs at one pitch as long as an MRZ line
    /// (`LayoutEvidence.chains`): every hard page of idphoto-gen seed 606 it reads has
    /// two or more, 24 of scikit-image's 25 pictures without a document none (its
    /// printed page has eight).  Without the chain search's finders (it did not run to
    /// its end) nothing is known and the stage runs.  It runs too where a band of lines was
    /// set aside as too short: an MRZ whose middle glare washes out is two halves no chain
    /// spans, whose pieces the layout analysis finds so that the cause is named `glare`, not
    /// `noDocument` (of the 25 pictures, only scikit-image's `brick` shows such a band).
    func worthRunning(_ stage: MRZSearchStage, after bands: BandSearch) -> Bool {
        guard stage == .layoutAnalysis, let finders = bands.chainFinders else { return true }
        // the two counts alone, not `LayoutEvidence`'s pairing of every chain with every other
        return finders.contains { !$0.chains.isEmpty } || bands.rejected.contains { $0.reason == .tooShort }
    }

    /// Whether a stage has found a valid MRZ.
    public var foundValid: Bool { found != nil }
    /// Whether a stage has read an MRZ, valid or not (its band is known).
    public var foundAny: Bool { found != nil || bands?.best != nil }

    /// The second look at a picture the search made out no MRZ band in
    /// (`MRZScanner.secondLook`), taking the glyph chains the search found.
    public func secondLook() -> UnreadLines? { MRZScanner.secondLook(input, searchFinders: bands?.chainFinders) }

    /// The print stripes' look (`MRZScanner.stripeLook`) in the oriented views the search
    /// made already.
    public func stripeLook(pictureBlurred: Bool) -> UnreadLines? {
        guard let bands else { return MRZScanner.stripeLook(input, pictureBlurred: pictureBlurred) }
        return MRZScanner.stripeLook(input, pictureBlurred: pictureBlurred, view: bands.view)
    }

    /// The print stripes' look, then the line energy's (`MRZScanner.blurredBandLooks`), in
    /// the oriented views the search made already (or made here once for both, without
    /// the OCR model).
    public func blurredBandLooks(pictureBlurred: Bool) -> UnreadLines? {
        MRZScanner.blurredBandLooks(input, pictureBlurred: pictureBlurred, view: bands?.view)
    }

    /// The line energy's look (`MRZScanner.energyLook`) in the oriented views the search
    /// made already (or made here, without the OCR model).
    public func energyLook(pictureBlurred: Bool) -> UnreadLines? {
        guard let bands else { return MRZScanner.energyLook(input, pictureBlurred: pictureBlurred) }
        return MRZScanner.energyLook(input, pictureBlurred: pictureBlurred, view: bands.view)
    }

    /// What the stages run so far saw of text lines (`LayoutEvidence`), for measuring
    /// which pictures the layout analysis reads; `nil` without the OCR model.
    @_spi(Evaluation) public var layoutEvidence: LayoutEvidence? { bands.map(LayoutEvidence.init) }

    /// What the stages run so far found.
    public var outcome: MRZScan {
        var quality = self.quality
        guard let bands else { return MRZScan(readings: [], quality: quality, failure: .modelMissing, rejected: [], stage: nil) }
        if let found {
            quality.characterHeight = found.glyphHeight
            // a band read before it that parsed but failed its checks was set aside too
            let setAside = bands.best.map { [RejectedBand(lines: $0.lineQuadrilaterals, reason: .noValidReading)] } ?? []
            return MRZScan(readings: [found.reading], quality: quality, failure: nil, rejected: bands.rejected + setAside, stage: found.stage)
        }
        if let (reading, glyphHeight) = bands.halfChained {
            quality.characterHeight = glyphHeight
            let setAside = bands.best.map { [RejectedBand(lines: $0.lineQuadrilaterals, reason: .noValidReading)] } ?? []
            return MRZScan(readings: [reading], quality: quality, failure: nil, rejected: bands.rejected + setAside, stage: .glyphChains)
        }
        let heights = bands.heights
        quality.characterHeight = heights.isEmpty ? nil : heights.sorted()[heights.count / 2]
        // the MRZ-like bands: those the OCR read (their lines looked like MRZ lines)
        let read = (bands.best.map { [$0.lineQuadrilaterals] } ?? []) + bands.rejected.filter { $0.reason == .noValidReading }.map(\.lines)
        let failure = MRZScanner.likelyCause(bands: read, shortBands: bands.shortBands, shapedBands: bands.shapedBands, in: input)
        return MRZScan(readings: bands.best.map { [$0] } ?? [], quality: quality, failure: failure, rejected: bands.rejected, stage: nil)
    }
}

/// One character as the OCR read it, for measuring the channel (`channelObservations`).
@_spi(Evaluation) public struct ObservedGlyph: Sendable {
    public let character: Character
    /// 0–100.
    public let confidence: Float
    /// The decoder's other candidates, strongest first, with their confidences.
    public let candidates: [(character: Character, confidence: Float)]

    init(_ glyph: OCRGlyph) {
        character = glyph.character
        confidence = glyph.confidence
        candidates = glyph.candidates.map { ($0.character, $0.confidence) }
    }
}

/// What the glyph chains and the morphology saw of text lines before Tesseract's layout
/// analysis would run.
@_spi(Evaluation) public struct LayoutEvidence: Sendable, Codable {
    /// Chains of glyphs at one pitch, over every pass of the chain search.
    public var chains = 0
    /// The most glyphs in one chain.
    public var longestChain = 0.0
    /// Pairs of chains alike (parallel, of one height and pitch) stacked 1.1–4 glyph
    /// heights apart: lines of one block of print.
    public var stackedPairs = 0
    /// Bands set aside before any reading, per reason.
    public var rejected: [String: Int] = [:]
    /// Bands of short fixed-pitch lines (`BandSearch.shortBands`).
    public var shortBands = 0
    /// Bands shaped like an MRZ whose glyphs were not told apart (`BandSearch.shapedBands`).
    public var shapedBands = 0

    init(_ search: BandSearch) {
        let chains = (search.chainFinders ?? []).flatMap(\.chains)
        self.chains = chains.count
        longestChain = chains.map(\.glyphCount).max() ?? 0
        for (i, a) in chains.enumerated() {
            for b in chains[(i + 1)...] where a.isAlike(b, sine: 0.1, height: 0.7, pitch: 0.7) {
                let middle = b.point(at: (b.start + b.end) / 2)
                let apart = abs(a.direction.normal.dot(middle) - a.offset) / max(a.glyphHeight, 1)
                if (1.1...4).contains(apart) { stackedPairs += 1 }
            }
        }
        for band in search.rejected { rejected[band.reason.rawValue, default: 0] += 1 }
        shortBands = search.shortBands.count
        shapedBands = search.shapedBands.count
    }
}
