import Foundation
import Imaging
import XCTest

@testable import MRZScanning

/// A line cut into its layout's cells (`LineCells`), read by the glyph classifier
/// (`GlyphClassifier`), and voted with the LSTM's reading (`CellVote`).
final class GlyphCellTests: XCTestCase {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures")

    /// A fixture line (drawn by the project's generator, not the classifier's training
    /// cells) as the reader crops a line for its cells: scaled to `LineCells.cropHeight`,
    /// under even light.
    func fixtureLine(_ name: String) throws -> (image: GrayImage, truth: [Character]) {
        let base = Self.fixtures.appendingPathComponent(name)
        let truth = try String(contentsOf: base.appendingPathExtension("gt.txt"), encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines)
        let raw = try ImageLoader().load(path: base.appendingPathExtension("png").path)
        let scaled = raw.scaled(by: Double(LineCells.cropHeight) / Double(raw.height))
        // the text is about half the fixture's height
        return (scaled.evenlyLit(window: LineCells.cropHeight / 2), Array(truth))
    }

    func read(_ line: GrayImage, cells: LineCells, classifier: GlyphClassifier) -> [Character] {
        let levels = LineCells.levels(of: line)
        return (0..<cells.count).map { classifier.ranked(cells.glyph($0, in: line, levels: levels))[0].character }
    }

    func testTheShippedClassifierReadsTheFixtureLinesCellByCell() throws {
        let classifier = try XCTUnwrap(GlyphClassifier.shipped, "Sources/MRZScanning/mrz-glyphs.bin must load")
        XCTAssertEqual(String(classifier.charset), OCREngine.charset)
        // measured when the shipped classifier was trained: every clean cell, 337 of 368
        // mild ones (ink smears the generator's mild level draws over a few lines)
        for (level, least) in [("clean", 0.99), ("mild", 0.88)] {
            var right = 0, total = 0
            for n in 0..<10 {
                let (line, truth) = try fixtureLine(String(format: "%@-%02d", level, n))
                let cells = try XCTUnwrap(LineCells.cut(line, count: truth.count), "\(level)-\(n) cut")
                right += zip(read(line, cells: cells, classifier: classifier), truth).filter { $0 == $1 }.count
                total += truth.count
            }
            XCTAssertGreaterThanOrEqual(Double(right) / Double(total), least, "\(level): \(right) of \(total) cells")
        }
    }

    func testAGlyphMissingFromTheLineMovesNoCell() throws {
        let (line, truth) = try fixtureLine("clean-03")
        let whole = try XCTUnwrap(LineCells.cut(line, count: truth.count))
        // paint the eleventh glyph out: the decoder would read the line a glyph short
        var gapped = line
        let x0 = Int(whole.centre(of: 10) - whole.pitch / 2), x1 = Int(whole.centre(of: 10) + whole.pitch / 2)
        let paper = gapped.pixels.max() ?? 255
        for y in 0..<gapped.height {
            for x in x0..<x1 { gapped.pixels[y * gapped.width + x] = paper }
        }
        let cut = try XCTUnwrap(LineCells.cut(gapped, count: truth.count))
        XCTAssertEqual(cut.origin, whole.origin, accuracy: whole.pitch / 10)
        XCTAssertEqual(cut.pitch, whole.pitch, accuracy: whole.pitch / 50)
    }

    func testALineWithoutGlyphsHasNoCells() {
        XCTAssertNil(LineCells.cut(GrayImage(width: 400, height: 40, pixels: Array(repeating: 200, count: 16_000)), count: 44))
        var stripes = GrayImage(width: 400, height: 40, pixels: Array(repeating: 230, count: 16_000))
        for y in 18..<22 {
            for x in 0..<400 { stripes.pixels[y * 400 + x] = 20 }
        }
        XCTAssertNil(LineCells.cut(stripes, count: 44), "a rule is no line of glyphs")
    }

    func testWeightsOfAnotherFormatOrSizeAreRefused() {
        let shipped = Array(PackageResources.mrz_glyphs_bin)
        XCTAssertNotNil(GlyphClassifier(shipped))
        XCTAssertNil(GlyphClassifier(Array(shipped.dropLast())), "truncated")
        XCTAssertNil(GlyphClassifier(shipped + [0]), "trailing bytes")
        XCTAssertNil(GlyphClassifier(Array("MRZX".utf8) + shipped.dropFirst(4)), "another magic")
        XCTAssertNil(GlyphClassifier([]))
    }

    func testProbabilitiesAreADistribution() throws {
        let classifier = try XCTUnwrap(GlyphClassifier.shipped)
        let blank = [Float](repeating: 0, count: LineCells.glyphWidth * LineCells.glyphHeight)
        let p = classifier.probabilities(blank)
        XCTAssertEqual(p.count, 37)
        XCTAssertEqual(p.reduce(0, +), 1, accuracy: 1e-4)
        XCTAssertTrue(p.allSatisfy { $0 >= 0 })
    }

    // MARK: the vote

    /// A vote over `text`'s cells in which the classifier reads `classifier` (one more
    /// cell each side, read `<`), each first character at 0.9.
    func vote(_ classifier: String) -> CellVote {
        CellVote(ranked: (["<"] + Array(classifier) + ["<"]).map { [(character: $0, probability: 0.9), (character: "<", probability: 0.05)] })
    }

    /// A line read at one glyph per cell (centre `x` = cell number `x`), confidence 95.
    func line(_ text: String, centres: [Double]? = nil) -> OCRLine {
        let xs = centres ?? text.indices.map { Double(text.distance(from: text.startIndex, to: $0)) }
        return OCRLine(
            glyphs: zip(text, xs).map { OCRGlyph(character: $0, confidence: 95, centre: $1) }, box: (0, 0, 0, 0), confidence: 95)
    }

    func testAgreementKeepsTheGlyphAndDisagreementMakesItUnsure() {
        let read = line("OLTVIA")
        let voted = vote("OLIVIA").voted(read, raw: read) { $0 }
        XCTAssertEqual(voted.text, "OLTVIA", "the LSTM's reading stands; the judge decides")
        XCTAssertEqual(voted.glyphs[0].confidence, 95)
        XCTAssertLessThan(voted.glyphs[2].confidence, CellEvidence.minimumConfidence)
        XCTAssertEqual(voted.glyphs[2].runnerUp?.character, "I")
        XCTAssertEqual(voted.classifierText, "OLIVIA")
    }

    func testAGlyphReadTwiceInOneCellIsReadOnce() {
        // `P<AUSCITIZEN<<JANE…` read `P<AUSSCITIZEN<<JANE…` (fitted to the length by
        // dropping a filler at its end): the second S stands in the first one's cell
        let truth = "P<AUSCITIZEN<<JANE<<<<<<<<<<<<<<<<<<<<<<<<<"
        let read = "P<AUSSCITIZEN<<JANE<<<<<<<<<<<<<<<<<<<<<<<<<"
        // glyph k stands in cell k, the doubled S (glyph 5) beside the first, the rest a cell back
        var centres = (0..<45).map(Double.init)
        for k in 5..<45 { centres[k] -= 1 }
        centres[5] += 0.4
        let raw = line(read, centres: centres)
        var fitted = raw
        fitted.glyphs.removeLast()
        let voted = vote(truth).voted(fitted, raw: raw) { $0 }
        XCTAssertEqual(voted.text, truth)
    }

    func testACellTheDecoderLeftEmptyTakesTheClassifiersCharacterUnsure() {
        // `0810245` read `081024` and a filler added at the line's end
        let truth = "7309258F0810245MLT0310240<<<<5"
        var raw = line(truth)
        raw.glyphs.remove(at: 14)
        var fitted = raw
        fitted.glyphs.insert(OCRGlyph(character: "<", confidence: 100), at: 25)
        let voted = vote(truth).voted(fitted, raw: raw) { $0 }
        XCTAssertEqual(voted.text, truth)
        XCTAssertLessThan(voted.glyphs[14].confidence, CellEvidence.minimumConfidence)
    }

    func testALineThatStandsOneCellAlongIsReadInThoseCells() {
        // the cut began a cell early (a frame's edge before the line): every glyph stands
        // one cell on, and the classifier reads the cells from there alike
        let read = line("IDD<<ERIKA", centres: (1...10).map(Double.init))
        let classifier = CellVote(
            ranked: (["<", "<"] + Array("IDD<<ERIKA")).map { [(character: $0, probability: 0.9)] })
        let voted = classifier.voted(read, raw: read) { $0 }
        XCTAssertEqual(voted.text, "IDD<<ERIKA")
        XCTAssertTrue(voted.glyphs.allSatisfy { $0.confidence == 95 }, "every glyph agreed with its cell")
    }

    func testACutOfOtherGlyphsCastsNoVote() {
        // the cells stand three along the line (a window cut past the line's start): the
        // classifier agrees with under half of the glyphs, and neither votes nor is a view
        let read = line("LIOHPKQC41SWE94")
        let voted = vote("<<<LIOHPKQC41SW").voted(read, raw: read) { $0 }
        XCTAssertNil(voted.classifierText)
        XCTAssertTrue(voted.glyphs.allSatisfy { $0.confidence == 95 })
    }

    func testTheClassifierBreaksATieBetweenTheLSTMsViews() {
        let views = ["0LTVIA", "OLIVIA", "OLTVIA"]
        // without the classifier, T has no majority against the first view's: kept
        XCTAssertEqual(ViewAlignment.vote(views, in: 0..<6).map { String($0) }, "OLTVIA")
        // with it (a view itself, last), T and I tie two to two: its I wins
        XCTAssertEqual(ViewAlignment.vote(views + ["OLIVIA"], in: 0..<6, tieBreaker: "OLIVIA").map { String($0) }, "OLIVIA")
        // a tie it is not one of stays as the first view read it
        XCTAssertNil(ViewAlignment.vote(["AB", "CB", "AB", "CB"], in: 0..<1, tieBreaker: "EB"))
    }

    func testACellIsRankedAmongWhatItsPlaceAllows() {
        // a TD3's name (line 1 from column 5) holds letters and fillers, its birth date
        // (line 2, columns 13–18) digits and fillers; a check digit's column is open
        let classes = CellVote.characterClasses(lengths: [44, 44])
        XCTAssertEqual(classes[0][10], .alphabetic)
        XCTAssertEqual(classes[1][15], .numeric)
        XCTAssertNil(classes[1][9], "the document number's check digit")
        // the Dutch specimen's `B` ranked behind `0` (a real passport's name cell)
        var vote = CellVote(ranked: [[("<", 0.99)], [("0", 0.52), ("B", 0.31), ("N", 0.09)], [("<", 0.99)]])
        XCTAssertEqual(vote.text, "0")
        vote.classes = [.alphabetic]
        XCTAssertEqual(vote.window(0)[0][0].character, "B")
        XCTAssertEqual(vote.window(0)[0][0].probability, 0.31, "no confidence the place gave it")
        // … too weak a reading to vote in the judge's votes
        XCTAssertEqual(vote.text, String(ViewAlignment.gap.character))
    }
}
