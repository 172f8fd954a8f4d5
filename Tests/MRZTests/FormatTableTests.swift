import XCTest

@testable import MRZ

/// Issue 18: the format table is the single source of the MRZ layouts.  A new format is one
/// `MRZLayout`; the gaps other parsers' suites showed are table entries and rules of it.
final class FormatTableTests: XCTestCase {
    let parser = MRZParser(today: SimpleDate(year: 2026, month: 12, day: 1))

    /// A toy layout of four lines of ten that no real document has.
    static let toy: MRZFormat = {
        let layout = MRZLayout(
            name: "TOY_4X10", lineLengths: [10, 10, 10, 10],
            fields: [
                .init(.documentCode, line: 0, 0..<1, .alphabetic),
                .init(.issuingCountry, line: 0, 1..<4, .alphabetic),
                .init(.documentNumber, line: 0, 4..<9, .alphanumeric, check: 9),
                .init(.birthDate, line: 1, 0..<6, .numeric, check: 6),
                .init(.sex, line: 1, 7..<8, .sex),
                .init(.name, line: 2, 0..<10, .alphabetic),
                .init(.optionalData, line: 3, 0..<9, .alphanumeric),
            ], composite: .init(spans: [(0, 4..<10), (1, 0..<7), (3, 0..<9)], line: 3, column: 9))
        return (try? MRZFormat.register(layout)) ?? MRZFormat(rawValue: "TOY_4X10")!
    }()

    func testAToyFormatParsesWritesCorrectsAndIsListed() throws {
        let toy = Self.toy
        XCTAssertTrue(MRZFormat.allCases.contains(toy))
        XCTAssertThrowsError(try MRZFormat.register(toy.layout)) { XCTAssertEqual($0 as? MRZError, .formatAlreadyRegistered("TOY_4X10")) }
        let lines = MRZWriter.lines(
            format: toy,
            fields: [
                .documentCode: "T", .issuingCountry: "UTO", .documentNumber: "AB123",
                .birthDate: "740812", .sex: "F", .name: "DOE<<JANE", .optionalData: "X1",
            ])
        // check digits by hand (ICAO 7-3-1): AB123 -> 10·7+11·3+1+2·7+3·3 = 127 -> 7; 740812 -> 2
        XCTAssertEqual(lines, ["TUTOAB1237", "7408122F<<", "DOE<<JANE<", "X1<<<<<<<" + lines[3].suffix(1)])
        let result = try parser.parse(lines: lines)
        XCTAssertEqual(result.format, toy)
        XCTAssertTrue(result.isValid, "\(result.checks)")
        XCTAssertEqual(result.documentNumber, "AB123")
        XCTAssertEqual(result.birthDate?.raw, "740812")
        XCTAssertEqual(try parser.parse(lines.joined()).lines, lines, "one string of 40 splits by the table")
        // a confusion in the date is corrected through its check digit
        var damaged = lines
        damaged[1] = "74O8122F<<"
        let corrected = try XCTUnwrap(MRZCorrector(parser: parser).correct(lines: damaged))
        XCTAssertEqual(corrected.result.lines, lines)
        XCTAssertEqual(corrected.changes.map { "\($0.line):\($0.column)" }, ["2:3"])
    }

    func testTheFrenchDrivingLicence() throws {
        // cheminfo/mrz's test vector: one line of 30, the number's digit over the line's start
        let result = try parser.parse("D1FRA13AA000026181231MARTIN<<9")
        XCTAssertEqual(result.format, .frenchDrivingLicence)
        XCTAssertTrue(result.isValid, "\(result.checks)")
        XCTAssertEqual(result.documentNumber, "13AA00002")
        XCTAssertEqual(result.expiryDate?.raw, "181231")
        XCTAssertEqual(result.surname, "MARTIN")
        // and its OCR-damaged form, corrected from the characters' classes
        let fixed = try XCTUnwrap(MRZCorrector(parser: parser).correct(lines: ["D1FRA13AA0000261B1231MART1N<<9"]))
        XCTAssertEqual(fixed.result.lines, ["D1FRA13AA000026181231MARTIN<<9"])
        // the number's digit covers the document code too
        XCTAssertFalse(try parser.parse("D2FRA13AA000026181231MARTIN<<9").isValid)
    }

    func testTD2LongDocumentNumbers() throws {
        // JMRTD's case: number 12345678910 — `<` in the digit's place, "10" and the whole
        // number's digit (4) at the start of the optional data
        let lines = MRZWriter.lines(
            format: .td2,
            fields: [
                .documentCode: "I", .issuingCountry: "UTO", .name: "ERIKSSON<<ANNA",
                .documentNumber: "12345678910", .nationality: "UTO", .birthDate: "740812",
                .sex: "F", .expiryDate: "300101",
            ])
        XCTAssertTrue(lines[1].hasPrefix("123456789<UTO"))
        XCTAssertEqual(String(Array(lines[1])[28..<31]), "104")
        let result = try parser.parse(lines: lines)
        XCTAssertTrue(result.isValid, "\(result.checks)")
        XCTAssertEqual(result.documentNumber, "12345678910")
    }

    func testBelgianLongNumbersCountTheFiller() throws {
        // a Belgian eID number of 11: the digit computed over `B12345678<77` (the `<` shifts
        // the weights of what follows): accepted for BEL only, with a warning
        let head = Array("B12345678".utf8), extra = Array("77".utf8)
        let withFiller = CheckDigit.compute((head + [MRZCharset.filler] + extra)[...])!
        let plain = CheckDigit.compute((head + extra)[...])!
        XCTAssertNotEqual(withFiller, plain, "the vector must tell the two rules apart")
        func td1(_ issuer: String) -> [String] {
            var line1 = Array("ID\(issuer)B12345678<77\(withFiller)<<<<<<<<<<<<")
            line1 = Array(line1.prefix(30))
            var lines = MRZWriter.lines(
                format: .td1,
                fields: [
                    .documentCode: "ID", .issuingCountry: issuer, .documentNumber: "B12345678",
                    .birthDate: "740812", .sex: "F", .expiryDate: "300101", .nationality: issuer,
                    .name: "ERIKSSON<<ANNA",
                ])
            lines[0] = String(line1)
            // the composite over the new first line
            var l2 = Array(lines[1])
            let spans = String(line1[5..<30]) + String(l2[0..<7]) + String(l2[8..<15]) + String(l2[18..<29])
            l2[29] = Character(String(CheckDigit.compute(Array(spans.utf8)[...])!))
            lines[1] = String(l2)
            return lines
        }
        let belgian = try parser.parse(lines: td1("BEL"))
        XCTAssertTrue(belgian.isValid, "\(belgian.checks)")
        XCTAssertEqual(belgian.documentNumber, "B1234567877")
        XCTAssertTrue(belgian.warnings.contains { $0.field == "documentNumber" })
        let other = try parser.parse(lines: td1("UTO"))
        XCTAssertFalse(other.isValid, "everywhere else one rule")
    }
}
