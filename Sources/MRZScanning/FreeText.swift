import MRZ

/// Free text no check digit proves (names, optional data outside every digit): what makes
/// a second view confirm it, and why none does.
enum FreeText {
    /// Why no view confirms free text (`confirms`): none reads it the same, or one does
    /// and a look-alike candidate or a close runner-up stands against it.
    static func unconfirmedRule(_ field: MRZFieldPosition, views: LineViews) -> DoubtRule {
        let text = Array(views.text)[field.range]
        guard
            let same = views.attempts.lazy.compactMap({ views.view($0) }).first(where: {
                $0.text.count >= field.range.upperBound && Array($0.text)[field.range] == text
            })
        else {
            return .freeTextViewsDisagree
        }
        return CellEvidence.hasLookAlikeCandidate(views.first, same, in: field.range, allowed: field.characters) ? .freeTextLookAlike : .freeTextCloseRunnerUp
    }

    /// Whether a second reading confirms an unproven free-text field of a line read as
    /// `text` (`first`: that reading before correction): the same characters, and in fields
    /// where letters and digits may both stand, no character with a close runner-up in
    /// either reading.  Names hold letters only; the two readings settle their swaps.
    static func confirms(_ field: MRZFieldPosition, first: OCRLine, as text: String, second: OCRLine?) -> Bool {
        guard let second, Array(second.text)[field.range] == Array(text)[field.range] else { return false }
        if classifierReadsOtherwise(field, first: first, as: text) { return false }
        // names: no character with a close candidate the field could hold (a letter or `<`;
        // a digit is no reading of a name)
        if CellEvidence.hasLookAlikeCandidate(first, second, in: field.range, allowed: field.characters) { return false }
        if nameFieldNames.contains(field.name) { return !CellEvidence.hasCloseRunnerUp(first, in: field.range, allowed: field.characters) }
        return !CellEvidence.hasCloseRunnerUp(first, in: field.range) && !CellEvidence.hasCloseRunnerUp(second, in: field.range)
    }

    /// Whether the glyph classifier reads a cell of `field` first as another character, at
    /// any probability, in free text where letters and digits both stand (a visa's optional
    /// data): the LSTM's views share one model and misread a glyph alike, the classifier is
    /// the independent view, and no check digit tells `O` from `0` there (idphoto-gen seed
    /// 2525's `mrz_mrva_hard_0009`: an `O` read `0` at 99 by the LSTM's views, `O` at 0.57 by
    /// the classifier, came out valid and wrong).  Names hold letters only: not for them.
    static func classifierReadsOtherwise(_ field: MRZFieldPosition, first: OCRLine, as text: String) -> Bool {
        guard field.characters == .alphanumeric, !nameFieldNames.contains(field.name), let cells = first.classifierCells else { return false }
        let shown = Array(text)
        guard cells.characters.count == shown.count, field.range.upperBound <= shown.count else { return false }
        return field.range.contains { cells.characters[$0] != shown[$0] && cells.characters[$0] != ViewAlignment.gap.character }
    }

    /// Names are parts joined by `<` and `<<` (ICAO 9303 part 3, 4.6), then fillers to the
    /// field's end: letters after three or more fillers are a filler misread (`<` as `K`).
    static func hasLettersAfterFillerRun(_ name: String) -> Bool {
        guard let run = name.range(of: "<<<") else { return false }
        return name[run.upperBound...].contains { $0 != "<" }
    }

    static let nameFieldNames: Set<MRZFieldName> = [.name, .surname, .givenNames]

    /// Whether `field` is free text another view must confirm: no check digit proves it,
    /// or it is a name (free text even where a composite digit covers it, as on the French
    /// identity card: one digit over thirty letters is a weak proof); codes checked
    /// against their tables are not.
    static func isFreeText(_ field: MRZFieldPosition) -> Bool {
        (!field.provenByCheckDigit || nameFieldNames.contains(field.name)) && !CodeFields.tableCheckedFields.contains(field.name)
    }
}
