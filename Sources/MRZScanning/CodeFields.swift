import MRZ

/// The code fields no check digit covers (document code, countries, sex): checked against
/// their tables and the views' candidates.
enum CodeFields {
    /// Codes (document code, countries, sex) are checked against their tables, not read
    /// again: a close candidate the field could hold leaves them uncertain (`X` read `<`),
    /// also where the glyph classifier reads the code as the first view does
    /// (`classifierVouches`) on a line the first view read at another length than the
    /// layout's: a glyph dropped or doubled there puts the glyphs after it in their
    /// neighbours' cells, and both recognisers read the neighbour (`PD` read `PE` with `D`
    /// at 81 behind the `E`, valid in the channel property while it drew the two
    /// misreading alike everywhere; bench/README.md, "Issue 45, session 29").  On a line
    /// read at the layout's length (`OCRLine.readAtLayoutLength`) the classifier read 2 of
    /// 169 first-view misreadings alike, none with 0.9 or more: where it vouches for the
    /// code there, the close runner-up has weight in one view only and holds nothing
    /// (session 28's rule, freed again in session 31 on those lines).
    static func codesWithCloseRunnerUp(_ result: MRZResult, lines: [OCRLine]) -> [MRZFieldName] {
        result.format.fieldPositions.filter { field in
            let line = lines[field.line]
            return !field.provenByCheckDigit && tableCheckedFields.contains(field.name)
                && CellEvidence.hasCloseRunnerUp(line, in: field.range, allowed: field.characters)
                && !(line.readAtLayoutLength && classifierVouches(for: field, first: line, as: result.lines[field.line]))
        }.map(\.name)
    }

    /// Whether the glyph classifier vouches for the code `field` as `text` (its line as
    /// corrected) shows it: the LSTM's first view (`first`) read every cell so, and the
    /// classifier too, each with `TwoViewAgreement.margin` or more (leaving the other
    /// characters 0.1 at most).  Where it does, another value of the code's table that the
    /// LSTM's other views list or read has no weight in an independent view and is not a
    /// second reading: the same principle as the other readings under a check digit
    /// (`DoubtfulCharacter.counts`).  A close runner-up in the first view itself holds the
    /// code still where a glyph was dropped or doubled in its line (`codesWithCloseRunnerUp`).  A code's
    /// characters are letters and the filler, so the `O`/`0` pair the classifier confuses
    /// cannot stand in one.  Measured: bench/README.md, "Codes the classifier vouches for".
    static func classifierVouches(for field: MRZFieldPosition, first: OCRLine, as text: String) -> Bool {
        TwoViewAgreement.bothRead(field, first: first, as: text)
    }

    /// Whether `other` reads `field` as another value its table holds: a known country
    /// code (`IRL` and `ISL`), another sex, or another document code (a letter `first`
    /// considered where the code has another letter, or a filler where it has a look-alike
    /// of the filler).  Two readings the table allows are two readings; one it does not is
    /// a view that failed there (`I8L` for `IRL`).
    static func readsAnotherCode(_ field: MRZFieldPosition, _ other: OCRLine, as text: String, first: OCRLine) -> Bool {
        let read = Array(other.text), proven = Array(text)
        guard field.range.upperBound <= read.count, field.range.upperBound <= proven.count else { return false }
        let value = String(read[field.range]), own = String(proven[field.range])
        guard value != own else { return false }
        switch field.name {
        case .issuingCountry, .nationality: return CountryCodes.isKnown(value)
        case .sex: return value.utf8.allSatisfy(CharacterClass.sex.allows)
        // where this reading has a letter, another letter in the other view is another code
        // when this view's decoder considered it too, at any confidence (`AC` read `AG`,
        // with `C` at 0), and so is a filler where the letter is its look-alike (`V<` read
        // `VK`: `<` and `K` weigh the same); elsewhere the other view failed there
        // (idphoto-gen's visas `VD` and `VN`, read with a filler or another letter in the
        // second view that the first did not consider)
        case .documentCode:
            return field.range.contains { column in
                let mine = proven[column], theirs = read[column]
                guard mine.isLetter, theirs != mine else { return false }
                if theirs == "<" { return OCRConfusions.areConfusable(mine, "<") }
                return theirs.isLetter && first.glyphs.indices.contains(column)
                    && first.glyphs[column].candidates.contains { $0.character == theirs }
            }
        default: return false
        }
    }

    /// The one country code the table holds that a close candidate (`closeRunnerUp`) of
    /// `line` at one column of `range` makes of `text`'s; `nil` when none does or several.
    static func knownCode(_ line: OCRLine, as text: String, in range: Range<Int>) -> [Character]? {
        let read = Array(text)
        guard range.upperBound <= read.count, range.upperBound <= line.glyphs.count else { return nil }
        var codes: Set<String> = []
        for column in range {
            for candidate in CellEvidence.candidates(line, at: column, floor: CellEvidence.closeRunnerUp, allowed: .alphabetic) {
                var code = Array(read[range])
                code[column - range.lowerBound] = candidate
                if CountryCodes.isKnown(String(code)) { codes.insert(String(code)) }
            }
        }
        return codes.count == 1 ? codes.first.map(Array.init) : nil
    }
    /// Whether `field` (a country code, in `line` as the first view read it and `text` as
    /// corrected) may be a code the table holds: another view reads one there
    /// (`otherReadings`), or some choice of each cell's other readings makes one — each
    /// view's runner-up there (the LSTM's strongest candidate and the classifier's second
    /// character, however weak) and the character's OCR-B look-alikes (`OCRConfusions`:
    /// `HAC` for `MAC`).
    static func mayBeAKnownCode(_ field: MRZFieldPosition, first line: OCRLine, as text: String, otherReadings: [String]) -> Bool {
        let shown = Array(text)
        // a code is three characters at most: their choices are few
        guard field.range.upperBound <= shown.count, field.range.count <= 3 else { return true }
        if otherReadings.contains(where: { reading in
            let read = Array(reading)
            return field.range.upperBound <= read.count && CountryCodes.isKnown(String(read[field.range]))
        }) {
            return true
        }
        let choices: [[Character]] = field.range.map { cell in
            var options = [shown[cell]] + (OCRConfusions.table[shown[cell]] ?? [])
            if line.glyphs.indices.contains(cell) {
                let glyph = line.glyphs[cell]
                options += [glyph.character] + OCRGlyph.ranked(glyph.candidates.filter { $0.character != glyph.character }).prefix(1).map(\.character)
            }
            if let cells = line.classifierCells, cells.runnersUp.indices.contains(cell) { options.append(cells.runnersUp[cell]) }
            return options
        }
        var codes: [[Character]] = [[]]
        for options in choices { codes = codes.flatMap { code in Set(options).map { code + [$0] } } }
        return codes.contains { $0 != Array(shown[field.range]) && CountryCodes.isKnown(String($0)) }
    }

    static let codeFields: Set<MRZFieldName> = [.issuingCountry, .nationality]
    /// Unproven fields whose values come from a short list (checked against it, not re-read).
    static let tableCheckedFields: Set<MRZFieldName> = codeFields.union([.documentCode, .sex])
}
