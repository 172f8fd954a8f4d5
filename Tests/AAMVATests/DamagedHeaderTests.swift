import Foundation
import XCTest

@testable import AAMVA

/// Headers that lost bytes (../shared/aamva/STANDARD_NOTES.md §2, §7.1, §7.5): the subfile
/// directory and the data after it must still be found where they are, not where the
/// header's declared layout puts them.
final class DamagedHeaderTests: XCTestCase {
    /// A North Carolina DL/ID-2000 (v1) card as one published sample shows it: header
    /// `@ LF LF AAMVA`, then `36004001` (the IIN lost its leading `6`, the entry count is
    /// gone), so the `DL` designator stands where the count should and its offset (0028)
    /// is two past the subfile.  Names in `DAB`/`DAC`/`DAD`, the address only in the
    /// residence elements `DAL`–`DAP`, dates `MM-DD-CCYY`.  Personal data made up.
    static let northCarolinaCard: String = {
        let subfile =
            "DLDABSAMPLE\nDACMOTORIST\nDADQ\nDAE\nDAL1 SAMPLE ST\nDAM\nDANRALEIGH\nDAONC\nDAP27601-1234\nDAQ000012345678\nDARC\nDASNONE\nDATNONE\nDAV5-10\nDAYBLU\nDAZBRO\nDBA06-19-2030\nDBB03-07-1980\nDBCM\nDBD06-19-2022\nDBHY\r"
        let length = String(subfile.utf8.count)
        return "@\n\nAAMVA36004001DL0028" + String(repeating: "0", count: 4 - length.count) + length + subfile
    }()

    func testNorthCarolinaHeaderWithoutEntryCount() throws {
        try check([
            CorpusCase(
                name: "nc_v1_header_lost_iin_digit_and_entry_count", payload: Self.northCarolinaCard,
                expected: [
                    "aamva_version": 1, "document_type": "DL", "document_number": "000012345678",
                    "first_name": "MOTORIST", "middle_name": "Q", "last_name": "SAMPLE", "suffix": NSNull(),
                    "dob": "1980-03-07", "issue_date": "2022-06-19", "expiry_date": "2030-06-19", "sex": "M",
                    "street": "1 SAMPLE ST", "street2": NSNull(), "city": "RALEIGH", "state": "NC",
                    "postal_code": "27601", "postal_code_raw": "27601-1234", "height_in": 70, "eye_color": "BLU",
                    "hair_color": "BRO",
                ],
                elements: ["DAB": "SAMPLE", "DAC": "MOTORIST", "DAD": "Q", "DAL": "1 SAMPLE ST"])
        ])
    }
}
