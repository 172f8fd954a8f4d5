import Foundation
import XCTest

@testable import AAMVA

/// Deviations from the AAMVA standard that real cards print (two-letter colour spellings,
/// a two-word first name, v1 addresses and split names, feet-and-inches heights, control
/// characters), as corpus-style cases: each payload is laid out as the standard says
/// (header, directory, subfiles; ../shared/aamva/STANDARD_NOTES.md §2) with one such
/// deviation, and the fields the standard gives for it.  Checked with the corpus
/// comparator, so the keys are those of ../shared/corpus/README.md.
final class RealCardDeviationsTests: XCTestCase {
    typealias Case = CorpusCase

    /// D-20 eye and hair codes are three letters; some states print two-letter forms.
    func testTwoLetterColourSpellingsMapToD20Codes() throws {
        try check([
            // West Virginia writes brown eyes as BN (c0shea/IdParser issue #21); BK is black
            Case(
                name: "wv_v8_eye_BN_hair_BK",
                payload:
                    "@\n\u{1E}\rANSI 636061080101DL00310231DLDAQF255-921-50-094-0\nDCSMOTORIST\nDDEN\nDACMICHAEL\nDDFN\nDADALAN\nDDGN\nDCAE\nDCBNONE\nDCDNONE\nDBD07152016\nDBB07151980\nDBA07152024\nDBC1\nDAU070 in\nDAYBN\nDAZBK\nDAG100 CAPITOL ST\nDAICHARLESTON\nDAJWV\nDAK253010000  \nDCFWV0123456\nDCGUSA\nDDAF\r",
                expected: [
                    "jurisdiction": "WV", "aamva_version": 8, "document_number": "F255-921-50-094-0",
                    "first_name": "MICHAEL", "middle_name": "ALAN", "last_name": "MOTORIST", "dob": "1980-07-15",
                    "eye_color": "BRO", "hair_color": "BLK", "height_in": 70,
                ]),
            // Arizona writes brown as BR, for eyes and hair
            Case(
                name: "az_v1_eye_BR_hair_BR",
                payload:
                    "@\n\u{1E}\rANSI 6360260101DL00290158DLDAQD08954796\nDAASAMPLE,JELANI,K\nDAG1200 W WASHINGTON ST\nDAIPHOENIX\nDAJAZ\nDAK85007\nDARD\nDAS\nDAT\nDBA20300220\nDBB19800220\nDBC1\nDBD20100220\nDAU510\nDAYBR \nDAZBR\r",
                expected: [
                    "jurisdiction": "AZ", "first_name": "JELANI", "middle_name": "K", "last_name": "SAMPLE",
                    "height_in": 70, "eye_color": "BRO", "hair_color": "BRO",
                ]),
            // hair BL is blond (the hair table has no blue; black is BK); eye BL is not
            // asserted: ../shared/corpus keeps it as printed
            Case(
                name: "me_v1_hair_BL",
                payload:
                    "@\n\u{1E}\rANSI 6360410101DL00290144DLDAQA1234567\nDAADOE,JANE,ELLEN\nDAG12 ELM ST\nDAIBANGOR\nDAJME\nDAK04401\nDARC\nDAS\nDAT\nDBA20280512\nDBB19900512\nDBC2\nDBD20200512\nDAU504\nDAYBL \nDAZBL\r",
                expected: [
                    "jurisdiction": "ME", "first_name": "JANE", "last_name": "DOE", "sex": "F",
                    "hair_color": "BLN",
                ]),
        ])
    }

    /// v4+ `DAC` is the first name whole; only v2/v3 `DCT` holds first and middle together.
    func testTwoWordFirstNameWithoutMiddleNameStaysWhole() throws {
        try check([
            Case(
                name: "ca_v9_dac_two_words_no_dad",
                payload:
                    "@\n\u{1E}\rANSI 636014090001DL00310230DLDAQS12345678\nDCSPUBLIC\nDDEN\nDACMARY ANN\nDDFN\nDDGN\nDCAC\nDCBNONE\nDCDNONE\nDBD03012021\nDBB03011985\nDBA03012029\nDBC2\nDAU064 in\nDAYHAZ\nDAZBRO\nDAG1 CAPITOL MALL\nDAISACRAMENTO\nDAJCA\nDAK958140000  \nDCF00/00/0000NNNAN/ANFD/YY\nDCGUSA\nDDAF\r",
                expected: ["aamva_version": 9, "first_name": "MARY ANN", "middle_name": NSNull(), "last_name": "PUBLIC"]),
            Case(
                name: "ny_v4_dac_two_words_empty_dad",
                payload:
                    "@\n\u{1E}\rANSI 636001040101DL00310201DLDAQ123456789\nDCSPUBLIC\nDDEN\nDACMARY ANN\nDDFN\nDAD\nDDGN\nDCAD\nDCBNONE\nDCDNONE\nDBD06012012\nDBB06011975\nDBA06012020\nDBC2\nDAU065 in\nDAYBLU\nDAG1 STATE ST\nDAIALBANY\nDAJNY\nDAK122070000  \nDCFABCDEF1234\nDCGUSA\r",
                expected: ["aamva_version": 4, "first_name": "MARY ANN", "middle_name": NSNull(), "last_name": "PUBLIC"]),
            Case(
                name: "wi_v3_dct_splits_first_and_middle",
                payload:
                    "@\n\u{1E}\rANSI 636031030001DL00310207DLDAQ12345678\nDCSPUBLIC\nDCTMARY ANN\nDCU\nDCAC\nDCBNONE\nDCDNONE\nDBD01152008\nDBB01151970\nDBA01152014\nDBC2\nDAU064 in\nDAYBRO\nDAG4802 SHEBOYGAN AVE\nDAIMADISON\nDAJWI\nDAK537050000  \nDCFOTDKAB1234\nDCGUSA\nDCHNONE\nDCE3\r",
                expected: [
                    "aamva_version": 3, "given_names": "MARY ANN", "first_name": "MARY", "middle_name": "ANN",
                    "last_name": "PUBLIC",
                ]),
        ])
    }

    /// v1 mailing address elements left empty, the address in the residence elements DAL–DAP
    /// (STANDARD_NOTES §7.14, NC v1).
    func testVersionOneAddressFromResidenceElements() throws {
        try check([
            Case(
                name: "nc_v1_address_in_residence_elements",
                payload: Self.residencePayload,
                expected: [
                    "aamva_version": 1, "jurisdiction": "NC", "first_name": "JOHN", "middle_name": "HENRY",
                    "last_name": "WILLIAMS", "street": "1100 NEW BERN AVE", "street2": NSNull(), "city": "RALEIGH",
                    "state": "NC", "postal_code_raw": "276011234", "postal_code": "27601", "height_in": 71,
                ])
        ])
        XCTAssertEqual(try AAMVAParser().parse(Self.residencePayload).fields.postalCode, "27601-1234")
    }

    static let residencePayload =
        "@\n\u{1E}\rAAMVA6360040101DL00290169DLDAQ000012345678\nDAAWILLIAMS,JOHN,HENRY\nDAG\nDAI\nDAJ\nDAK\nDAL1100 NEW BERN AVE\nDANRALEIGH\nDAONC\nDAP276011234\nDARC\nDAS\nDAT\nDBA20300101\nDBB19750101\nDBCM\nDBD20220101\nDAU511\r"

    /// v1 names split over DAB/DAC/DAD/DAE, and the height in DAV as feet-inches:
    /// 5 ft 6 in = 66 in = 167.64 cm, 168 as a whole number.
    func testVersionOneSplitNamesAndFeetInchesInDAV() throws {
        try check([
            Case(
                name: "nc_v1_split_names_height_feet_inches_in_DAV",
                payload:
                    "@\n\u{1E}\rAAMVA6360040101DL00290162DLDAQ000087654321\nDABWILLIAMS\nDACJOHN\nDADHENRY\nDAEJR\nDAG1100 NEW BERN AVE\nDAIRALEIGH\nDAJNC\nDAK27601\nDARC\nDAS\nDAT\nDBA20300101\nDBB19750101\nDBCM\nDBD20220101\nDAV5-06\r",
                expected: [
                    "aamva_version": 1, "last_name": "WILLIAMS", "first_name": "JOHN", "middle_name": "HENRY",
                    "suffix": "JR", "dob": "1975-01-01", "expiry_date": "2030-01-01", "sex": "M",
                    "height_in": 66, "height_cm": 168, "street": "1100 NEW BERN AVE", "city": "RALEIGH",
                ])
        ])
    }

    /// A payload cut short by NULs leaves too few separators to split on them; the line feed
    /// that ended the last element is not part of its value, nor is any control character.
    func testControlCharactersNeverEndUpInValues() throws {
        let nuls = String(repeating: "\u{0}", count: 24)
        let annex = "@\n\u{1E}\rANSI 636000100102DL00410278ZV03190008DLDAQT64235789\n"
        try check([
            Case(
                name: "va_v10_cut_by_NUL_after_DAQ", payload: annex + nuls,
                expected: ["jurisdiction": "VA", "document_number": "T64235789"], elements: ["DAQ": "T64235789"]),
            Case(
                name: "va_v10_cut_by_NUL_after_DCS", payload: annex + "DCSSAMPLE\n" + nuls,
                expected: ["document_number": "T64235789", "last_name": "SAMPLE"],
                elements: ["DAQ": "T64235789", "DCS": "SAMPLE"]),
            Case(
                name: "va_v10_control_characters_in_values",
                payload:
                    "@\n\u{1E}\rANSI 636000100102DL00410278ZV03190008DLDAQT64235789\nDCSSAMPLE\nDDEN\nDACMICHAEL\u{1D}\nDDFN\nDADJOHN\nDDGN\nDCUJR\nDCAD\nDCBK\nDCDPH\nDBD06062019\nDBB06061986\nDBA12102024\nDBC1\nDAU068 in\nDAYBRO\nDAG2300 WEST BROAD STREET\nDAIRICHMOND\u{7}\nDAJVA\nDAK232690000  \nDCF2424244747474786102204\nDCGUSA\nDCK123456789\nDDAF\nDDB06062018\nDDC06062020\nDDD1\rZVZVA01\r",
                expected: ["first_name": "MICHAEL", "middle_name": "JOHN", "city": "RICHMOND", "state": "VA"],
                elements: ["DAC": "MICHAEL", "DAI": "RICHMOND"]),
        ])
    }
}
