import XCTest

@testable import VDS

/// The trial for a seal that names no given certificate: which certificates it tries, and in
/// which order (each try is a verification, some 0.35 ms on brainpoolP256r1).
final class SealTrialTests: XCTestCase {
    private func candidates(_ name: String) throws -> [String] {
        let seal = try VisibleDigitalSeal.parse(try CorpusSealTests.load(name).bytes)
        return try CorpusSealTests.verifier().trialCandidates(for: seal).map { ($0.file.map { ($0 as NSString).lastPathComponent }) ?? "" }
    }

    func testCorpusCertificatesAreTheSignersAndCAsOpenSSLShows() throws {
        // `openssl x509 -text`: DETS27 and UTTS5B have CA:FALSE, the KurzDigital ones CA:TRUE
        let certificates = try SealCertificate.load(directory: CorpusSealTests.corpus.appendingPathComponent("certs").path)
        let isCA = Dictionary(uniqueKeysWithValues: certificates.map { (($0.file! as NSString).lastPathComponent, $0.isCertificateAuthority) })
        XCTAssertEqual(isCA, ["DETS27.der": false, "UTTS5B.der": false, "KDS_TAXSTAMPS.der": true, "KDS_TEST_VACC.der": true])
    }

    func testAnUnknownSignerTriesTheValidEndEntityCertificateFirst() throws {
        // DEZV names no given certificate: all four are tried, UTTS5B first (no CA, valid on
        // 2025-05-14), then DETS27 (no CA, expired 2025-01-10), then the two CAs
        XCTAssertEqual(try candidates("ts-meldebescheinigung"), ["UTTS5B.der", "DETS27.der", "KDS_TAXSTAMPS.der", "KDS_TEST_VACC.der"])
        let result = try CorpusSealTests.verifier().verify(try VisibleDigitalSeal.parse(try CorpusSealTests.load("ts-meldebescheinigung").bytes))
        XCTAssertEqual(result.status, .verified)
        XCTAssertEqual(result.selection, .trial)
        XCTAssertEqual(result.certificate?.serialNumber, "5B")
    }

    func testAGivenSignerIsTriedAlone() throws {
        // DETS is given (DETS27), but not its certificate 4F: no other signer's key is tried
        XCTAssertEqual(try candidates("ts-aad-v3-dets4f"), ["DETS27.der"])
        // DEKD's two certificates, neither with the serial 001
        XCTAssertEqual(try candidates("kds-vaccination-cert"), ["KDS_TAXSTAMPS.der", "KDS_TEST_VACC.der"])
        let result = try CorpusSealTests.verifier().verify(try VisibleDigitalSeal.parse(try CorpusSealTests.load("kds-vaccination-cert").bytes))
        XCTAssertEqual(result.status, .verified)
        XCTAssertEqual(result.certificate?.file.map { ($0 as NSString).lastPathComponent }, "KDS_TEST_VACC.der")
    }

    func testOnlyKeysOfTheSignaturesSizeAreTried() throws {
        // a P-384 test signer's seal: 96 signature bytes, which no 256-bit corpus key made
        let signer = try TestSigner(seed: 5, curve: .secp384r1)
        var generator = SealGenerator(seed: 5, signer: signer)
        let seal = try VisibleDigitalSeal.parse(try XCTUnwrap(hexBytes(try generator.next(documentType: "VISA", mutationRate: 0).hex)))
        XCTAssertEqual(seal.signature.count, 96)
        XCTAssertEqual(try CorpusSealTests.verifier().trialCandidates(for: seal).count, 0)
    }

    private func hexBytes(_ hex: String) -> [UInt8]? {
        let digits = Array(hex.utf8)
        guard digits.count % 2 == 0 else { return nil }
        return stride(from: 0, to: digits.count, by: 2).map { UInt8(String(decoding: digits[$0..<$0 + 2], as: UTF8.self), radix: 16) ?? 0 }
    }
}
