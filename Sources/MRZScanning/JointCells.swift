import Imaging
import MRZ

/// One cell of an MRZ line as the LSTM's first view and the glyph classifier read it, beside
/// its true character: for measuring how often both recognisers misread one cell, and alike
/// (`idreader-bench joint-cells`, `bench/joint_misreads.py`; the table
/// `MeasuredGlyphChannel.jointMisreadings`).  One character and its readings, never a line.
@_spi(Evaluation) public struct JointCell: Sendable {
    public let truth: Character
    /// The first view's character (`.primary`, fitted to the line's length, before the vote)
    /// and its confidence, 0–100.
    public let lstm: Character
    public let lstmConfidence: Float
    /// The first view's confidence for the true character where it read another: the
    /// candidate's, `nil` where it did not list it.
    public let lstmForTruth: Float?
    /// The classifier's first character in the cell, as the reader's vote aligned the cells,
    /// and its probability.
    public let classifier: Character
    public let classifierProbability: Float
    /// The classifier's runner-up and its probability.
    public let classifierRunnerUp: Character
    public let classifierRunnerUpProbability: Float
}

/// The cells of one MRZ reading (`MRZScanner.jointCells`) and the quality of the band they
/// were read from, for measuring the joint misreadings by picture quality.
@_spi(Evaluation) public struct JointLines: Sendable {
    /// Per line, its cells; `nil` for a line whose first view could not be fitted to its
    /// length or that the classifier did not vote on.
    public let lines: [[JointCell]?]
    /// Per line, how many glyphs the first view read before it was fitted to the layout's
    /// length (`LineReader.fitLength`); `nil` where it read none.  Another count than the
    /// layout's is a glyph the view dropped or doubled, which the reader can see.
    public let firstViewLengths: [Int?]
    /// The band's median glyph height in input pixels (`ImageQuality.characterHeight`).
    public let glyphHeight: Int?
    /// The width of the band's glyph edges in glyph heights (`BandMeasures.edgeWidth`: about
    /// 0.1 when sharp, growing with blur); `nil` where the band could not be measured.
    public let edgeWidth: Double?
}

extension MRZScanner {
    /// The cells of each line of the MRZ read in `input`, as `JointCell`s against `expected`
    /// (the true lines), with the band's quality; `nil` where the reading's lines are not
    /// `expected`'s in number and lengths.
    @_spi(Evaluation) public func jointCells(of input: GrayImage, expected: [String]) -> JointLines? {
        let scan = scan(input)
        guard let reading = scan.readings.first, let source = reading.source, source.band.count == expected.count,
            zip(reading.result.lines, expected).allSatisfy({ $0.count == $1.count }),
            let tessdata, let engine = OCREngine.forCurrentThread(tessdata: tessdata)
        else { return nil }
        let measures = BandMeasures(lines: reading.lineQuadrilaterals, in: input)
        var reader = LineReader(corrector: corrector, engine: engine, image: source.image)
        reader.otherLines = source.band
        let classes = CellVote.characterClasses(lengths: expected.map(\.count))
        var firstViewLengths: [Int?] = []
        let lines = zip(source.band, expected).enumerated().map { index, line -> [JointCell]? in
            let (box, truth) = line
            let raw = reader.ocrLine(box)
            firstViewLengths.append(raw?.glyphs.count)
            guard let raw, let first = LineReader.fitLength(raw, to: truth.count) else { return nil }
            let voted = reader.voted(first, raw: raw, box: box, view: .primary, classes: classes[index])
            guard let cells = voted.classifierCells, cells.characters.count == truth.count else { return nil }
            return zip(first.glyphs, truth).enumerated().map { cell, pair in
                let (glyph, trueCharacter) = pair
                let forTruth = glyph.character == trueCharacter ? glyph.confidence : glyph.candidates.first { $0.character == trueCharacter }?.confidence
                return JointCell(
                    truth: trueCharacter, lstm: glyph.character, lstmConfidence: glyph.confidence, lstmForTruth: forTruth,
                    classifier: cells.characters[cell], classifierProbability: cells.probabilities[cell],
                    classifierRunnerUp: cells.runnersUp[cell], classifierRunnerUpProbability: cells.runnerUpProbabilities[cell])
            }
        }
        return JointLines(lines: lines, firstViewLengths: firstViewLengths, glyphHeight: scan.quality.characterHeight, edgeWidth: measures?.edgeWidth)
    }
}
