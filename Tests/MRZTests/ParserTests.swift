import XCTest

@testable import MRZ

final class ParserTests: XCTestCase {
    let parser = MRZParser(today: SimpleDate(year: 2026, month: 11, day: 30))
    let td3 = ["P<UTOERIKSSON<<ANNA<MARIA<<<<<<<<<<<<<<<<<<<", "L898902C36UTO7408122F1204159ZE184226B<<<<<10"]

    func testToleratesLowerCaseSpacesCRLFAndGuillemets() throws {
        let messy = "  p<utoeriksson<<anna<maria«««<<<<<<<<<<<<<<<<\r\n L898902C36 UTO7408122F1204159ZE184226B<<<<<10 \r\n\r\n"
        let r = try parser.parse(messy)
        XCTAssertEqual(r.lines, td3)
        XCTAssertTrue(r.isValid)
    }

    func testAcceptsOneStringOfExactTotalLength() throws {
        XCTAssertEqual(try parser.parse(td3.joined()).lines, td3)
        XCTAssertEqual(try parser.parse(lines: td3).format, .td3)
    }

    func testWrongLineLengthNamesTheLineAndTheExpectedLengths() {
        XCTAssertThrowsError(try parser.parse(td3[0] + "\n" + td3[1].dropLast())) { error in
            XCTAssertEqual(error as? MRZError, .wrongLineLength(line: 2, length: 43, expected: [44]))
            XCTAssertTrue("\(error)".contains("line 2 has 43 characters"))
        }
        XCTAssertThrowsError(try parser.parse("ABC\nDEF")) { error in
            XCTAssertEqual(error as? MRZError, .wrongLineLength(line: 1, length: 3, expected: [36, 44]))
        }
        XCTAssertThrowsError(try parser.parse("I<UTOD231458907<<<<<<<<<<<<<<<\n7408122F1204159UTO<<<<<<<<<<<6\nERIKSSON<<ANNA")) { error in
            XCTAssertEqual(error as? MRZError, .wrongLineLength(line: 3, length: 14, expected: [30]))
        }
    }

    func testOtherErrors() {
        XCTAssertThrowsError(try parser.parse("  \n\r\n")) { XCTAssertEqual($0 as? MRZError, .empty) }
        // one line is the French driving licence's shape: the length is what is wrong
        XCTAssertThrowsError(try parser.parse("ONE LINE ONLY")) { XCTAssertEqual($0 as? MRZError, .wrongLineLength(line: 1, length: 11, expected: [30])) }
        XCTAssertThrowsError(try parser.parse("A\nB\nC\nD\nE\nF\nG")) { XCTAssertEqual($0 as? MRZError, .wrongLineCount(7)) }
        XCTAssertThrowsError(try parser.parse(td3[0] + "\n" + td3[1].replacingOccurrences(of: "UTO", with: "UTÖ"))) { error in
            XCTAssertEqual(error as? MRZError, .invalidCharacter(line: 2, column: 13, character: "Ö"))
        }
        XCTAssertThrowsError(try parser.parse(String(repeating: "A", count: 10_000_000))) { error in
            guard case .tooLong = error as? MRZError else { return XCTFail("\(error)") }
        }
        for error in [
            MRZError.empty, .tooLong(characters: 5000), .wrongLineCount(4), .wrongLineLength(line: 1, length: 3, expected: [30]),
            .invalidCharacter(line: 1, column: 2, character: "é"),
        ] {
            XCTAssertTrue(error.description.hasSuffix("."), "one sentence: \(error)")
            XCTAssertFalse(error.description.contains("\n"))
        }
    }

    func testCenturyRules() {
        let today = SimpleDate(year: 2026, month: 11, day: 30)
        XCTAssertEqual(DateRules.birth("261130", today: today), "2026-11-30", "today is not the future")
        XCTAssertEqual(DateRules.birth("261201", today: today), "1926-12-01", "never a birth date in the future")
        XCTAssertEqual(DateRules.birth("000229", today: today), "2000-02-29")
        XCTAssertEqual(DateRules.expiry("560101", today: today), "2056-01-01")
        XCTAssertEqual(DateRules.expiry("570101", today: today), "1957-01-01")
        XCTAssertEqual(DateRules.expiry("940623", today: today), "1994-06-23")
        XCTAssertNil(DateRules.birth("741332", today: today))
        XCTAssertNil(DateRules.birth("740230", today: today))
        XCTAssertNil(DateRules.birth("74<<<<", today: today))
        XCTAssertNil(DateRules.birth("74XX01", today: today))
    }

    func testUnknownDatePartsGiveNullNotAWarning() throws {
        let lines = MRZWriter.lines(
            format: .td3,
            fields: [
                .documentCode: "P", .issuingCountry: "UTO", .name: "A<<B",
                .documentNumber: "X1", .nationality: "UTO", .birthDate: "74<<<<",
                .sex: "<", .expiryDate: "301231",
            ])
        let r = try parser.parse(lines: lines)
        XCTAssertTrue(r.isValid)
        XCTAssertNil(r.birthDate?.iso)
        XCTAssertEqual(r.birthDate?.raw, "74<<<<")
        XCTAssertNil(r.sex)
        XCTAssertEqual(r.expiryDate?.iso, "2030-12-31")
        XCTAssertEqual(r.warnings, [], "'<<' is deliberate")
    }

    func testCountryCodes() throws {
        XCTAssertTrue(CountryCodes.isKnown("D<<"))
        for code in ["D", "GBD", "GBN", "GBO", "GBP", "GBS", "UNA", "UNK", "UNO", "XXA", "XXB", "XXC", "XXX", "EUE", "UTO", "DEU", "CAN"] {
            XCTAssertTrue(CountryCodes.isKnown(code), code)
        }
        XCTAssertFalse(CountryCodes.isKnown("QQQ"))
        XCTAssertFalse(CountryCodes.isKnown("<<<"))
        let lines = MRZWriter.lines(
            format: .td3,
            fields: [
                .documentCode: "P", .issuingCountry: "QQQ", .name: "A<<B",
                .documentNumber: "X1", .nationality: "D", .birthDate: "740812",
                .sex: "M", .expiryDate: "300101",
            ])
        let r = try parser.parse(lines: lines)
        XCTAssertTrue(r.isValid, "an unknown code is a warning, not a failed check")
        XCTAssertEqual(r.warnings.map(\.field), ["issuingCountry"])
        XCTAssertEqual(r.nationality, "D")
    }

    func testFullNameFieldIsFlaggedAsPossiblyTruncated() throws {
        let name = "ABCDEFGHIJKLMNOPQRSTUVWXYZ<<ABCDEFGHIJKLM"
        let lines = MRZWriter.lines(
            format: .td3,
            fields: [
                .documentCode: "P", .issuingCountry: "UTO", .name: name,
                .documentNumber: "X1", .nationality: "UTO", .birthDate: "740812",
                .sex: "M", .expiryDate: "300101",
            ])
        let r = try parser.parse(lines: lines)
        XCTAssertTrue(r.nameMayBeTruncated)
        XCTAssertEqual(r.givenNames, "ABCDEFGHIJK")
        XCTAssertTrue(r.warnings.contains { $0.field == "name" })
    }

    func testSexValues() throws {
        for (printed, expected) in [("M", "M"), ("F", "F"), ("X", "X"), ("<", nil)] as [(String, String?)] {
            var line2 = Array(td3[1])
            line2[20] = Character(printed)
            let lines = [td3[0], String(line2)]
            XCTAssertEqual(try parser.parse(lines: lines).sex, expected)
        }
    }

    func testFailedCheckIsNeverValid() throws {
        var line2 = Array(td3[1])
        line2[9] = "7"
        let r = try parser.parse(lines: [td3[0], String(line2)])
        XCTAssertFalse(r.isValid)
        XCTAssertEqual(r.checks.filter { !$0.valid }.map(\.name), ["documentNumber", "composite"])
    }

    /// A check digit over characters its field may not hold proves nothing: `S` (value 28)
    /// in place of `8` in a date can satisfy the same digit, as an OCR misreading did on a
    /// French passport photo.  The date's check fails (and with it the whole MRZ).
    func testDigitOverLettersInADateIsNotValid() throws {
        let line1 = "P<FRAUIYSSF<<CHRSTOPHF<<<<<<<<<<<<<<<<<<<<<<"
        let printed = try parser.parse(lines: [line1, "08CD503380FRA6004103M1806058<<<<<<<<<<<<<<06"])
        XCTAssertTrue(printed.isValid)
        // 1*7 + 28*3 + 0 + 6*7 + 0 + 5 = 138: the same digit 8 as for 180605
        let misread = try parser.parse(lines: [line1, "08CD503380FRA6004103M1S06058<<<<<<<<<<<<<<06"])
        XCTAssertFalse(misread.isValid)
        XCTAssertEqual(misread.checks.filter { !$0.valid }.map(\.name), ["expiryDate"])
    }
}
