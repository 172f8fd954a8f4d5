/// A simulated OCR of MRZ lines that draws from the channel measured on real prints
/// (`MeasuredOCRChannel`): which characters are misread and as what, with which
/// confidence and runner-ups, and whether the reader's confirming view repeats the
/// mistake.  For proving the correction and doubt rules over millions of MRZs
/// (`ChannelProperty` in MRZScanning) without an image.
///
/// Per character: a misreading with the measured rate of that character (smoothed towards
/// the overall rate, scaled by `errorScale`); a misreading of a character the table saw
/// misread is one of those records, otherwise a measured record's confidence, candidates
/// and second view carried over to a look-alike of the character (`OCRConfusions`).  A
/// correct reading gets a runner-up as often, as close and as look-alike as the table's
/// correct readings of that character.
public struct OCRChannelSimulator: Sendable {
    /// One simulated character: what was read, its confidence and the other candidates.
    public struct Glyph: Sendable, Equatable {
        public let character: Character
        public let confidence: Float
        public let candidates: [MeasuredOCRChannel.Candidate]
    }

    /// One MRZ read in a view and in the views that confirm it.  `confirming[attempt][line]`
    /// is `nil` when that view could not read the line to its length.
    public struct Reading: Sendable {
        public let first: [[Glyph]]
        public let confirming: [[[Glyph]?]]
    }

    private var rng: SeededRandom
    /// Misreading rates are the measured ones times this (1 = as measured).
    public let errorScale: Double
    /// The misreadings drawn from: every measured one, or (`signalledOnly`) those the OCR
    /// gave a sign of — the true character among the candidates at `signalFloor` or more,
    /// or a confirming view that does not repeat the misreading.
    let templates: [MeasuredOCRChannel.Misreading]
    let ownTemplates: [Character: [MeasuredOCRChannel.Misreading]]

    /// Candidate confidence that counts as a sign of the true character (the reader's
    /// look-alike floor).
    public static let signalFloor: Float = 20

    public init(seed: UInt64, errorScale: Double = 1, signalledOnly: Bool = false) {
        rng = SeededRandom(seed: seed)
        self.errorScale = errorScale
        templates = signalledOnly ? MeasuredOCRChannel.misreadings.filter(Self.isSignalled) : MeasuredOCRChannel.misreadings
        ownTemplates = Dictionary(grouping: templates, by: \.truth)
    }

    /// Whether the OCR showed that `m` may be wrong.
    public static func isSignalled(_ m: MeasuredOCRChannel.Misreading) -> Bool {
        m.secondView != m.read || m.candidates.contains { $0.character == m.truth && !($0.confidence < signalFloor) }
    }

    /// Weight of the overall rate in each character's smoothed rate, in characters.
    static let smoothing = 200.0
    static let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789<")

    /// The probability that `character` is misread.
    func misreadProbability(_ character: Character) -> Double {
        min(1, errorScale * (Self.measuredRates[character] ?? MeasuredOCRChannel.misreadRate))
    }

    /// Each character's smoothed measured misreading rate.
    static let measuredRates: [Character: Double] = Dictionary(
        uniqueKeysWithValues: alphabet.map { character in
            let seen = Double(MeasuredOCRChannel.observed[character] ?? 0)
            let misread = Double(ownMisreadings[character]?.count ?? 0)
            return (character, (misread + smoothing * MeasuredOCRChannel.misreadRate) / (seen + smoothing))
        })
    /// The table's misreadings of each character.
    static let ownMisreadings: [Character: [MeasuredOCRChannel.Misreading]] = Dictionary(grouping: MeasuredOCRChannel.misreadings, by: \.truth)
    /// Per character, the characters that are neither it nor one of its look-alikes.
    static let unlike: [Character: [Character]] = Dictionary(
        uniqueKeysWithValues: alphabet.map { c in
            (c, alphabet.filter { $0 != c && !OCRConfusions.areConfusable($0, c) })
        })

    /// `lines` read in one view and in `confirmingViews` others.
    public mutating func read(_ lines: [String], confirmingViews: Int = 2) -> Reading {
        var first: [[Glyph]] = []
        var confirming = [[[Glyph]?]](repeating: [], count: confirmingViews)
        let unfittedShare = Double(MeasuredOCRChannel.lines.secondViewUnfitted) / Double(max(1, MeasuredOCRChannel.lines.observed))
        for line in lines {
            var firstLine: [Glyph] = []
            var others = [[Glyph]](repeating: [], count: confirmingViews)
            for truth in line {
                let (glyph, otherViews) = readCharacter(truth, views: confirmingViews)
                firstLine.append(glyph)
                for v in 0..<confirmingViews { others[v].append(otherViews[v]) }
            }
            first.append(firstLine)
            for v in 0..<confirmingViews {
                confirming[v].append(Double.random(in: 0..<1, using: &rng) < unfittedShare ? nil : others[v])
            }
        }
        return Reading(first: first, confirming: confirming)
    }

    /// One character in the first view and in `views` confirming views.
    private mutating func readCharacter(_ truth: Character, views: Int) -> (Glyph, [Glyph]) {
        if Double.random(in: 0..<1, using: &rng) < misreadProbability(truth) {
            let template = misreadTemplate(truth)
            return (misread(truth, template), (0..<views).map { _ in confirmingReading(truth, after: template) })
        }
        let view = MeasuredOCRChannel.secondView.afterCorrect
        let confirmingMisreads = Double(view.misreads) / Double(max(1, view.agrees + view.misreads))
        return (
            correct(truth),
            (0..<views).map { _ in
                Double.random(in: 0..<1, using: &rng) < confirmingMisreads * errorScale ? misread(truth, misreadTemplate(truth)) : correct(truth)
            }
        )
    }

    /// A measured misreading of `truth`, or one carried over to a look-alike of it.
    private mutating func misreadTemplate(_ truth: Character) -> (record: MeasuredOCRChannel.Misreading, read: Character) {
        if let record = (ownTemplates[truth] ?? []).randomElement(using: &rng) { return (record, record.read) }
        let record = templates.randomElement(using: &rng)!
        if let lookAlike = OCRConfusions.table[truth]?.randomElement(using: &rng) { return (record, lookAlike) }
        return (record, Self.alphabet.filter { $0 != truth }.randomElement(using: &rng)!)
    }

    /// The misreading of `truth` a template describes: its confidence, and its candidates
    /// with the template's truth standing for ours.
    private func misread(_ truth: Character, _ template: (record: MeasuredOCRChannel.Misreading, read: Character)) -> Glyph {
        let candidates = template.record.candidates.compactMap { c -> MeasuredOCRChannel.Candidate? in
            let character = c.character == template.record.truth ? truth : c.character
            return character == template.read ? nil : .init(character: character, confidence: c.confidence)
        }
        return Glyph(character: template.read, confidence: template.record.confidence, candidates: candidates)
    }

    /// A confirming view's reading of a character the first view misread as the template
    /// says: the same misreading, the truth, or another character, as measured.
    private mutating func confirmingReading(_ truth: Character, after template: (record: MeasuredOCRChannel.Misreading, read: Character)) -> Glyph {
        switch template.record.secondView {
        case template.record.read?: return misread(truth, template)
        case template.record.truth?, nil: return correct(truth)
        default:
            let other = Self.alphabet.filter { $0 != truth && $0 != template.read }.randomElement(using: &rng)!
            return Glyph(character: other, confidence: template.record.confidence, candidates: [])
        }
    }

    /// A correct reading of `truth` with a runner-up drawn as the table's correct readings
    /// of that character have them (of all characters, for one the table has not seen).
    private mutating func correct(_ truth: Character) -> Glyph {
        let stats = MeasuredOCRChannel.correctReadings[truth].flatMap { $0.total > 0 ? $0 : nil } ?? Self.pooled
        var pick = Int.random(in: 0..<max(1, stats.total), using: &rng)
        let close = MeasuredOCRChannel.closeRunnerUp
        let confidence: Float = Int.random(in: 0..<max(1, stats.total), using: &rng) < stats.unsure ? 70 : 97
        func glyph(_ candidate: Character?, _ range: Range<Float>) -> Glyph {
            guard let candidate, candidate != truth else { return Glyph(character: truth, confidence: confidence, candidates: []) }
            return Glyph(character: truth, confidence: confidence, candidates: [.init(character: candidate, confidence: Float.random(in: range, using: &rng))])
        }
        let lookAlike = OCRConfusions.table[truth]?.randomElement(using: &rng)
        let other = Self.unlike[truth]?.randomElement(using: &rng)
        for (count, candidate, range) in [
            (stats.noRunnerUp, nil, Float(0)..<1), (stats.lookAlikeBelowClose, lookAlike, 0..<close),
            (stats.lookAlikeClose, lookAlike, close..<100), (stats.otherBelowClose, other, 0..<close),
            (stats.otherClose, other, close..<100),
        ] as [(Int, Character?, Range<Float>)] {
            if pick < count { return glyph(candidate, range) }
            pick -= count
        }
        return glyph(nil, 0..<1)
    }

    /// Every character's correct readings together.
    static let pooled: MeasuredOCRChannel.CorrectReadings = MeasuredOCRChannel.correctReadings.values.reduce(
        .init(noRunnerUp: 0, lookAlikeBelowClose: 0, lookAlikeClose: 0, otherBelowClose: 0, otherClose: 0, unsure: 0)
    ) {
        .init(
            noRunnerUp: $0.noRunnerUp + $1.noRunnerUp, lookAlikeBelowClose: $0.lookAlikeBelowClose + $1.lookAlikeBelowClose,
            lookAlikeClose: $0.lookAlikeClose + $1.lookAlikeClose, otherBelowClose: $0.otherBelowClose + $1.otherBelowClose,
            otherClose: $0.otherClose + $1.otherClose, unsure: $0.unsure + $1.unsure)
    }
}
