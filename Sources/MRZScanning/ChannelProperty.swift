import MRZ

/// What `ChannelProperty.run` found.
@_spi(Evaluation) public struct ChannelPropertyReport: Sendable, Equatable {
    public var mrzs = 0
    /// Reported valid (every check and `ocrConfidence`) with lines other than the truth.
    public var validButWrong = 0
    /// Of those, how many are wrong in a field a check digit covers (the rest are wrong
    /// only in fields no digit covers: names, a visa's optional data, codes).
    public var validButWrongInProvenFields = 0
    /// Of those, how many the OCR gave no sign of in the views the reader read (it stops
    /// at the first view read confidently valid): at every wrong character, each of them
    /// read what the reading says, and none listed the truth among its candidates.  The
    /// same evidence a document printed with those characters gives; no rule over those
    /// views can tell the two apart.
    public var validButWrongSilent = 0
    /// MRZs whose first view read every character right.
    public var trueReadings = 0
    /// Of those, how many the rules left uncertain or invalid: the recall cost.
    public var trueReadingsNotValid = 0
    /// MRZs with at least one character misread in the first view.
    public var damaged = 0
    /// Of those, how many were corrected to the truth and reported valid.
    public var recovered = 0
    /// The first few valid-but-wrong cases (generated MRZs, no personal data): truth,
    /// reading, and whether the OCR gave no sign of the misreading.
    public var examples: [(truth: [String], read: [String], silent: Bool)] = []

    public static func == (a: Self, b: Self) -> Bool {
        (a.mrzs, a.validButWrong, a.trueReadings, a.trueReadingsNotValid, a.damaged, a.recovered)
            == (b.mrzs, b.validButWrong, b.trueReadings, b.trueReadingsNotValid, b.damaged, b.recovered)
    }
}

/// The property behind `valid` means right, at scale: generated MRZs of every format read
/// through the OCR channel measured on real prints (`OCRChannelSimulator`) and the reader's
/// whole correction and doubt logic (`ReadingJudge`, in two views combined as the line
/// reader combines them).  No reading may come out valid and wrong.
@_spi(Evaluation) public enum ChannelProperty {
    /// Reads `count` generated MRZs; `errorScale` multiplies the measured misreading rates
    /// (above 1 to meet the rare confusions more often).
    /// `signalledOnly`: only the misreadings the OCR gave a sign of (`OCRChannelSimulator`).
    /// `glyphClassifier`: the glyph classifier's reading of the cells votes with the first
    /// view of each line (`CellVote`), drawn from its channel measured on real prints
    /// (`GlyphChannelSimulator`): misreading a cell the LSTM's first view misread as the
    /// same character at the rate measured on lines of its kind (the first view read at the
    /// layout's length, or a glyph dropped or doubled), else independently of the LSTM's.
    public static func run(
        count: Int, seed: UInt64, errorScale: Double = 1, signalledOnly: Bool = false, glyphClassifier: Bool = true,
        today: SimpleDate = .today()
    ) -> ChannelPropertyReport {
        var generator = MRZGenerator(seed: seed)
        var stress = SeededRandom(seed: seed ^ 0xC0FF_EE)
        var channel = OCRChannelSimulator(seed: seed ^ 0x0C4, errorScale: errorScale, signalledOnly: signalledOnly)
        var cellChannel = GlyphChannelSimulator(seed: seed ^ 0x6_1F, errorScale: errorScale)
        let judge = ReadingJudge(corrector: MRZCorrector(parser: MRZParser(today: today)))
        var report = ChannelPropertyReport()
        for _ in 0..<count {
            let truth = confusable(generator.next(), using: &stress)
            // every view drawn for every MRZ, so that what the judge decides does not shift
            // the random stream of the MRZs after it (runs of two judges compare the same
            // readings); read as the reader reads a band's views
            let views = LineReader.readingViews.map { _ in channel.read(truth) }
            // one reading of the band's cells, whichever view the LSTM reads (drawn for every
            // MRZ, as the views are), misreading alike with the first view the reader reads
            let classes = CellVote.characterClasses(lengths: truth.map(\.count))
            let firstView = views[0].first.map { $0.map(\.character) }
            // which lines the LSTM's first view read at another length than the layout's (a
            // glyph dropped or doubled, which the reader sees), in every view alike
            let atLayoutLength = cellChannel.firstViewReadsAtLayoutLength(lines: truth.count)
            let cells = zip(cellChannel.read(truth, firstView: firstView, readAtLayoutLength: atLayoutLength), classes).map { vote, allowed in
                var vote = vote
                vote.classes = allowed
                return vote
            }
            let firstViewRight = views[0].first.map(ocrLine).map(\.text) == truth
            var consulted: [OCRChannelSimulator.Reading] = []
            let reading = LineReader.readInViews(parser: judge.corrector.parser) { view, kept in
                let simulated = views[LineReader.readingViews.firstIndex(of: view)!]
                consulted.append(simulated)
                // each line as the view that reads it read it (a kept line, as its first view)
                let lineViews = truth.indices.map { index in
                    kept.flatMap { $0.lines.contains(index) ? views[LineReader.readingViews.firstIndex(of: $0.view)!] : nil } ?? simulated
                }
                let first = truth.indices.map { index in
                    var first = ocrLine(lineViews[index].first[index])
                    if glyphClassifier { first = voted(first, cells[index]) }
                    first.readAtLayoutLength = atLayoutLength[index]
                    return first
                }
                return judge.judge(first, confirmingView: { line, attempt in lineViews[line].confirming[attempt][line].map(ocrLine) })
            }
            let valid = reading?.isConfidentlyValid == true
            let right = reading?.result.lines == truth
            report.mrzs += 1
            if valid && !right {
                report.validButWrong += 1
                let proven = reading.map { wrongInProvenField($0.result, truth: truth) } ?? false
                if proven { report.validButWrongInProvenFields += 1 }
                let lines = reading?.result.lines ?? []
                let silent = isSilent(lines, truth: truth, views: consulted)
                if silent { report.validButWrongSilent += 1 }
                if report.examples.count < 10 { report.examples.append((truth, lines, silent)) }
            }
            if firstViewRight {
                report.trueReadings += 1
                if !(valid && right) { report.trueReadingsNotValid += 1 }
            } else {
                report.damaged += 1
                if valid && right { report.recovered += 1 }
            }
        }
        return report
    }

    /// A quarter of the MRZs get a document number of characters with look-alikes (`0`/`O`,
    /// `1`/`I`, `8`/`B`, `5`/`S`, `2`/`Z`, `6`/`G`, `P`/`F`, runs of zeros), where the
    /// check digits are weakest.
    static func confusable(_ mrz: GeneratedMRZ, using rng: inout SeededRandom) -> [String] {
        guard [.td1, .td2, .td3, .mrvA, .mrvB].contains(mrz.format), Int.random(in: 0..<4, using: &rng) == 0 else { return mrz.lines }
        let alphabet = Array("0O0O1I8B5S2Z6GPFDQ")
        let length = Int.random(in: 6...9, using: &rng)
        let number =
            Bool.random(using: &rng)
            ? String(repeating: "0", count: length)
            : String((0..<length).map { _ in alphabet.randomElement(using: &rng)! })
        var fields: [MRZFieldName: String] = [
            .documentCode: mrz.documentCode, .issuingCountry: mrz.issuingCountry, .documentNumber: number,
            .birthDate: mrz.birthDate, .sex: mrz.sex,
            .name: mrz.surname.replacingOccurrences(of: " ", with: "<") + "<<" + mrz.givenNames.replacingOccurrences(of: " ", with: "<"),
        ]
        if let nationality = mrz.nationality { fields[.nationality] = nationality }
        if let expiry = mrz.expiryDate { fields[.expiryDate] = expiry }
        if let optional = mrz.optionalData { fields[.optionalData] = optional }
        return MRZWriter.lines(format: mrz.format, fields: fields)
    }

    static func wrongInProvenField(_ result: MRZResult, truth: [String]) -> Bool {
        let read = result.lines.map(Array.init), expected = truth.map(Array.init)
        return result.format.fieldPositions.contains { field in
            field.provenByCheckDigit && read[field.line][field.range] != expected[field.line][field.range]
        }
    }

    /// Whether every view of `views` reads `read`'s character wherever it differs from
    /// `truth`, with the true character among none of its candidates.
    static func isSilent(_ read: [String], truth: [String], views: [OCRChannelSimulator.Reading]) -> Bool {
        guard read.count == truth.count else { return false }
        for (line, (readLine, trueLine)) in zip(read, truth).enumerated() {
            for (column, (r, t)) in zip(readLine, trueLine).enumerated() where r != t {
                for view in views {
                    guard view.first.indices.contains(line) else { return false }
                    let seen = [view.first[line]] + view.confirming.compactMap { $0.indices.contains(line) ? $0[line] : nil }
                    for glyphs in seen {
                        guard glyphs.indices.contains(column) else { return false }
                        let glyph = glyphs[column]
                        if glyph.character != r || glyph.candidates.contains(where: { $0.character == t }) { return false }
                    }
                }
            }
        }
        return true
    }

    /// `line` voted glyph by glyph with the classifier's cells (a simulated line has no
    /// positions: its glyphs stand in their cells).
    static func voted(_ line: OCRLine, _ cells: CellVote) -> OCRLine {
        guard line.glyphs.count == cells.count else { return line }
        var voted = line
        let window = cells.window(0)
        voted.glyphs = zip(line.glyphs, window).map { cells.vote($0, $1) }
        voted.classifierCells = ClassifierCells(window)
        return voted
    }

    static func ocrLine(_ glyphs: [OCRChannelSimulator.Glyph]) -> OCRLine {
        OCRLine(
            glyphs: glyphs.map { g in
                OCRGlyph(
                    character: g.character, confidence: g.confidence,
                    candidates: OCRGlyph.ranked(g.candidates.map { .init(character: $0.character, confidence: $0.confidence) }))
            }, box: (0, 0, 0, 0), confidence: 95)
    }
}
