import MRZ
import XCTest

@testable import MRZScanning

/// Issue 45: an other reading of a letters-and-digits field that passes its check digit
/// leaves it uncertain only where every character it changes has weight in some view
/// (`DoubtfulCharacter.counts`).  Where the glyph classifier reads the cell as read with
/// its margin, a same-weight look-alike no view lists is no other reading; an LSTM
/// candidate at the look-alike floor (20) or more still is (session 29: the two
/// recognisers misread one glyph alike), and so is the `O`/`0` pair listed at all.
final class OtherReadingWeightTests: XCTestCase {
    let judge = ReadingJudge(corrector: MRZCorrector(parser: MRZParser(today: SimpleDate(year: 2026, month: 12, day: 1))))
    /// ICAO 9303's specimen: document number `L898902C3`, optional data `ZE184226B`.
    let td3 = ["P<UTOERIKSSON<<ANNA<MARIA<<<<<<<<<<<<<<<<<<<", "L898902C36UTO7408122F1204159ZE184226B<<<<<10"]

    /// A line read with confidence 99 and, at `column`, the given candidates.
    func line(_ text: String, candidates: [Int: [(Character, Float)]] = [:]) -> OCRLine {
        var glyphs = text.map { OCRGlyph(character: $0, confidence: 99) }
        for (column, list) in candidates { glyphs[column].candidates = list.map { .init(character: $0.0, confidence: $0.1) } }
        return OCRLine(glyphs: glyphs, box: (0, 0, 0, 0), confidence: 99)
    }

    /// `line` with the classifier's cells reading its text, each with `probability`.
    func classified(_ line: OCRLine, probability: Float) -> OCRLine {
        var classified = line
        classified.classifierCells = ClassifierCells(line.text.map { [(character: $0, probability: probability)] })
        return classified
    }

    /// The judge's reading of the specimen, line 2 with `candidates`; the classifier reads
    /// both lines with `probability` (`nil`: it did not vote); every other view reads as
    /// the first.
    func reading(candidates: [Int: [(Character, Float)]], probability: Float?) throws -> MRZReading {
        let lines = [line(td3[0]), line(td3[1], candidates: candidates)].map { read in probability.map { classified(read, probability: $0) } ?? read }
        return try XCTUnwrap(judge.judge(lines) { index, _ in self.line(self.td3[index]) })
    }

    func testACandidateTheLSTMListsStaysAnOtherReadingWhereTheClassifierIsSure() throws {
        // `S` weighs 28, as `8` does: `LS98902C3` passes every digit too (pe_pass-lux's
        // `8` with `S` at 38 behind it, the classifier sure of the `8`).  Rule changed back
        // (session 29): session 28 made it no other reading; but where both recognisers
        // misread the glyph alike, the candidate is the truth (the channel property's `<`
        // read `K` with the `<` listed, valid but wrong)
        let weak: [Int: [(Character, Float)]] = [1: [("S", 38)]]
        XCTAssertEqual(try reading(candidates: weak, probability: 0.95).uncertainFields, [.documentNumber])
        // without the classifier, or where it is not sure of the `8`, as before
        XCTAssertEqual(try reading(candidates: weak, probability: nil).uncertainFields, [.documentNumber])
        XCTAssertEqual(try reading(candidates: weak, probability: 0.8).uncertainFields, [.documentNumber])
        // a close candidate is an other reading however sure the classifier is
        XCTAssertEqual(try reading(candidates: [1: [("S", 45)]], probability: 0.99).uncertainFields, [.documentNumber])
        // and the weak one is on a line the first view read at the layout's length too
        // (session 31: freed there, the channel property read a TD2's `Y` as `E`, same
        // weight, valid with the `Y` listed under 40; unlike the codes' close runner-up,
        // `TwoViewAgreementTests`)
        var lines = [line(td3[0]), line(td3[1], candidates: weak)].map { classified($0, probability: 0.95) }
        for index in lines.indices { lines[index].readAtLayoutLength = true }
        let atLength = try XCTUnwrap(judge.judge(lines) { index, _ in self.line(self.td3[index]) })
        XCTAssertEqual(atLength.uncertainFields, [.documentNumber])
    }

    func testASameWeightLookAlikeNoViewListsIsNoOtherReadingWhereTheClassifierIsSure() throws {
        // db_pass-cze's optional data: a `1` with a close runner-up of another kind (`7` at
        // 45), so its same-weight look-alike `L` (21) is tried, and passes the digits
        let unsure: [Int: [(Character, Float)]] = [30: [("7", 45)]]
        XCTAssertEqual(try reading(candidates: unsure, probability: 0.95).uncertainFields, [])
        XCTAssertEqual(try reading(candidates: unsure, probability: nil).uncertainFields, [.optionalData])
    }

    func testTheLettersOAndZeroListedAtAllStayAnOtherReading() throws {
        // the Belarus specimen's number of zeros read `OO00…` with `0` behind each `O` at 21
        // and 15 (under the look-alike floor: the pair counts wherever it is listed), the
        // classifier sure of both `O`: two views can misread that pair alike
        let belarus = ["P<BLRIVANOVA<<TATSIANA<<<<<<<<<<<<<<<<<<<<<<", "0000000000BLR7001017F15010104010160B000PB326"]
        var misread = Array(belarus[1])
        misread[0] = "O"
        misread[1] = "O"
        var second = line(String(misread), candidates: [0: [("0", 21)], 1: [("0", 15)]])
        second = classified(second, probability: 0.9999)
        let first = classified(line(belarus[0]), probability: 0.9999)
        let r = try XCTUnwrap(judge.judge([first, second]) { index, _ in self.line(index == 0 ? belarus[0] : String(misread)) })
        XCTAssertTrue(r.result.isValid, "the check digits cannot tell")
        XCTAssertTrue(r.uncertainFields.contains(.documentNumber))
    }
}
