import MRZ

/// Views of one line set side by side: another view aligned to the first's columns, the
/// vote of several views, and whether a view's glyphs stand at one pitch.
enum ViewAlignment {
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

    /// Columns where a confirming view may read otherwise than the first and still count
    /// as a view of the same text: its characters there are more readings for the check
    /// digits to rule out.  More, once a glyph inserted or dropped is aligned away
    /// (`aligned`), is a view that failed, not evidence.
    static let maximumDisagreements = 2

    /// Whether a character of `field` stands on the first view alone: the confirming view
    /// reads another there (one of the disagreements it may have) and the glyph classifier
    /// does not read it first either.  The check digit then proves only the character's weight:
    /// the channel property read a TD2's document number `PZ4YR1` as `PZ4ER1` valid (`Y`
    /// and `E` weigh the same; the `E` at 93 with no `Y` behind it, the confirming view
    /// reading `B` and the classifier `6`; bench/README.md, "Issue 45, session 31").
    /// Without the classifier's cells, as before.
    static func neitherOtherViewReads(_ field: MRZFieldPosition, views: LineViews, confirming: OCRLine, changed: Set<Int>) -> Bool {
        guard let cells = views.first.classifierCells else { return false }
        let shown = Array(views.text)
        return ViewAlignment.disagreements(field, first: views.first, as: views.text, second: confirming, changed: changed).contains { column in
            cells.characters.indices.contains(column) && cells.characters[column] != shown[column]
        }
    }

    /// The columns of a field where letters and digits both stand, up to its closing
    /// filler run (constrained by the layout), where the confirming reading differs.  At a
    /// column the correction changed it may also repeat the first reading's character.
    static func disagreements(_ field: MRZFieldPosition, first: OCRLine, as text: String, second: OCRLine, changed: Set<Int>) -> [Int] {
        let proven = Array(text), secondText = Array(second.text), firstText = Array(first.text)
        return LookAlikeReadings.contentColumns(field, in: proven).filter { column in
            !(secondText[column] == proven[column] || (changed.contains(column) && secondText[column] == firstText[column]))
        }
    }
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
        let line = asRead(attempt).flatMap { ViewAlignment.aligned($0, to: first) }
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
