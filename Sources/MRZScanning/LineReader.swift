import IDCommon
import Imaging
import MRZ

/// Reads one candidate band: OCR of each line on its own crop, lengths fitted with
/// fillers, check-digit correction, then the confidence rules for unproven fields.
struct LineReader {
    let corrector: MRZCorrector
    let engine: OCREngine
    /// The oriented, deskewed image the band's boxes refer to.
    let image: GrayImage

    init(corrector: MRZCorrector, engine: OCREngine, image: GrayImage) {
        self.corrector = corrector
        self.engine = engine
        self.image = image
    }

    /// How a line is shown to Tesseract: the crop's margin above and below the text, as a
    /// fraction of the text height.  The crop is scaled to the network's input height
    /// (`OCREngine.inputHeight`) and read as one raw line (no layout analysis), so the
    /// margin decides how large the text is in the network's input and how many columns it
    /// runs over (the cost).  Two views with different margins are independent readings.
    struct View: Hashable {
        let margin: Double
        /// The crop's room at each end of the line, in text heights.
        var side = 1.0
        /// Whether the crop's edges are steepened (`GrayImage.sharpened`, by a twelfth of
        /// the glyph height): a blurred photo's line that the plain views misread.
        var sharpen = false
        /// Whether the crop's contrast is stretched along the line (`GrayImage.stretchedAlongRows`,
        /// over 0.6 of a glyph height each way: about a glyph): glyphs that glare paled.
        var stretch = false
        /// Whether the crop's blur is undone (`GrayImage.deconvolved`, at the blur its own
        /// edges measure: `deblurSigma`): a blurred line whose glyphs the LSTM misreads.
        var deblur = false

        /// Text ~55 % of the input height (measured with this model on the generated sets
        /// and the corpus: 0.35 read no more pages, one corpus photo fewer, at more cost).
        static let primary = View(margin: 0.4)
        /// Larger text, for lines whose length was wrong at the primary view.
        static let retry = View(margin: 0.25)

        /// The confirming view of a line read in this view: smaller text (fewer columns,
        /// cheaper), different enough that an unstable misreading does not repeat.
        var confirmation: View {
            isTreated ? treated(margin: 0.6) : self == .primary ? View(margin: 0.6) : View(margin: 0.5)
        }
        /// The other view for a line whose length could not be fitted.
        var other: View { isTreated ? treated(margin: 0.25) : self == .primary ? .retry : .primary }
        /// Whether the crop is filtered beyond even light (sharpened, stretched or deblurred).
        var isTreated: Bool { sharpen || stretch || deblur }
        /// This view's filters at `margin`, with the usual room at the ends.
        private func treated(margin: Double) -> View { View(margin: margin, sharpen: sharpen, stretch: stretch, deblur: deblur) }
        /// The band's last reading view: its lines' contrast stretched along them, read only
        /// when no view before it gave a reading whose check digits hold, and only for a
        /// blurred band (`read(_:view:)`).
        static let stretchedBand = View(margin: 0.4, stretch: true)
        /// The band's view with its blur undone, read as the stretched one is (only for a
        /// blurred band no view before it read with its check digits holding).
        static let deblurredBand = View(margin: 0.4, deblur: true)
        /// The primary view of a sharpened crop, read after the plain views (measured on
        /// idphoto-gen's hard lines under even light: 124 of 168 read exactly plainly,
        /// 136 by either).
        static let sharpened = View(margin: 0.4, sharpen: true)
        /// The last view for a line whose length neither view fitted: more room at the
        /// ends (a wide `O` first in a line, read `0O` with one text height beside it,
        /// is read once at one and a half).
        static let wideSides = View(margin: 0.4, side: 1.6)
        /// The last view for a line read short whose length no other view fitted: its contrast
        /// stretched along the line, with room for two and a half text heights at the
        /// ends, where glare pales the glyphs the band's box stops short of (their count
        /// taken back only when it makes the line's length: `fitLength`).
        static let stretched = View(margin: 0.4, side: 2.5, stretch: true)
    }

    /// The band's other lines, painted out of a line's crop where they reach into its
    /// margins (lines 1.4 glyph heights apart put the next line's tops in the crop).
    var otherLines: [PixelBox] = [] { didSet { seen = Seen() } }

    /// The crops made and the lines read so far, by box and view.  A band's readings ask
    /// for the same crop more than once (a line's other view when its length did not fit
    /// is also the judge's second try, and the sharpened reading of a sharp band is the
    /// retry view), and Tesseract reads the same image the same way: each is made once.
    private var seen = Seen()

    private final class Seen {
        var crops: [Key: (image: GrayImage, box: ClosedRange<Double>, glyphHeight: Double)] = [:]
        var lines: [Key: OCRLine?] = [:]
        var cells: [CellKey: CellReading?] = [:]
    }

    private struct CellKey: Hashable {
        let box: PixelBox
        let count: Int
    }

    /// The glyph classifier's reading of one line's cells, and where the line's box lies
    /// in the crop they were cut from.
    struct CellReading {
        var vote: CellVote
        let cells: LineCells
        let box: ClosedRange<Double>
    }

    /// The second recogniser (`GlyphClassifier.inUse`: the shipped one but in the
    /// benches' fold scoring); `nil` reads with the LSTM alone.
    var classifier: GlyphClassifier? = GlyphClassifier.inUse

    private struct Key: Hashable {
        let box: PixelBox
        let view: View
    }

    /// OCR of one line box in `view`, without what the decoder read in the crop's room
    /// beside the box (`insideBox`); the recognition's time counts as `step` of a profile.
    func ocrLine(_ box: PixelBox, view: View = .primary, as step: ProfiledStep = .ocrFirstView) -> OCRLine? {
        let key = Key(box: box, view: view)
        if let line = seen.lines[key] { return line }
        let crop = lineCrop(box, view: view)
        let line = StepProfile.measure(step) { engine.lines(in: crop.image, mode: OCREngine.rawLine, alternatives: true) }
            .max(by: { $0.glyphs.count < $1.glyphs.count })
            .map { Self.insideBox($0, box: crop.box, glyphHeight: crop.glyphHeight) }
        seen.lines[key] = line
        return line
    }

    /// `Self.lineCrop` of `box` in this reader's image, made once per box and view.
    private func lineCrop(_ box: PixelBox, view: View) -> (image: GrayImage, box: ClosedRange<Double>, glyphHeight: Double) {
        let key = Key(box: box, view: view)
        if let crop = seen.crops[key] { return crop }
        let crop = Self.lineCrop(box, in: image, view: view, height: engine.inputHeight, others: otherLines.filter { $0 != box })
        seen.crops[key] = crop
        return crop
    }

    /// `line` without the characters at its ends read more than 0.4 glyph heights outside
    /// `box` (the line's glyphs, in the line image's pixels): print or texture beside an
    /// MRZ line that has no clear zone (the French 2021 card's microtext, read `I`).  They
    /// are kept aside (`besideBox`): a line's first or last glyph that a stroke touches
    /// (a pen mark drawn round the MRZ) is no glyph-sized component of the band, so the
    /// box ends one glyph short of it, and `fitLength` takes it back.
    static func insideBox(_ line: OCRLine, box: ClosedRange<Double>, glyphHeight: Double) -> OCRLine {
        var l = line
        let slack = 0.4 * glyphHeight
        while let first = l.glyphs.first, let centre = first.centre, centre < box.lowerBound - slack {
            l.besideBox.before.append(l.glyphs.removeFirst())
        }
        while let last = l.glyphs.last, let centre = last.centre, centre > box.upperBound + slack {
            l.besideBox.after.insert(l.glyphs.removeLast(), at: 0)
        }
        return l
    }

    /// The crop of one line box of `image` in `view`, scaled to `height` (the network's input height).
    static func lineImage(_ box: PixelBox, in image: GrayImage, view: View, height: Int) -> GrayImage {
        lineCrop(box, in: image, view: view, height: height).image
    }

    /// `lineImage`, with where the box's ends and its glyph height fall in it.
    static func lineCrop(
        _ box: PixelBox, in image: GrayImage, view: View, height: Int, others: [PixelBox] = []
    ) -> (image: GrayImage, box: ClosedRange<Double>, glyphHeight: Double) {
        StepProfile.measure(.lineCrop) { uncountedLineCrop(box, in: image, view: view, height: height, others: others) }
    }

    private static func uncountedLineCrop(
        _ box: PixelBox, in image: GrayImage, view: View, height: Int, others: [PixelBox]
    ) -> (image: GrayImage, box: ClosedRange<Double>, glyphHeight: Double) {
        let padY = Int(Double(box.height) * view.margin) + 2, padX = Int((Double(box.height) * view.side).rounded())
        let x0 = max(0, box.x - padX), y0 = max(0, box.y - padY)
        var crop = image.cropped(x: box.x - padX, y: box.y - padY, width: box.width + 2 * padX, height: box.height + 2 * padY)
        // rows nearer another line than this one's glyphs: paper
        var painted: [(from: Int, to: Int)] = []
        for other in others {
            if other.y >= box.y + box.height {
                painted.append(((box.y + box.height + other.y) / 2 - y0, crop.height))
            } else if other.y + other.height <= box.y {
                painted.append((0, (other.y + other.height + box.y) / 2 - y0))
            }
        }
        if !painted.isEmpty, crop.width > 0, crop.height > 0 {
            let paper = crop.percentile(0.8, in: PixelBox(x: 0, y: 0, width: crop.width, height: crop.height))
            for (from, to) in painted {
                let a = max(0, min(crop.height, from)), b = max(a, min(crop.height, to))
                for y in a..<b {
                    for x in 0..<crop.width { crop.pixels[y * crop.width + x] = paper }
                }
            }
        }
        let factor = min(6, Double(height) / Double(max(crop.height, 1)))
        let scaled = abs(factor - 1) > 0.02 ? crop.scaled(by: factor) : crop
        let f = abs(factor - 1) > 0.02 ? Double(scaled.width) / Double(max(1, crop.width)) : 1
        let glyphHeight = Double(box.height) * f
        // the light levelled over about a glyph's height (see `evenlyLit`)
        var lit = scaled.evenlyLit(window: Int(glyphHeight.rounded()))
        if view.sharpen { lit = lit.sharpened(sigma: glyphHeight / 12) }
        if view.stretch { lit = lit.stretchedAlongRows(window: Int((0.6 * glyphHeight).rounded())) }
        if view.deblur, let sigma = deblurSigma(lit) { lit = lit.deconvolved(sigma: sigma, iterations: deblurIterations) }
        return (lit, (Double(box.x - x0) * f)...(Double(box.x + box.width - x0) * f), glyphHeight)
    }

    /// The band read with the decoder's alternatives (the corrector draws its changes
    /// from them, and the doubt rules need them: a reading without them cannot prove a
    /// field where letters and digits both stand), then in the other view when that is
    /// not confidently valid.  A doubt raised in one view stands: another view's reading of
    /// the same lines keeps it, and another valid reading of different lines makes the
    /// band ambiguous (trying views until one passes would shop for validity).  A band
    /// whose lines cannot be fitted to an MRZ length in either view is no MRZ.
    func read(_ band: [PixelBox]) -> MRZReading? { Self.readInViews(parser: corrector.parser) { read(band, view: $0, keeping: $1) } }

    /// The views a band is read in, in order: the next only when the last reading is not
    /// confidently valid.
    static let readingViews = [View.primary, .sharpened, .stretchedBand, .deblurredBand]

    /// `read(view, kept)` for each of `readingViews` until one is confidently valid, or until
    /// a reading leaves a doubt no later view can take back (`keepsItsDoubt`), the readings
    /// made one (`combine`); after a reading that holds its checks, a later view reads
    /// again only the lines holding a field in doubt (`KeptLines`).  The one loop of the
    /// reader and the channel property.
    static func readInViews(parser: MRZParser, _ read: (View, KeptLines?) -> MRZReading?) -> MRZReading? {
        var readings: [(view: View, reading: MRZReading)] = []
        for view in readingViews {
            // a stretched view shows pale glyphs dark, a deblurred one may make strokes of
            // noise: only for bands no view read validly
            if view.stretch || view.deblur, readings.contains(where: \.reading.result.isValid) { break }
            if readings.contains(where: { keepsItsDoubt($0.reading) }) { break }
            guard let reading = read(view, KeptLines(after: readings)) else { continue }
            readings.append((view, reading))
            if reading.isConfidentlyValid { break }
        }
        return combine(readings.map(\.reading), parser: parser)
    }

    /// The lines of a band a later view does not read again: those of the first reading
    /// that holds its checks without a field in doubt, kept as that reading's view read
    /// them.  Only a doubted field's line gains by another view (its doubt may be lifted,
    /// its free text voted); reading the others again costs LSTM reads, and their
    /// reading can only differ where the first view's, under checks that hold and no
    /// doubt, is already proven.
    struct KeptLines: Equatable {
        /// The view the kept lines were read in.
        let view: View
        /// The layout's line lengths, which the later view's reading keeps.
        let lengths: [Int]
        /// The indices of the lines kept.
        let lines: Set<Int>

        /// The kept lines after `readings` (in the order read, with their views); `nil`
        /// while none holds its checks.
        init?(after readings: [(view: View, reading: MRZReading)]) {
            guard let valid = readings.first(where: \.reading.result.isValid) else { return nil }
            let result = valid.reading.result
            let doubted = Set(result.format.fieldPositions.filter { valid.reading.uncertainFields.contains($0.name) }.map(\.line))
            view = valid.view
            lengths = result.format.lineLengths
            lines = Set(result.lines.indices).subtracting(doubted)
        }
    }

    /// One band's readings in several views (in the order read) made one: the confidently
    /// valid one, else the valid one with the fewest uncertain fields (the first of
    /// those), else the first; with the doubts the others raise.  (idphoto-gen's `ROBERT`,
    /// read `RBBERT` in the primary view with its number in doubt too, and `ROBERT` in the
    /// sharpened view, its name the only doubt: the sharpened reading is shown.)  An
    /// uncertain field no check digit proves shows what most views of all readings read
    /// (`votedAcrossViews`).
    static func combine(_ readings: [MRZReading], parser: MRZParser) -> MRZReading? {
        let leastDoubted = readings.indices.filter { readings[$0].result.isValid }
            .min { readings[$0].uncertainFields.count < readings[$1].uncertainFields.count }
        guard let shown = readings.firstIndex(where: \.isConfidentlyValid) ?? leastDoubted ?? readings.indices.first else { return nil }
        var best = readings[shown]
        for other in readings where other.result.isValid {
            if other.result.lines == best.result.lines {
                // the doubts on fields where letters and digits both stand (look-alikes the
                // check digits cannot rule out); a name doubted in one view may be read
                // confidently in another
                let raised = lettersAndDigitsDoubts(of: other).filter { !best.uncertainFields.contains($0) }
                best.uncertainFields += raised
                raised.forEach { best.doubtRules[$0, default: []].append(.otherView) }
            } else {
                // two views, two valid readings: the fields where they differ are unproven
                let differing = Self.differingFields(best.result, other.result).filter { !best.uncertainFields.contains($0) }
                best.uncertainFields += differing
                differing.forEach { best.doubtRules[$0, default: []].append(.otherView) }
            }
        }
        return votedAcrossViews(best, others: readings.indices.filter { $0 != shown }.map { readings[$0] }, parser: parser)
    }

    /// The doubts of a valid `reading` that `combine` puts on another reading of the same
    /// lines: those on fields where letters and digits both stand.
    static func lettersAndDigitsDoubts(of reading: MRZReading) -> [MRZFieldName] {
        let mixed = Set(reading.result.format.fieldPositions.filter { $0.characters == .alphanumeric }.map(\.name))
        return reading.uncertainFields.filter { mixed.contains($0) }
    }

    /// Whether `reading` holds its checks with a doubt that stands whatever a later view of
    /// its band reads, so that the band cannot be read confidently valid after it: a doubt
    /// `combine` puts on a reading of the same lines (`lettersAndDigitsDoubts`), or one its
    /// shown text alone raises (a country code no table holds, letters after a name's
    /// fillers: `FirstViewDoubts.byText`), which a reading of the same lines raises
    /// too; a reading of other lines leaves the fields that differ in doubt.  Not where
    /// free text is in doubt: the later views vote on what it shows (`votedAcrossViews`;
    /// a French passport's name, read right only so).  The views after it would be read
    /// only for the shown text of a reading in doubt (measured: bench/README.md, issue 45,
    /// session 26).
    static func keepsItsDoubt(_ reading: MRZReading) -> Bool {
        let free = reading.result.format.fieldPositions.filter(FreeText.isFreeText).map(\.name)
        guard reading.result.isValid, !reading.uncertainFields.contains(where: free.contains) else { return false }
        let byText = FirstViewDoubts.byText(reading.result).map(\.field)
        return !lettersAndDigitsDoubts(of: reading).isEmpty || reading.uncertainFields.contains(where: byText.contains)
    }

    /// `shown` with its uncertain free text (names, optional data: fields no check digit
    /// proves) put to what most views of it and of the `others` of its layout read,
    /// character by character, and to the glyph classifier's character in each cell it is
    /// sure of (`ClassifierCells.shown`); the fields stay uncertain.  Every view of every
    /// reading votes, so that the majority of all six decides, not that of the first
    /// reading's three (a real German passport's `MUSTERMANN<<ERIKA`, read with `F` for
    /// both `E` in two of the primary reading's three views and right in all three
    /// sharpened ones; both readings leave two fields in doubt).
    static func votedAcrossViews(_ shown: MRZReading, others: [MRZReading], parser: MRZParser) -> MRZReading {
        let lineCount = shown.result.lines.count
        let layout = others.filter { $0.result.format == shown.result.format && $0.linesAsRead.count == lineCount }
        let viewsVote = !layout.isEmpty && shown.linesAsRead.count == lineCount
        var votes: [(line: Int, range: Range<Int>, text: [Character])] = []
        for field in shown.result.format.fieldPositions where shown.uncertainFields.contains(field.name) && FreeText.isFreeText(field) {
            let asShown = Array(Array(shown.result.lines[field.line])[field.range])
            var text = asShown
            if viewsVote {
                // the shown line (with the first view's own votes) in place of its first reading
                let texts = [shown.result.lines[field.line]] + shown.linesAsRead[field.line].dropFirst() + layout.flatMap(\.linesAsRead[field.line])
                text = ViewAlignment.vote(texts, in: field.range) ?? text
            }
            if shown.classifierLines.indices.contains(field.line), let cells = shown.classifierLines[field.line] {
                text = cells.shown(text, in: field.range) ?? text
            }
            if text != asShown { votes.append((field.line, field.range, text)) }
        }
        var voted = shown
        voted.result = ReadingJudge.applying(votes, to: shown.result, parser: parser)
        return voted
    }

    /// The fields whose characters differ between two readings of the same layout.
    static func differingFields(_ a: MRZResult, _ b: MRZResult) -> [MRZFieldName] {
        guard a.format == b.format else { return a.format.fieldPositions.map(\.name) }
        return a.format.fieldPositions.filter { a.raw($0.name) != b.raw($0.name) }.map(\.name)
    }

    /// The band read in `requested`, but for the `kept` lines, which stand as their view
    /// read them (made once, so they cost no OCR), in the kept reading's layout.
    func read(_ band: [PixelBox], view requested: View, keeping kept: KeptLines? = nil) -> MRZReading? {
        guard let firstBox = band.first else { return nil }
        // a sharp band's third reading is not worth its cost (a sharp picture's first bands
        // are mostly print beside its MRZ)
        if requested.stretch || requested.deblur, !isBlurred(firstBox) { return nil }
        let view = shown(requested, firstBox)
        func lineView(_ index: Int) -> View { kept.map { $0.lines.contains(index) ? shown($0.view, firstBox) : view } ?? view }
        guard let first = ocrLine(firstBox, view: lineView(0)) else { return nil }
        // the layout nearest the first line's read length that the first line fits (a line
        // whose box stops short of glyphs glare paled fits a longer one only in the view
        // that reads them); the views' readings are made once, so each try costs no OCR
        let layouts = kept.map { [$0.lengths] } ?? Self.layouts(lines: band.count, firstLineRead: first.glyphs.count)
        let fits = layouts.lazy.compactMap { shape in
            self.fittedReading(firstBox, to: shape[0], view: lineView(0), firstTry: first).map { (shape, $0) }
        }
        guard let (shape, firstReading) = fits.first, shape.count == band.count else { return nil }
        let classes = CellVote.characterClasses(lengths: shape)
        var fitted: [OCRLine] = []
        for (index, box) in band.enumerated() {
            let fit = index == 0 ? firstReading : fittedReading(box, to: shape[index], view: lineView(index), firstTry: nil)
            guard let reading = fit else { return nil }
            fitted.append(voted(reading.line, raw: reading.raw, box: box, view: reading.view, classes: classes[index]))
        }
        let judge = ReadingJudge(corrector: corrector)
        // the confirming view, then the other view; one the fillers cannot fit is still a
        // reading of the line, which the judge aligns with the first
        return StepProfile.measure(.judge) {
            judge.judge(fitted) { index, attempt in
                ocrLine(band[index], view: attempt == 0 ? lineView(index).confirmation : lineView(index).other, as: .ocrConfirmingView)
                    .map { Self.fitLength($0, to: shape[index]) ?? $0 }
            }
        }
    }

    /// The view a band whose first line is in `firstBox` is read in when `requested`: a
    /// sharp line gains nothing by sharpening (a clean page's `<` read `9`), so its second
    /// view is the larger text.
    private func shown(_ requested: View, _ firstBox: PixelBox) -> View {
        requested.sharpen && !isBlurred(firstBox) ? View.retry : requested
    }

    /// Whether the line in `box` is blurred: its steepest edges (the 99th percentile of the
    /// level steps between neighbouring pixels of its primary crop, under even light) rise
    /// over more than a sixth of the glyph height.  Measured on idphoto-gen's lines: a
    /// clean page's edges rise over about a tenth, a hard page's over about a fifth (an
    /// eighth took a real passport photo that the retry reads from it).
    func isBlurred(_ box: PixelBox) -> Bool {
        let crop = lineCrop(box, view: .primary)
        return Self.edgeRise(crop.image).map { $0 > crop.glyphHeight / 6 } ?? false
    }

    /// How many pixels the steepest edges of `image` take to rise from its dark to its
    /// light level (the 2nd to 98th percentile), measured by the 99th percentile of the
    /// steps between horizontal neighbours; `nil` for an image without contrast.
    static func edgeRise(_ image: GrayImage) -> Double? {
        guard image.width > 1, image.height > 0 else { return nil }
        var levels = [Int](repeating: 0, count: 256), steps = [Int](repeating: 0, count: 256)
        for y in 0..<image.height {
            let row = y * image.width
            for x in 0..<image.width {
                levels[Int(image.pixels[row + x])] += 1
                if x > 0 { steps[abs(Int(image.pixels[row + x]) - Int(image.pixels[row + x - 1]))] += 1 }
            }
        }
        func percentile(_ histogram: [Int], _ fraction: Double) -> Int {
            let total = histogram.reduce(0, +)
            var seen = 0
            for (value, n) in histogram.enumerated() {
                seen += n
                if Double(seen) > fraction * Double(total) { return value }
            }
            return 255
        }
        let contrast = percentile(levels, 0.98) - percentile(levels, 0.02), step = percentile(steps, 0.99)
        guard contrast > 0, step > 0 else { return nil }
        return Double(contrast) / Double(step)
    }

    /// The Gaussian blur, in pixels, of a line image under even light, from its steepest
    /// edges (`edgeRise`): a step blurred by a Gaussian of sigma s rises at most
    /// 1 / (s·√(2π)) of its contrast a pixel.  `nil` for an image without contrast.
    static func deblurSigma(_ image: GrayImage) -> Double? { edgeRise(image).map { $0 / (2 * Double.pi).squareRoot() } }

    /// Richardson–Lucy steps for a deblurred view: a few, on the small line crop (the one
    /// count measured, issue 44 session 26: bench/README.md, `make bench-mrz-misses`).
    static let deblurIterations = 10

    /// The line lengths of the format table's layouts of `lines` lines whose first line is
    /// nearest in length to the one read (the OCR miscounts a few fillers at most).
    static func lineLengths(lines: Int, firstLineRead: Int) -> [Int]? { layouts(lines: lines, firstLineRead: firstLineRead).first }

    /// The format table's line lengths of `lines` lines, each once, nearest in first-line
    /// length to `firstLineRead` first.
    static func layouts(lines: Int, firstLineRead: Int) -> [[Int]] {
        var layouts: [[Int]] = []
        for lengths in MRZFormat.allCases.map(\.lineLengths) where lengths.count == lines && !layouts.contains(lengths) { layouts.append(lengths) }
        return layouts.enumerated().sorted { a, b in
            let da = abs(a.element[0] - firstLineRead), db = abs(b.element[0] - firstLineRead)
            return da != db ? da < db : a.offset < b.offset
        }.map(\.element)
    }

    /// A line read to `target` characters.  A glyph split in two (`W` read as `NW`) or two
    /// merged make the length wrong beyond filler repair; another view rarely
    /// repeats the mistake.
    func fittedLine(_ box: PixelBox, to target: Int, view: View, firstTry: OCRLine? = nil) -> OCRLine? {
        fittedReading(box, to: target, view: view, firstTry: firstTry)?.line
    }

    /// `fittedLine`, with the line as read before the fit and the view it was read in.
    private func fittedReading(_ box: PixelBox, to target: Int, view: View, firstTry: OCRLine?) -> (line: OCRLine, raw: OCRLine, view: View)? {
        let first = firstTry ?? ocrLine(box, view: view)
        if let first, let fitted = Self.fitted(first, to: target, inBandView: true) { return (fitted, first, view) }
        for other in Self.refitViews(view, firstRead: first?.glyphs.count, target: target) {
            if let line = ocrLine(box, view: other, as: .ocrRefitView), let fitted = Self.fitted(line, to: target, inBandView: false) {
                return (fitted, line, other)
            }
        }
        // glyphs glare paled are missing from a line read short, not from one read long
        guard let first, first.glyphs.count < target, let line = ocrLine(box, view: .stretched, as: .ocrRefitView),
            let fitted = Self.fitted(line, to: target, inBandView: false)
        else { return nil }
        return (fitted, line, .stretched)
    }

    /// `line` fitted to `target` characters (`fitLength`), saying whether it was read at
    /// that length in the band's own view (`inBandView`; `false`: a refit view read it
    /// after the band's view read another length): `OCRLine.readAtLayoutLength`, the one
    /// place it is set.
    static func fitted(_ line: OCRLine, to target: Int, inBandView: Bool) -> OCRLine? {
        guard var fitted = fitLength(line, to: target) else { return nil }
        fitted.readAtLayoutLength = inBandView && line.glyphs.count == target
        return fitted
    }

    /// The views read again, in turn, for a line whose first reading (`firstRead` glyphs, in
    /// `view`) no filler fits to `target`: the other margin and room at the ends, which mend
    /// a glyph or a few split, merged or doubled, only for a line read at most `refitReach`
    /// off; a line read further off is print beside an MRZ or a line of a shorter layout
    /// (and a line read short, its glyphs paled by glare, keeps its stretched view after
    /// these: `fittedReading`).
    static func refitViews(_ view: View, firstRead: Int?, target: Int) -> [View] {
        guard let firstRead, abs(firstRead - target) > refitReach else { return [view.other, .wideSides] }
        return []
    }

    /// How many glyphs off its layout's length a line may be read for the other margin and
    /// wide ends to be read to fit it.  Measured on the corpus (bench/README.md, issue 45,
    /// session 26): every line those views fitted was read 1 to 3 glyphs off.
    static let refitReach = 4

    /// The glyph classifier's reading of the line in `box` (`CellVote`), cut into `count`
    /// cells; `nil` without a classifier or where the line cannot be cut.  Made once per
    /// box and length.
    func cellVote(_ box: PixelBox, count: Int) -> CellReading? {
        let key = CellKey(box: box, count: count)
        if let seen = seen.cells[key] { return seen }
        let reading = StepProfile.measure(.glyphCells) { () -> CellReading? in
            guard let classifier else { return nil }
            guard let line = CutLine(box, in: image, others: otherLines, count: count) else { return nil }
            return CellReading(vote: CellVote(ranked: (-1...count).map { classifier.ranked(line.glyph($0)) }), cells: line.cells, box: line.box)
        }
        seen.cells[key] = reading
        return reading
    }

    /// `line` (read in `view` of `box`, as `raw` before its length was fitted) voted with
    /// the glyph classifier's reading of the same cells, each ranked among what its place
    /// allows (`classes`, `CellVote.characterClasses`); as it was without a classifier.
    func voted(_ line: OCRLine, raw: OCRLine, box: PixelBox, view: View, classes: [CharacterClass?] = []) -> OCRLine {
        guard var reading = cellVote(box, count: line.glyphs.count) else { return line }
        reading.vote.classes = classes
        let crop = lineCrop(box, view: view)
        // a centre in the view's crop, as a fraction of the box, then in the cells' crop
        let scale = (reading.box.upperBound - reading.box.lowerBound) / max(1, crop.box.upperBound - crop.box.lowerBound)
        return reading.vote.voted(line, raw: raw) { x in
            let inCells = reading.box.lowerBound + (x - crop.box.lowerBound) * scale
            return (inCells - reading.cells.origin) / reading.cells.pitch
        }
    }

    /// A line short by exactly the characters read beside its box gets them back.  Else
    /// lines read up to three characters long or short: add or drop fillers at the end
    /// (OCR miscounts runs of `<`), else — up to two — in the longest run of three or more
    /// fillers inside the line (where dense `<<<<` is miscounted too: an old German card's
    /// `<<<<<<<0` read `<<<<<<0`); never anything else.  A filler put in the wrong run
    /// moves the fields after it, which their check digits then reject.
    static func fitLength(_ line: OCRLine, to target: Int) -> OCRLine? {
        var l = line
        // exactly the characters the line is short of were read just beside its box: the
        // line's own end glyphs (see `insideBox`), taken back before any filler is made up
        let beside = line.besideBox.before.count + line.besideBox.after.count
        if beside > 0, line.glyphs.count + beside == target {
            l.glyphs = line.besideBox.before + line.glyphs + line.besideBox.after
            return l
        }
        // the glyphs read in gaps go first; fillers then make up what is still long (the
        // decoder read a filler twice at the end, too)
        let trimmed = droppingGapGlyphs(line, to: target) ?? line
        l = trimmed
        if l.glyphs.count == target { return l }
        while l.glyphs.count > target, l.glyphs.last?.character == "<" { l.glyphs.removeLast() }
        if l.glyphs.count < target, target - l.glyphs.count <= 3, l.glyphs.last?.character == "<" {
            l.glyphs += Array(repeating: OCRGlyph(character: "<", confidence: 100), count: target - l.glyphs.count)
        }
        if l.glyphs.count == target { return l }
        l = trimmed
        let difference = target - l.glyphs.count
        guard abs(difference) <= 2, let run = longestFillerRun(in: l.glyphs), run.count >= 3 + max(0, -difference) else { return nil }
        if difference > 0 {
            l.glyphs.insert(contentsOf: Array(repeating: OCRGlyph(character: "<", confidence: 100), count: difference), at: run.upperBound)
        } else {
            l.glyphs.removeSubrange(run.upperBound + difference..<run.upperBound)
        }
        return l
    }

    /// A line read one or two glyphs longer than `target` with at most that many glyphs
    /// read in the gap between two neighbours a pitch apart (OCR-B is set at one pitch; in
    /// a widely spaced print the decoder reads a glyph in a gap, `96` read `9C6`, or one
    /// glyph twice, `P<` read `P7<`): those dropped.  A gap glyph stands less than 0.75
    /// pitch from both neighbours, which stand 0.8 to 1.25 pitches apart; the pitch is the
    /// median step.  The glyphs kept are read glyphs and are judged as any other.  `nil`
    /// when the line has no such glyph or more than it is long.
    static func droppingGapGlyphs(_ line: OCRLine, to target: Int) -> OCRLine? {
        let excess = line.glyphs.count - target
        guard (1...2).contains(excess), line.glyphs.count >= 12 else { return nil }
        let steps = line.centreSteps
        guard steps.count == line.glyphs.count - 1, let pitch = line.pitch else { return nil }
        let gap = (1..<line.glyphs.count - 1).filter { (i: Int) -> Bool in
            let near = steps[i - 1] < 0.75 * pitch && steps[i] < 0.75 * pitch
            let span = steps[i - 1] + steps[i]
            return near && span >= 0.8 * pitch && span <= 1.25 * pitch
        }
        guard (1...excess).contains(gap.count), zip(gap, gap.dropFirst()).allSatisfy({ $1 - $0 > 1 }) else { return nil }
        var fitted = line
        for i in gap.reversed() { fitted.glyphs.remove(at: i) }
        return fitted
    }

    /// The longest run of `<` that has other characters after it.
    static func longestFillerRun(in glyphs: [OCRGlyph]) -> Range<Int>? {
        var best: Range<Int>? = nil, start: Int? = nil
        for (i, g) in glyphs.enumerated() {
            if g.character == "<" {
                if start == nil { start = i }
            } else if let s = start {
                if (best?.count ?? 0) < i - s { best = s..<i }
                start = nil
            }
        }
        return best
    }
}
