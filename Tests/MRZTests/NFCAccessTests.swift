import XCTest

@testable import MRZ

final class NFCAccessTests: XCTestCase {
    func hex(_ bytes: [UInt8]) -> String { bytes.map { String(format: "%02x", $0) }.joined() }

    /// FIPS 180-2 appendix A test vectors, through the digest the BAC keys use.
    func testSHA1Vectors() {
        XCTAssertEqual(hex(NFCAccess.sha1(Array("abc".utf8))), "a9993e364706816aba3e25717850c26c9cd0d89d")
        XCTAssertEqual(hex(NFCAccess.sha1([UInt8]())), "da39a3ee5e6b4b0d3255bfef95601890afd80709")
        XCTAssertEqual(
            hex(NFCAccess.sha1(Array("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq".utf8))),
            "84983e441c3bd26ebaae4aa1f95129e5e54670f1")
        XCTAssertEqual(
            hex(NFCAccess.sha1([UInt8](repeating: UInt8(ascii: "a"), count: 1_000_000))),
            "34aa973cd4c4daa4f61eeb2bdbad27316534016f")
    }

    /// ICAO 9303 part 11, appendix D.1 worked example.
    func testBACWorkedExample() {
        let keys = NFCAccess(documentNumber: "L898902C<", birthDate: "690806", expiryDate: "940623")
        XCTAssertEqual(keys.mrzInformation, "L898902C<369080619406236")
        XCTAssertEqual(keys.kSeed, "239AB9CB282DAF66231DC5A4DF6BFBAE")
        XCTAssertEqual(keys.kEnc, "AB94FDECF2674FDFB9B391F85D7F76F2")
        XCTAssertEqual(keys.kMac, "7962D9ECE03D1ACD4C76089DCE131543")
    }

    func testKeysFromParsedMRZ() throws {
        let r = try MRZParser().parse("P<UTOERIKSSON<<ANNA<MARIA<<<<<<<<<<<<<<<<<<<\nL898902C36UTO7408122F1204159ZE184226B<<<<<10")
        XCTAssertEqual(NFCAccess(r)?.mrzInformation, "L898902C3674081221204159")
        let french = try MRZParser().parse("IDFRADOUEL<<<<<<<<<<<<<<<<<<<<932013\n0506932020438CHRISTIANE<<NI2906209F3")
        XCTAssertNil(NFCAccess(french), "no expiry date, no BAC keys")
    }
}
