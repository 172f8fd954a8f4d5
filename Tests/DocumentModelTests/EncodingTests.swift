import Foundation
import MRZ
import XCTest

@testable import DocumentModel

final class EncodingTests: XCTestCase {
    func json(_ doc: IdentityDocument) throws -> [String: Any] {
        let data = try JSONEncoder().encode(doc)
        return try XCTUnwrap(JSONSerialization.jsonObject(with: data) as? [String: Any])
    }

    /// The keys of ../shared/CONTRACT.md's Document, every one present even when null.
    func testDocumentHasEveryContractKey() throws {
        let r = try MRZParser(today: SimpleDate(year: 2026, month: 1, day: 1)).parse(
            "P<UTOERIKSSON<<ANNA<MARIA<<<<<<<<<<<<<<<<<<<\nL898902C36UTO7408122F1204159ZE184226B<<<<<10")
        let object = try json(IdentityDocument(mrz: r, source: .text))
        for key in ["kind", "source", "valid", "fields", "checks", "mrz", "aamva", "barcode"] {
            XCTAssertTrue(object.keys.contains(key), key)
        }
        let fields = try XCTUnwrap(object["fields"] as? [String: Any])
        let contractFields = [
            "documentCode", "documentNumber", "issuingCountry", "issuingJurisdiction", "surname", "givenNames",
            "middleNames", "nameSuffix", "nationality", "birthDate", "sex", "issueDate", "expiryDate",
            "optionalData", "address", "heightCm", "weightKg", "eyeColor", "hairColor", "vehicleClass",
            "restrictions", "endorsements",
        ]
        XCTAssertEqual(Set(fields.keys), Set(contractFields))
        XCTAssertTrue(fields["middleNames"] is NSNull)
        XCTAssertTrue(object["aamva"] is NSNull)
        XCTAssertEqual(object["kind"] as? String, "passport")
        XCTAssertEqual(object["source"] as? String, "text")
        XCTAssertEqual(object["valid"] as? Bool, true)
        XCTAssertEqual(fields["birthDate"] as? String, "1974-08-12")
        XCTAssertEqual(fields["givenNames"] as? String, "ANNA MARIA")
        let checks = try XCTUnwrap(object["checks"] as? [[String: Any]])
        XCTAssertEqual(checks.map { $0["name"] as? String }, ["documentNumber", "birthDate", "expiryDate", "optionalData", "composite"])
        let mrz = try XCTUnwrap(object["mrz"] as? [String: Any])
        XCTAssertEqual(mrz["format"] as? String, "TD3")
        XCTAssertEqual((mrz["nfc"] as? [String: Any])?["mrzInformation"] as? String, "L898902C3674081221204159")
    }

    func testValidFollowsChecks() throws {
        let r = try MRZParser().parse("P<UTOERIKSSON<<ANNA<MARIA<<<<<<<<<<<<<<<<<<<\nL898902C37UTO7408122F1204159ZE184226B<<<<<10")
        let doc = IdentityDocument(mrz: r, source: .mrz)
        XCTAssertFalse(doc.valid)
        XCTAssertEqual(try json(doc)["valid"] as? Bool, false)
    }

    func testRoundTrip() throws {
        let r = try MRZParser().parse("I<UTOD231458907<<<<<<<<<<<<<<<\n7408122F1204159UTO<<<<<<<<<<<6\nERIKSSON<<ANNA<MARIA<<<<<<<<<<")
        let doc = IdentityDocument(mrz: r, source: .text)
        let back = try JSONDecoder().decode(IdentityDocument.self, from: JSONEncoder().encode(doc))
        XCTAssertEqual(back, doc)
    }

    func testKinds() throws {
        let cases: [(String, DocumentKind)] = [
            ("P<UTOERIKSSON<<ANNA<MARIA<<<<<<<<<<<<<<<<<<<\nL898902C36UTO7408122F1204159ZE184226B<<<<<10", .passport),
            ("V<UTOERIKSSON<<ANNA<MARIA<<<<<<<<<<<\nL8988901C4XXX4009078F9612109<<<<<<<<", .visa),
            ("I<UTOD231458907<<<<<<<<<<<<<<<\n7408122F1204159UTO<<<<<<<<<<<6\nERIKSSON<<ANNA<MARIA<<<<<<<<<<", .identityCard),
            ("IRUTOD231458907<<<<<<<<<<<<<<<\n7408122F1204159UTO<<<<<<<<<<<6\nERIKSSON<<ANNA<MARIA<<<<<<<<<<", .residencePermit),
            ("AAA001D<<\nFACHE305142128097<<800126<<<<<\nMARCHAND<<FABIENNE<<<<<<<<<<<<", .driverLicense),
        ]
        for (text, kind) in cases {
            XCTAssertEqual(IdentityDocument(mrz: try MRZParser().parse(text), source: .text).kind, kind, text)
        }
    }
}
