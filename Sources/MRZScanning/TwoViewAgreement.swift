import MRZ

/// The rule for a field no check digit settles (free text, codes, a name under a composite
/// digit): two independent views — the LSTM's first view and the glyph classifier's cells —
/// that read every cell of it alike, the classifier each with `margin` or more and the first
/// view listing no other character the field may hold at `CellEvidence.lookAlikeFloor` or
/// more, prove it.  Their misreadings are independent (measured on the real corpus's cells:
/// `CellVote`), so both reading one cell the same wrong way, neither with a sign of it, is
/// the rare event the channel property counts.  The rules that doubt such a field on
/// weaker evidence (a character read under `CellEvidence.minimumConfidence`, a confirming
/// LSTM view that reads it otherwise: `settled`) yield to it; what the views agreeing
/// cannot settle stands (a code no table holds, letters after a name's fillers, a change
/// the corrector made, glyphs off the pitch).
enum TwoViewAgreement {
    /// The classifier's probability from which its reading of a cell is the second view.
    /// Chosen by the channel property (`idreader-bench channel 100000 7 1 signalled|all`:
    /// 0 valid but wrong in both channels), whose classifier misreads with the
    /// probabilities measured on the real corpus (`MeasuredGlyphChannel`).
    static let margin: Float = 0.9

    /// The doubts the two views' agreement settles on a field no check digit covers.
    static let settled: Set<DoubtRule> = [
        .lowConfidence, .codeCloseRunnerUp, .codeOtherReading, .freeTextViewsDisagree, .freeTextLookAlike, .freeTextCloseRunnerUp,
    ]

    /// The doubts on `field` (in its line as the first view read it, `lines`, and as
    /// corrected, `result`) that the two views' agreement settles; none where they do not agree.
    /// A country code no table holds is settled too where no reading of it a view gives
    /// or a look-alike makes is a code the table holds (`CodeFields.mayBeAKnownCode`):
    /// the views agree on a code printed so, not on a misread one.  `asRead`: each line as
    /// its views read it.
    static func settles(_ field: MRZFieldPosition, _ result: MRZResult, first lines: [OCRLine], asRead: [[String]]) -> Set<DoubtRule> {
        settles(field, first: lines[field.line], as: result.lines[field.line], otherReadings: asRead[field.line])
    }

    /// `settles` for one line: `line` as first read, `text` as corrected, `otherReadings`
    /// as its views read it.
    static func settles(_ field: MRZFieldPosition, first line: OCRLine, as text: String, otherReadings: [String]) -> Set<DoubtRule> {
        guard covers(field), agree(on: field, first: line, as: text) else { return [] }
        let knownCodeRuledOut =
            CodeFields.codeFields.contains(field.name) && !CodeFields.mayBeAKnownCode(field, first: line, as: text, otherReadings: otherReadings)
        return knownCodeRuledOut ? settled.union([.unknownCode]) : settled
    }

    /// Whether `field` of `line` is one the rule covers: no check digit settles it.
    static func covers(_ field: MRZFieldPosition) -> Bool {
        FreeText.isFreeText(field) || CodeFields.tableCheckedFields.contains(field.name)
    }

    /// Whether the classifier reads every cell of `field` as `text` (the line as
    /// corrected) does, each with `margin` or more, and the LSTM's first view (`first`)
    /// read those cells so too (before any correction), listing no other character the
    /// field may hold at `CellEvidence.lookAlikeFloor` or more.
    static func agree(on field: MRZFieldPosition, first: OCRLine, as text: String) -> Bool {
        let shown = Array(text)
        return bothRead(field, first: first, as: text)
            && field.range.allSatisfy { cell in
                !CellEvidence.candidates(first, at: cell, floor: CellEvidence.lookAlikeFloor, allowed: field.characters).contains { $0 != shown[cell] }
            }
    }

    /// Whether the classifier reads every cell of `field` as `text` (the line as
    /// corrected) does, each with `margin` or more, and the LSTM's first view (`first`)
    /// read those cells so too (before any correction), whatever else it lists.
    static func bothRead(_ field: MRZFieldPosition, first: OCRLine, as text: String) -> Bool {
        let shown = Array(text), read = Array(first.text)
        guard let cells = first.classifierCells, field.range.upperBound <= min(shown.count, read.count, cells.characters.count) else {
            return false
        }
        return field.range.allSatisfy { cell in
            cells.characters[cell] == shown[cell] && read[cell] == shown[cell] && cells.probabilities[cell] >= margin
        }
    }

    /// Whether the two views prove every field of `line` the rule covers (and it has one):
    /// the LSTM need not read that line again for them.
    static func proveTheFreeText(of fields: [MRZFieldPosition], first: OCRLine, as text: String) -> Bool {
        !fields.isEmpty && fields.allSatisfy { agree(on: $0, first: first, as: text) }
    }
}
