import XCTest

@testable import MRZ

/// Issue 17, holes 1 and 3: a value that cannot exist fails its field's check, and the
/// corrector cannot forge validity (one change per check-digit field, backed by the OCR's
/// alternatives, never an impossible value).
final class ImpossibleValueTests: XCTestCase {
    let parser = MRZParser(today: SimpleDate(year: 2026, month: 11, day: 30))
    let specimen = ["P<UTOERIKSSON<<ANNA<MARIA<<<<<<<<<<<<<<<<<<<", "L898902C36UTO7408122F1204159ZE184226B<<<<<10"]

    /// The specimen's second line with `value` at `columns` and every check digit recomputed,
    /// so that only the value itself can make the document invalid.
    func line2(_ value: String, at columns: Range<Int>, sex: Character? = nil) -> String {
        var line = Array(specimen[1])
        line.replaceSubrange(columns, with: Array(value))
        if let sex { line[20] = sex }
        func digit(_ r: Range<Int>) -> Character { Character(String(CheckDigit.compute(Array(String(line[r]).utf8)[...])!)) }
        line[19] = digit(13..<19)
        line[27] = digit(21..<27)
        line[43] = Character(String(CheckDigit.compute(Array((String(line[0..<10]) + String(line[13..<20]) + String(line[21..<43])).utf8)[...])!))
        return String(line)
    }

    func check(_ result: MRZResult, _ name: String) -> Bool? { result.checks.first { $0.name == name }?.valid }

    func testImpossibleDatesFailTheirCheck() throws {
        for (value, columns, field) in [
            ("121238", 13..<19, "birthDate"), ("741312", 13..<19, "birthDate"), ("120432", 21..<27, "expiryDate"),
            ("120230", 21..<27, "expiryDate"),
        ] {
            let result = try parser.parse(lines: [specimen[0], line2(value, at: columns)])
            XCTAssertFalse(result.isValid, value)
            XCTAssertEqual(check(result, field), false, value)
            let warning = try XCTUnwrap(result.warnings.first { $0.field == field }, value)
            XCTAssertTrue(warning.message.hasPrefix(field), "the warning names the field: \(warning.message)")
            XCTAssertTrue(warning.message.hasSuffix("."), "one sentence")
        }
        // a leap day and unknown parts are fine
        XCTAssertTrue(try parser.parse(lines: [specimen[0], line2("000229", at: 13..<19)]).isValid)
        XCTAssertTrue(try parser.parse(lines: [specimen[0], line2("74<<<<", at: 13..<19)]).isValid)
    }

    /// The French licence's expiry has no digit of its own; the composite over the whole
    /// line is one weak digit that two misreads can satisfy (found by the channel property:
    /// `D1FRA41LR685864870407VAN<MUEL7` read `…B70407VAM<…`, valid).
    func testADateWithoutADigitOfItsOwnFailsWhenItCannotExist() throws {
        let misread = try parser.parse("D1FRA41LR685864B70407VAM<MUEL7")
        XCTAssertEqual(misread.format, .frenchDrivingLicence)
        XCTAssertFalse(misread.isValid)
        XCTAssertEqual(check(misread, "expiryDate"), false)
        XCTAssertTrue(try XCTUnwrap(misread.warnings.first { $0.field == "expiryDate" }).message.hasPrefix("expiryDate"))
        let right = try parser.parse("D1FRA41LR685864870407VAN<MUEL7")
        XCTAssertTrue(right.isValid)
        XCTAssertEqual(right.checks.map(\.name), ["documentNumber", "composite"], "listed only when it fails")
    }

    func testAnImpossibleSexFailsACheckOfItsOwn() throws {
        let result = try parser.parse(lines: [specimen[0], line2("740812", at: 13..<19, sex: "H")])
        XCTAssertFalse(result.isValid)
        XCTAssertEqual(check(result, "sex"), false)
        XCTAssertTrue(try XCTUnwrap(result.warnings.first { $0.field == "sex" }).message.hasPrefix("sex"))
        // a well-formed MRZ lists the same checks as before
        XCTAssertEqual(try parser.parse(lines: specimen).checks.map(\.name), ["documentNumber", "birthDate", "expiryDate", "optionalData", "composite"])
    }

    func testACorrectionThatProducesAnImpossibleDateIsNoCorrection() throws {
        // birth date 121238 (day 38) with its digits holding, read with one confusion in the
        // date: the only reading the digits accept is impossible, so there is no correction
        let line = Array(line2("121238", at: 13..<19))
        var read = line
        read[17] = "B"  // `3` misread; the class fix gives back 3 -> an impossible day
        XCTAssertNil(MRZCorrector(parser: parser).correct(lines: [specimen[0], String(read)]))
    }

    func testAtMostOneChangePerCheckDigitField() throws {
        // document number 000000000 (check 0) read `OO0000000`: O weighs 24, 24·7 + 24·3 ≡ 0,
        // so the read number satisfies the digit and is left alone; read `OD0000000` it
        // fails, and two changes (`O`→0, `D`→0) would be needed: not a correction
        let truth = "000000000" + "0" + String(Array(specimen[1])[10..<43])
        let composite = CheckDigit.compute(Array((String(truth.prefix(10)) + String(Array(truth)[13..<20]) + String(Array(truth)[21..<43])).utf8)[...])!
        let line = truth + String(composite)
        XCTAssertTrue(try parser.parse(lines: [specimen[0], line]).isValid)
        // the OCR offered `0` for both characters: two changes would be needed, none is made
        let read = [specimen[0], "OD" + line.dropFirst(2)]
        var alternatives = read.map { $0.map { _ in [Character]() } }
        alternatives[1][0] = ["0"]
        alternatives[1][1] = ["0"]
        XCTAssertNil(MRZCorrector(parser: parser).correct(lines: read, alternatives: alternatives))
        // one change is still made
        let once = [specimen[0], "D" + line.dropFirst(1)]
        XCTAssertEqual(MRZCorrector(parser: parser).correct(lines: once, alternatives: alternatives)?.result.lines, [specimen[0], line])
        // from the visual table alone (no OCR alternatives) `D00000000` is ambiguous: `DD0000000`
        // satisfies the digit too (13·7 + 13·3 ≡ 0), so there is no correction
        XCTAssertNil(MRZCorrector(parser: parser).correct(lines: once))
    }

    func testWithOCRAlternativesAChangeMustBeOneOfThem() throws {
        // document number L898902C3 read L8989O2C3: the visual table offers O -> 0, but when
        // the OCR gave alternatives and 0 is not among them, no change is made there
        let read = [specimen[0], "L8989O2C36UTO7408122F1204159ZE184226B<<<<<10"]
        var alternatives = read.map { $0.map { _ in [Character]() } }
        XCTAssertNil(MRZCorrector(parser: parser).correct(lines: read, alternatives: alternatives))
        alternatives[1][5] = ["0"]
        XCTAssertEqual(MRZCorrector(parser: parser).correct(lines: read, alternatives: alternatives)?.result.lines, specimen)
    }
    func testACharacterWhereOnlyAFillerMayStandIsInvalid() throws {
        // the Swiss licence's first line ends `<<` (no field there); `K` for a `<` is a misread
        var generator = MRZGenerator(seed: 3)
        let lines = generator.next(format: .swissDrivingLicense).lines
        XCTAssertTrue(try parser.parse(lines: lines).isValid)
        var first = Array(lines[0]); first[7] = "K"
        let result = try parser.parse(lines: [String(first), lines[1], lines[2]])
        XCTAssertFalse(result.isValid)
        XCTAssertEqual(result.checks.last, MRZCheck(name: "fillers", valid: false))
        XCTAssertTrue(try XCTUnwrap(result.warnings.first { $0.field == "fillers" }).message.hasPrefix("fillers"))
    }
    func testEveryCheckTheParserListsHasAKind() throws {
        var generator = MRZGenerator(seed: 11)
        var mutator = MRZMutator(seed: 11, rate: 0.05)
        var seen: Set<MRZCheck.Kind> = []
        for _ in 0..<2_000 {
            guard let result = try? parser.parse(lines: mutator.mutate(generator.next().lines).lines) else { continue }
            for check in result.checks {
                let kind = try XCTUnwrap(check.kind, check.name)
                seen.insert(kind)
            }
        }
        XCTAssertTrue(seen.isSuperset(of: [.documentNumber, .birthDate, .expiryDate, .optionalData, .composite, .sex]))
    }

    func testALetterFieldHoldingADigitFailsTheCharactersCheck() throws {
        // French identity card: `BERG` read `0ERG` beside `HANSEN` read `HANSFN`, which
        // cancel in the one composite digit over both lines (generated MRZ, channel seed 7)
        let truth = ["IDFRAJANSEN<HANSEN<<<<<<<<<<<<606798", "4518825982099BERG<<JANSEN<<7006090F5"]
        let misread = ["IDFRAJANSEN<HANSFN<<<<<<<<<<<<606798", "45188259820990ERG<<JANSEN<<7006090F5"]
        XCTAssertTrue(try parser.parse(lines: truth).isValid)
        let result = try parser.parse(lines: misread)
        XCTAssertEqual(check(result, "composite"), true, "the composite cannot tell")
        XCTAssertEqual(check(result, "characters"), false)
        XCTAssertFalse(result.isValid)
        let warning = try XCTUnwrap(result.warnings.first { $0.field == "givenNames" })
        XCTAssertTrue(warning.message.hasPrefix("givenNames"))
        XCTAssertNil(try parser.parse(lines: truth).checks.first { $0.name == "characters" }, "listed only when it fails")
    }

    func testTheFrenchLicenceStartsD1FRA() throws {
        // `F` and `P` weigh the same (15, 25): `D1PRA` passes every digit
        let right = try parser.parse("D1FRA00SD873021950627ANNA<NGU2")
        XCTAssertTrue(right.isValid)
        for (misread, field) in [("D1PRA00SD873021950627ANNA<NGU2", "issuingCountry"), ("E1FRA00SD873021950627ANNA<NGU2", "documentCode")] {
            let result = try parser.parse(misread)
            XCTAssertEqual(result.format, .frenchDrivingLicence)
            XCTAssertEqual(check(result, "characters"), false, misread)
            XCTAssertTrue(result.warnings.contains { $0.field == field && $0.message.hasPrefix(field + ": every FRENCH_DL") }, misread)
        }
    }

    func testACharacterPutRightForItsClassIsItsFieldsOneChange() throws {
        // a visa's expiry `970106` and digit `7` read `970106T`: `T` in the digit's place is
        // made `1`, and `9` changed to `1` (an alternative at 90) would then pass: two changes
        let read = ["V<CANSCHMIDT<DER<<DER<<<<<<<<<<<<<<<<<<<<<<<", "0000000000GBR0002277F970106TLKS9P<<<<<<<<<<<"]
        var alternatives = read.map { $0.map { _ in [Character]() } }
        alternatives[1][21] = ["1"]
        XCTAssertNil(MRZCorrector(parser: parser).correct(lines: read, alternatives: alternatives))
    }
}
