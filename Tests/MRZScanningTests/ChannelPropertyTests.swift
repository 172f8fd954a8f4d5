import XCTest

@testable import MRZ
@_spi(Evaluation) @testable import MRZScanning

final class ChannelPropertyTests: XCTestCase {
    func glyphs(_ text: String, candidates: [Int: Character] = [:]) -> [OCRChannelSimulator.Glyph] {
        text.enumerated().map { column, character in
            OCRChannelSimulator.Glyph(
                character: character, confidence: 98,
                candidates: candidates[column].map { [MeasuredOCRChannel.Candidate(character: $0, confidence: 30)] } ?? [])
        }
    }

    func testAMisreadingIsSilentOnlyWhenNoViewShowsTheTruth() {
        let truth = ["BERG<<ANNA"], read = ["BEHG<<ANNA"]
        let silent = OCRChannelSimulator.Reading(first: [glyphs(read[0])], confirming: [[glyphs(read[0])]])
        XCTAssertTrue(ChannelProperty.isSilent(read, truth: truth, views: [silent, silent]))
        // the truth among one view's candidates is a sign
        let listed = OCRChannelSimulator.Reading(first: [glyphs(read[0], candidates: [2: "R"])], confirming: [[glyphs(read[0])]])
        XCTAssertFalse(ChannelProperty.isSilent(read, truth: truth, views: [silent, listed]))
        // and so is a confirming view that reads the truth
        let confirmed = OCRChannelSimulator.Reading(first: [glyphs(read[0])], confirming: [[glyphs(truth[0])]])
        XCTAssertFalse(ChannelProperty.isSilent(read, truth: truth, views: [confirmed, silent]))
    }

    /// Where the LSTM's first view misread a cell, the simulated classifier reads the same
    /// wrong character at the rate measured on lines of its kind
    /// (`GlyphChannelSimulator.alikeRate`: a line read at the layout's length, or one where a
    /// glyph was dropped or doubled), with one of the measured probabilities; where the
    /// first view read it right, never that character.  `<` read `K`: a misreading the
    /// classifier's own table never makes of `<`.
    func testTheClassifierMisreadsACellAlikeWithTheFirstViewAtTheRateMeasuredOnItsKindOfLine() {
        let atLength = GlyphChannelSimulator.alikeRate(readAtLayoutLength: true)
        let refitted = GlyphChannelSimulator.alikeRate(readAtLayoutLength: false)
        XCTAssertGreaterThan(atLength, 0)
        XCTAssertGreaterThan(refitted, 5 * atLength, "measured: 2 of 169 against 89 of 469")
        var simulator = GlyphChannelSimulator(seed: 3)
        let truth = String(repeating: "<", count: 40), misread = Array(repeating: Character("K"), count: 40)
        for (kind, rate) in [(true, atLength), (false, refitted)] {
            var alike = 0, cells = 0
            for _ in 0..<500 {
                let vote = simulator.read([truth], firstView: [misread], readAtLayoutLength: [kind])[0]
                for cell in vote.window(0) where cell.first?.character == "K" {
                    alike += 1
                    XCTAssertTrue(MeasuredGlyphChannel.alikeProbabilities.contains(cell.first!.probability))
                }
                cells += vote.count
            }
            // 20 000 cells: the count's standard deviation is under 0.003 of them at these rates
            XCTAssertEqual(Double(alike) / Double(cells), rate, accuracy: 0.01)
        }
        for _ in 0..<500 {
            let vote = simulator.read([truth], firstView: [Array(truth)], readAtLayoutLength: [false])[0]
            XCTAssertFalse(vote.window(0).contains { $0.first?.character == "K" })
        }
    }

    /// The simulated first view reads a line at another length than the layout's (a glyph
    /// dropped or doubled, `OCRLine.readAtLayoutLength` false) at the rate measured on the
    /// corpus's lines (`MeasuredGlyphChannel.refittedLines`, 15 of 158).
    func testTheFirstViewDropsOrDoublesAGlyphInALineAtTheMeasuredRate() {
        var simulator = GlyphChannelSimulator(seed: 5)
        let drawn = (0..<5_000).flatMap { _ in simulator.firstViewReadsAtLayoutLength(lines: 2) }
        let refitted = Double(drawn.filter { !$0 }.count) / Double(drawn.count)
        // 10 000 lines: the share's standard deviation is about 0.003
        XCTAssertEqual(refitted, 15.0 / 158, accuracy: 0.01)
    }
}
