import MRZ

/// What the views say at a cell beyond their first character: the decoder's candidates and
/// their confidences, and the floors from which a candidate counts as another reading.
enum CellEvidence {
    /// Confidence (0–100) an OCR alternative needs to back a correction: a change that
    /// only the check digits suggest must be one the decoder itself considered close.
    /// With weaker alternatives at many columns, some wrong one satisfies a 1-in-10 digit
    /// often enough: in the channel property (100 000 MRZs, seed 7) every correction that
    /// made a wrong reading valid changed a character to an alternative under 40 (`A` to
    /// `W` at 24, `E` to `F` at 36), where the true character was not among the candidates.
    static let alternativeFloor: Float = closeRunnerUp

    /// Symbol confidence (0–100) below which an unproven character makes its field uncertain.
    static let minimumConfidence: Float = 85

    /// Confidence (0–100) from which a look-alike candidate makes a character doubtful.
    /// Measured on the real prints of ../shared/corpus/mrz (tools/ocr-channel): every
    /// misreading whose true character was among the candidates had it at 21 or more (`0`
    /// read `O` in the Belarus specimen's number of zeros, with `0` at 69 and 21).  Correct
    /// readings come with look-alikes that strong too (a `0` with `O` at 98), which is why
    /// the check digits decide, not the candidate alone.
    static let lookAlikeFloor: Float = 20

    /// Confidence (0–100) of a character's strongest other candidate from which the
    /// character counts as unsure where letters and digits may both stand.  Both readings
    /// of a visa whose optional data holds `G4O6F` said `G406F` with confidence 94, with
    /// `O` second at 48 (OCR-B's `O` and `0` differ only in width).  Measured on the
    /// benchmark's pages: 40 keeps both such misreadings out of the valid results and costs
    /// 1 of 24 clean pages its validity (a visa whose optional data starts with `O`).
    static let closeRunnerUp: Float = 40

    /// Whether a character of `line` in `range` has a close runner-up (none when the line
    /// was read without alternatives).  A non-finite confidence counts as close.
    static func hasCloseRunnerUp(_ line: OCRLine, in range: Range<Int>, allowed: CharacterClass = .alphanumeric) -> Bool {
        range.contains { !candidates(line, at: $0, floor: closeRunnerUp, allowed: allowed).isEmpty }
    }

    /// The characters `allowed` among the decoder's candidates at `column` of `line` with
    /// a confidence of `floor` or more (a non-finite one counts as strong); none past the
    /// line's end.
    static func candidates(_ line: OCRLine, at column: Int, floor: Float, allowed: CharacterClass) -> [Character] {
        guard line.glyphs.indices.contains(column) else { return [] }
        return line.glyphs[column].candidates.filter { !($0.confidence < floor) && $0.character.asciiValue.map(allowed.allows) == true }.map(\.character)
    }

    /// Whether a character in `range` has, in both views, a candidate `allowed` at
    /// `lookAlikeFloor` or more that may be a look-alike of it (`mayBeLookAlikes`).  Where
    /// no digit can rule that reading out, the second view's agreement does not either:
    /// the real prints' look-alike misreadings repeat in it with the same weak candidate
    /// (`0000` read `OO00` in both, with `0` at 21).  One view's candidate alone is the
    /// noise of correct readings (on the bench's pages, `O` with `0` at 20–50 in names).
    static func hasLookAlikeCandidate(_ first: OCRLine, _ second: OCRLine, in range: Range<Int>, allowed: CharacterClass) -> Bool {
        func listsLookAlike(_ line: OCRLine, _ column: Int) -> Bool {
            candidates(line, at: column, floor: lookAlikeFloor, allowed: allowed).contains { mayBeLookAlikes($0, line.glyphs[column].character) }
        }
        return range.contains { listsLookAlike(first, $0) && listsLookAlike(second, $0) }
    }

    /// Whether `view` reads `character` at `column`, or lists it there at the correction's
    /// floor (`alternativeFloor`).
    static func backs(_ view: OCRLine, _ character: Character, at column: Int) -> Bool {
        guard view.glyphs.indices.contains(column) else { return false }
        return view.glyphs[column].character == character || candidates(view, at: column, floor: alternativeFloor, allowed: .alphanumeric).contains(character)
    }

    /// Whether OCR may read `a` for `b`: they are look-alikes (`OCRConfusions`), or the
    /// table knows no look-alike of one of them, so that any character may be one (`Y`
    /// read `W` with `Y` at 21 behind it, in both views).
    static func mayBeLookAlikes(_ a: Character, _ b: Character) -> Bool {
        OCRConfusions.table[a] == nil || OCRConfusions.table[b] == nil || OCRConfusions.areConfusable(a, b)
    }

    /// Whether, at a column of `range`, `first` has a candidate `allowed` at
    /// `lookAlikeFloor` or more that `second` reads there or lists at that floor too.
    static func seesCandidate(_ first: OCRLine, _ second: OCRLine, in range: Range<Int>, allowed: CharacterClass) -> Bool {
        range.contains { column in
            guard second.glyphs.indices.contains(column) else { return false }
            let seen = [second.glyphs[column].character] + candidates(second, at: column, floor: lookAlikeFloor, allowed: .alphanumeric)
            return candidates(first, at: column, floor: lookAlikeFloor, allowed: allowed).contains(where: seen.contains)
        }
    }

    /// What the views give a character at a cell where another was read: the first view's
    /// strongest candidate confidence for it (0–100, `nil` where it does not list it),
    /// whether the confirming view reads it, and the glyph classifier's probability for it
    /// (`classifierProbability`).
    struct Weight: Equatable {
        let character: Character
        let firstView: Float?
        /// Whether the first view read it itself (a change the correction made, undone).
        let readByFirstView: Bool
        let confirmingView: Bool
        let classifier: Float?
    }

    /// `character`'s weight at `column` in `first` (with its classifier cells) and `second`.
    static func weight(of character: Character, at column: Int, first: OCRLine, second: OCRLine) -> Weight {
        let glyph = first.glyphs.indices.contains(column) ? first.glyphs[column] : nil
        // the character the first view read (a change the correction made, undone) is its
        // own weight
        let listed = glyph?.character == character ? glyph?.confidence : glyph?.candidates.filter { $0.character == character }.map(\.confidence).max()
        let confirming = second.glyphs.indices.contains(column) && second.glyphs[column].character == character
        return Weight(
            character: character, firstView: listed, readByFirstView: glyph?.character == character, confirmingView: confirming,
            classifier: classifierProbability(first, character, at: column))
    }

    /// The glyph classifier's probability for `character` at `column` of `line`: its first
    /// or second character's, 0 for one it ranks lower (no more than the second's), `nil`
    /// where it did not vote.
    static func classifierProbability(_ line: OCRLine, _ character: Character, at column: Int) -> Float? {
        guard let cells = line.classifierCells, cells.characters.indices.contains(column) else { return nil }
        if cells.characters[column] == character { return cells.probabilities[column] }
        return cells.runnersUp[column] == character ? cells.runnerUpProbabilities[column] : 0
    }
}
