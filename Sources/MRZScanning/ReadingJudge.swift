import MRZ

/// Decides what one band's OCR proves: the check-digit correction, then the doubt rules for
/// every field the digits cannot vouch for.  Works on OCR lines alone (no image), so the
/// simulated OCR channel of the tests and the bench runs exactly the reader's logic.
struct ReadingJudge {
    let corrector: MRZCorrector

    /// The reading of `lines` (the first view, fitted to the layout's lengths).
    /// `confirmingView(line, attempt)` reads that line again in another view (attempt 0,
    /// then 1: two different views), fitted the same way where it can (the judge aligns it
    /// with the first reading: `aligned`), `nil` when it cannot be read; it is
    /// asked only for lines holding a field another view must confirm, and for the second
    /// view only when the first does not.
    func judge(_ lines: [OCRLine], confirmingView: (Int, Int) -> OCRLine?) -> MRZReading? {
        let texts = lines.map(\.text)
        guard let correction = corrector.correct(lines: texts, alternatives: lines.map { $0.alternatives(floor: CellEvidence.alternativeFloor) }) else {
            return unaccepted(texts)
        }
        let result = correction.result
        var findings = Findings(linesAsRead: result.lines.map { [$0] })
        correction.uncertainFields.forEach { findings.doubt($0, .correction) }
        FirstViewDoubts.withRules(result, confidences: lines.map { $0.glyphs.map(\.confidence) }).forEach { findings.doubt($0.field, $0.rule) }
        CodeFields.codesWithCloseRunnerUp(result, lines: lines).forEach { findings.doubt($0, .codeCloseRunnerUp) }
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
                    // where the glyph classifier reads the whole line as corrected with a
                    // margin, and the free text as the first view does (`TwoViewAgreement`),
                    // it is the one other view: the LSTM reads the line once
                    classifierView: line.free.isEmpty || TwoViewAgreement.proveTheFreeText(of: line.free, first: lines[index], as: result.lines[index])
                        ? Self.classifierView(lines[index], as: result.lines[index]) : nil,
                    read: { confirmingView(index, $0) })
                judgeLine(line, views: views, result: result, changes: correction.changes, into: &findings)
            }
        }
        let ambiguity = LookAlikeReadings.Ambiguity(result, doubtful: findings.doubtful, parser: corrector.parser)
        ambiguity.fields.forEach { findings.doubt($0, .ambiguous) }
        let asRead = findings.linesAsRead
        findings.settle(result.format.fieldPositions.map { ($0, TwoViewAgreement.settles($0, result, first: lines, asRead: asRead)) })
        let shown = Self.applying(findings.votes, to: result, parser: corrector.parser)
        var reading = MRZReading(result: shown, changes: correction.changes, uncertainFields: findings.uncertain)
        reading.linesAsRead = findings.linesAsRead
        reading.doubtRules = findings.rules
        reading.otherPassingReadings = ambiguity.passing ?? []
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

    /// What the judge has found so far: the fields in doubt (in the order doubted), the
    /// characters the check digits must rule out, what the views vote uncertain fields
    /// show, and each line's texts as its views read them.
    struct Findings {
        var uncertain: [MRZFieldName] = []
        /// Each field in doubt with the rules that doubted it (the diagnosis's record).
        var rules: [MRZFieldName: [DoubtRule]] = [:]
        var doubtful: [DoubtfulCharacter] = []
        var votes: [(line: Int, range: Range<Int>, text: [Character])] = []
        var linesAsRead: [[String]]

        mutating func doubt(_ name: MRZFieldName, _ rule: DoubtRule) {
            if !uncertain.contains(name) { uncertain.append(name) }
            if rules[name]?.contains(rule) != true { rules[name, default: []].append(rule) }
        }

        /// The doubts on each field that both views' agreement settles (`TwoViewAgreement.settles`),
        /// taken back where no other rule doubts it, with the other views' votes on what it
        /// shows.
        mutating func settle(_ agreed: [(field: MRZFieldPosition, settled: Set<DoubtRule>)]) {
            for (field, settled) in agreed where !settled.isEmpty && rules[field.name].map({ Set($0).isSubset(of: settled) }) == true {
                uncertain.removeAll { $0 == field.name }
                rules[field.name] = nil
                votes.removeAll { $0.line == field.line && $0.range.overlaps(field.range) }
            }
        }
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
            free = fields.filter(FreeText.isFreeText)
            mixed = fields.filter { $0.provenByCheckDigit && $0.characters == .alphanumeric }
            coded = fields.filter { !$0.provenByCheckDigit && CodeFields.tableCheckedFields.contains($0.name) }
            numeric = fields.filter { $0.characters == .numeric && $0.provenByCheckDigit }
        }

        /// Whether the line holds a field another view must confirm.
        var needsAnotherView: Bool { !free.isEmpty || !mixed.isEmpty }
    }

    /// The doubts and votes of one line's fields, in the order the rules were measured in.
    func judgeLine(_ line: LineFields, views: LineViews, result: MRZResult, changes: [MRZCorrection.Change], into findings: inout Findings) {
        // a glyph dropped and another added further on keeps the length and shifts the
        // characters between: OCR-B is set at one pitch, so each character must stand
        // where its column is
        if ViewAlignment.isMisaligned(views.first) { line.free.forEach { findings.doubt($0.name, .misaligned) } }
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
        for field in free where !views.attempts.contains(where: { FreeText.confirms(field, first: views.first, as: views.text, second: views.view($0)) }) {
            findings.doubt(field.name, FreeText.unconfirmedRule(field, views: views))
            if let voted = ViewAlignment.vote(views.textsAsRead(), in: field.range, tieBreaker: views.first.classifierText) {
                findings.votes.append((views.index, field.range, voted))
            }
        }
    }

    /// A code whose candidate another view reads or lists too is one of two readings,
    /// whichever the table allows (`P` read `F` with `P` at 25, where the other view reads
    /// `P`), and so is one the other view reads as another value of its table.  A country
    /// code no table holds (uncertain for that alone: `FirstViewDoubts`) shows what most
    /// views read where that is a code the table holds (`ZDN` read, where both other
    /// views read `IDN`), else the one known code a close candidate makes (`MLD` read with
    /// `N` at 72 behind the `M`, in both views).  A code the glyph classifier vouches for
    /// (`CodeFields.classifierVouches`) is not looked for in the LSTM's other views: what
    /// they read or list there has no weight in an independent view.
    static func judgeCodes(_ coded: [MRZFieldPosition], views: LineViews, into findings: inout Findings) {
        for field in coded
        where !CodeFields.classifierVouches(for: field, first: views.first, as: views.text)
            && views.any({
                CellEvidence.seesCandidate(views.first, $0, in: field.range, allowed: field.characters)
                    || CodeFields.readsAnotherCode(field, $0, as: views.text, first: views.first)
            })
        {
            findings.doubt(field.name, .codeOtherReading)
        }
        for field in coded where CodeFields.codeFields.contains(field.name) && !CountryCodes.isKnown(String(Array(views.text)[field.range])) {
            let voted = ViewAlignment.vote(views.textsAsRead(), in: field.range).flatMap { CountryCodes.isKnown(String($0)) ? $0 : nil }
            if let shown = voted ?? CodeFields.knownCode(views.first, as: views.text, in: field.range) {
                findings.doubt(field.name, .unknownCode)
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
            || aChange({ column in !views.any { CellEvidence.backs($0, provenText[column], at: column) } })
        {
            findings.doubt(field.name, .changeUnbacked)
            return
        }
        let confirming = views.attempts.lazy.compactMap { views.view($0) }.first {
            ViewAlignment.disagreements(field, first: views.first, as: views.text, second: $0, changed: changed).count <= ViewAlignment.maximumDisagreements
        }
        guard views.first.hasCandidates, let confirming else {
            findings.doubt(field.name, .mixedUnconfirmed)
            return
        }
        // a character on the first view alone is unconfirmed, and its look-alikes are still
        // the check digits' to rule out (they may doubt the fields beside it: `ambiguous`)
        if ViewAlignment.neitherOtherViewReads(field, views: views, confirming: confirming, changed: changed) {
            findings.doubt(field.name, .mixedUnconfirmed)
        }
        findings.doubtful += LookAlikeReadings.doubtfulCharacters(field, first: views.first, as: views.text, second: confirming, changed: changed)
        findings.doubtful += LookAlikeReadings.doubtfulCheckDigit(of: field, in: format, first: views.first, as: views.text, second: confirming)
    }

    /// Digits-only fields (dates) with a digit of their own: a date and its digit misread
    /// together can pass (`1912135` read `1512133`, with `9` at 85 and `5` at 79 behind
    /// them), so their other readings are tried too.
    static func judgeDates(_ numeric: [MRZFieldPosition], format: MRZFormat, views: LineViews, changed: Set<Int>, into findings: inout Findings) {
        for field in numeric {
            let second = views.view(0) ?? views.first
            findings.doubtful += LookAlikeReadings.doubtfulCharacters(field, first: views.first, as: views.text, second: second, changed: changed)
                .compactMap { $0.keeping { $0.character.isNumber } }
            findings.doubtful += LookAlikeReadings.doubtfulCheckDigit(of: field, in: format, first: views.first, as: views.text, second: second)
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

    /// Views asked to confirm a line: either may.
    static let confirmingViews = 2
}
