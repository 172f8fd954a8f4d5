import MRZ

/// Decides what one band's OCR proves: the check-digit correction, then the doubt rules for
/// every field the digits cannot vouch for.  Works on OCR lines alone (no image), so the
/// simulated OCR channel of the tests and the bench runs exactly the reader's logic.
struct ReadingJudge {
    let corrector: MRZCorrector

    /// Confidence (0–100) an OCR alternative needs to back a correction: a change that
    /// only the check digits suggest must be one the decoder itself considered close.
    /// With weaker alternatives at many columns, some wrong one satisfies a 1-in-10 digit
    /// often enough: in the channel property (100 000 MRZs, seed 7) every correction that
    /// made a wrong reading valid changed a character to an alternative under 40 (`A` to
    /// `W` at 24, `E` to `F` at 36), where the true character was not among the candidates.
    static let alternativeFloor: Float = closeRunnerUp

    /// The reading of `lines` (the first view, fitted to the layout's lengths).
    /// `confirmingView(line, attempt)` reads that line again in another view (attempt 0,
    /// then 1: two different views), fitted the same way where it can (the judge aligns it
    /// with the first reading: `aligned`), `nil` when it cannot be read; it is
    /// asked only for lines holding a field another view must confirm, and for the second
    /// view only when the first does not.
    func judge(_ lines: [OCRLine], confirmingView: (Int, Int) -> OCRLine?) -> MRZReading? {
        let texts = lines.map(\.text)
        guard let correction = corrector.correct(lines: texts, alternatives: lines.map { $0.alternatives(floor: Self.alternativeFloor) }) else {
            return unaccepted(texts)
        }
        let result = correction.result
        var findings = Findings(uncertain: correction.uncertainFields, linesAsRead: result.lines.map { [$0] })
        Self.doubtedFields(result, confidences: lines.map { $0.glyphs.map(\.confidence) }).forEach { findings.doubt($0) }
        Self.codesWithCloseRunnerUp(result, lines: lines).forEach { findings.doubt($0) }
        // Another view must confirm what the check digits cannot settle: the free text no
        // digit covers (names; a visa's optional data), and every field where letters and
        // digits both stand — `0 A K U` and `1 B L V` weigh the same in the 7-3-1 sum, and
        // two swaps can cancel (`00` read `OO`).  Lines with codes only (document code,
        // nationality, sex) rely on confidence and the code tables.
        withoutActuallyEscaping(confirmingView) { confirmingView in
            for index in lines.indices {
                let line = LineFields(result.format, line: index)
                guard line.needsAnotherView else { continue }
                let views = LineViews(
                    first: lines[index], as: result.lines[index], index: index,
                    // on a line without free text, the glyph classifier, where it reads the
                    // whole line as corrected with a margin, is the one other view: the LSTM
                    // reads the line once
                    classifierView: line.free.isEmpty ? Self.classifierView(lines[index], as: result.lines[index]) : nil,
                    read: { confirmingView(index, $0) })
                judgeLine(line, views: views, result: result, changes: correction.changes, into: &findings)
            }
        }
        Self.ambiguousFields(result, doubtful: findings.doubtful, parser: corrector.parser).forEach { findings.doubt($0) }
        let shown = Self.applying(findings.votes, to: result, parser: corrector.parser)
        var reading = MRZReading(result: shown, changes: correction.changes, uncertainFields: findings.uncertain)
        reading.linesAsRead = findings.linesAsRead
        reading.classifierLines = lines.map(\.classifierCells)
        reading.doubtedCharacters = Self.doubtedCharacters(result, uncertain: findings.uncertain, lines: lines, doubtful: findings.doubtful)
        return reading
    }

    /// A reading the corrector did not accept, kept to diagnose the failure: never valid
    /// (one that parses valid and that the corrector still refused has every field
    /// uncertain); `nil` where the lines do not parse.
    func unaccepted(_ texts: [String]) -> MRZReading? {
        guard let parsed = try? corrector.parser.parse(lines: texts) else { return nil }
        let every = parsed.format.fieldPositions.map(\.name)
        return MRZReading(result: parsed, changes: [], uncertainFields: parsed.isValid ? every : [])
    }

    /// Codes (document code, countries, sex) are checked against their tables, not read
    /// again: a close candidate the field could hold leaves them uncertain (`X` read `<`).
    static func codesWithCloseRunnerUp(_ result: MRZResult, lines: [OCRLine]) -> [MRZFieldName] {
        result.format.fieldPositions.filter { field in
            !field.provenByCheckDigit && tableCheckedFields.contains(field.name)
                && hasCloseRunnerUp(lines[field.line], in: field.range, allowed: field.characters)
        }.map(\.name)
    }

    /// What the judge has found so far: the fields in doubt (in the order doubted), the
    /// characters the check digits must rule out, what the views vote uncertain fields
    /// show, and each line's texts as its views read them.
    struct Findings {
        var uncertain: [MRZFieldName]
        var doubtful: [DoubtfulCharacter] = []
        var votes: [(line: Int, range: Range<Int>, text: [Character])] = []
        var linesAsRead: [[String]]

        mutating func doubt(_ name: MRZFieldName) { if !uncertain.contains(name) { uncertain.append(name) } }
    }

    /// The fields of one line, by what settles them.
    struct LineFields {
        let index: Int
        /// Free text another view must confirm (`isFreeText`).
        let free: [MRZFieldPosition]
        /// Fields under a check digit where letters and digits both stand.
        let mixed: [MRZFieldPosition]
        /// Codes no check digit covers, checked against their tables.
        let coded: [MRZFieldPosition]
        /// Digits-only fields under a check digit (dates).
        let numeric: [MRZFieldPosition]

        init(_ format: MRZFormat, line index: Int) {
            let fields = format.fieldPositions.filter { $0.line == index }
            self.index = index
            free = fields.filter(ReadingJudge.isFreeText)
            mixed = fields.filter { $0.provenByCheckDigit && $0.characters == .alphanumeric }
            coded = fields.filter { !$0.provenByCheckDigit && ReadingJudge.tableCheckedFields.contains($0.name) }
            numeric = fields.filter { $0.characters == .numeric && $0.provenByCheckDigit }
        }

        /// Whether the line holds a field another view must confirm.
        var needsAnotherView: Bool { !free.isEmpty || !mixed.isEmpty }
    }

    /// One line's other views, each read once and only when first asked for: the LSTM's
    /// confirming views (`confirmingViews`), or the glyph classifier's where it stands in
    /// for them (`classifierView`).
    final class LineViews {
        /// The first view, and the line as corrected.
        let first: OCRLine
        let text: String
        let index: Int
        private let classifierView: OCRLine?
        private let readLine: (Int) -> OCRLine?
        private var read: [Int: OCRLine?] = [:], alignedViews: [Int: OCRLine?] = [:]

        init(first: OCRLine, as text: String, index: Int, classifierView: OCRLine?, read: @escaping (Int) -> OCRLine?) {
            self.first = first
            self.text = text
            self.index = index
            self.classifierView = classifierView
            self.readLine = read
        }

        /// The views asked for in turn: the classifier's alone, or the LSTM's.
        var attempts: Range<Int> { 0..<(classifierView == nil ? ReadingJudge.confirmingViews : 1) }

        /// View `attempt` as read (fitted to the length where it could be).
        func asRead(_ attempt: Int) -> OCRLine? {
            if let classifierView { return classifierView }
            if let seen = read[attempt] { return seen }
            let line = readLine(attempt)
            read[attempt] = line
            return line
        }

        /// View `attempt` aligned with the first reading's columns.
        func view(_ attempt: Int) -> OCRLine? {
            if let classifierView { return classifierView }
            if let seen = alignedViews[attempt] { return seen }
            let line = asRead(attempt).flatMap { ReadingJudge.aligned($0, to: first) }
            alignedViews[attempt] = line
            return line
        }

        /// Whether some view asked for in turn satisfies `test`.
        func any(_ test: (OCRLine) -> Bool) -> Bool {
            attempts.contains { view($0).map(test) ?? false }
        }

        /// The line's texts as the LSTM's views read so far read them, the corrected first
        /// reading's first (and the glyph classifier's reading of the cells, an
        /// independent view, last).
        func textsReadSoFar() -> [String] {
            [text] + (0..<ReadingJudge.confirmingViews).compactMap { read[$0] ?? nil }.map(\.text) + [first.classifierText].compactMap { $0 }
        }

        /// … and as every view reads them.
        func textsAsRead() -> [String] {
            attempts.forEach { _ = asRead($0) }
            return textsReadSoFar()
        }
    }

    /// The doubts and votes of one line's fields, in the order the rules were measured in.
    func judgeLine(_ line: LineFields, views: LineViews, result: MRZResult, changes: [MRZCorrection.Change], into findings: inout Findings) {
        // a glyph dropped and another added further on keeps the length and shifts the
        // characters between: OCR-B is set at one pitch, so each character must stand
        // where its column is
        if Self.isMisaligned(views.first) { line.free.forEach { findings.doubt($0.name) } }
        Self.judgeFreeText(line.free, views: views, into: &findings)
        Self.judgeCodes(line.coded, views: views, into: &findings)
        let changed = Set(changes.filter { $0.line == line.index + 1 }.map { $0.column - 1 })
        for field in line.mixed {
            Self.judgeMixed(field, format: result.format, views: views, changed: changed, into: &findings)
        }
        findings.linesAsRead[line.index] = views.textsReadSoFar()
        Self.judgeDates(line.numeric, format: result.format, views: views, changed: changed, into: &findings)
    }

    /// Free text no view confirms (`confirms`) is uncertain, and shows what most views
    /// read (as read: where the first reading has a glyph too many, views that read the
    /// line right outvote it column by column, which aligned they cannot).
    static func judgeFreeText(_ free: [MRZFieldPosition], views: LineViews, into findings: inout Findings) {
        for field in free where !views.attempts.contains(where: { confirms(field, first: views.first, as: views.text, second: views.view($0)) }) {
            findings.doubt(field.name)
            if let voted = vote(views.textsAsRead(), in: field.range, tieBreaker: views.first.classifierText) {
                findings.votes.append((views.index, field.range, voted))
            }
        }
    }

    /// A code whose candidate another view reads or lists too is one of two readings,
    /// whichever the table allows (`P` read `F` with `P` at 25, where the other view reads
    /// `P`), and so is one the other view reads as another value of its table.  A country
    /// code no table holds (uncertain for that alone: `doubtedFields`) shows what most
    /// views read where that is a code the table holds (`ZDN` read, where both other
    /// views read `IDN`), else the one known code a close candidate makes (`MLD` read with
    /// `N` at 72 behind the `M`, in both views).
    static func judgeCodes(_ coded: [MRZFieldPosition], views: LineViews, into findings: inout Findings) {
        for field in coded
        where views.any({
            seesCandidate(views.first, $0, in: field.range, allowed: field.characters)
                || readsAnotherCode(field, $0, as: views.text, first: views.first)
        }) {
            findings.doubt(field.name)
        }
        for field in coded where codeFields.contains(field.name) && !CountryCodes.isKnown(String(Array(views.text)[field.range])) {
            let voted = vote(views.textsAsRead(), in: field.range).flatMap { CountryCodes.isKnown(String($0)) ? $0 : nil }
            if let shown = voted ?? knownCode(views.first, as: views.text, in: field.range) {
                findings.doubt(field.name)
                findings.votes.append((views.index, field.range, shown))
            }
        }
    }

    /// A field where letters and digits both stand: uncertain where a change the
    /// correction made is no reading of the glyph, else its characters with other readings
    /// against a confirming view, for the check digits to rule out (`ambiguousFields`).
    static func judgeMixed(_ field: MRZFieldPosition, format: MRZFormat, views: LineViews, changed: Set<Int>, into findings: inout Findings) {
        let readText = Array(views.first.text), provenText = Array(views.text)
        // whether a change the correction made in the field is `so` (in the order of
        // `changed`: the views asked for depend on it)
        func aChange(_ so: (Int) -> Bool) -> Bool { changed.contains { field.range.contains($0) && so($0) } }
        // a changed character that another view reads as a third one: neither the OCR nor
        // the correction knows it (`X` read `T`, changed to `D`, read `K`)
        let readAsAThird = aChange { column in
            views.any { other in
                let read = Array(other.text)
                return read.indices.contains(column) && ![provenText[column], readText[column]].contains(read[column])
            }
        }
        // where letters and digits both stand, a digit proves a character's weight, not the
        // character (`7`, `H` and `R` weigh the same): a change to what is no look-alike of
        // the character read is no reading of that glyph (`7` read `T`, changed to `H`)
        // and a change no second view backs, by reading it or listing it at the
        // correction's floor: the check digit alone chose it, and where one glyph was
        // misread without a sign, a change beside it whose weight cancels the error passes
        // every digit (`TIXNN` read `TIXMN`, the `M` at 98 with no `N` behind it,
        // corrected to `TIXMM` from an `M` at 92 behind the second `N`)
        if readAsAThird
            || aChange({ !OCRConfusions.areConfusable(readText[$0], provenText[$0]) })
            || aChange({ column in !views.any { backs($0, provenText[column], at: column) } })
        {
            findings.doubt(field.name)
            return
        }
        let confirming = views.attempts.lazy.compactMap { views.view($0) }.first {
            disagreements(field, first: views.first, as: views.text, second: $0, changed: changed).count <= maximumDisagreements
        }
        guard views.first.hasCandidates, let confirming else {
            findings.doubt(field.name)
            return
        }
        findings.doubtful += doubtfulCharacters(field, first: views.first, as: views.text, second: confirming, changed: changed)
        findings.doubtful += doubtfulCheckDigit(of: field, in: format, first: views.first, as: views.text, second: confirming)
    }

    /// Digits-only fields (dates) with a digit of their own: a date and its digit misread
    /// together can pass (`1912135` read `1512133`, with `9` at 85 and `5` at 79 behind
    /// them), so their other readings are tried too.
    static func judgeDates(_ numeric: [MRZFieldPosition], format: MRZFormat, views: LineViews, changed: Set<Int>, into findings: inout Findings) {
        for field in numeric {
            let second = views.view(0) ?? views.first
            findings.doubtful += doubtfulCharacters(field, first: views.first, as: views.text, second: second, changed: changed)
                .map { DoubtfulCharacter(field: $0.field, line: $0.line, column: $0.column, lookAlikes: $0.lookAlikes.filter(\.isNumber)) }
                .filter { !$0.lookAlikes.isEmpty }
            findings.doubtful += doubtfulCheckDigit(of: field, in: format, first: views.first, as: views.text, second: second)
        }
    }

    /// The glyph classifier's cells of `line` as a confirming view, where they read every
    /// character of `text` (the line as corrected) with a margin (`ClassifierCells.confirms`);
    /// `nil` where they do not, or the classifier did not vote.  The judge takes it only for
    /// a line without free text (`isFreeText`), whose every field a check digit or a code
    /// table also checks: on a name, the simulated classifier's confusions, drawn
    /// independently of the LSTM's, agreed with a misreading the LSTM's confirming view
    /// would have contradicted (a name's `E` read `<` by both, sure of every cell; the
    /// channel property's signalled channel at 100 000).
    static func classifierView(_ line: OCRLine, as text: String) -> OCRLine? {
        guard let cells = line.classifierCells, cells.confirms(text) else { return nil }
        var view = line
        view.glyphs = cells.glyphs
        view.classifierCells = nil
        return view
    }

    /// Whether the characters of `line` do not stand at one pitch: two neighbours less
    /// than half a pitch apart (one glyph read twice, or an extra one) or more than 1.6
    /// pitches (a glyph dropped), or three steps together three quarters of a pitch off;
    /// the pitch being the median step.  Lines without the
    /// decoder's positions (simulated) are taken as aligned.
    static func isMisaligned(_ line: OCRLine) -> Bool {
        let steps = line.centreSteps
        guard steps.count >= 10, let pitch = line.pitch else { return false }
        if steps.contains(where: { $0 < 0.4 * pitch || $0 > 1.75 * pitch }) { return true }
        // a glyph dropped that the decoder spread over the steps around it (1.5 + 1.5
        // pitches) shows in three steps together
        return steps.indices.dropLast(2).contains { abs(steps[$0] + steps[$0 + 1] + steps[$0 + 2] - 3 * pitch) > 0.9 * pitch }
    }

    /// Per character, what most of the views (three or more, of equal length) read in
    /// `range`, where that differs from the first view; `nil` when it does not or no
    /// character has a majority against the first.  A `tieBreaker` among the views (the
    /// glyph classifier's reading, independent of the LSTM's views) decides a tie between
    /// two characters it is one of: the first view read `OLTVIA` and `0LTVIA`, the
    /// second `OLIVIA`, the classifier `OLIVIA` (a real Finnish passport).
    static func vote(_ views: [String], in range: Range<Int>, tieBreaker: String? = nil) -> [Character]? {
        let texts = views.map(Array.init).filter { $0.count == views.first?.count }
        guard texts.count >= 3, range.upperBound <= texts[0].count else { return nil }
        let breaker = tieBreaker.map(Array.init).flatMap { $0.count == texts[0].count ? $0 : nil }
        var out = Array(texts[0][range]), changed = false
        for (offset, column) in range.enumerated() {
            let counts = Dictionary(texts.map { ($0[column], 1) }, uniquingKeysWith: +)
            guard let most = counts.values.max() else { continue }
            let leaders = counts.filter { $0.value == most }.map(\.key)
            let winner: Character?
            if most * 2 > texts.count {
                winner = leaders.first
            } else if most * 2 == texts.count, leaders.count == 2, let b = breaker?[column], leaders.contains(b) {
                winner = b
            } else {
                winner = nil
            }
            if let winner, winner != out[offset] {
                out[offset] = winner
                changed = true
            }
        }
        return changed ? out : nil
    }

    /// `result` with the voted characters of unproven fields put in, when the lines
    /// still parse with every check as before (a composite digit over a name, as the
    /// French identity card's, must hold for the voted name too).
    static func applying(_ votes: [(line: Int, range: Range<Int>, text: [Character])], to result: MRZResult, parser: MRZParser) -> MRZResult {
        guard !votes.isEmpty else { return result }
        var lines = result.lines.map(Array.init)
        for vote in votes { lines[vote.line].replaceSubrange(vote.range, with: vote.text) }
        guard let voted = try? parser.parse(lines: lines.map { String($0) }), voted.isValid == result.isValid else { return result }
        return voted
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
        // names: no character with a close candidate the field could hold (a letter or `<`;
        // a digit is no reading of a name)
        if hasLookAlikeCandidate(first, second, in: field.range, allowed: field.characters) { return false }
        if nameFieldNames.contains(field.name) { return !hasCloseRunnerUp(first, in: field.range, allowed: field.characters) }
        return !hasCloseRunnerUp(first, in: field.range) && !hasCloseRunnerUp(second, in: field.range)
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

    /// `other` read at the columns of `first`: the alignment with the fewest differences
    /// (a glyph read otherwise, dropped or added counts one each; on a tie, columns are
    /// kept).  A view that read one glyph twice and dropped a filler at the end reads every
    /// other glyph one column off; aligned, its glyphs confirm or contradict the ones they
    /// are readings of.  A column `other` read nothing for holds `gap`, which agrees with
    /// nothing.  `nil` when that takes more than `maximumShifts` glyphs dropped or added
    /// (another text, not a shifted view of this one).
    static func aligned(_ other: OCRLine, to first: OCRLine) -> OCRLine? {
        let a = first.glyphs.map(\.character), b = other.glyphs.map(\.character)
        if a.count == b.count, zip(a, b).filter({ $0 != $1 }).count <= maximumDisagreements { return other }
        // edit distance, row by row: cost[i][j] aligns a[..<i] with b[..<j]
        var cost = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: a.count + 1)
        for i in 0...a.count { cost[i][0] = i }
        for j in 0...b.count { cost[0][j] = j }
        for i in stride(from: 1, through: a.count, by: 1) {
            for j in stride(from: 1, through: b.count, by: 1) {
                cost[i][j] = min(cost[i - 1][j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1), cost[i - 1][j] + 1, cost[i][j - 1] + 1)
            }
        }
        var glyphs: [OCRGlyph] = [], i = a.count, j = b.count, shifts = 0
        while i > 0 || j > 0 {
            if i > 0, j > 0, cost[i][j] == cost[i - 1][j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1) {
                glyphs.append(other.glyphs[j - 1])
                i -= 1
                j -= 1
            } else if i > 0, cost[i][j] == cost[i - 1][j] + 1 {
                glyphs.append(gap)
                i -= 1
                shifts += 1
            } else {
                j -= 1
                shifts += 1
            }
        }
        guard shifts <= maximumShifts else { return nil }
        var line = other
        line.glyphs = glyphs.reversed()
        return line
    }

    /// What an aligned view holds where it read no glyph: no MRZ character.
    static let gap = OCRGlyph(character: "\u{FFFD}", confidence: 0)

    /// Glyphs an aligned view may have dropped or added: a glyph read twice and the filler
    /// the line was fitted by, twice.
    static let maximumShifts = 4

    /// Views asked to confirm a line: either may.
    static let confirmingViews = 2

    /// Columns where a confirming view may read otherwise than the first and still count
    /// as a view of the same text: its characters there are more readings for the check
    /// digits to rule out.  More, once a glyph inserted or dropped is aligned away
    /// (`aligned`), is a view that failed, not evidence.
    static let maximumDisagreements = 2

    /// The columns of a field where letters and digits both stand, up to its closing
    /// filler run (constrained by the layout), where the confirming reading differs.  At a
    /// column the correction changed it may also repeat the first reading's character.
    static func disagreements(_ field: MRZFieldPosition, first: OCRLine, as text: String, second: OCRLine, changed: Set<Int>) -> [Int] {
        let proven = Array(text), secondText = Array(second.text), firstText = Array(first.text)
        return contentColumns(field, in: proven).filter { column in
            !(secondText[column] == proven[column] || (changed.contains(column) && secondText[column] == firstText[column]))
        }
    }

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
            where !(candidate.confidence < lookAlikeFloor) && candidate.character.asciiValue.map(MRZCharset.isMRZ) == true
                && !others.contains(candidate.character)
            {
                others.append(candidate.character)
            }
            if secondText[column] != proven[column], secondText[column] != gap.character, !others.contains(secondText[column]) {
                others.append(secondText[column])
            }
            // a character read with a close runner-up of any kind is one the OCR was unsure
            // of; where its look-alike weighs the same (`6`/`G`: 6 and 16), the digits cannot
            // rule that reading out, so it is another reading (`6` read `G` with `H` at 54)
            if first.glyphs[column].candidates.contains(where: { !($0.confidence < closeRunnerUp) }) {
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
        var others = candidates(first, at: column, floor: lookAlikeFloor, allowed: .numeric).filter(\.isNumber)
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

    /// Confidence (0–100) from which a look-alike candidate makes a character doubtful.
    /// Measured on the real prints of ../shared/corpus/mrz (tools/ocr-channel): every
    /// misreading whose true character was among the candidates had it at 21 or more (`0`
    /// read `O` in the Belarus specimen's number of zeros, with `0` at 69 and 21).  Correct
    /// readings come with look-alikes that strong too (a `0` with `O` at 98), which is why
    /// the check digits decide, not the candidate alone.
    static let lookAlikeFloor: Float = 20

    /// A field's columns up to its closing filler run.
    static func contentColumns(_ field: MRZFieldPosition, in text: [Character]) -> Range<Int> {
        let fillerStart = field.range.reversed().prefix { text[$0] == "<" }.last ?? field.range.upperBound
        return field.range.lowerBound..<fillerStart
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
            for candidate in candidates(line, at: column, floor: closeRunnerUp, allowed: .alphabetic) {
                var code = Array(read[range])
                code[column - range.lowerBound] = candidate
                if CountryCodes.isKnown(String(code)) { codes.insert(String(code)) }
            }
        }
        return codes.count == 1 ? codes.first.map(Array.init) : nil
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

    /// Look-alikes (`OCRConfusions`) that weigh the same in the 7-3-1 sum (values equal
    /// modulo 10): no check digit tells them apart.
    static let sameWeightLookAlikes: [Character: [Character]] = Dictionary(
        uniqueKeysWithValues: OCRConfusions.table.map { character, others in
            func weight(_ c: Character) -> Int? { c.asciiValue.flatMap(CheckDigit.value(of:)).map { $0 % 10 } }
            return (character, others.filter { weight($0) == weight(character) })
        })

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
        (!field.provenByCheckDigit || nameFieldNames.contains(field.name)) && !tableCheckedFields.contains(field.name)
    }
    static let codeFields: Set<MRZFieldName> = [.issuingCountry, .nationality]
    /// Unproven fields whose values come from a short list (checked against it, not re-read).
    static let tableCheckedFields: Set<MRZFieldName> = codeFields.union([.documentCode, .sex])
}
