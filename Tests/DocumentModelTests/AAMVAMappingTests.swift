import AAMVA
import Foundation
import XCTest

@testable import DocumentModel

/// The contract's fields for licences whose values sit where issue 19 found them.
final class AAMVAMappingTests: XCTestCase {
    /// v1 (NC): mailing address elements empty, the address in DAL/DAN/DAO/DAP.
    func testAddressFromResidenceElements() throws {
        let payload =
            "@\n\u{1E}\rAAMVA6360040101DL00290169DLDAQ000012345678\nDAAWILLIAMS,JOHN,HENRY\nDAG\nDAI\nDAJ\nDAK\nDAL1100 NEW BERN AVE\nDANRALEIGH\nDAONC\nDAP276011234\nDARC\nDAS\nDAT\nDBA20300101\nDBB19750101\nDBCM\nDBD20220101\nDAU511\r"
        let doc = IdentityDocument(aamva: try AAMVAParser().parse(payload), source: .text)
        XCTAssertEqual(
            doc.fields.address,
            Address(
                street: "1100 NEW BERN AVE", street2: nil, city: "RALEIGH", region: "NC",
                postalCode: "27601-1234", country: "USA"))
        XCTAssertEqual(doc.fields.issuingJurisdiction, "NC")
        XCTAssertEqual(doc.fields.surname, "WILLIAMS")
        XCTAssertEqual(doc.fields.givenNames, "JOHN")
        XCTAssertEqual(doc.fields.middleNames, "HENRY")
        // 5 ft 11 in = 71 in = 180.34 cm
        XCTAssertEqual(doc.fields.heightCm, 180)
    }

    /// v1 names in DAB/DAC/DAD/DAE, height 5 ft 6 in in DAV: 66 in = 167.64 cm → 168.
    func testVersionOneSplitNamesAndDAVHeight() throws {
        let payload =
            "@\n\u{1E}\rAAMVA6360040101DL00290162DLDAQ000087654321\nDABWILLIAMS\nDACJOHN\nDADHENRY\nDAEJR\nDAG1100 NEW BERN AVE\nDAIRALEIGH\nDAJNC\nDAK27601\nDARC\nDAS\nDAT\nDBA20300101\nDBB19750101\nDBCM\nDBD20220101\nDAV5-06\r"
        let doc = IdentityDocument(aamva: try AAMVAParser().parse(payload), source: .text)
        XCTAssertEqual(
            [doc.fields.surname, doc.fields.givenNames, doc.fields.middleNames, doc.fields.nameSuffix],
            ["WILLIAMS", "JOHN", "HENRY", "JR"])
        XCTAssertEqual(doc.fields.heightCm, 168)
    }

    /// v9 `DAC` of two words and no `DAD`: `givenNames` is both words, `middleNames` null.
    func testTwoWordFirstName() throws {
        let payload =
            "@\n\u{1E}\rANSI 636014090001DL00310230DLDAQS12345678\nDCSPUBLIC\nDDEN\nDACMARY ANN\nDDFN\nDDGN\nDCAC\nDCBNONE\nDCDNONE\nDBD03012021\nDBB03011985\nDBA03012029\nDBC2\nDAU064 in\nDAYBN\nDAZBK\nDAG1 CAPITOL MALL\nDAISACRAMENTO\nDAJCA\nDAK958140000  \nDCF00/00/0000NNNAN/ANFD/YY\nDCGUSA\nDDAF\r"
        let doc = IdentityDocument(aamva: try AAMVAParser().parse(payload), source: .text)
        XCTAssertEqual(doc.fields.givenNames, "MARY ANN")
        XCTAssertNil(doc.fields.middleNames)
        XCTAssertEqual(doc.fields.eyeColor, "BRO")
        XCTAssertEqual(doc.fields.hairColor, "BLK")
    }

    /// A payload cut short by NULs: the JSON carries no control character, in the fields or
    /// in `aamva.elements`.
    func testNoControlCharactersInTheJSON() throws {
        let payload = "@\n\u{1E}\rANSI 636000100102DL00410278ZV03190008DLDAQT64235789\nDCSSAMPLE\n" + String(repeating: "\u{0}", count: 24)
        let doc = IdentityDocument(aamva: try AAMVAParser().parse(payload), source: .text)
        XCTAssertEqual(doc.fields.documentNumber, "T64235789")
        XCTAssertEqual(doc.fields.surname, "SAMPLE")
        XCTAssertEqual(doc.aamva?.elements["DAQ"], "T64235789")
        var document = doc
        document.barcode = nil  // the raw payload keeps its control characters by contract
        let json = String(decoding: try JSONEncoder().encode(document), as: UTF8.self)
        XCTAssertFalse(json.contains("\\n") || json.contains("\\u0000") || json.contains("\\r"), "escaped control character in the JSON")
    }
}
