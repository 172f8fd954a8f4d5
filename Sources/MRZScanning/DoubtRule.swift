/// The rule that left a field uncertain: what the diagnosis of the recall of `valid`
/// (`bench/mrz_doubts.py`) counts.  Names only: never a field's value.
enum DoubtRule: String, Sendable, CaseIterable {
    /// The corrector left the field uncertain (a change it could not prove).
    case correction
    /// A character no check digit covers read under `CellEvidence.minimumConfidence`.
    case lowConfidence
    /// A country code no ICAO 9303 table holds.
    case unknownCode
    /// Letters after a name's filler run.
    case strayLetters
    /// A code with a close candidate its table allows.
    case codeCloseRunnerUp
    /// A code another view reads or lists as another value.
    case codeOtherReading
    /// Free text on a line whose glyphs do not stand at one pitch.
    case misaligned
    /// Free text no other view reads the same.
    case freeTextViewsDisagree
    /// Free text another view reads the same, with a look-alike candidate in both.
    case freeTextLookAlike
    /// Free text another view reads the same, with a close runner-up in a view.
    case freeTextCloseRunnerUp
    /// A correction in a letters-and-digits field no view backs, or no reading of the glyph.
    case changeUnbacked
    /// A letters-and-digits field no other view confirms.
    case mixedUnconfirmed
    /// Another reading of doubtful characters passes every check too.
    case ambiguous
    /// Another view of the band raised the doubt, or read other valid lines.
    case otherView
    /// Read from a band whose lines the glyph chains followed only part of their length
    /// (glare): the check digits hold over glyphs no chain saw (`BandSearch.halfChained`).
    case halfChained
}
