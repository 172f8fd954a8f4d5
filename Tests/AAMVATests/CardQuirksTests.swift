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
            if text.contains("DAL") { seen.insert("residence address") }
            if let eye = elements["DAY"], eye != g.expected.eyeColor { seen.insert("eye spelling") }
            if let hair = elements["DAZ"], hair != g.expected.hairColor { seen.insert("hair spelling") }
        }
        XCTAssertEqual(seen, ["year-first US v4+", "given names first", "residence address", "eye spelling", "hair spelling"])
    }
}
