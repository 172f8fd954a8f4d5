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
/// (`MeasuredGlyphChannel`) independently of the LSTM's (measured so on the real corpus:
/// of 5 932 cells the LSTM reading misread 113 and the classifier 82 to 87, both the same
/// cell 4 to 6 times, the order two independent readers of those rates give).
struct GlyphChannelSimulator {
    private var rng: SeededRandom
    /// Multiplies the measured misreading rates.
    let errorScale: Double

    init(seed: UInt64, errorScale: Double = 1) {
        rng = SeededRandom(seed: seed)
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

    /// Each line's cells as the classifier ranks them (`CellVote`'s input: one cell more at
    /// each end, read `<`): right with probability 0.99, or misread as the measured
    /// table misread that character (any measured misreading where it has none), with one
    /// of the measured confident probabilities (`confidentProbabilities`) where the table's
    /// reading was confident and 0.6 where not.
    mutating func read(_ lines: [String]) -> [CellVote] {
        lines.map { line in
            let cells = line.map { truth -> [(character: Character, probability: Float)] in
                guard Double.random(in: 0..<1, using: &rng) < misreadProbability(truth) else { return [(truth, 0.99)] }
                let pool = Self.byTruth[truth] ?? MeasuredGlyphChannel.misreadings
                let misreading = pool[Int.random(in: 0..<pool.count, using: &rng)]
                let read = misreading.read == truth ? Character("<") : misreading.read
                let confident = MeasuredGlyphChannel.confidentProbabilities
                return [(read, misreading.confident ? confident[Int.random(in: 0..<confident.count, using: &rng)] : 0.6)]
            }
            return CellVote(ranked: [[("<", 0.99)]] + cells + [[("<", 0.99)]])
        }
    }
}
