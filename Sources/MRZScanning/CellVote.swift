import MRZ

/// One MRZ line as both recognisers read it, cell by cell: the LSTM's glyphs put into the
/// layout's cells (`LineCells`) by where the decoder saw them, and the glyph classifier's
/// ranking of each cell.
///
/// Measured on the real corpus's 5 932 cells: where the two agree (5 736 cells) both are
/// wrong twice; where they disagree (196), each is right about half the time.  So
/// agreement leaves a glyph as read, and a disagreement the classifier is confident of
/// makes it unsure (its confidence under `CellEvidence.minimumConfidence`) with the
/// classifier's character among its candidates: the check digits settle it where they
/// can, and a field no digit covers stays uncertain.  The classifier's reading of the
/// line is one more view in the judge's votes (`OCRLine.classifierCells`), and where it
/// reads every cell as the LSTM does with a margin (`confirms`), the line's confirming
/// view in place of the LSTM's (`ReadingJudge.classifierView`).  A line the
/// LSTM read a glyph short or long is rebuilt from the cells: each cell takes the glyph
/// the decoder put there, a cell it put none in takes the classifier's character, unsure.
struct CellVote {
    /// Per cell, the classifier's characters, most probable first: from the cell before
    /// the line's first to the one after its last (`count` + 2 cells), for a line whose
    /// ends the cut placed a cell off.
    let ranked: [[(character: Character, probability: Float)]]

    /// Per cell of the line, what every layout of its lines' lengths lets stand there
    /// (`characterClasses`); `nil` for a cell any character may hold, and empty for no
    /// constraint at all.
    var classes: [CharacterClass?] = []

    /// How many cells the line has.
    var count: Int { ranked.count - 2 }

    /// The line's cells moved by `shift` cells (-1, 0 or 1), each ranking without the
    /// characters its place does not allow (a name's `B` the classifier ranks behind `0`
    /// is read `B`).  The probabilities are kept as they were: a character ranked first
    /// only because a likelier one cannot stand there is no confident opinion.
    func window(_ shift: Int) -> [[(character: Character, probability: Float)]] {
        let cells = Array(ranked[1 + shift..<1 + shift + count])
        guard classes.count == count else { return cells }
        return zip(cells, classes).map { ranking, allowed in
            guard let allowed else { return ranking }
            let kept = ranking.filter { $0.character.asciiValue.map(allowed.allows) == true }
            return kept.isEmpty ? ranking : kept
        }
    }

    /// Per line and cell, the characters every MRZ layout of lines of `lengths` allows
    /// there: the field's class where all of them have a field there (the widest of their
    /// classes where they differ), `nil` where one has none (a check digit's column).
    static func characterClasses(lengths: [Int]) -> [[CharacterClass?]] {
        let layouts = MRZFormat.allCases.filter { $0.lineLengths == lengths }.map { format in
            var classes = lengths.map { [CharacterClass?](repeating: nil, count: $0) }
            for field in format.fieldPositions where field.line < lengths.count {
                for column in field.range where column < lengths[field.line] { classes[field.line][column] = field.characters }
            }
            return classes
        }
        guard let first = layouts.first else { return lengths.map { Array(repeating: nil, count: $0) } }
        return layouts.dropFirst().reduce(first) { merged, next in zip(merged, next).map { zip($0, $1).map(widest) } }
    }

    /// The class that allows what both allow; `nil` (anything) when either is.
    private static func widest(_ a: CharacterClass?, _ b: CharacterClass?) -> CharacterClass? {
        guard let a, let b else { return nil }
        if a == b { return a }
        if [a, b].contains(.alphanumeric) || Set([a, b]) == [.alphabetic, .numeric] { return .alphanumeric }
        if Set([a, b]) == [.alphabetic, .sex] { return .alphabetic }
        return .alphanumeric
    }

    /// The classifier's own reading of the line: each cell's most probable character, as
    /// a view in the judge's votes (`ClassifierCells.text`).
    var text: String { ClassifierCells(window(0)).text }

    /// The probability from which the classifier's reading of a cell votes.
    static let voice: Float = 0.5

    /// The probability from which the classifier's reading of a cell is what an uncertain
    /// field no check digit covers shows there (`ClassifierCells.shown`), whatever the
    /// LSTM's views read.  Their views share one model and its look-alike misreadings
    /// (a real Japanese passport's `GAIMU` read `SAIYU`, `3AI9U` and `SAIMU`); the
    /// classifier is the independent one.  Measured on the real corpus's cells where the
    /// LSTM's first view and the classifier disagree: from 0.8, the classifier is right
    /// 89 times to the LSTM's 47.
    static let sure: Float = 0.8

    /// Probability from which the classifier's first character, where the LSTM read
    /// another, makes the glyph unsure.
    static let opinion: Float = 0.9
    /// Probability from which the classifier's reading of every cell of a line, where it
    /// reads the line as the LSTM's first view (corrected) does, is the second view that
    /// confirms it (`ClassifierCells.confirms`): the line is read once by the LSTM.
    static let confirms: Float = 0.9
    /// The confidence a glyph the recognisers disagree on keeps at most (under
    /// `CellEvidence.minimumConfidence`: its field is doubted where no digit proves it).
    static let disagreementConfidence: Float = 50

    /// `fitted` (the LSTM's line fitted to the layout's length) voted with the cells; `raw`
    /// is the same reading before the fit, and `cell(x)` where a glyph centre `x` of the
    /// line image falls on the cells' grid (a fractional cell number).
    ///
    /// The glyphs stand in the cells where the decoder put them.  Where they do not (a
    /// glyph dropped, doubled or added; or the decoder's positions stray), the reading as
    /// fitted, the reading rebuilt from the cells (`rebuilt`, a repair of a glyph or
    /// two), and the reading one cell along (a cut a cell off at an end) are weighed by
    /// how many of their glyphs the classifier reads alike (a cell the rebuild filled from
    /// the classifier counts as none), in that order on a tie.
    func voted(_ fitted: OCRLine, raw: OCRLine, cell: (Double) -> Double) -> OCRLine {
        guard fitted.glyphs.count == count, keepsPitch(fitted, cell: cell) else { return fitted }
        var options: [(line: OCRLine, shift: Int, agreement: Int)] = []
        if isAligned(fitted, cell: cell) {
            options.append((fitted, 0, 0))
        } else if !isPrecise(fitted, cell: cell) {
            return fitted
        } else {
            // the reading as fitted first, then the cut's: the first of equals wins (where
            // the decoder's positions stray, the cells may still hold its glyphs)
            options.append((fitted, 0, agreement(fitted, window(0))))
            if let rebuilt = rebuilt(raw, cell: cell) {
                let filled = rebuilt.glyphs.filter(Self.isFilled).count
                let dropped = raw.glyphs.count - (rebuilt.glyphs.count - filled)
                // a repair of a glyph or two inside the line; more is a cut that does not
                // fit the line, and an end cell the decoder saw nothing in is a cut that
                // runs past the line's end (a card's edge before it)
                let endFilled = [rebuilt.glyphs.first, rebuilt.glyphs.last].contains { $0.map(Self.isFilled) ?? false }
                if filled + dropped <= Self.mostRepairs, !endFilled { options.append((rebuilt, 0, agreement(rebuilt, window(0)) - filled)) }
            }
            if let shift = medianShift(fitted, cell: cell), shift != 0 {
                options.append((fitted, shift, agreement(fitted, window(shift))))
            }
        }
        guard let best = options.enumerated().max(by: { a, b in (a.element.agreement, -a.offset) < (b.element.agreement, -b.offset) })?.element
        else { return fitted }
        var line = best.line
        let cells = window(best.shift)
        // a cut whose cells the reading agrees with in fewer than half is not of the same
        // glyphs (idphoto-gen's hard visa: a window three cells along the line)
        guard agreement(best.line, cells) * 2 >= count else { return fitted }
        for (index, glyph) in best.line.glyphs.enumerated() { line.glyphs[index] = vote(glyph, cells[index]) }
        line.classifierCells = ClassifierCells(cells)
        return line
    }

    /// A cell the decoder put no glyph in, read by the classifier alone: its first
    /// character, unsure (confidence 0), with its runner-up as the other reading to show
    /// (at the judge's look-alike floor at least).
    static func filled(_ ranking: [(character: Character, probability: Float)]) -> OCRGlyph {
        let runnerUp = ranking.dropFirst().first.map {
            OCRGlyph.Candidate(character: $0.character, confidence: max($0.probability * 100, CellEvidence.lookAlikeFloor))
        }
        return OCRGlyph(character: ranking.first?.character ?? "<", confidence: 0, candidates: runnerUp.map { [$0] } ?? [])
    }

    /// Whether `glyph` is a cell `rebuilt` filled from the classifier.
    static func isFilled(_ glyph: OCRGlyph) -> Bool { glyph.centre == nil && glyph.confidence == 0 }

    /// The most glyphs a rebuild may drop and cells it may fill together.
    static let mostRepairs = 2

    /// Whether the decoder's glyphs step from cell to cell at the cells' pitch: the median
    /// of their steps over five glyphs within 3 % of five cells (over a line of 44, a cell
    /// and a third; a glyph dropped or doubled moves the few steps across it only).  A cut
    /// whose pitch the line does not keep (measured on idphoto-gen's hard pages,
    /// 12-pixel glyphs: whole runs of a line three cells off) is not voted with.
    func keepsPitch(_ line: OCRLine, cell: (Double) -> Double) -> Bool {
        let positions = line.glyphs.enumerated().compactMap { index, glyph in glyph.centre.map { (k: index, x: cell($0)) } }
        let span = 5
        let steps = zip(positions, positions.dropFirst(span)).map { ($1.x - $0.x) / Double($1.k - $0.k) }.sorted()
        guard !steps.isEmpty else { return false }
        return abs(steps[steps.count / 2] - 1) <= 0.03
    }

    /// Whether the decoder placed `line`'s glyphs precisely enough to move them between
    /// cells: half or more of them within 0.15 of a cell's centre.  On small glyphs the
    /// decoder's positions stray by up to half a cell (idphoto-gen's hard pages, glyphs of
    /// 12–16 pixels), and a line rebuilt from them loses glyphs it read right.
    func isPrecise(_ line: OCRLine, cell: (Double) -> Double) -> Bool {
        let offsets = line.glyphs.compactMap { $0.centre.map(cell) }.map { abs($0 - $0.rounded()) }.sorted()
        return !offsets.isEmpty && offsets[offsets.count / 2] <= 0.15
    }

    /// How many glyphs of `line` are the classifier's first character in their cell.
    func agreement(_ line: OCRLine, _ cells: [[(character: Character, probability: Float)]]) -> Int {
        zip(line.glyphs, cells).filter { $0.character == $1.first?.character }.count
    }

    /// Whether every glyph whose centre is known stands in its own cell (within half a
    /// cell).
    func isAligned(_ line: OCRLine, cell: (Double) -> Double) -> Bool {
        line.glyphs.enumerated().allSatisfy { index, glyph in glyph.centre.map { abs(cell($0) - Double(index)) < 0.5 } ?? true }
    }

    /// How many cells along most of `line`'s glyphs stand (the median offset of their
    /// positions from their order), when that is -1, 0 or 1.
    func medianShift(_ line: OCRLine, cell: (Double) -> Double) -> Int? {
        let offsets = line.glyphs.enumerated().compactMap { index, glyph in glyph.centre.map { cell($0) - Double(index) } }.sorted()
        guard !offsets.isEmpty else { return nil }
        let shift = Int(offsets[offsets.count / 2].rounded())
        return (-1...1).contains(shift) ? shift : nil
    }

    /// The cells filled from `raw`'s glyphs by a monotone alignment: a glyph goes to the
    /// cell its centre is nearest (the cost grows with the square of the distance, in
    /// cells, and with the classifier reading the cell otherwise), a glyph left out or a
    /// cell left empty costs as much as a glyph a cell and a half away; an empty cell
    /// takes the classifier's character.  `nil` when a glyph's
    /// centre is unknown.
    func rebuilt(_ raw: OCRLine, cell: (Double) -> Double) -> OCRLine? {
        let positions = raw.glyphs.compactMap { $0.centre.map(cell) }
        guard positions.count == raw.glyphs.count, !positions.isEmpty else { return nil }
        let cells = window(0)
        let n = cells.count, m = positions.count, skip = 2.25
        // the square of the distance in cells, and half a cell's worth where the classifier
        // reads the cell otherwise (of two glyphs read in one cell, the one it reads stays)
        func placing(_ j: Int, in i: Int) -> Double {
            let d = positions[j] - Double(i)
            return d * d + (raw.glyphs[j].character == cells[i].first?.character ? 0 : 0.5)
        }
        // cost[i][j]: cells ..<i with glyphs ..<j
        var cost = [[Double]](repeating: [Double](repeating: .infinity, count: m + 1), count: n + 1)
        cost[0][0] = 0
        for i in 0...n {
            for j in 0...m where cost[i][j] < .infinity {
                if i < n, j < m { cost[i + 1][j + 1] = min(cost[i + 1][j + 1], cost[i][j] + placing(j, in: i)) }
                if i < n { cost[i + 1][j] = min(cost[i + 1][j], cost[i][j] + skip) }
                if j < m { cost[i][j + 1] = min(cost[i][j + 1], cost[i][j] + skip) }
            }
        }
        var glyphs: [OCRGlyph] = []
        var i = n, j = m
        while i > 0 || j > 0 {
            if i > 0, j > 0, cost[i][j] == cost[i - 1][j - 1] + placing(j - 1, in: i - 1) {
                glyphs.append(raw.glyphs[j - 1])
                i -= 1
                j -= 1
            } else if i > 0, cost[i][j] == cost[i - 1][j] + skip {
                glyphs.append(Self.filled(cells[i - 1]))
                i -= 1
            } else {
                j -= 1
            }
        }
        var line = raw
        line.glyphs = glyphs.reversed()
        line.besideBox = ([], [])
        return line
    }

    /// One glyph after the vote: as read, but unsure where the classifier is confidently of
    /// another opinion (`opinion`), the classifier's character its strongest other
    /// candidate (one the check digits may choose).  Measured on idphoto-gen's hard pages
    /// (seeds 11 and 404): a weaker opinion made a few valid readings uncertain and no
    /// wrong one right; making a glyph both read alike sure made none valid that was not.
    func vote(_ glyph: OCRGlyph, _ ranking: [(character: Character, probability: Float)]) -> OCRGlyph {
        guard let first = ranking.first, first.character != glyph.character, first.probability >= Self.opinion else { return glyph }
        var voted = glyph
        voted.confidence = min(glyph.confidence, Self.disagreementConfidence)
        var candidates = glyph.candidates.filter { $0.character != first.character }
        candidates.append(.init(character: first.character, confidence: max(first.probability * 100, CellEvidence.closeRunnerUp)))
        voted.candidates = OCRGlyph.ranked(candidates)
        return voted
    }
}

/// The glyph classifier's reading of one line: each cell's first character and its
/// probability.
struct ClassifierCells: Equatable {
    let characters: [Character]
    let probabilities: [Float]
    /// Each cell's second character and its probability (`gap` at 0 where it has none).
    let runnersUp: [Character]
    let runnerUpProbabilities: [Float]

    init(_ cells: [[(character: Character, probability: Float)]]) {
        characters = cells.map { $0.first?.character ?? ViewAlignment.gap.character }
        probabilities = cells.map { $0.first?.probability ?? 0 }
        runnersUp = cells.map { $0.dropFirst().first?.character ?? ViewAlignment.gap.character }
        runnerUpProbabilities = cells.map { $0.dropFirst().first?.probability ?? 0 }
    }

    /// Whether the classifier reads `text` in every cell, each with `CellVote.confirms` or
    /// more: a view of the line independent of the LSTM's that agrees with it throughout.
    func confirms(_ text: String) -> Bool {
        characters == Array(text) && !probabilities.contains { !($0 >= CellVote.confirms) }
    }

    /// The cells as a view of the line in the LSTM's terms: each cell's first character
    /// with its probability as the confidence (0–100), its runner-up the one candidate.
    var glyphs: [OCRGlyph] {
        characters.indices.map { cell in
            let runnerUp =
                runnerUpProbabilities[cell] > 0 ? [OCRGlyph.Candidate(character: runnersUp[cell], confidence: runnerUpProbabilities[cell] * 100)] : []
            return OCRGlyph(character: characters[cell], confidence: probabilities[cell] * 100, candidates: runnerUp)
        }
    }

    /// The line with each cell read under `probability` shown as `ViewAlignment.gap`
    /// (which agrees with nothing).
    func text(from probability: Float) -> String {
        String(zip(characters, probabilities).map { $1 >= probability ? $0 : ViewAlignment.gap.character })
    }

    /// The line as a view in the judge's votes: a weak reading (one first only because
    /// likelier characters cannot stand in its place) casts no vote (`CellVote.voice`).
    var text: String { text(from: CellVote.voice) }

    /// What an uncertain field no check digit covers shows in `range` of its line, which
    /// otherwise shows `shown`: the classifier's character in each cell it is sure of
    /// (`CellVote.sure`); `nil` where that changes nothing.  Shown only: the field stays
    /// uncertain.
    func shown(_ shown: [Character], in range: Range<Int>) -> [Character]? {
        guard range.upperBound <= characters.count, shown.count == range.count else { return nil }
        var out = shown
        for (offset, column) in range.enumerated() where probabilities[column] >= CellVote.sure { out[offset] = characters[column] }
        return out == shown ? nil : out
    }
}
