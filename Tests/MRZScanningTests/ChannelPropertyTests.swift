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
    /// wrong character at the measured rate (`GlyphChannelSimulator.alikeRate`), with one of
    /// the measured probabilities; where the first view read it right, never that character.
    /// `<` read `K`: a misreading the classifier's own table never makes of `<`.
    func testTheClassifierMisreadsACellAlikeWithTheFirstViewAtTheMeasuredRate() {
        XCTAssertGreaterThan(GlyphChannelSimulator.alikeRate, 0)
        var simulator = GlyphChannelSimulator(seed: 3)
        let truth = String(repeating: "<", count: 40), misread = Array(repeating: Character("K"), count: 40)
        var alike = 0, cells = 0
        for _ in 0..<500 {
            let vote = simulator.read([truth], firstView: [misread])[0]
            for cell in vote.window(0) where cell.first?.character == "K" {
                alike += 1
                XCTAssertTrue(MeasuredGlyphChannel.alike.probabilities.contains(cell.first!.probability))
            }
            cells += vote.count
        }
        // 20 000 cells: the count's standard deviation is under 0.003 of them at these rates
        XCTAssertEqual(Double(alike) / Double(cells), GlyphChannelSimulator.alikeRate, accuracy: 0.01)
        for _ in 0..<500 {
            let vote = simulator.read([truth], firstView: [Array(truth)])[0]
            XCTAssertFalse(vote.window(0).contains { $0.first?.character == "K" })
        }
    }
}
