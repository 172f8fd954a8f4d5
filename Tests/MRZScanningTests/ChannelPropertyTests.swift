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
}
