import Foundation
import XCTest

@testable import AAMVA

final class ParserTests: XCTestCase {
    /// AAMVA 2020 CDS annex D example (../shared/corpus/aamva/aamva2020_annexD_example_v10).
    let annex =
        "@\n\u{1E}\rANSI 636000100102DL00410278ZV03190008DLDAQT64235789\nDCSSAMPLE\nDDEN\nDACMICHAEL\nDDFN\nDADJOHN\nDDGN\nDCUJR\nDCAD\nDCBK\nDCDPH\nDBD06062019\nDBB06061986\nDBA12102024\nDBC1\nDAU068 in\nDAYBRO\nDAG2300 WEST BROAD STREET\nDAIRICHMOND\nDAJVA\nDAK232690000  \nDCF2424244747474786102204\nDCGUSA\nDCK123456789\nDDAF\nDDB06062018\nDDC06062020\nDDD1\rZVZVA01\r"

    func testAnnexExampleIsValidWithEveryCheck() throws {
        let r = try AAMVAParser().parse(annex)
        XCTAssertEqual(r.checks.map(\.name), ["header", "iin", "subfileDirectory", "mandatoryElements", "dates"])
        XCTAssertTrue(r.isValid, "\(r.checks) \(r.warnings)")
        XCTAssertEqual(r.header.version, 10)
        XCTAssertEqual(r.header.jurisdictionVersion, 1)
        XCTAssertEqual(r.header.designators, [SubfileDesignator(type: "DL", offset: 41, length: 278), SubfileDesignator(type: "ZV", offset: 319, length: 8)])
        XCTAssertEqual(r.subfiles.map(\.type), ["DL", "ZV"])
        XCTAssertEqual(r.value("ZVA"), "01")
        XCTAssertEqual(r.fields.postalCode, "23269")
        XCTAssertEqual(r.fields.heightCm, 173)
        XCTAssertEqual(r.fields.complianceType, "F")
    }

    func testErrors() {
        XCTAssertThrowsError(try AAMVAParser().parse("")) { XCTAssertEqual($0 as? AAMVAError, .empty) }
        XCTAssertThrowsError(try AAMVAParser().parse(" \r\n")) { XCTAssertEqual($0 as? AAMVAError, .empty) }
        XCTAssertThrowsError(try AAMVAParser().parse("%BCVICTORIA^SMITH,$JOHN^1234 MAIN ST$?")) { XCTAssertEqual($0 as? AAMVAError, .notAAMVA) }
        XCTAssertThrowsError(try AAMVAParser().parse([UInt8](repeating: 0x41, count: 1 << 20))) {
            XCTAssertEqual($0 as? AAMVAError, .tooLarge(bytes: 1 << 20))
        }
        for e in [AAMVAError.empty, .notAAMVA, .tooLarge(bytes: 9)] { XCTAssertTrue(e.description.hasSuffix(".")) }
    }

    func testTruncatedPayloadGivesPartialResultWithFailedCheck() throws {
        let cut = String(annex.prefix(200))
        let r = try AAMVAParser().parse(cut)
        XCTAssertFalse(r.isValid)
        XCTAssertFalse(r.checks.first { $0.name == "subfileDirectory" }!.valid)
        XCTAssertEqual(r.fields.lastName, "SAMPLE")
        XCTAssertTrue(r.warnings.contains { $0.contains("shorter than its directory declares") })
    }

    func testNULBytesAndC1NoiseAreIgnored() throws {
        var bytes = Array(annex.utf8)
        bytes.insert(0, at: 50)
        bytes.insert(0x85, at: 80)
        let r = try AAMVAParser().parse(bytes)
        XCTAssertEqual(r.fields.firstName, "MICHAEL")
    }

    func testDates() {
        XCTAssertEqual(ValueDecoding.date("06062019", yearFirst: false), .ok("2019-06-06"))
        XCTAssertEqual(ValueDecoding.date("20190606", yearFirst: false), .ok("2019-06-06"), "falls back to the other order")
        XCTAssertEqual(ValueDecoding.date("19860606", yearFirst: true), .ok("1986-06-06"))
        XCTAssertEqual(ValueDecoding.date("06-06-2019", yearFirst: false), .ok("2019-06-06"))
        XCTAssertEqual(ValueDecoding.date("06062019M", yearFirst: false), .ok("2019-06-06"))
        XCTAssertEqual(ValueDecoding.date("00000000", yearFirst: false), .empty)
        XCTAssertEqual(ValueDecoding.date("11111112", yearFirst: false), .invalid)
        XCTAssertEqual(ValueDecoding.date("0229 2019", yearFirst: false), .invalid)
    }

    /// Found by fuzz/aamva_parse: an 18-digit height overflowed the conversion to centimetres.
    func testFuzzRegressionHugeHeight() throws {
        let crash = Data(
            base64Encoded:
                "QAoeDUFOU0kgNjM2MDE1MDMyREwPQ0EAAH+MCDAFuEIKRENCTFAKRENEUAojQkEwNApETwpEQVUgNzAwMDAwMDAwMDAwMDAwMDAwME51bWVyaWMwMDAwOTQ5NTYKAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAFpUQlfBCg=="
        )!
        let r = try AAMVAParser().parse(Array(crash))
        XCTAssertNil(r.fields.heightCm)
        XCTAssertNil(ValueDecoding.height(dau: "700000000000000000 IN", dav: nil, version: 3).cm)
        XCTAssertNil(ValueDecoding.height(dau: "999999999999999999", dav: nil, version: 3).inches)
        XCTAssertNil(ValueDecoding.height(dau: nil, dav: "9223372036854775807", version: 1).cm)
    }

    /// Found by fuzz/aamva_roundtrip: the generator wrote ZIP 00000-0000, which the parser
    /// (rightly) reads as no postal code, so the round trip disagreed.
    func testFuzzRegressionGeneratedZIPIsARealZIP() throws {
        var generator = AAMVAGenerator(seed: 0x4F70_7469_6541_6501)  // the crash input's first 8 bytes
        let g = generator.next()
        let r = try AAMVAParser().parse(g.payload)
        XCTAssertTrue(r.isValid)
        XCTAssertEqual(r.fields, g.expected)
        var many = AAMVAGenerator(seed: 1)
        for _ in 0..<20_000 {
            let zip = many.next().expected.postalCodeRaw ?? "K"  // Canadian codes start with a letter
            XCTAssertFalse(zip.prefix(5) == "00000", zip)
        }
    }

    func testHeights() {
        XCTAssertEqual(ValueDecoding.height(dau: "509", dav: nil, version: 1).inches, 69)
        XCTAssertEqual(ValueDecoding.height(dau: "068 in", dav: nil, version: 10).inches, 68)
        XCTAssertEqual(ValueDecoding.height(dau: " 70 IN", dav: nil, version: 3).inches, 70)
        XCTAssertEqual(ValueDecoding.height(dau: "175 cm", dav: nil, version: 9).cm, 175)
        XCTAssertEqual(ValueDecoding.height(dau: "5-06", dav: nil, version: 1).inches, 66)
        XCTAssertEqual(ValueDecoding.height(dau: nil, dav: "180", version: 1).cm, 180)
        XCTAssertEqual(ValueDecoding.height(dau: "72 IN", dav: nil, version: 4).cm, 183)
    }

    func testPostalCodes() {
        XCTAssertEqual(ValueDecoding.postalCode("232690000  "), "23269")
        XCTAssertEqual(ValueDecoding.postalCode("232691234"), "23269-1234")
        XCTAssertEqual(ValueDecoding.postalCode("0210800000"), "02108")
        XCTAssertEqual(ValueDecoding.postalCode("27601-1234"), "27601-1234")
        XCTAssertEqual(ValueDecoding.postalCode("L7N1B9"), "L7N 1B9")
        XCTAssertEqual(ValueDecoding.postalCode("l7n 1b9"), "L7N 1B9")
        XCTAssertNil(ValueDecoding.postalCode("NONE"))
    }

    func testSexAndColours() {
        XCTAssertEqual(ValueDecoding.sex("1"), "M")
        XCTAssertEqual(ValueDecoding.sex("F"), "F")
        XCTAssertEqual(ValueDecoding.sex("X"), "X")
        XCTAssertNil(ValueDecoding.sex("9"))
        XCTAssertEqual(ValueDecoding.colour("BROWN", of: .hair), "BRO")
        XCTAssertNil(ValueDecoding.colour("NONE", of: .eyes))
    }

    func testVersionOneNameOrders() {
        func names(_ daa: String, _ j: String) -> [String?] {
            let n = ValueDecoding.names({ $0 == "DAA" ? daa : nil }, version: 1, jurisdiction: j, country: "USA")
            return [n.first, n.middle, n.last, n.suffix]
        }
        XCTAssertEqual(names("PUBLIC,JOHN,Q", "VA"), ["JOHN", "Q", "PUBLIC", nil])
        XCTAssertEqual(names("JOHNSON,JACK,,3RD", "VA"), ["JACK", nil, "JOHNSON", "3RD"])
        XCTAssertEqual(names("JACK,Q,JOHNSON", "CO"), ["JACK", "Q", "JOHNSON", nil])
        XCTAssertEqual(names("JOHN ROBERT LEE SMITH", "PA"), ["JOHN", "ROBERT LEE", "SMITH", nil])
    }

    func testCatalogueKnowsMandatoryElementsPerVersion() {
        XCTAssertTrue(ElementCatalogue.mandatory(version: 1, subfile: "DL").contains("DAA"))
        XCTAssertTrue(ElementCatalogue.mandatory(version: 3, subfile: "DL").contains("DCT"))
        XCTAssertFalse(ElementCatalogue.mandatory(version: 4, subfile: "DL").contains("DCT"))
        XCTAssertTrue(ElementCatalogue.mandatory(version: 10, subfile: "DL").contains("DDE"))
        XCTAssertFalse(ElementCatalogue.mandatory(version: 10, subfile: "ID").contains("DCA"), "DL only")
        XCTAssertEqual(ElementCatalogue.definition("DDP")?.status(in: 11), .optional)
        XCTAssertEqual(ElementCatalogue.definition("DDP")?.status(in: 10), .undefined)
    }
}

extension ParserTests {
    func testTwoLetterColourSpellings() {
        for raw in ["BR", "BN", "BR ", "br"] { XCTAssertEqual(ValueDecoding.colour(raw, of: .eyes), "BRO", raw) }
        XCTAssertEqual(ValueDecoding.colour("BK", of: .eyes), "BLK")
        XCTAssertEqual(ValueDecoding.colour("BL", of: .hair), "BLN")
        XCTAssertEqual(ValueDecoding.colour("BK", of: .hair), "BLK")
        XCTAssertEqual(ValueDecoding.colour("BR", of: .hair), "BRO")
        XCTAssertEqual(ValueDecoding.colour("BN", of: .hair), "BRO")
        // three-letter codes stay as they are
        for code in ["BLK", "BLU", "BRO", "GRY", "GRN", "HAZ", "MAR", "PNK", "DIC", "UNK"] {
            XCTAssertEqual(ValueDecoding.colour(code, of: .eyes), code)
        }
        for code in ["BAL", "BLK", "BLN", "BRO", "GRY", "RED", "SDY", "WHI", "UNK"] {
            XCTAssertEqual(ValueDecoding.colour(code, of: .hair), code)
        }
    }

    func testHeightInDAVAsFeetAndInches() {
        // 5 ft 6 in = 66 in = 167.64 cm
        XCTAssertEqual(ValueDecoding.height(dau: nil, dav: "5-06", version: 1).inches, 66)
        XCTAssertEqual(ValueDecoding.height(dau: nil, dav: "5-06", version: 1).cm, 168)
        XCTAssertEqual(ValueDecoding.height(dau: "", dav: "5-06", version: 1).cm, 168)
        XCTAssertEqual(ValueDecoding.height(dau: nil, dav: "175", version: 1).cm, 175)
    }

    func testFirstNameOfTwoWordsWithoutMiddleName() {
        func names(_ values: [String: String], version: Int) -> [String?] {
            let n = ValueDecoding.names({ values[$0] }, version: version, jurisdiction: "CA", country: "USA")
            return [n.first, n.middle, n.last]
        }
        XCTAssertEqual(names(["DCS": "PUBLIC", "DAC": "MARY ANN"], version: 9), ["MARY ANN", nil, "PUBLIC"])
        XCTAssertEqual(names(["DCS": "PUBLIC", "DAC": "MARY ANN", "DAD": ""], version: 4), ["MARY ANN", nil, "PUBLIC"])
        XCTAssertEqual(names(["DCS": "PUBLIC", "DAC": "MARY ANN", "DAD": "NONE"], version: 10), ["MARY ANN", nil, "PUBLIC"])
        XCTAssertEqual(names(["DCS": "PUBLIC", "DCT": "MARY ANN"], version: 3), ["MARY", "ANN", "PUBLIC"])
        XCTAssertEqual(names(["DAB": "PUBLIC", "DAC": "MARY ANN", "DAD": "LOU"], version: 1), ["MARY ANN", "LOU", "PUBLIC"])
    }
}
