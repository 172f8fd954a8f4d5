import XCTest

@testable import AAMVA

/// The quirks table (`CardQuirks`): its scopes, the parser honouring each row, and the
/// generator printing each row.
final class CardQuirksTests: XCTestCase {
    func payload(version: Int, iin: String, _ elements: [(String, String)]) -> [UInt8] {
        AAMVABuilder(version: version, iin: iin, subfiles: [AAMVASubfile(type: "DL", elements: elements.map { AAMVAElement(id: $0.0, value: $0.1) })])
            .build()
    }

    func testScopes() {
        XCTAssertTrue(CardQuirks.applies(.yearFirstDates, jurisdiction: "VA", country: "USA", version: 1))
        XCTAssertFalse(CardQuirks.applies(.yearFirstDates, jurisdiction: "VA", country: "USA", version: 8))
        XCTAssertTrue(CardQuirks.applies(.yearFirstDates, jurisdiction: "ON", country: "CAN", version: 8))
        XCTAssertTrue(CardQuirks.applies(.yearFirstDates, jurisdiction: "WV", country: "USA", version: 8))
        XCTAssertFalse(CardQuirks.applies(.yearFirstDates, jurisdiction: "WV", country: "USA", version: 3))
        XCTAssertTrue(CardQuirks.applies(.givenNamesFirstInDAA, jurisdiction: "TN", country: "USA", version: 1))
        XCTAssertFalse(CardQuirks.applies(.givenNamesFirstInDAA, jurisdiction: "TN", country: "USA", version: 2))
        XCTAssertFalse(CardQuirks.applies(.givenNamesFirstInDAA, jurisdiction: nil, country: "USA", version: 1), "no issuer, no issuer's quirk")
        XCTAssertTrue(CardQuirks.applies(.streetInResidenceElement, jurisdiction: "OR", country: "USA", version: 1))
        XCTAssertFalse(CardQuirks.applies(.streetInResidenceElement, jurisdiction: "OR", country: "USA", version: 2), "DAL is a v1 element")
        XCTAssertFalse(CardQuirks.applies(.streetInResidenceElement, jurisdiction: "NC", country: "USA", version: 1))
        XCTAssertTrue(CardQuirks.applies(.middleInitialInFirstName, jurisdiction: "WY", country: "USA", version: 4))
        XCTAssertFalse(CardQuirks.applies(.middleInitialInFirstName, jurisdiction: "WY", country: "USA", version: 3), "no DAC before v4")
        XCTAssertFalse(CardQuirks.applies(.middleInitialInFirstName, jurisdiction: "NY", country: "USA", version: 4))
        XCTAssertEqual(CardQuirks.colourCodes(.eyes)["BN"], "BRO")
        XCTAssertEqual(CardQuirks.colourCodes(.hair)["BL"], "BLN")
        XCTAssertNil(CardQuirks.colourCodes(.eyes)["BL"], "eye BL stays as printed")
    }

    func testTheParserHonoursEachRow() throws {
        // a West Virginia v8 card with CCYYMMDD dates
        let wv = try AAMVAParser().parse(
            payload(version: 8, iin: "636061", [("DAQ", "E123"), ("DCS", "DOE"), ("DAC", "JANE"), ("DBB", "19850312"), ("DBA", "20300312"), ("DCG", "USA")]))
        XCTAssertEqual(wv.fields.birthDate, "1985-03-12")
        XCTAssertEqual(wv.fields.expiryDate, "2030-03-12")
        // Colorado v1: FIRST,MIDDLE,LAST
        let co = try AAMVAParser().parse(payload(version: 1, iin: "636020", [("DAQ", "1"), ("DAA", "JACK,Q,JOHNSON"), ("DBB", "19700101")]))
        XCTAssertEqual([co.fields.firstName, co.fields.middleName, co.fields.lastName], ["JACK", "Q", "JOHNSON"])
        // a v1 card with the address only in the residence elements
        let nc = try AAMVAParser().parse(
            payload(
                version: 1, iin: "636004",
                [("DAQ", "1"), ("DAA", "DOE,JOHN"), ("DAL", "1 MAIN ST"), ("DAN", "RALEIGH"), ("DAO", "NC"), ("DAP", "27601"), ("DAY", "BN"), ("DAZ", "BL")]))
        XCTAssertEqual([nc.fields.street, nc.fields.city, nc.fields.state, nc.fields.postalCode], ["1 MAIN ST", "RALEIGH", "NC", "27601"])
        XCTAssertEqual(nc.fields.eyeColor, "BRO")
        XCTAssertEqual(nc.fields.hairColor, "BLN")
    }

    /// A Wyoming v4 card writes the first name and the middle initial in `DAC` and no `DAD`
    /// (c0shea/IdParser, FirstNameParser: "Jurisdictions like Wyoming put the middle initial
    /// in the first name field").  Personal data made up.
    static func wyomingCard(dac: String, dad: String? = nil) -> [UInt8] {
        var elements: [(String, String)] = [
            ("DCA", "C"), ("DCB", "NONE"), ("DCD", "NONE"), ("DBA", "20300219"), ("DCS", "SAMPLE"), ("DAC", dac),
        ]
        if let dad { elements.append(("DAD", dad)) }
        elements += [
            ("DBD", "20220219"), ("DBB", "19800219"), ("DBC", "1"), ("DAY", "BRO"), ("DAU", "070 in"), ("DAG", "1 SAMPLE ST"),
            ("DAI", "CHEYENNE"), ("DAJ", "WY"), ("DAK", "820010000  "), ("DAQ", "000000-001"), ("DCF", "SAMPLE0001"), ("DCG", "USA"),
            ("DDE", "N"), ("DDF", "N"), ("DDG", "N"),
        ]
        return AAMVABuilder(
            version: 4, iin: "636060", subfiles: [AAMVASubfile(type: "DL", elements: elements.map { AAMVAElement(id: $0.0, value: $0.1) })]
        ).build()
    }

    func testWyomingMiddleInitialInFirstName() throws {
        try check([
            CorpusCase(
                name: "wy_v4_dac_first_name_and_middle_initial_no_dad", bytes: Self.wyomingCard(dac: "MOTORIST E"),
                expected: [
                    "aamva_version": 4, "jurisdiction": "WY", "first_name": "MOTORIST", "middle_name": "E", "last_name": "SAMPLE",
                    "dob": "1980-02-19", "expiry_date": "2030-02-19", "document_number": "000000-001", "street": "1 SAMPLE ST",
                    "city": "CHEYENNE", "postal_code": "82001",
                ],
                elements: ["DAC": "MOTORIST E"]),
            // a second word longer than one letter is part of the first name (as MARY ANN)
            CorpusCase(
                name: "wy_v4_dac_two_word_first_name", bytes: Self.wyomingCard(dac: "MARY ANN"),
                expected: ["first_name": "MARY ANN", "middle_name": NSNull()]),
            // with a middle name in DAD, DAC is the first name whole
            CorpusCase(
                name: "wy_v4_dac_with_dad", bytes: Self.wyomingCard(dac: "MOTORIST E", dad: "LEE"),
                expected: ["first_name": "MOTORIST E", "middle_name": "LEE"]),
        ])
    }

    func testTheGeneratorPrintsEachRowAndTheParserUndoesIt() throws {
        var generator = AAMVAGenerator(seed: 9)
        var seen = Set<String>()
        for i in 0..<4_000 {
            let g = generator.next()
            let text = String(decoding: g.payload, as: UTF8.self)
            let r = try AAMVAParser().parse(g.payload)
            XCTAssertEqual(r.fields, g.expected, "payload \(i) v\(g.version)")
            let elements = Dictionary(r.subfiles.flatMap(\.elements).map { ($0.id, $0.value) }, uniquingKeysWith: { a, _ in a })
            if g.version >= 4, ["WV", "WY"].contains(g.expected.jurisdiction),
                elements["DBB"]?.hasPrefix(String(g.expected.birthDate?.prefix(4) ?? "-")) == true
            {
                seen.insert("year-first US v4+")
            }
            if g.version == 1, ["CO", "TN"].contains(g.expected.jurisdiction), let first = g.expected.firstName, elements["DAA"]?.hasPrefix(first + ",") == true
            {
                seen.insert("given names first")
            }
            if text.contains("DAL") { seen.insert(elements["DAI"]?.isEmpty == false ? "street in residence element" : "residence address") }
            if let middle = g.expected.middleName, elements["DAC"] == (g.expected.firstName ?? "") + " " + middle { seen.insert("middle initial in DAC") }
            if let eye = elements["DAY"], eye != g.expected.eyeColor { seen.insert("eye spelling") }
            if let hair = elements["DAZ"], hair != g.expected.hairColor { seen.insert("hair spelling") }
        }
        XCTAssertEqual(
            seen,
            [
                "year-first US v4+", "given names first", "residence address", "street in residence element", "middle initial in DAC", "eye spelling",
                "hair spelling",
            ])
    }
}
