import Foundation
import VDS
import XCTest

/// The seal bytes `idreader vds` and `POST /v1/vds` take: raw, hex, base64 or VDS-NC JSON.
final class SealInputTests: XCTestCase {
    let seal: [UInt8] = [0xDC, 0x03, 0xD9, 0xC5, 0x6D, 0x32, 0xFF, 0x00]

    func testRawSealsAndJSONAreTakenAsTheyAre() {
        XCTAssertEqual(SealInput.decode(seal), seal)
        let json = Array(" {\"data\": {}, \"sig\": {}}".utf8)
        XCTAssertEqual(SealInput.decode(json), json)
    }

    func testHexInEitherCaseWithBlanksGivesTheBytes() {
        XCTAssertEqual(SealInput.decode(Array("DC03D9C56D32FF00".utf8)), seal)
        XCTAssertEqual(SealInput.decode(Array("dc03 d9c5\n6d32\tff00\r\n".utf8)), seal)
    }

    func testBase64AndBase64URLGiveTheBytes() {
        XCTAssertEqual(SealInput.decode(Array((Data(seal).base64EncodedString() + "\n").utf8)), seal)
        let url = Data(seal).base64EncodedString().replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
        XCTAssertEqual(SealInput.decode(Array(url.utf8)), seal)
    }

    func testTextOfNoSealIsLeftForTheParserToReject() {
        // base64 of bytes that do not start as a seal, an odd number of hex digits, words
        for text in ["AQID", "dc0", "not a seal"] {
            XCTAssertEqual(SealInput.decode(Array(text.utf8)), Array(text.utf8), text)
        }
        XCTAssertEqual(SealInput.decode([]), [])
        XCTAssertThrowsError(try Seal.parse(SealInput.decode(Array("not a seal".utf8))))
    }
}
