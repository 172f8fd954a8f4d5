import XCTest

@testable import MRZ

final class CorrectorTests: XCTestCase {
    let corrector = MRZCorrector(parser: MRZParser(today: SimpleDate(year: 2026, month: 11, day: 30)))
    let td3 = ["P<UTOERIKSSON<<ANNA<MARIA<<<<<<<<<<<<<<<<<<<", "L898902C36UTO7408122F1204159ZE184226B<<<<<10"]

    func testFixesClassConfusionsAndReportsPositions() throws {
        let read = ["P<UT0ERIKSS0N<<ANNA<MAR1A<<<<<<<<<<<<<<<<<<<", "L898902C36UTO74O8122F12O4159ZE184226B<<<<<1O"]
        let c = try XCTUnwrap(corrector.correct(lines: read))
        XCTAssertEqual(c.result.lines, td3)
        XCTAssertTrue(c.result.isValid)
        XCTAssertEqual(c.changes.map { "\($0.line):\($0.column)" }, ["1:5", "1:12", "1:24", "2:16", "2:24", "2:44"])
        XCTAssertEqual(c.uncertainFields, [.issuingCountry, .name], "no check digit covers the country or the name")
    }

    func testFixesAlphanumericFieldThroughItsCheckDigit() throws {
        // document number L898902C3 read as L8989O2C3: O is allowed there, only the check digit tells
        let read = [td3[0], "L8989O2C36UTO7408122F1204159ZE184226B<<<<<10"]
        let c = try XCTUnwrap(corrector.correct(lines: read))
        XCTAssertEqual(c.result.lines, td3)
        XCTAssertEqual(c.changes.count, 1)
        XCTAssertEqual(c.uncertainFields, [])
    }

    func testUsesOCRAlternatives() throws {
        // birth date 740812 read as 740612: no visual rule maps 6 to 8, the OCR engine's alternative does
        let read = [td3[0], "L898902C36UTO7406122F1204159ZE184226B<<<<<10"]
        XCTAssertNil(corrector.correct(lines: read))
        var alternatives = read.map { $0.map { _ in [Character]() } }
        alternatives[1][16] = ["8", "5"]
        let c = try XCTUnwrap(corrector.correct(lines: read, alternatives: alternatives))
        XCTAssertEqual(c.result.lines, td3)
    }

    func testOptionalDataOnlyTheCompositeCoversTakesAChangeTheOCROffered() throws {
        // a French residence permit specimen (TD1): the optional data of line 1 has no
        // digit of its own, only the composite's; `0` read `C`, with `0` among the OCR's
        // alternatives there
        let truth = ["IRFRAK682T8YLO0<1105040043<<<<", "7906123F1401073SEN<<<<<<<<<<<6", "MARTIN<<CHRISTELLE<HELENE<LAUR"]
        var misread = truth.map(Array.init)
        misread[0][18] = "C"
        let read = misread.map { String($0) }
        func alternatives(_ offered: [Character]) -> [[[Character]]] {
            var out = read.map { Array(repeating: [Character](), count: $0.count) }
            out[0][18] = offered
            return out
        }
        let corrected = try XCTUnwrap(corrector.correct(lines: read, alternatives: alternatives(["0"])))
        XCTAssertEqual(corrected.result.lines, truth)
        XCTAssertEqual(corrected.changes.map { "\($0.line):\($0.column)" }, ["1:19"])
        // text without the OCR's alternatives: the composite alone chooses no change
        XCTAssertNil(corrector.correct(lines: read))
        // `0` and `U` weigh the same (0 and 30): the composite cannot tell them apart
        XCTAssertNil(corrector.correct(lines: read, alternatives: alternatives(["0", "U"])))
    }

    func testNeverMakesAWrongCheckDigitValid() {
        for column in [9, 19, 27, 42, 43] {
            for digit in "0123456789" where Array(td3[1])[column] != digit {
                var line = Array(td3[1])
                line[column] = digit
                let result = corrector.correct(lines: [td3[0], String(line)])
                XCTAssertNil(result, "column \(column) digit \(digit) gave \(String(describing: result?.result.lines))")
            }
        }
    }

    func testValidInputIsReturnedUnchanged() throws {
        let c = try XCTUnwrap(corrector.correct(lines: td3))
        XCTAssertEqual(c.changes, [])
    }

    func testGarbageGivesNil() {
        XCTAssertNil(corrector.correct(lines: ["HELLO", "WORLD"]))
        XCTAssertNil(corrector.correct(lines: []))
    }
}
