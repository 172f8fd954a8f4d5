import Foundation
import XCTest

@testable import AAMVA

/// Payloads whose separators the capture path dropped (../shared/aamva/STANDARD_NOTES.md
/// §7.1–7.2): written with `AAMVABuilder` as the card holds them, then stripped.
final class LostSeparatorsTests: XCTestCase {
    /// An Oregon DL/ID-2000 (v1) card as one published sample shows it: `DAG` printed empty,
    /// the street in the residence element `DAL`, city, state and ZIP in the mailing
    /// elements, fixed-length fields (`DAK`, `DAR`, `DAS`, `DAT`) padded with spaces, and a
    /// `ZO` subfile.  Personal data made up.
    static let oregonCard = AAMVABuilder(
        version: 1, iin: "636029",
        subfiles: [
            AAMVASubfile(
                type: "DL",
                elements: [
                    ("DAQ", "X1234567"), ("DAA", "SAMPLE, MOTORIST Q"), ("DAG", ""), ("DAL", "1 SAMPLE ST"), ("DAI", "PORTLAND"),
                    ("DAJ", "OR"), ("DAK", "97201      "), ("DAR", "C   "), ("DAS", "B         "), ("DAT", "M    "), ("DAU", "510"),
                    ("DAW", "180"), ("DBA", "20300219"), ("DBB", "19800219"), ("DBC", "1"), ("DBD", "20220219"),
                ].map { AAMVAElement(id: $0.0, value: $0.1) }),
            AAMVASubfile(type: "ZO", elements: [AAMVAElement(id: "ZOA", value: "01")]),
        ]
    ).build()

    static var oregonExpected: [String: Any] {
        [
            "iin": "636029", "aamva_version": 1, "jurisdiction": "OR", "document_type": "DL", "document_number": "X1234567",
            "first_name": "MOTORIST", "middle_name": "Q", "last_name": "SAMPLE", "dob": "1980-02-19", "issue_date": "2022-02-19",
            "expiry_date": "2030-02-19", "sex": "M", "street": "1 SAMPLE ST", "city": "PORTLAND", "state": "OR",
            "postal_code": "97201", "height_in": 70, "weight_lb": 180,
        ]
    }

    /// The segment terminators (CR) lost, in the header and after each subfile: elements
    /// still end at line feeds, the last of the DL subfile runs into the `ZO` subfile.
    func testOregonCardWithoutSegmentTerminators() throws {
        let payload = Self.oregonCard.filter { $0 != PayloadScanner.cr }
        try check([CorpusCase(name: "or_v1_segment_terminators_lost", bytes: payload, expected: Self.oregonExpected)])
    }

    /// Every separator lost, the header reduced to `@ANSI `: the spaces that pad fixed-length
    /// fields ("97201      DAR") stand before element IDs, as spaces that replaced the
    /// separators would, but are no separators.
    func testOregonCardWithoutAnySeparator() throws {
        let payload = Self.oregonCard.filter { !ElementScan.separators.contains($0) }
        XCTAssertTrue(payload.starts(with: Array("@ANSI 636029".utf8)))
        try check([CorpusCase(name: "or_v1_no_separators", bytes: payload, expected: Self.oregonExpected)])
    }
}
