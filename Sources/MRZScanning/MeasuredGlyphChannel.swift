import IDCommon

/// How the shipped glyph classifier (`mrz-glyphs.bin`) reads the cells the reader cuts
/// from the real corpus's pictures (`../shared/corpus/mrz`, none of them in its training
/// data; measured by `tools/train-glyphs/glyphs.py channel corpus.jsonl --model
/// Sources/MRZScanning/mrz-glyphs.bin` on the cells `idreader-bench glyph-cells` cuts, which
/// prints `observed` and `misreadings` as they stand here):
/// every character read per truth, and each cell it read wrong, with whether it was
/// confident (probability 0.9 or more, `CellVote.opinion`).  `GlyphChannelSimulator` draws
/// from it for the valid-means-right property.
enum MeasuredGlyphChannel {
    struct Misreading {
        let truth: Character
        let read: Character
        let confident: Bool

        init(_ truth: Character, _ read: Character, _ confident: Bool) {
            self.truth = truth
            self.read = read
            self.confident = confident
        }
    }

    /// The corpus's cells by their true character.
    static let observed: [Character: Int] = [
        "A": 192, "B": 36, "C": 72, "D": 66, "E": 173, "F": 64, "G": 21, "H": 37, "I": 144, "J": 10,
        "K": 29, "L": 75, "M": 87, "N": 120, "O": 48, "P": 99, "Q": 4, "R": 117, "S": 106, "T": 72,
        "U": 57, "V": 37, "W": 11, "X": 12, "Y": 16, "Z": 33, "0": 527, "1": 340, "2": 250, "3": 111,
        "4": 133, "5": 121, "6": 135, "7": 128, "8": 128, "9": 164, "<": 2157,
    ]

    /// The probabilities of the classifier's confident misreadings (0.9 or more) in the
    /// reader's own cells of the corpus's readings that equal the truth (`python3
    /// bench/mrz_doubts.py corpus`: 21 misread of 5 416 cells; these three at 0.9 or more,
    /// one of them sure at 0.9999): a confident misreading is not always a weak one.
    static let confidentProbabilities: [Float] = [0.9126, 0.9348, 0.9999]

    /// The LSTM's first view and the classifier misreading one cell alike, in the reader's
    /// own cells of the corpus's readings (`python3 bench/joint_misreads.py corpus`: the
    /// first view `.primary` fitted to the line's length, the classifier's cells as the vote
    /// aligned them): the classifier's probability in each cell it read as the same wrong
    /// character as the first view.
    /// Session 29: 5 932 cells, the first view misreads 194, the classifier 69, both 43 (two
    /// independent readers of those rates: 2.3), 23 of them to the same character (7 with
    /// 0.9 or more).  22 of the 23 are of one picture, the tiny `pe_pass-gbr` (272 × 185
    /// pixels, cells about 5 pixels wide), all on lines whose first view dropped or doubled
    /// a glyph.  By the first view's candidate for the truth: not listed 18 of 132, under
    /// 20 2 of 22, 20-39 1 of 7, 40 or more 2 of 33 (an `I` read `X` with the `I` at 87
    /// behind it and the classifier at 0.987).  The rates drawn are by line
    /// (`alikeOnRefittedLines`, `alikeOnLayoutLengthLines`); these probabilities are drawn on
    /// both kinds (on lines of the layout's length the two measured are under 0.9: these,
    /// 7 of 23 at 0.9 or more, are surer than measured there).
    static let alikeProbabilities: [Float] = [
        0.5879, 0.8992, 0.8171, 0.7924, 0.9770, 0.8291, 0.6838, 0.9888, 0.9287, 0.6647, 0.8147, 0.8913, 0.9873, 0.5452, 0.8871, 0.4662, 0.6775, 0.6388,
        0.9236, 0.8996, 0.6947, 0.9838, 0.9856,
    ]

    /// Lines whose first view read another number of glyphs than the layout's (a glyph
    /// dropped or doubled, refitted by `LineReader.fitLength`: `OCRLine.readAtLayoutLength`
    /// false): the real corpus's 158 lines, 15 of them (`python3 bench/joint_quality.py
    /// corpus`, session 30: 9 shifted and 6 aligned refitted lines).
    static let refittedLines = (lines: 158, refitted: 15)

    /// On lines the first view read at another length than the layout's: its misreadings,
    /// and how many of them the classifier read alike.  The real corpus and idphoto-gen
    /// seed 2024's hard pages, the sets the joint misreading was first measured on
    /// (`python3 bench/joint_quality.py corpus`, `IDPHOTO_SEED=2024 python3
    /// bench/joint_quality.py idphoto-hard`, session 30: shifted refitted lines 22 of 158
    /// and 67 of 305, aligned refitted ones 0 of 3 and 0 of 3).  The unseen seed 2424's,
    /// 2 of 299, are left out: the rate drawn is the surer one.
    static let alikeOnRefittedLines = (firstViewMisreadings: 158 + 3 + 305 + 3, alike: 22 + 67)

    /// On lines the first view read at the layout's length: the same, over the corpus and
    /// idphoto-gen seeds 2024 and 2424 hard (the same command, session 30: shifted lines of
    /// the layout's length 0 of 28 and 0 of 17, aligned ones 1 of 33, 0 of 26 and 1 of 65;
    /// neither alike cell at 0.9 or more).
    static let alikeOnLayoutLengthLines = (firstViewMisreadings: 28 + 17 + 33 + 26 + 65, alike: 1 + 1)

    /// Every cell read wrong.
    static let misreadings: [Misreading] = [
        .init("0", "1", true), .init("0", "2", true), .init("0", "5", true), .init("0", "B", false), .init("0", "G", false),
        .init("0", "O", false), .init("0", "O", false), .init("1", "0", true), .init("1", "0", true), .init("1", "2", true),
        .init("1", "9", true), .init("1", "9", true), .init("1", "<", false), .init("2", "1", true), .init("2", "1", true),
        .init("4", "<", true), .init("5", "4", true), .init("5", "<", false), .init("6", "1", true), .init("6", "G", false),
        .init("6", "O", true), .init("7", "4", false), .init("8", "1", true), .init("8", "A", false), .init("8", "B", false),
        .init("8", "B", false), .init("8", "B", false), .init("8", "B", false), .init("9", "0", true), .init("9", "<", true),
        .init("9", "O", true), .init("<", "1", true), .init("<", "2", false), .init("<", "8", true), .init("<", "9", false),
        .init("<", "A", true), .init("<", "D", true), .init("<", "D", true), .init("<", "N", true), .init("<", "S", false),
        .init("A", "<", false), .init("A", "K", true), .init("A", "M", true), .init("B", "0", false), .init("C", "0", false),
        .init("C", "E", false), .init("D", "6", true), .init("D", "I", true), .init("D", "S", false), .init("E", "<", true),
        .init("E", "T", true), .init("I", "<", false), .init("I", "E", false), .init("I", "R", true), .init("K", "I", true),
        .init("L", "E", false), .init("L", "I", false), .init("L", "T", false), .init("M", "<", true), .init("M", "R", true),
        .init("N", "A", true), .init("O", "0", false), .init("O", "0", false), .init("O", "0", false), .init("O", "0", false),
        .init("O", "0", false), .init("O", "0", false), .init("O", "0", false), .init("O", "0", false), .init("O", "0", false),
        .init("O", "0", false), .init("O", "0", false), .init("O", "0", true), .init("O", "0", true), .init("P", "<", false),
        .init("P", "D", false), .init("R", "E", true), .init("R", "E", true), .init("R", "M", false), .init("S", "U", true),
        .init("T", "S", true), .init("U", "M", true),
    ]
}

/// The glyph classifier's reading of MRZ lines, drawn from its measured channel
/// (`MeasuredGlyphChannel`), and which lines the LSTM's first view read at another length
/// than the layout's (a glyph dropped or doubled, at the measured rate of such lines:
/// `firstViewReadsAtLayoutLength`).  Where the first view read a cell right, the classifier
/// reads it independently of it; where the first view misread it, the classifier reads the
/// same wrong character at the rate measured on lines of that kind (`alikeRate`), else as
/// where it read it right.  The two recognisers misread one glyph alike more often than
/// independent readers of their rates would, and mostly on lines where a glyph was dropped
/// or doubled (both then read a neighbour's glyph): the rare event the property must meet
/// at its measured rate, where the reader can see it and where it cannot.
struct GlyphChannelSimulator {
    private var rng: SeededRandom
    /// The draws of which lines the first view read at another length, apart from `rng`
    /// so that the classifier's draws are the same with or without them.
    private var lengths: SeededRandom
    /// Multiplies the measured misreading rates.
    let errorScale: Double

    init(seed: UInt64, errorScale: Double = 1) {
        rng = SeededRandom(seed: seed)
        lengths = SeededRandom(seed: seed ^ 0x1E_6E)
        self.errorScale = errorScale
    }

    /// Weight of the overall rate in each character's smoothed rate, in cells.
    static let smoothing = 200.0
    static let overallRate = Double(MeasuredGlyphChannel.misreadings.count) / Double(MeasuredGlyphChannel.observed.values.reduce(0, +))
    static let byTruth = Dictionary(grouping: MeasuredGlyphChannel.misreadings, by: \.truth)

    /// The probability that a cell of `character` is read as another.
    func misreadProbability(_ character: Character) -> Double {
        let seen = Double(MeasuredGlyphChannel.observed[character] ?? 0), misread = Double(Self.byTruth[character]?.count ?? 0)
        return min(1, errorScale * (misread + Self.smoothing * Self.overallRate) / (seen + Self.smoothing))
    }

    /// The share of lines the first view reads at another length than the layout's
    /// (`MeasuredGlyphChannel.refittedLines`).  Not scaled by `errorScale`, which scales
    /// the misreadings of characters.
    static let refittedLineRate = Double(MeasuredGlyphChannel.refittedLines.refitted) / Double(MeasuredGlyphChannel.refittedLines.lines)

    /// The share of the LSTM first view's misreadings that the classifier reads as the same
    /// wrong character, on a line the first view read at the layout's length or on one
    /// where it dropped or doubled a glyph (`MeasuredGlyphChannel.alikeOnLayoutLengthLines`,
    /// `alikeOnRefittedLines`).  Not scaled by `errorScale`: it is a rate given a
    /// misreading, and the LSTM's channel scales those.
    static func alikeRate(readAtLayoutLength: Bool) -> Double {
        let measured = readAtLayoutLength ? MeasuredGlyphChannel.alikeOnLayoutLengthLines : MeasuredGlyphChannel.alikeOnRefittedLines
        return Double(measured.alike) / Double(measured.firstViewMisreadings)
    }

    /// Per line of an MRZ of `lines` lines, whether the LSTM's first view read it at the
    /// layout's length (`OCRLine.readAtLayoutLength`, as `LineReader.fitted` sets it);
    /// `false` at `refittedLineRate`.  The simulated first view's characters are not moved
    /// (its misreadings are drawn from the measured channel of every line alike): the line
    /// carries the flag the reader would compute, and the classifier's alike misreading is
    /// drawn at that kind of line's rate (`read`).
    mutating func firstViewReadsAtLayoutLength(lines: Int) -> [Bool] {
        (0..<lines).map { _ in !(Double.random(in: 0..<1, using: &lengths) < Self.refittedLineRate) }
    }

    /// Each line's cells as the classifier ranks them (`CellVote`'s input: one cell more at
    /// each end, read `<`).  Where `firstView` (the LSTM's first view of the same lines, as
    /// many characters) misread a cell, the classifier reads the same wrong character with
    /// probability `alikeRate` of the line's kind (`readAtLayoutLength`, per line; a line
    /// without it counts as one where a glyph was dropped or doubled, the higher rate), with
    /// one of the probabilities it was measured to read them with.  Otherwise each cell is
    /// read right with probability 0.99, or misread as the measured table misread that
    /// character (any measured misreading where it has none), with one of the measured
    /// confident probabilities (`confidentProbabilities`) where the table's reading was
    /// confident and 0.6 where not.
    mutating func read(_ lines: [String], firstView: [[Character]] = [], readAtLayoutLength: [Bool] = []) -> [CellVote] {
        lines.enumerated().map { index, line in
            let lstm = firstView.indices.contains(index) ? firstView[index] : []
            let alikeRate = Self.alikeRate(readAtLayoutLength: readAtLayoutLength.indices.contains(index) && readAtLayoutLength[index])
            let cells = line.enumerated().map { column, truth -> [(character: Character, probability: Float)] in
                let own = ownReading(truth)
                guard lstm.indices.contains(column), lstm[column] != truth, Double.random(in: 0..<1, using: &rng) < alikeRate else {
                    return own
                }
                let measured = MeasuredGlyphChannel.alikeProbabilities
                return [(lstm[column], measured[Int.random(in: 0..<measured.count, using: &rng)])]
            }
            return CellVote(ranked: [[("<", 0.99)]] + cells + [[("<", 0.99)]])
        }
    }

    /// The classifier's own reading of a cell of `truth`, drawn from its measured channel
    /// alone: right at 0.99, or one of the table's misreadings of it.
    private mutating func ownReading(_ truth: Character) -> [(character: Character, probability: Float)] {
        guard Double.random(in: 0..<1, using: &rng) < misreadProbability(truth) else { return [(truth, 0.99)] }
        let pool = Self.byTruth[truth] ?? MeasuredGlyphChannel.misreadings
        let misreading = pool[Int.random(in: 0..<pool.count, using: &rng)]
        let read = misreading.read == truth ? Character("<") : misreading.read
        let confident = MeasuredGlyphChannel.confidentProbabilities
        return [(read, misreading.confident ? confident[Int.random(in: 0..<confident.count, using: &rng)] : 0.6)]
    }
}
