import XCTest

@testable import VDS

/// A seal with any one byte of its header or message changed never verifies: it is
/// `failed` while it still names the certificate that signed it, and `unknownSigner` when
/// the change hit the signer or certificate reference (docs/seals.md, "A changed seal").
final class TamperedSealTests: XCTestCase {
    func testEveryChangedSignedByteFailsOrIsUnknownSigner() throws {
        let verifier = try CorpusSealTests.verifier()
        var checked = 0
        var statuses: [SignatureVerification.Status: Int] = [:]
        for name in try CorpusSealTests.names() {
            let (bytes, _) = try CorpusSealTests.load(name)
            guard case .icao(let seal) = try Seal.parse(bytes) else { continue }
            let original = verifier.verify(seal)
            // the version byte (it picks the layout) and the signer and reference (with a
            // version 4 header, their length) are the bytes that can name another signer
            let namingBytes = Set([1]).union(4..<(seal.header.length - 8))
            for index in 0..<seal.signatureOffset {
                for change: UInt8 in [0x01, 0x10, 0xFF] {
                    var changed = bytes
                    changed[index] ^= change
                    let place = "\(name): byte \(index) ^ 0x\(String(change, radix: 16))"
                    // a change the parser rejects is no seal, so never valid either
                    guard let tampered = try? VisibleDigitalSeal.parse(changed) else { continue }
                    let status = verifier.verify(tampered).status
                    checked += 1
                    statuses[status, default: 0] += 1
                    let sameSigner =
                        (tampered.header.signerIdentifier, tampered.header.certificateReference)
                        == (seal.header.signerIdentifier, seal.header.certificateReference)
                    if !sameSigner { XCTAssertTrue(namingBytes.contains(index), "\(place) changed the signer") }
                    if sameSigner && original.selection == .reference {
                        XCTAssertEqual(status, .failed, place)
                    } else {
                        // a seal naming no given certificate, or one found only by trial
                        XCTAssertEqual(status, .unknownSigner, place)
                    }
                }
            }
        }
        XCTAssertGreaterThan(checked, 4500, "\(statuses)")
        XCTAssertGreaterThan(statuses[.failed] ?? 0, 2000)
        XCTAssertNil(statuses[.verified])
    }

    func testAGenuineSealOfAnotherCertificateOfAGivenSignerIsUnknownSigner() throws {
        // DETS's certificate 4F's seal: its reference is one C40 pair (two bytes) from the
        // given DETS 27's seals, as a changed byte's would be, and it is no forgery
        let (genuine, _) = try CorpusSealTests.load("ts-aad-v3-dets4f")
        let (other, _) = try CorpusSealTests.load("ts-sic-v3")
        // version 3: bytes 4 to 9 are the C40 of signer and reference, DETS00027 and DETS0004F
        XCTAssertEqual(zip(genuine[4..<10], other[4..<10]).filter { $0 != $1 }.count, 2)
        let result = try CorpusSealTests.verifier().verify(try VisibleDigitalSeal.parse(genuine))
        XCTAssertEqual(result.status, .unknownSigner)
        XCTAssertNil(result.certificate)
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
