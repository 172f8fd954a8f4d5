import MRZ

/// The doubts a reading raises on the fields no check digit covers before any other view
/// is read: a character the first view read with low confidence, a country code no ICAO
/// 9303 table lists (more likely misread, `MAC` read `HAC`, than printed), letters after a
/// name's filler run.  The judge starts from them (`ReadingJudge.judge`).
enum FirstViewDoubts {
    /// The fields in doubt, each once, in the order of the format's fields.
    /// `confidences`: per line, per character.
    static func fields(_ result: MRZResult, confidences: [[Float]]) -> [MRZFieldName] {
        withRules(result, confidences: confidences).reduce(into: []) { if !$0.contains($1.field) { $0.append($1.field) } }
    }

    /// `fields`, each with every rule that doubted it.
    static func withRules(_ result: MRZResult, confidences: [[Float]]) -> [(field: MRZFieldName, rule: DoubtRule)] {
        var doubted: [(field: MRZFieldName, rule: DoubtRule)] = []
        for field in result.format.fieldPositions where !field.provenByCheckDigit {
            let line = field.line < confidences.count ? confidences[field.line] : []
            // `!(c >= minimum)`: a non-finite confidence counts as unsure
            if field.range.contains(where: { $0 < line.count && !(line[$0] >= CellEvidence.minimumConfidence) }) {
                doubted.append((field.name, .lowConfidence))
            }
            doubted += byText(of: field, in: result).map { (field.name, $0) }
        }
        return doubted
    }

    /// The doubts `result`'s text alone raises on a field no check digit covers: a country
    /// code no ICAO 9303 table lists, letters after a name's filler run.  Any reading of
    /// the same lines raises them too (`LineReader.keepsItsDoubt`).
    static func byText(of field: MRZFieldPosition, in result: MRZResult) -> [DoubtRule] {
        var rules: [DoubtRule] = []
        if CodeFields.codeFields.contains(field.name) && !CountryCodes.isKnown(result.raw(field.name) ?? "") { rules.append(.unknownCode) }
        if FreeText.nameFieldNames.contains(field.name) && FreeText.hasLettersAfterFillerRun(result.raw(field.name) ?? "") { rules.append(.strayLetters) }
        return rules
    }

    /// `byText` over every field no check digit covers.
    static func byText(_ result: MRZResult) -> [(field: MRZFieldName, rule: DoubtRule)] {
        result.format.fieldPositions.filter { !$0.provenByCheckDigit }.flatMap { field in byText(of: field, in: result).map { (field.name, $0) } }
    }
}
