/// How the reader's OCR reads MRZ characters on real prints, measured by
/// `tools/ocr-channel/run.sh` on the line crops the reader itself cuts from the images of
/// `../shared/corpus/mrz` (both of its views, with the decoder's candidates, aligned with
/// the expected lines; characters dropped or inserted are left to the length fitting).
/// The tables are in `MeasuredOCRChannelData.swift`; `OCRChannelSimulator` draws from them.
public enum MeasuredOCRChannel {
    /// A candidate the decoder offered beside the character it chose.
    public struct Candidate: Sendable, Equatable {
        public let character: Character
        /// 0–100 (a non-finite confidence is stored as 101: the strongest).
        public let confidence: Float
    }

    /// One misreading in the reader's first view.
    public struct Misreading: Sendable, Equatable {
        public let truth: Character
        public let read: Character
        /// The confidence of the misread character, 0–100.
        public let confidence: Float
        /// The decoder's strongest other candidates (up to three), strongest first.
        public let candidates: [Candidate]
        /// What the confirming view read there; `nil` when it could not read the line to
        /// its length.
        public let secondView: Character?
    }

    /// Correct first-view readings of one character, by their strongest other candidate.
    public struct CorrectReadings: Sendable, Equatable {
        public let noRunnerUp: Int
        public let lookAlikeBelowClose: Int
        public let lookAlikeClose: Int
        public let otherBelowClose: Int
        public let otherClose: Int
        /// Read with a confidence under the reader's floor for unproven characters.
        public let unsure: Int

        public var total: Int { noRunnerUp + lookAlikeBelowClose + lookAlikeClose + otherBelowClose + otherClose }
    }

    /// The confirming view's reading of each character, by the first view's outcome.
    public struct SecondView: Sendable {
        public let afterCorrect: (agrees: Int, misreads: Int, unfitted: Int)
        public let afterMisreading: (repeats: Int, readsTruth: Int, readsOther: Int, unfitted: Int)
    }

    /// The runner-up confidence at which `CorrectReadings` splits close from not close.
    public static let closeRunnerUp: Float = 40

    /// Misread characters per character read, over the whole table.
    public static var misreadRate: Double {
        Double(misreadings.count) / Double(max(1, observed.values.reduce(0, +)))
    }

    /// What OCR was seen to read for `character` on real prints, most often first.
    public static func readsSeen(for character: Character) -> [Character] {
        var counts: [Character: Int] = [:]
        for m in misreadings where m.truth == character { counts[m.read, default: 0] += 1 }
        return counts.sorted { $0.value != $1.value ? $0.value > $1.value : $0.key < $1.key }.map(\.key)
    }
}
