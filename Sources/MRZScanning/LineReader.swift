import Imaging
import MRZ

/// Reads one candidate band: OCR of each line on its own crop, lengths fitted with
/// fillers, check-digit correction, then the confidence rules for unproven fields.
struct LineReader {
    let corrector: MRZCorrector
    let engine: OCREngine
    /// The oriented, deskewed image the band's boxes refer to.
    let image: GrayImage

    /// How a line is shown to Tesseract: the crop's margin above and below the text, as a
    /// fraction of the text height.  The crop is scaled to the network's input height
    /// (`OCREngine.inputHeight`) and read as one raw line (no layout analysis), so the
    /// margin decides how large the text is in the network's input and how many columns it
    /// runs over (the cost).  Two views with different margins are independent readings.
    struct View: Equatable {
        let margin: Double

        /// Text ~55 % of the input height (measured with this model on the generated sets
        /// and the corpus: 0.35 read no more pages, one corpus photo fewer, at more cost).
        static let primary = View(margin: 0.4)
        /// Larger text, for lines whose length was wrong at the primary view.
        static let retry = View(margin: 0.25)

        /// The confirming view of a line read in this view: smaller text (fewer columns,
        /// cheaper), different enough that an unstable misreading does not repeat.
        var confirmation: View { self == .primary ? View(margin: 0.6) : View(margin: 0.5) }
        /// The other view for a line whose length could not be fitted.
        var other: View { self == .primary ? .retry : .primary }
    }

    /// Symbol confidence (0–100) below which an unproven character makes its field uncertain.
    static let minimumConfidence: Float = 85

    /// OCR of one line box in `view`.
    func ocrLine(_ box: PixelBox, view: View = .primary, alternatives: Bool = true) -> OCRLine? {
        engine.lines(in: Self.lineImage(box, in: image, view: view, height: engine.inputHeight), mode: OCREngine.rawLine, alternatives: alternatives)
            .max(by: { $0.text.count < $1.text.count })
    }

    /// The crop of one line box of `image` in `view`, scaled to `height` (the network's input height).
    static func lineImage(_ box: PixelBox, in image: GrayImage, view: View, height: Int) -> GrayImage {
        let padY = Int(Double(box.height) * view.margin) + 2, padX = box.height
        let crop = image.cropped(x: box.x - padX, y: box.y - padY, width: box.width + 2 * padX, height: box.height + 2 * padY)
        let factor = min(6, Double(height) / Double(max(crop.height, 1)))
        return abs(factor - 1) > 0.02 ? crop.scaled(by: factor) : crop
    }

    /// The band read without the decoder's alternatives first (cheaper, and enough when
    /// the check digits hold), then with them for the corrector, then in the other view.
    /// A check-valid reading with doubtful names is read once more in the other view,
    /// which often settles them.  A band whose lines cannot be fitted to an MRZ length in
    /// either view is no MRZ.
    func read(_ band: [PixelBox]) -> MRZReading? {
        guard let quick = read(band, alternatives: false, view: .primary) else { return nil }
        if quick.isConfidentlyValid { return quick }
        var best = quick
        let retries: [View] = quick.result.isValid ? [.retry] : [.primary, .retry]
        for view in retries {
            guard let reading = read(band, alternatives: true, view: view) else { continue }
            if reading.isConfidentlyValid { return reading }
            if reading.result.isValid, !best.result.isValid { best = reading }
        }
        return best
    }

    func read(_ band: [PixelBox], alternatives: Bool, view: View) -> MRZReading? {
        guard let first = ocrLine(band[0], view: view, alternatives: alternatives) else { return nil }
        let target = band.count == 3 ? 30 : (abs(first.text.count - 36) < abs(first.text.count - 44) ? 36 : 44)
        var fitted: [OCRLine] = []
        for (index, box) in band.enumerated() {
            let line = fittedLine(box, to: target, alternatives: alternatives, view: view, firstTry: index == 0 ? first : nil)
            guard let line else { return nil }
            fitted.append(line)
        }
        let lines = fitted.map(\.text)
        guard let correction = corrector.correct(lines: lines, alternatives: fitted.map(\.alternatives)) else {
            guard let parsed = try? corrector.parser.parse(lines: lines) else { return nil }
            // kept to diagnose the failure; what the corrector did not accept is never valid
            let unaccepted = parsed.format.fieldPositions.filter { !$0.provenByCheckDigit }.map(\.name)
            return MRZReading(result: parsed, changes: [], uncertainFields: parsed.isValid ? unaccepted : [])
        }
        let result = correction.result
        var uncertain = correction.uncertainFields
        func doubt(_ name: MRZFieldName) { if !uncertain.contains(name) { uncertain.append(name) } }
        Self.doubtedFields(result, confidences: fitted.map(\.confidences)).forEach(doubt)
        let unproven = result.format.fieldPositions.filter { !$0.provenByCheckDigit }
        // A second reading in another view must agree on the free text no check digit
        // covers (names; a visa's optional data): LSTM insertions and swaps (`0` for `O`)
        // come with high confidence but are rarely stable across views; where they are, the
        // swapped character's runner-up gives it away (`confirms`).  Lines with codes
        // only (document code, nationality, sex) rely on confidence and the code tables.
        for (index, box) in band.enumerated() {
            let free = unproven.filter { $0.line == index && !Self.tableCheckedFields.contains($0.name) }
            guard !free.isEmpty else { continue }
            let second = ocrLine(box, view: view.confirmation, alternatives: true).flatMap { Self.fitLength($0, to: target) }
            for field in free where !Self.confirms(field, first: fitted[index], as: result.lines[index], second: second) {
                doubt(field.name)
            }
        }
        return MRZReading(result: result, changes: correction.changes, uncertainFields: uncertain)
    }

    /// A line read to `target` characters.  A glyph split in two (`W` read as `NW`) or two
    /// merged make the length wrong beyond filler repair; another view rarely
    /// repeats the mistake.
    func fittedLine(_ box: PixelBox, to target: Int, alternatives: Bool, view: View, firstTry: OCRLine? = nil) -> OCRLine? {
        if let line = firstTry ?? ocrLine(box, view: view, alternatives: alternatives),
           let fitted = Self.fitLength(line, to: target) { return fitted }
        return ocrLine(box, view: view.other, alternatives: alternatives).flatMap { Self.fitLength($0, to: target) }
    }

    /// The fields no check digit covers that the OCR gives reason to doubt: a character
    /// read with low confidence, a country code that no ICAO 9303 table lists (more likely
    /// misread, `MAC` read `HAC`, than printed), or letters after a name's filler run.
    /// `confidences`: per line, per character.
    static func doubtedFields(_ result: MRZResult, confidences: [[Float]]) -> [MRZFieldName] {
        var doubted: [MRZFieldName] = []
        for field in result.format.fieldPositions where !field.provenByCheckDigit && !doubted.contains(field.name) {
            let line = field.line < confidences.count ? confidences[field.line] : []
            // `!(c >= minimum)`: a non-finite confidence counts as unsure
            let unsure = field.range.contains { $0 < line.count && !(line[$0] >= minimumConfidence) }
            let unknownCode = codeFields.contains(field.name) && !CountryCodes.isKnown(result.raw(field.name) ?? "")
            let strayLetters = nameFieldNames.contains(field.name) && hasLettersAfterFillerRun(result.raw(field.name) ?? "")
            if unsure || unknownCode || strayLetters { doubted.append(field.name) }
        }
        return doubted
    }

    /// Whether a second reading confirms an unproven free-text field of a line read as
    /// `text` (`first`: that reading before correction): the same characters, and in fields
    /// where letters and digits may both stand, no character with a close runner-up in
    /// either reading.  Names hold letters only; the two readings settle their swaps.
    static func confirms(_ field: MRZFieldPosition, first: OCRLine, as text: String, second: OCRLine?) -> Bool {
        guard let second, Array(second.text)[field.range] == Array(text)[field.range] else { return false }
        if nameFieldNames.contains(field.name) { return true }
        return !hasCloseRunnerUp(first.runnerUps, in: field.range) && !hasCloseRunnerUp(second.runnerUps, in: field.range)
    }

    /// Confidence (0–100) of a character's strongest other candidate from which the
    /// character counts as unsure where letters and digits may both stand.  Both readings
    /// of a visa whose optional data holds `G4O6F` said `G406F` with confidence 94, with
    /// `O` second at 48 (OCR-B's `O` and `0` differ only in width).  Measured on the
    /// benchmark's pages: 40 keeps both such misreadings out of the valid results and costs
    /// 1 of 24 clean pages its validity (a visa whose optional data starts with `O`).
    static let closeRunnerUp: Float = 40

    /// Whether a character in `range` has a close runner-up (`runnerUps`: per character;
    /// empty when the line was read without alternatives).
    static func hasCloseRunnerUp(_ runnerUps: [Float], in range: Range<Int>) -> Bool {
        range.contains { $0 < runnerUps.count && runnerUps[$0] >= closeRunnerUp }
    }

    /// Names are parts joined by `<` and `<<` (ICAO 9303 part 3, 4.6), then fillers to the
    /// field's end: letters after three or more fillers are a filler misread (`<` as `K`).
    static func hasLettersAfterFillerRun(_ name: String) -> Bool {
        guard let run = name.range(of: "<<<") else { return false }
        return name[run.upperBound...].contains { $0 != "<" }
    }

    static let nameFieldNames: Set<MRZFieldName> = [.name, .surname, .givenNames]
    static let codeFields: Set<MRZFieldName> = [.issuingCountry, .nationality]
    /// Unproven fields whose values come from a short list (checked against it, not re-read).
    static let tableCheckedFields: Set<MRZFieldName> = codeFields.union([.documentCode, .sex])

    /// Lines read one or two characters long or short: add or drop fillers at the end
    /// (OCR miscounts runs of `<`), never anything else.
    static func fitLength(_ line: OCRLine, to target: Int) -> OCRLine? {
        var l = line
        while l.text.count > target, l.text.last == "<" {
            l.text.removeLast(); l.alternatives.removeLast()
            if !l.confidences.isEmpty { l.confidences.removeLast() }
            if !l.runnerUps.isEmpty { l.runnerUps.removeLast() }
        }
        if l.text.count < target, target - l.text.count <= 3, l.text.last == "<" {
            let missing = target - l.text.count
            l.text += String(repeating: "<", count: missing)
            l.alternatives += Array(repeating: [], count: missing)
            l.confidences += Array(repeating: 100, count: missing)
            l.runnerUps += Array(repeating: 0, count: missing)
        }
        return l.text.count == target ? l : nil
    }
}
