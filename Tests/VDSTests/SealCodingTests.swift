import Foundation
import XCTest

@testable import VDS

/// C40, the three-byte dates and RFC 8785's canonical JSON, against the standards' examples.
final class SealCodingTests: XCTestCase {
    func testC40() {
        // the country of ../shared/corpus/vds/ts-meldebescheinigung.bin, bytes 2-3
        XCTAssertEqual(C40.decode([0x6A, 0xBC], spaceAs: "<"), "D<<")
        XCTAssertEqual(C40.decode([0xFE, 0x42]), "A", "0xFE then ASCII + 1")
        XCTAssertNil(C40.decode([0x6D]), "C40 comes in pairs")
        XCTAssertEqual(C40.decode([0xFA, 0x00]), "ZZZ", "63999, the largest value")
        XCTAssertNil(C40.decode([0xFA, 0x02]), "values from 64000 are no C40")
        for text in ["UTTS5B", "T2000AK47", "05314000", "AB"] {
            XCTAssertEqual(C40.decode(C40.encode(text)), text)
        }
    }

    func testDates() {
        // STANDARD_NOTES: 0x2FF189 = 3142025 → 2025-03-14; 0x0F7134 → 2020-01-01
        XCTAssertEqual(SealDate(sealBytes: [0x2F, 0xF1, 0x89])?.description, "2025-03-14")
        XCTAssertEqual(SealDate(sealBytes: [0x0F, 0x71, 0x34])?.description, "2020-01-01")
        XCTAssertEqual(SealDate(year: 2025, month: 3, day: 14).sealBytes, [0x2F, 0xF1, 0x89])
        XCTAssertNil(SealDate(sealBytes: [0, 0, 0]))
        XCTAssertNil(SealDate(sealBytes: [0xFF, 0xFF, 0xFF]))
    }

    func testCanonicalNumbersAsRFC8785() {
        // RFC 8785 appendix B and §3.2.2.3
        let cases: [(Double, String)] = [
            (0, "0"), (-0.0, "0"), (1e21, "1e+21"), (1e-7, "1e-7"), (0.000001, "0.000001"), (4.50, "4.5"), (2e-3, "0.002"),
            (123456789012345680000, "123456789012345680000"), (5e-324, "5e-324"), (1.7976931348623157e308, "1.7976931348623157e+308"),
            (-1.5, "-1.5"), (333333333.33333329, "333333333.3333333"), (1e23, "1e+23"), (100, "100"),
        ]
        for (number, text) in cases { XCTAssertEqual(CanonicalJSON.ecmaScript(number), text, "\(number)") }
    }

    func testCanonicalObject() throws {
        let value = try XCTUnwrap(JSONReader.read(Array(#"{ "b": [1, "é\n"], "a": {"€": 1, "\r": true}, "c": null }"#.utf8)))
        XCTAssertEqual(String(decoding: CanonicalJSON.bytes(value), as: UTF8.self), #"{"a":{"\r":true,"€":1},"b":[1,"é\n"],"c":null}"#)
    }

    func testSealJSONRoundTrips() throws {
        let (bytes, _) = try CorpusSealTests.load("li-visa")
        let seal = try VisibleDigitalSeal.parse(bytes)
        let json = try JSONEncoder().encode(seal)
        XCTAssertEqual(try JSONDecoder().decode(VisibleDigitalSeal.self, from: json), seal)
        let text = String(decoding: json, as: UTF8.self)
        XCTAssertTrue(text.contains(#""type":"durationOfStay""#), text)
        XCTAssertTrue(text.contains(#""base64":"qg==""#), "VISA_TYPE 0xAA as base64")
    }
}

extension SealCodingTests {
    func testVDSNCJSONRoundTripsAndStillVerifies() throws {
        let (bytes, _) = try CorpusSealTests.load("kds-vdsnc-proof-of-test")
        let seal = try NonConstrainedSeal.parse(String(decoding: bytes, as: UTF8.self))
        let decoded = try JSONDecoder().decode(NonConstrainedSeal.self, from: try JSONEncoder().encode(seal))
        XCTAssertEqual(decoded, seal)
        XCTAssertEqual(SealVerifier(certificates: []).verify(decoded).status, .verified)
    }
}
