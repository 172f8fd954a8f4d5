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
                return DoubtfulCharacter(field: field.name, line: field.line, column: column, lookAlikes: [firstText[column]])
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
            return others.isEmpty ? nil : DoubtfulCharacter(field: field.name, line: field.line, column: column, lookAlikes: others)
        }
    }

    /// A field's check digit as a doubtful character: the digits among the first reading's
    /// candidates at `lookAlikeFloor` or more, and what the confirming view read there.  A
    /// misread digit and a change elsewhere that makes it hold are one wrong reading
    /// (`5` read `3`, then `N` changed to `H`, where `5` stood at 79).
    static func doubtfulCheckDigit(of field: MRZFieldPosition, in format: MRZFormat, first: OCRLine, as text: String, second: OCRLine) -> [DoubtfulCharacter] {
        guard let column = format.layout.fields.first(where: { $0.name == field.name && $0.line == field.line })?.checkDigit,
            column < first.glyphs.count
        else { return [] }
        let proven = Array(text)[column]
        var others = CellEvidence.candidates(first, at: column, floor: CellEvidence.lookAlikeFloor, allowed: .numeric).filter(\.isNumber)
        if let read = Array(second.text).dropFirst(column).first, read.isNumber { others.append(read) }
        others = others.reduce(into: []) { if $1 != proven && !$0.contains($1) { $0.append($1) } }
        return others.isEmpty ? [] : [DoubtfulCharacter(field: field.name, line: field.line, column: column, lookAlikes: others)]
    }

    /// The fields whose doubtful characters the check digits cannot settle: some other
    /// reading of them passes every check too.  Too many doubtful characters to try every
    /// reading leaves all their fields uncertain.
    static func ambiguousFields(_ result: MRZResult, doubtful: [DoubtfulCharacter], parser: MRZParser) -> [MRZFieldName] {
        guard !doubtful.isEmpty else { return [] }
        var readings = 1
        for character in doubtful {
            readings *= character.lookAlikes.count + 1
            if readings > maximumAlternativeReadings { return Array(Set(doubtful.map(\.field))) }
        }
        var ambiguous: Set<MRZFieldName> = []
        for combination in 1..<readings {
            var lines = result.lines.map(Array.init)
            var rest = combination, touched: [MRZFieldName] = []
            for character in doubtful {
                let choice = rest % (character.lookAlikes.count + 1)
                rest /= character.lookAlikes.count + 1
                guard choice > 0 else { continue }
                lines[character.line][character.column] = character.lookAlikes[choice - 1]
                touched.append(character.field)
            }
            if let other = try? parser.parse(lines: lines.map { String($0) }), other.isValid { ambiguous.formUnion(touched) }
        }
        return result.format.fieldPositions.map(\.name).filter(ambiguous.contains)
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
    let lookAlikes: [Character]
}
