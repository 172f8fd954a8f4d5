import MRZ
import XCTest

@testable import MRZScanning

/// Issue 17, hole 2: where letters and digits both stand, the check digits cannot tell
/// every misreading apart, so the OCR's own candidates and a second view decide.
final class ReadingJudgeTests: XCTestCase {
    let judge = ReadingJudge(corrector: MRZCorrector(parser: MRZParser(today: SimpleDate(year: 2026, month: 12, day: 1))))
    /// The Belarus specimen of ../shared/corpus/mrz: a document number of nine zeros.
    let belarus = ["P<BLRIVANOVA<<TATSIANA<<<<<<<<<<<<<<<<<<<<<<", "0000000000BLR7001017F15010104010160B000PB326"]

    /// A line read with confidence 99 and, at `column`, the given candidates.
    func line(_ text: String, candidates: [Int: [(Character, Float)]] = [:]) -> OCRLine {
        var glyphs = text.map { OCRGlyph(character: $0, confidence: 99) }
        for (column, list) in candidates { glyphs[column].candidates = list.map { .init(character: $0.0, confidence: $0.1) } }
        return OCRLine(glyphs: glyphs, box: (0, 0, 0, 0), confidence: 99)
    }

    func reading(_ lines: [OCRLine], confirming: [String]? = nil) -> MRZReading? {
        let views = (confirming ?? lines.map(\.text)).map { line($0) }
        return judge.judge(lines) { index, _ in views[index] }
    }

    func testZerosReadAsTwoLettersOAreNotValid() throws {
        // read `OO0000000`: O weighs 24, 24·7 + 24·3 ≡ 0, so every check digit holds; the OCR
        // offered `0` for both (at 69 and 21, as measured on the specimen)
        var misread = Array(belarus[1])
        misread[0] = "O"; misread[1] = "O"
        let lines = [line(belarus[0]), line(String(misread), candidates: [0: [("0", 69)], 1: [("0", 21)]])]
        let r = try XCTUnwrap(reading(lines))
        XCTAssertTrue(r.result.isValid, "the check digits cannot tell")
        XCTAssertFalse(r.isConfidentlyValid)
        XCTAssertTrue(r.uncertainFields.contains(.documentNumber))
        // the true reading, with the same kind of candidates, is the only one that passes
        // when the candidates cannot cancel: a single `O` behind one `0`
        let truth = [line(belarus[0]), line(belarus[1], candidates: [0: [("O", 69)]])]
        XCTAssertTrue(try XCTUnwrap(reading(truth)).isConfidentlyValid, "one O would break the digit: settled")
    }

    func testALookAlikeOfTheSameWeightIsNotValid() throws {
        // TD1 number with `F` where `P` was printed: F = 15, P = 25, the same modulo 10
        let parser = MRZParser(today: SimpleDate(year: 2026, month: 12, day: 1))
        let lines = MRZWriter.lines(
            format: .td1,
            fields: [
                .documentCode: "I", .issuingCountry: "UTO", .documentNumber: "D23145F90",
                .birthDate: "740812", .sex: "F", .expiryDate: "300101", .nationality: "UTO",
                .name: "ERIKSSON<<ANNA",
            ])
        XCTAssertTrue(try parser.parse(lines: lines).isValid)
        let ocr = [line(lines[0], candidates: [11: [("P", 55)]]), line(lines[1]), line(lines[2])]
        let r = try XCTUnwrap(reading(ocr))
        XCTAssertTrue(r.result.isValid)
        XCTAssertEqual(r.uncertainFields, [.documentNumber])
        // a candidate below the floor is no doubt
        let weak = [line(lines[0], candidates: [11: [("P", 12)]]), line(lines[1]), line(lines[2])]
        XCTAssertTrue(try XCTUnwrap(reading(weak)).isConfidentlyValid)
    }

    func testASecondViewThatReadsAnotherValidNumberLeavesItUncertain() throws {
        // the confirming view reads `8` where the first read `S` (28 ≡ 8): both pass
        let td3 = ["P<UTOERIKSSON<<ANNA<MARIA<<<<<<<<<<<<<<<<<<<", "L898902C36UTO7408122F1204159ZE184226B<<<<<10"]
        var first = Array(td3[1]); first[1] = "S"
        let text = String(first)
        XCTAssertTrue(try MRZParser().parse(lines: [td3[0], text]).isValid)
        var second = first; second[1] = "8"
        XCTAssertFalse(try XCTUnwrap(reading([line(td3[0]), line(text)], confirming: [td3[0], String(second)])).isConfidentlyValid)
        // a second view that agrees confirms it
        XCTAssertTrue(try XCTUnwrap(reading([line(td3[0]), line(text)])).isConfidentlyValid)
        // one that cannot be read leaves it unproven
        let none = judge.judge([line(td3[0]), line(text)]) { index, _ in index == 0 ? self.line(td3[0]) : nil }
        XCTAssertFalse(try XCTUnwrap(none).isConfidentlyValid)
    }

    func testAReadingWithoutTheDecodersCandidatesCannotProveTheNumber() throws {
        var lines = [line(belarus[0]), line(belarus[1])]
        lines[1].hasCandidates = false
        XCTAssertEqual(try XCTUnwrap(reading(lines)).uncertainFields, [.documentNumber, .optionalData])
    }

    func testADoubtOnTheNumberStandsWhenAnotherViewReadsItCleanly() throws {
        var misread = Array(belarus[1])
        misread[0] = "O"; misread[1] = "O"
        let doubted = try XCTUnwrap(reading([line(belarus[0]), line(String(misread), candidates: [0: [("0", 69)], 1: [("0", 21)]])]))
        let clean = try XCTUnwrap(reading([line(belarus[0]), line(String(misread))]))
        XCTAssertTrue(clean.isConfidentlyValid, "the other view alone sees no doubt")
        XCTAssertFalse(try XCTUnwrap(LineReader.combine([doubted, clean])).isConfidentlyValid)
    }

    func testAFillerInsideTheNumberIsNoNumber() throws {
        // `WEHZPP2` read `W<HZJP2`: two changes that cancel in the sum
        let parser = MRZParser()
        let lines = MRZWriter.lines(
            format: .td2,
            fields: [
                .documentCode: "I", .issuingCountry: "UTO", .documentNumber: "W<HZJP2",
                .birthDate: "740812", .sex: "F", .expiryDate: "300101", .nationality: "UTO",
                .name: "ERIKSSON<<ANNA",
            ])
        let r = try parser.parse(lines: lines)
        XCTAssertEqual(r.checks.first { $0.name == "documentNumber" }?.valid, false)
        XCTAssertTrue(try XCTUnwrap(r.warnings.first { $0.field == "documentNumber" }).message.hasPrefix("documentNumber"))
    }

    func testANameWithACloseCandidateIsUncertain() throws {
        // `SMITH` read `SMTTH` with `I` at 53 behind the `T`, repeated by the second view
        let td3 = ["P<UTOSMTTH<<ANNA<<<<<<<<<<<<<<<<<<<<<<<<<<<<", "L898902C36UTO7408122F1204159ZE184226B<<<<<10"]
        let r = try XCTUnwrap(reading([line(td3[0], candidates: [7: [("I", 53)]]), line(td3[1])]))
        XCTAssertTrue(r.result.isValid)
        XCTAssertEqual(r.uncertainFields, [.name])
        // a digit is no reading of a name
        XCTAssertTrue(try XCTUnwrap(reading([line(td3[0], candidates: [7: [("1", 90)]]), line(td3[1])])).isConfidentlyValid)
    }
}
