/// One deliberate change to an MRZ.
public struct MRZMutation: Sendable, Codable, Equatable {
    public enum Kind: String, Sendable, Codable {
        /// A character replaced by a random MRZ character.
        case flip
        /// A character replaced by one that OCR confuses it with: one measured on real
        /// prints (`MeasuredOCRChannel`: `E` read `F`, `0` read `O`, ...) or a look-alike.
        case confusion
        /// The end of a line cut off.
        case truncation
        /// A character inserted, so the line is too long.
        case insertion
        /// A character deleted, so the line is too short.
        case deletion
    }
    public let kind: Kind
    /// 1-based line and column.
    public let line: Int
    public let column: Int
    public let from: String
    public let to: String
}

/// Damages MRZ lines in controlled, reported ways; for tests and `generate mrz --mutate`.
public struct MRZMutator: Sendable {
    /// Visual confusions seen in OCR of OCR-B, both directions (`OCRConfusions.table`).
    public static var confusions: [Character: [Character]] { OCRConfusions.table }

    private var rng: SeededRandom
    /// Probability that any one character is damaged.
    public let rate: Double

    public init(seed: UInt64, rate: Double) {
        rng = SeededRandom(seed: seed)
        self.rate = max(0, min(1, rate))
    }

    /// The damaged lines and the list of what was done.  Line-length damage (truncation,
    /// insertion, deletion) happens to a line with probability `rate` × line length / 10.
    public mutating func mutate(_ lines: [String]) -> (lines: [String], mutations: [MRZMutation]) {
        var out: [String] = []
        var mutations: [MRZMutation] = []
        let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789<")
        for (lineIndex, line) in lines.enumerated() {
            var chars = Array(line)
            for column in chars.indices where Double.random(in: 0..<1, using: &rng) < rate {
                let original = chars[column]
                // what OCR was seen to read for this character on real prints
                // (`MeasuredOCRChannel`), else a look-alike, else any character
                let seen = MeasuredOCRChannel.readsSeen(for: original)
                let options = Bool.random(using: &rng) && !seen.isEmpty ? seen : Self.confusions[original]
                if let options, Bool.random(using: &rng) {
                    chars[column] = options.randomElement(using: &rng)!
                    mutations.append(MRZMutation(kind: .confusion, line: lineIndex + 1, column: column + 1, from: String(original), to: String(chars[column])))
                } else {
                    var replacement = alphabet.randomElement(using: &rng)!
                    while replacement == original { replacement = alphabet.randomElement(using: &rng)! }
                    chars[column] = replacement
                    mutations.append(MRZMutation(kind: .flip, line: lineIndex + 1, column: column + 1, from: String(original), to: String(replacement)))
                }
            }
            if Double.random(in: 0..<1, using: &rng) < rate * Double(chars.count) / 10 {
                switch Int.random(in: 0..<3, using: &rng) {
                case 0:
                    let keep = Int.random(in: 0..<chars.count, using: &rng)
                    mutations.append(MRZMutation(kind: .truncation, line: lineIndex + 1, column: keep + 1, from: String(chars[keep...]), to: ""))
                    chars.removeSubrange(keep...)
                case 1:
                    let at = Int.random(in: 0...chars.count, using: &rng)
                    let inserted = alphabet.randomElement(using: &rng)!
                    chars.insert(inserted, at: at)
                    mutations.append(MRZMutation(kind: .insertion, line: lineIndex + 1, column: at + 1, from: "", to: String(inserted)))
                default:
                    let at = Int.random(in: 0..<chars.count, using: &rng)
                    mutations.append(MRZMutation(kind: .deletion, line: lineIndex + 1, column: at + 1, from: String(chars[at]), to: ""))
                    chars.remove(at: at)
                }
            }
            out.append(String(chars))
        }
        return (out, mutations)
    }
}
