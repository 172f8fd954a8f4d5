import XCTest

@testable import VDS

/// Generated seals parse back to the features they were built from and verify with the
/// test certificate; damaged ones never verify.
final class SealGeneratorTests: XCTestCase {
    func testEveryProfileRoundTripsAndVerifies() throws {
        let signer = try TestSigner(seed: 7)
        let certificates = try SealCertificate.certificates(in: Array(signer.certificatePEM.utf8))
        XCTAssertEqual(certificates.first?.subject, "C=UT, O=idreader test signer, CN=ZZ")
        let verifier = SealVerifier(certificates: certificates)
        var generator = SealGenerator(seed: 7, signer: signer)
        for type in SealGenerator.documentTypes {
            for _ in 0..<5 {
                let generated = try generator.next(documentType: type)
                let seal = try VisibleDigitalSeal.parse(try XCTUnwrap(hexBytes(generated.hex)))
                XCTAssertEqual(seal.documentType, type)
                XCTAssertEqual(seal.features, generated.features, type)
                XCTAssertEqual(seal.warnings, [], type)
                let result = verifier.verify(seal)
                XCTAssertEqual(result.status, .verified, type)
                XCTAssertEqual(result.selection, .reference, type)
            }
        }
    }

    func testSameSeedGivesSameKeyAndFeatures() throws {
        XCTAssertEqual(try TestSigner(seed: 3).publicKeyDER, try TestSigner(seed: 3).publicKeyDER)
        XCTAssertNotEqual(try TestSigner(seed: 3).publicKeyDER, try TestSigner(seed: 4).publicKeyDER)
        var a = SealGenerator(seed: 9, signer: try TestSigner(seed: 9))
        var b = SealGenerator(seed: 9, signer: try TestSigner(seed: 9))
        for _ in 0..<10 { XCTAssertEqual(try a.next().features, try b.next().features) }
    }

    func testMutatedSealsNeverVerify() throws {
        let signer = try TestSigner(seed: 11)
        let verifier = SealVerifier(certificates: try SealCertificate.certificates(in: signer.certificateDER))
        var generator = SealGenerator(seed: 11, signer: signer)
        var mutated = 0
        for _ in 0..<300 {
            let generated = try generator.next(mutationRate: 0.02)
            let bytes = try XCTUnwrap(hexBytes(generated.hex))
            guard !generated.mutations.isEmpty, let seal = try? VisibleDigitalSeal.parse(bytes) else { continue }
            mutated += 1
            XCTAssertNotEqual(verifier.verify(seal).status, .verified, generated.hex)
        }
        XCTAssertGreaterThan(mutated, 50)
    }

    func hexBytes(_ hex: String) -> [UInt8]? {
        let digits = Array(hex)
        guard digits.count % 2 == 0 else { return nil }
        return stride(from: 0, to: digits.count, by: 2).map { UInt8(String(digits[$0...$0 + 1]), radix: 16) }.reduce(into: [UInt8]()) {
            if let byte = $1 { $0.append(byte) }
        }
    }
}

extension SealGeneratorTests {
    /// Every curve seals use: the signature's halves have the curve's size, the hash follows
    /// it, and one changed byte fails.
    func testEveryCurveVerifiesAndAChangedByteFails() throws {
        for curve in TestCurve.allCases {
            let signer = try TestSigner(seed: 21, curve: curve)
            let verifier = SealVerifier(certificates: try SealCertificate.certificates(in: signer.certificateDER))
            var generator = SealGenerator(seed: 21, signer: signer)
            for _ in 0..<4 {
                var bytes = try XCTUnwrap(hexBytes(try generator.next(documentType: "ARRIVAL_ATTESTATION").hex))
                let seal = try VisibleDigitalSeal.parse(bytes)
                XCTAssertEqual(seal.signature.count, 2 * curve.byteCount, curve.rawValue)
                XCTAssertEqual(verifier.verify(seal).status, .verified, curve.rawValue)
                bytes[seal.header.length + 5] ^= 0x04
                XCTAssertEqual(verifier.verify(try VisibleDigitalSeal.parse(bytes)).status, .failed, curve.rawValue)
            }
        }
    }
}
