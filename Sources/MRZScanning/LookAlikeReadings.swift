import MRZ

/// The other readings of a field's characters the check digits must rule out (look-alikes,
/// changes undone, a check digit's own candidates), and the fields where some pass.
enum LookAlikeReadings {
    /// The characters of `field` (up to its closing filler run) with other readings the
    /// check digits must rule out: at a column the correction changed, the character as
    /// read; elsewhere a look-alike among the first reading's candidates at
    /// `lookAlikeFloor` or more, or what the confirming view read there instead.  (The
    /// confirming view shows the text smaller; its own candidates are many and strong on
    /// clean pages too, so only its characters count.)
    /// A field that holds both `O` and `0` may hold one printed glyph read two ways: where
    /// the decoder listed the other at all, it is another reading there, however weak (the
    /// Belarus specimen's `0000…` read `OO00…` with `0` at 1 behind the first `O`).  Only
    /// this pair: OCR-B tells it apart by width alone, and it is the real prints' most
    /// frequent confusion (tools/ocr-channel); the other look-alikes in one field are
    /// common in document numbers and keep their candidate floor.
    static let sameGlyphPairs: [Character: [Character]] = ["O": ["0"], "0": ["O"]]

    static func doubtfulCharacters(_ field: MRZFieldPosition, first: OCRLine, as text: String, second: OCRLine, changed: Set<Int>) -> [DoubtfulCharacter] {
        let proven = Array(text), secondText = Array(second.text)
        let content = contentColumns(field, in: proven)
        let present = Set(content.map { proven[$0] })
        let firstText = Array(first.text)
        return content.compactMap { column in
            // a change the correction made is one reading; the character as read is the
            // other, which a second doubtful character may make valid too (`E1FRA39W…`
            // corrected to `…393…`, where `D1FRA39W…` was printed)
            if changed.contains(column) {
                return DoubtfulCharacter(field, column: column, read: proven[column], lookAlikes: [firstText[column]], first: first, second: second)
            }
            let listed = Set(
                first.glyphs[column].candidates.map(\.character)
                    + (second.glyphs.indices.contains(column) ? second.glyphs[column].candidates.map(\.character) : []))
            var others: [Character] = (Self.sameGlyphPairs[proven[column]] ?? []).filter { present.contains($0) && listed.contains($0) }
            for candidate in first.glyphs[column].candidates
            where !(candidate.confidence < CellEvidence.lookAlikeFloor) && candidate.character.asciiValue.map(MRZCharset.isMRZ) == true
                && !others.contains(candidate.character)
            {
                others.append(candidate.character)
            }
            if secondText[column] != proven[column], secondText[column] != ViewAlignment.gap.character, !others.contains(secondText[column]) {
                others.append(secondText[column])
            }
            // a character read with a close runner-up of any kind is one the OCR was unsure
            // of; where its look-alike weighs the same (`6`/`G`: 6 and 16), the digits cannot
            // rule that reading out, so it is another reading (`6` read `G` with `H` at 54)
            if first.glyphs[column].candidates.contains(where: { !($0.confidence < CellEvidence.closeRunnerUp) }) {
                for lookAlike in sameWeightLookAlikes[proven[column]] ?? [] where !others.contains(lookAlike) { others.append(lookAlike) }
            }
            return others.isEmpty ? nil : DoubtfulCharacter(field, column: column, read: proven[column], lookAlikes: others, first: first, second: second)
        }
    }

    /// A field's check digit as a doubtful character: the digits among the first reading's
    /// candidates at `lookAlikeFloor` or more, and what the confirming view read there.  A
    /// misread digit and a change elsewhere that makes it hold are one wrong reading
    /// (`5` read `3`, then `N` changed to `H`, where `5` stood at 79).  A field without a
    /// digit of its own is checked by the composite digit where that covers it (the French
    /// licence's expiry date).
    static func doubtfulCheckDigit(of field: MRZFieldPosition, in format: MRZFormat, first: OCRLine, as text: String, second: OCRLine) -> [DoubtfulCharacter] {
        guard let column = checkDigitColumn(of: field, in: format), column < first.glyphs.count else { return [] }
        let proven = Array(text)[column]
        var others = CellEvidence.candidates(first, at: column, floor: CellEvidence.lookAlikeFloor, allowed: .numeric).filter(\.isNumber)
        if let read = Array(second.text).dropFirst(column).first, read.isNumber { others.append(read) }
        others = others.reduce(into: []) { if $1 != proven && !$0.contains($1) { $0.append($1) } }
        return others.isEmpty ? [] : [DoubtfulCharacter(field, column: column, read: proven, lookAlikes: others, first: first, second: second)]
    }

    /// The column of the digit that checks `field` (`MRZCorrector.checkDigitPosition`)
    /// where it stands on the field's own line.
    static func checkDigitColumn(of field: MRZFieldPosition, in format: MRZFormat) -> Int? {
        guard let layoutField = format.layout.fields.first(where: { $0.name == field.name && $0.line == field.line }),
            let digit = MRZCorrector.checkDigitPosition(of: layoutField, layout: format.layout), digit.line == field.line
        else { return nil }
        return digit.column
    }

    /// The other readings of a document's doubtful characters that pass every check too,
    /// and the fields they leave in doubt.
    struct Ambiguity {
        /// One other reading that passes: each character it changes, and to what.
        typealias Reading = [(character: DoubtfulCharacter, to: CellEvidence.Weight)]

        /// Every other reading that passes; `nil` where there are too many to try
        /// (`maximumAlternativeReadings`).
        let passing: [Reading]?
        /// The fields, in the layout's order, of the readings that count: those whose every
        /// change has weight (`DoubtfulCharacter.counts`).
        let fields: [MRZFieldName]

        init(_ result: MRZResult, doubtful: [DoubtfulCharacter], parser: MRZParser) {
            passing = LookAlikeReadings.passingReadings(result, doubtful: doubtful, parser: parser)
            // too many to try them all: only those that count, if they are few enough
            let counted = doubtful.compactMap { $0.keeping($0.counts) }
            guard
                let counting = passing?.filter({ $0.allSatisfy { $0.character.counts($0.to) } })
                    ?? LookAlikeReadings.passingReadings(result, doubtful: counted, parser: parser)
            else {
                fields = Array(Set(counted.map(\.field)))
                return
            }
            let touched = Set(counting.flatMap { $0.map(\.character.field) })
            fields = result.format.fieldPositions.map(\.name).filter(touched.contains)
        }
    }

    /// The other readings of `doubtful` that pass every check; `nil` where there are more
    /// than `maximumAlternativeReadings` to try.
    static func passingReadings(_ result: MRZResult, doubtful: [DoubtfulCharacter], parser: MRZParser) -> [Ambiguity.Reading]? {
        guard !doubtful.isEmpty else { return [] }
        var readings = 1
        for character in doubtful {
            readings *= character.alternatives.count + 1
            if readings > maximumAlternativeReadings { return nil }
        }
        var passing: [Ambiguity.Reading] = []
        for combination in 1..<readings {
            var lines = result.lines.map(Array.init)
            var rest = combination, changes: Ambiguity.Reading = []
            for character in doubtful {
                let choice = rest % (character.alternatives.count + 1)
                rest /= character.alternatives.count + 1
                guard choice > 0 else { continue }
                let to = character.alternatives[choice - 1]
                lines[character.line][character.column] = to.character
                changes.append((character, to))
            }
            if let other = try? parser.parse(lines: lines.map { String($0) }), other.isValid { passing.append(changes) }
        }
        return passing
    }

    /// Bound on the other readings tried for one document's doubtful characters.
    static let maximumAlternativeReadings = 1024

    /// A field's columns up to its closing filler run.
    static func contentColumns(_ field: MRZFieldPosition, in text: [Character]) -> Range<Int> {
        let fillerStart = field.range.reversed().prefix { text[$0] == "<" }.last ?? field.range.upperBound
        return field.range.lowerBound..<fillerStart
    }

    /// Look-alikes (`OCRConfusions`) that weigh the same in the 7-3-1 sum (values equal
    /// modulo 10): no check digit tells them apart.
    static let sameWeightLookAlikes: [Character: [Character]] = Dictionary(
        uniqueKeysWithValues: OCRConfusions.table.map { character, others in
            func weight(_ c: Character) -> Int? { c.asciiValue.flatMap(CheckDigit.value(of:)).map { $0 % 10 } }
            return (character, others.filter { weight($0) == weight(character) })
        })
}

/// A character of a field where letters and digits both stand that the OCR saw a
/// look-alike for (`OCRConfusions`): the check digits must rule that reading out, and
/// they cannot always — the look-alike may weigh the same (`P`/`F`: 25 and 15), and two
/// may cancel (`00` read `OO`: 24·7 + 24·3 ≡ 0).
struct DoubtfulCharacter {
    let field: MRZFieldName
    let line: Int
    let column: Int
    /// The character the reading holds there (as corrected).
    let read: Character
    /// Each other reading, with what the views give it there.
    let alternatives: [CellEvidence.Weight]
    /// The classifier's probability for `read` there (`CellEvidence.classifierProbability`).
    let classifierForRead: Float?

    var lookAlikes: [Character] { alternatives.map(\.character) }

    /// Whether the other reading `alternative` has weight in a view, so that the check
    /// digits must rule it out: always, unless the glyph classifier reads the cell as read
    /// with `TwoViewAgreement.margin` or more; then only where the LSTM's first view read
    /// it itself (a change undone) or lists it as a candidate (`CellEvidence.lookAlikeFloor`
    /// or more), the confirming view reads it, or it is the other of `O` and `0` listed at
    /// all (`sameGlyphPairs`: the Belarus specimen's `00` read `OO` by both views).  What
    /// no LSTM view shows (a same-weight look-alike, `L` for `1`) has no weight where the
    /// classifier is sure.  Session 28 let the classifier set aside a candidate under
    /// `CellEvidence.closeRunnerUp` too; but the two recognisers misread one glyph alike
    /// (`MeasuredGlyphChannel.alike`), and the channel property, drawing that, read a TD1's
    /// optional data `<` as `K` (same weight) valid with the `<` listed behind the `K`
    /// (bench/README.md, "Issue 45, session 29").  Kept on lines the first view read at
    /// the layout's length too (`OCRLine.readAtLayoutLength`), where the classifier read
    /// 2 of 169 first-view misreadings alike: freed there, the property drawing that rate
    /// read a TD2's document number `PZ4YR1` as `PZ4ER1` valid (`Y` and `E` weigh the
    /// same; the `Y` listed under 40 behind the `E`; session 31).
    func counts(_ alternative: CellEvidence.Weight) -> Bool {
        guard let sure = classifierForRead, sure >= TwoViewAgreement.margin else { return true }
        if alternative.readByFirstView || alternative.confirmingView { return true }
        guard let listed = alternative.firstView else { return false }
        return !(listed < CellEvidence.lookAlikeFloor) || LookAlikeReadings.sameGlyphPairs[read]?.contains(alternative.character) == true
    }

    /// The character of `field` at `column`, read `read`, with the other readings
    /// `lookAlikes`, weighed in the first view (`first`, with the classifier's cells) and
    /// the confirming view (`second`).
    init(_ field: MRZFieldPosition, column: Int, read: Character, lookAlikes: [Character], first: OCRLine, second: OCRLine) {
        self.field = field.name
        line = field.line
        self.column = column
        self.read = read
        alternatives = lookAlikes.map { CellEvidence.weight(of: $0, at: column, first: first, second: second) }
        classifierForRead = CellEvidence.classifierProbability(first, read, at: column)
    }

    private init(_ other: DoubtfulCharacter, alternatives: [CellEvidence.Weight]) {
        field = other.field
        line = other.line
        column = other.column
        read = other.read
        self.alternatives = alternatives
        classifierForRead = other.classifierForRead
    }

    /// The character with only the other readings that are `kept`; `nil` where none is.
    func keeping(_ kept: (CellEvidence.Weight) -> Bool) -> DoubtfulCharacter? {
        let left = alternatives.filter(kept)
        return left.isEmpty ? nil : DoubtfulCharacter(self, alternatives: left)
    }
}

/// One character an other reading that passes changes, with what the views give both
/// characters there: for the diagnosis of the `ambiguous` rule (`bench/mrz_ambiguity.py`).
/// One character and its look-alike, never a field's value.
@_spi(Evaluation) public struct OtherReadingChange: Sendable, Codable, Equatable {
    public let field: String
    public let line: Int
    public let column: Int
    /// Whether the column is the field's check digit.
    public let isCheckDigit: Bool
    public let read: String
    public let to: String
    /// The first view's confidence for `to` (0–100: its own character's, or a candidate's).
    public let firstView: Float?
    /// Whether the confirming view reads `to`.
    public let confirmingView: Bool
    /// The glyph classifier's probability for `to` and for `read` (`nil`: it did not vote).
    public let classifierForTo: Float?
    public let classifierForRead: Float?
}

extension MRZReading {
    /// Each other reading of the doubtful characters that passes every check, as the
    /// characters it changes.
    @_spi(Evaluation) public var otherReadingsDiagnosis: [[OtherReadingChange]] {
        otherPassingReadings.map { reading in
            reading.map { character, to in
                let field = result.format.fieldPositions.first { $0.name == character.field && $0.line == character.line }
                return OtherReadingChange(
                    field: character.field.rawValue, line: character.line, column: character.column,
                    isCheckDigit: field.map { !$0.range.contains(character.column) } ?? false,
                    read: String(character.read), to: String(to.character), firstView: to.firstView, confirmingView: to.confirmingView,
                    classifierForTo: to.classifier, classifierForRead: character.classifierForRead)
            }
        }
    }
}
