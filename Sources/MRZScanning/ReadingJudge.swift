import MRZ

/// Decides what one band's OCR proves: the check-digit correction, then the doubt rules for
/// every field the digits cannot vouch for.  Works on OCR lines alone (no image), so the
/// simulated OCR channel of the tests and the bench runs exactly the reader's logic.
struct ReadingJudge {
    let corrector: MRZCorrector

    /// Confidence (0–100) an OCR alternative needs to back a correction: a change that
    /// only the check digits suggest must be one the decoder itself considered.
    static let alternativeFloor: Float = 1

    /// The reading of `lines` (the first view, fitted to the layout's lengths).
    /// `secondView(line)` reads that line again in another view, fitted the same way; it is
    /// asked only for lines holding a field the second reading must confirm.
    func judge(_ lines: [OCRLine], secondView: (Int) -> OCRLine?) -> MRZReading? {
        let texts = lines.map(\.text)
        guard let correction = corrector.correct(lines: texts, alternatives: lines.map { $0.alternatives(floor: Self.alternativeFloor) }) else {
            guard let parsed = try? corrector.parser.parse(lines: texts) else { return nil }
            // kept to diagnose the failure; what the corrector did not accept is never valid
            let unaccepted = parsed.format.fieldPositions.filter { !$0.provenByCheckDigit }.map(\.name)
            return MRZReading(result: parsed, changes: [], uncertainFields: parsed.isValid ? unaccepted : [])
        }
        let result = correction.result
        var uncertain = correction.uncertainFields
        func doubt(_ name: MRZFieldName) { if !uncertain.contains(name) { uncertain.append(name) } }
        Self.doubtedFields(result, confidences: lines.map { $0.glyphs.map(\.confidence) }).forEach(doubt)

        // A second reading in another view must agree on what the check digits cannot
        // settle: the free text no digit covers (names; a visa's optional data), and every
        // field where letters and digits both stand — `0 A K U` and `1 B L V` weigh the same
        // in the 7-3-1 sum, and two swaps can cancel (`00` read `OO`).  Lines with codes
        // only (document code, nationality, sex) rely on confidence and the code tables.
        let fields = result.format.fieldPositions
        for index in lines.indices {
            let free = fields.filter { $0.line == index && !$0.provenByCheckDigit && !Self.tableCheckedFields.contains($0.name) }
            let mixed = fields.filter { $0.line == index && $0.provenByCheckDigit && $0.characters == .alphanumeric }
            guard !free.isEmpty || !mixed.isEmpty else { continue }
            let second = secondView(index)
            for field in free where !Self.confirms(field, first: lines[index], as: result.lines[index], second: second) {
                doubt(field.name)
            }
            let changed = Set(correction.changes.filter { $0.line == index + 1 }.map { $0.column - 1 })
            for field in mixed where !Self.provesCharacters(field, first: lines[index], as: result.lines[index], second: second, changed: changed) {
                doubt(field.name)
            }
        }
        return MRZReading(result: result, changes: correction.changes, uncertainFields: uncertain)
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

    /// Symbol confidence (0–100) below which an unproven character makes its field uncertain.
    static let minimumConfidence: Float = 85

    /// Whether a second reading confirms an unproven free-text field of a line read as
    /// `text` (`first`: that reading before correction): the same characters, and in fields
    /// where letters and digits may both stand, no character with a close runner-up in
    /// either reading.  Names hold letters only; the two readings settle their swaps.
    static func confirms(_ field: MRZFieldPosition, first: OCRLine, as text: String, second: OCRLine?) -> Bool {
        guard let second, Array(second.text)[field.range] == Array(text)[field.range] else { return false }
        if nameFieldNames.contains(field.name) { return true }
        return !hasCloseRunnerUp(first, in: field.range) && !hasCloseRunnerUp(second, in: field.range)
    }

    /// Whether the characters of a field where letters and digits both stand are proven,
    /// beyond its check digit: the second reading agrees (at a column the correction
    /// changed it may also repeat the first reading's character), and no character has a
    /// look-alike (`OCRConfusions`) as a close runner-up in either reading.  The filler run
    /// that ends a field is constrained by the layout and needs no more.
    static func provesCharacters(_ field: MRZFieldPosition, first: OCRLine, as text: String, second: OCRLine?, changed: Set<Int>) -> Bool {
        guard let second else { return false }
        let proven = Array(text), secondText = Array(second.text), firstText = Array(first.text)
        let fillerStart = field.range.reversed().prefix { proven[$0] == "<" }.last ?? field.range.upperBound
        for column in field.range where column < fillerStart {
            let agrees = secondText[column] == proven[column] || (changed.contains(column) && secondText[column] == firstText[column])
            guard agrees else { return false }
            if changed.contains(column) { continue }  // the corrector's uniqueness vouches for it
            for glyph in [first.glyphs[column], second.glyphs[column]] {
                if let runnerUp = glyph.runnerUp, !(runnerUp.confidence < closeRunnerUp),
                   OCRConfusions.areConfusable(runnerUp.character, proven[column]) { return false }
            }
        }
        return true
    }

    /// Confidence (0–100) of a character's strongest other candidate from which the
    /// character counts as unsure where letters and digits may both stand.  Both readings
    /// of a visa whose optional data holds `G4O6F` said `G406F` with confidence 94, with
    /// `O` second at 48 (OCR-B's `O` and `0` differ only in width).  Measured on the
    /// benchmark's pages: 40 keeps both such misreadings out of the valid results and costs
    /// 1 of 24 clean pages its validity (a visa whose optional data starts with `O`).
    static let closeRunnerUp: Float = 40

    /// Whether a character of `line` in `range` has a close runner-up (none when the line
    /// was read without alternatives).  A non-finite confidence counts as close.
    static func hasCloseRunnerUp(_ line: OCRLine, in range: Range<Int>) -> Bool {
        range.contains { $0 < line.glyphs.count && !(line.glyphs[$0].runnerUpConfidence < closeRunnerUp) }
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
}
