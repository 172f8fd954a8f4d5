import XCTest

@testable import VDS

/// A seal with any one byte of its header or message changed never verifies.
final class TamperedSealTests: XCTestCase {
    func testEveryChangedSignedByteFailsOrIsRejected() throws {
        let verifier = try CorpusSealTests.verifier()
        var checked = 0
        for name in try CorpusSealTests.names() {
            let (bytes, _) = try CorpusSealTests.load(name)
            guard case .icao(let seal) = try Seal.parse(bytes) else { continue }
            let original = verifier.verify(seal)
            guard original.status == .verified else { continue }
            // the signer and reference pick the certificate: changed, they may name none;
            // a certificate found by trial is found by no changed seal
            let signerAndReference = 4..<(seal.header.length - 8)
            for index in 0..<seal.signatureOffset {
                for change: UInt8 in [0x01, 0x80] {
                    var changed = bytes
                    changed[index] ^= change
                    guard let tampered = try? VisibleDigitalSeal.parse(changed) else { continue }
                    let status = verifier.verify(tampered).status
                    checked += 1
                    XCTAssertNotEqual(status, .verified, "\(name): byte \(index) ^ \(change) verified")
                    if original.selection == .reference && !signerAndReference.contains(index) && index != 1 {
                        XCTAssertEqual(status, .failed, "\(name): byte \(index) ^ \(change)")
                    }
                }
            }
        }
        XCTAssertGreaterThan(checked, 1000)
    }

    func testChangedSignatureFails() throws {
        let (bytes, _) = try CorpusSealTests.load("li-visa")
        var changed = bytes
        changed[changed.count - 5] ^= 0x01
        XCTAssertEqual(try CorpusSealTests.verifier().verify(try VisibleDigitalSeal.parse(changed)).status, .failed)
    }

    func testChangedVDSNCMessageFails() throws {
        let (bytes, _) = try CorpusSealTests.load("pc-vdsnc-vacc")
        let text = String(decoding: bytes, as: UTF8.self).replacingOccurrences(of: "Smith Bill", with: "Smith Bull")
        XCTAssertEqual(SealVerifier(certificates: []).verify(try Seal.parse(Array(text.utf8))).status, .failed)
    }

    func testReorderedVDSNCKeysStillVerify() throws {
        // the signature covers the canonical JSON, not the text as sent
        let (bytes, _) = try CorpusSealTests.load("kds-vdsnc-proof-of-test")
        let text = String(decoding: bytes, as: UTF8.self).replacingOccurrences(
            of: "\"t\":\"icao.test\",\"v\":1,\"is\":\"UTO\"", with: "\"is\" : \"UTO\", \"v\":1.0, \"t\":\"icao.test\"")
        XCTAssertNotEqual(Array(text.utf8), bytes)
        XCTAssertEqual(SealVerifier(certificates: []).verify(try Seal.parse(Array(text.utf8))).status, .verified)
    }
}
