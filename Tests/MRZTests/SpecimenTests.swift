import XCTest

@testable import MRZ

/// Specimens printed in ICAO Doc 9303 (8th edition) parts 4–7, and national layouts.
final class SpecimenTests: XCTestCase {
    let parser = MRZParser(today: SimpleDate(year: 2026, month: 11, day: 30))

    func testTD3Passport() throws {
        let r = try parser.parse(
            """
            P<UTOERIKSSON<<ANNA<MARIA<<<<<<<<<<<<<<<<<<<
            L898902C36UTO7408122F1204159ZE184226B<<<<<10
            """)
        XCTAssertEqual(r.format, .td3)
        XCTAssertTrue(r.isValid)
        XCTAssertEqual(r.checks.map(\.name), ["documentNumber", "birthDate", "expiryDate", "optionalData", "composite"])
        XCTAssertEqual(r.documentCode, "P")
        XCTAssertEqual(r.issuingCountry, "UTO")
        XCTAssertEqual(r.surname, "ERIKSSON")
        XCTAssertEqual(r.givenNames, "ANNA MARIA")
        XCTAssertEqual(r.documentNumber, "L898902C3")
        XCTAssertEqual(r.nationality, "UTO")
        XCTAssertEqual(r.birthDate?.iso, "1974-08-12")
        XCTAssertEqual(r.sex, "F")
        XCTAssertEqual(r.expiryDate?.iso, "2012-04-15")
        XCTAssertEqual(r.optionalData, "ZE184226B")
        XCTAssertFalse(r.nameMayBeTruncated)
    }

    func testTD2() throws {
        let r = try parser.parse(
            """
            I<UTOERIKSSON<<ANNA<MARIA<<<<<<<<<<<
            D231458907UTO7408122F1204159<<<<<<<6
            """)
        XCTAssertEqual(r.format, .td2)
        XCTAssertTrue(r.isValid, "\(r.checks)")
        XCTAssertEqual(r.documentNumber, "D23145890")
        XCTAssertEqual(r.checks.map(\.name), ["documentNumber", "birthDate", "expiryDate", "composite"])
        XCTAssertNil(r.optionalData)
    }

    func testTD1() throws {
        let r = try parser.parse(
            """
            I<UTOD231458907<<<<<<<<<<<<<<<
            7408122F1204159UTO<<<<<<<<<<<6
            ERIKSSON<<ANNA<MARIA<<<<<<<<<<
            """)
        XCTAssertEqual(r.format, .td1)
        XCTAssertTrue(r.isValid, "\(r.checks)")
        XCTAssertEqual(r.documentNumber, "D23145890")
        XCTAssertEqual(r.surname, "ERIKSSON")
        XCTAssertEqual(r.givenNames, "ANNA MARIA")
        XCTAssertEqual(r.birthDate?.iso, "1974-08-12")
        XCTAssertEqual(r.expiryDate?.iso, "2012-04-15")
        XCTAssertEqual(r.nationality, "UTO")
    }

    func testMRVA() throws {
        let r = try parser.parse(
            """
            V<UTOERIKSSON<<ANNA<MARIA<<<<<<<<<<<<<<<<<<<
            L8988901C4XXX4009078F96121096ZE184226B<<<<<<
            """)
        XCTAssertEqual(r.format, .mrvA)
        XCTAssertTrue(r.isValid, "\(r.checks)")
        XCTAssertEqual(r.documentNumber, "L8988901C")
        XCTAssertEqual(r.nationality, "XXX")
        XCTAssertEqual(r.birthDate?.iso, "1940-09-07")
        XCTAssertEqual(r.expiryDate?.iso, "1996-12-10")
        XCTAssertEqual(r.optionalData, "6ZE184226B")
        XCTAssertEqual(r.checks.map(\.name), ["documentNumber", "birthDate", "expiryDate"])
    }

    func testMRVB() throws {
        let r = try parser.parse(
            """
            V<UTOERIKSSON<<ANNA<MARIA<<<<<<<<<<<
            L8988901C4XXX4009078F9612109<<<<<<<<
            """)
        XCTAssertEqual(r.format, .mrvB)
        XCTAssertTrue(r.isValid, "\(r.checks)")
        XCTAssertEqual(r.givenNames, "ANNA MARIA")
    }

    func testFrenchIdentityCard() throws {
        let r = try parser.parse(
            """
            IDFRADOUEL<<<<<<<<<<<<<<<<<<<<932013
            0506932020438CHRISTIANE<<NI2906209F3
            """)
        XCTAssertEqual(r.format, .frenchID)
        XCTAssertTrue(r.isValid, "\(r.checks)")
        XCTAssertEqual(r.surname, "DOUEL")
        XCTAssertEqual(r.givenNames, "CHRISTIANE NI")
        XCTAssertEqual(r.documentNumber, "050693202043")
        XCTAssertEqual(r.birthDate?.iso, "1929-06-20")
        XCTAssertEqual(r.sex, "F")
        XCTAssertNil(r.expiryDate)
        XCTAssertEqual(r.rawFields[.administrativeCode], "932013")
    }

    func testSwissDrivingLicence() throws {
        let r = try parser.parse(
            """
            AAA001D<<
            FACHE305142128097<<800126<<<<<
            MARCHAND<<FABIENNE<<<<<<<<<<<<
            """)
        XCTAssertEqual(r.format, .swissDrivingLicense)
        XCTAssertTrue(r.isValid)
        XCTAssertEqual(r.documentNumber, "AAA001")
        XCTAssertEqual(r.rawFields[.language], "D")
        XCTAssertEqual(r.issuingCountry, "CHE")
        XCTAssertEqual(r.rawFields[.pinCode], "305142128")
        XCTAssertEqual(r.rawFields[.versionNumber], "097")
        XCTAssertEqual(r.birthDate?.iso, "1980-01-26")
        XCTAssertEqual(r.surname, "MARCHAND")
        XCTAssertEqual(r.givenNames, "FABIENNE")
    }

    /// ICAO 9303 part 5: a number longer than 9 characters continues in the optional data.
    func testTD1LongDocumentNumber() throws {
        // D23145890 + 1234, check digit over the 13 characters computed by hand:
        // weights 7,3,1 over D,2,3,1,4,5,8,9,0,1,2,3,4 → 91+6+3+7+12+5+56+27+0+7+6+3+28 = 251 → 1
        let line1 = "I<UTOD23145890<12341<<<<<<<<<<"
        let lines = MRZWriter.lines(
            format: .td1,
            fields: [
                .documentCode: "I", .issuingCountry: "UTO", .documentNumber: "D231458901234",
                .birthDate: "740812", .sex: "F", .expiryDate: "120415", .nationality: "UTO",
                .name: "ERIKSSON<<ANNA<MARIA",
            ])
        XCTAssertEqual(lines[0], line1)
        let r = try parser.parse(lines: lines)
        XCTAssertTrue(r.isValid, "\(r.checks)")
        XCTAssertEqual(r.documentNumber, "D231458901234")
        XCTAssertNil(r.optionalData)

        var broken = lines
        broken[0] = "I<UTOD23145890<12342<<<<<<<<<<"
        XCTAssertFalse(try parser.parse(lines: broken).checks.first { $0.name == "documentNumber" }!.valid)
    }

    func testCheckDigitsOfSpecimen() {
        XCTAssertEqual(CheckDigit.compute("L898902C3"), 6)
        XCTAssertEqual(CheckDigit.compute("740812"), 2)
        XCTAssertEqual(CheckDigit.compute("120415"), 9)
        XCTAssertEqual(CheckDigit.compute("ZE184226B<<<<<"), 1)
        XCTAssertEqual(CheckDigit.compute("L898902C36" + "7408122" + "1204159ZE184226B<<<<<1"), 0, "TD3 composite")
        XCTAssertEqual(CheckDigit.compute("<<<<"), 0)
        XCTAssertNil(CheckDigit.compute("AB-"))
    }
}
