import Foundation
import XCTest

@testable import VDS

/// Each kind of bad input gives its typed error and a sentence, never a crash.
final class BadSealInputTests: XCTestCase {
    /// A version-4 seal header from its parts (C40 text by this module's encoder).
    private func header(version: UInt8 = 0x03, signerAndLength: String = "UTTS02", reference: String = "5B") -> [UInt8] {
        [0xDC, version] + C40.encode("UTO") + C40.encode(signerAndLength) + C40.encode(reference) + [0x0F, 0x71, 0x34, 0x0F, 0x71, 0x34, 0xFD, 0x02]
    }

    private let signature = [UInt8](repeating: 0x11, count: 64)

    private func assertError(_ bytes: [UInt8], _ expected: SealError, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertThrowsError(try VisibleDigitalSeal.parse(bytes), file: file, line: line) { error in
            XCTAssertEqual(error as? SealError, expected, file: file, line: line)
            XCTAssertTrue("\(error)".hasSuffix("."), file: file, line: line)
        }
    }

    func testBuiltHeaderParses() throws {
        let seal = try VisibleDigitalSeal.parse(header() + [0x03, 0x01, 0x41] + [0xFF, 64] + signature)
        XCTAssertEqual(seal.header.signerIdentifier, "UTTS")
        XCTAssertEqual(seal.header.certificateReference, "5B")
        XCTAssertEqual(seal.header.documentIssueDate, SealDate(year: 2020, month: 1, day: 1))
        XCTAssertEqual(seal.features.count, 1)
    }

    func testTruncatedHeader() {
        assertError(Array(header().prefix(12)), .truncated(part: "document issue date", needed: 3, available: 2))
        assertError([0xDC], .truncated(part: "header", needed: 2, available: 1))
    }

    func testTruncatedSignature() {
        assertError(header() + [0xFF, 64] + signature.prefix(10), .truncated(part: "signature", needed: 64, available: 10))
        assertError(header() + [0x03, 0x01, 0x41], .missingSignature)
    }

    func testLengthPastEnd() {
        let bytes = header() + [0x02, 0x81, 0xF0, 0x01, 0x02]
        assertError(bytes, .lengthPastEnd(tag: 2, offset: header().count, length: 0xF0, available: 2))
    }

    func testLengthOf0x80IsReadAs128WithAWarning() throws {
        let bytes = header() + [0x07, 0x80] + [UInt8](repeating: 0x41, count: 128) + [0xFF, 64] + signature
        let seal = try VisibleDigitalSeal.parse(bytes)
        XCTAssertEqual(seal.features.first?.length, 128)
        XCTAssertEqual(seal.warnings.count, 1)
    }

    func testLongFormLengths() throws {
        let value = [UInt8](repeating: 0x42, count: 300)
        let bytes = header(version: 0x00) + [0x09, 0x82, 0x01, 0x2C] + value + [0xFF, 0x40] + signature
        let seal = try VisibleDigitalSeal.parse(bytes)
        XCTAssertEqual(seal.features.first?.length, 300)
        XCTAssertEqual(seal.features.first?.value.text, String(repeating: "B", count: 300))
    }

    func testUnknownProfileFeatureThatIsAJPEG2000FaceSaysSo() throws {
        let face: [UInt8] = [0xFF, 0x4F, 0xFF, 0x51, 0x00, 0x2F]
        var bytes = header()
        bytes[bytes.count - 2] = 0xF0  // no profile in the table
        let seal = try VisibleDigitalSeal.parse(bytes + [0x01, UInt8(face.count)] + face + [0xFF, 64] + signature)
        XCTAssertEqual(seal.documentType, "UNKNOWN")
        XCTAssertEqual(seal.features.first?.value, .binary(.jpeg2000, face, printableText: nil))
    }

    func testWrongMagic() {
        assertError([0xDD] + header().dropFirst(), .wrongMagic(0xDD))
        assertError([0x41], .wrongMagic(0x41))
        assertError([], .truncated(part: "header", needed: 2, available: 0))
    }

    func testUnknownVersion() {
        assertError(header(version: 0x07), .unknownVersion(0x07))
    }

    func testImpossibleCertificateReferenceLength() {
        // not hex, and too short for a version-3 reading
        assertError(Array(header(signerAndLength: "UTTSZZ").prefix(10)), .impossibleCertificateReferenceLength("ZZ"))
        // hex, but longer than the seal
        assertError(header(signerAndLength: "UTTSFF"), .truncated(part: "certificate reference", needed: 170, available: 10))
    }

    func testVersionByte3WithTheVersion3LayoutIsReadAsVersion3() throws {
        // the 2016 arrival attestation: nine C40 characters whose 5th and 6th are no hex
        let bytes =
            [0xDC, 0x03] + C40.encode("D  ") + C40.encode("DETSXY123") + [0x0F, 0x71, 0x34, 0x0F, 0x71, 0x34, 0xFD, 0x02]
            + [0xFF, 64] + signature
        let seal = try VisibleDigitalSeal.parse(bytes)
        XCTAssertEqual(seal.header.layoutVersion, 3)
        XCTAssertEqual(seal.header.certificateReference, "XY123")
        XCTAssertEqual(seal.header.issuingCountry, "D<<")
        XCTAssertEqual(seal.warnings.count, 1)
    }

    func testSignatureOfWrongSize() {
        assertError(header() + [0xFF, 63] + signature.prefix(63), .signatureWrongSize(63))
        assertError(header() + [0xFF, 0], .signatureWrongSize(0))
    }

    func testFileThatIsNoCertificate() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("vds-bad-certificates-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("signer.der")
        try Data("not a certificate".utf8).write(to: file)
        XCTAssertThrowsError(try SealCertificate.load(directory: directory.path)) { error in
            XCTAssertEqual(error as? CertificateError, .notACertificate(file.path))
        }
        XCTAssertThrowsError(try SealCertificate.load(directory: file.path)) { error in
            XCTAssertEqual(error as? CertificateError, .notADirectory(file.path))
        }
    }

    func testPEMCertificateLoads() throws {
        let der = try Data(contentsOf: CorpusSealTests.corpus.appendingPathComponent("certs/UTTS5B.der"))
        let pem = "-----BEGIN CERTIFICATE-----\n" + der.base64EncodedString(options: .lineLength64Characters) + "\n-----END CERTIFICATE-----\n"
        let certificates = try SealCertificate.certificates(in: Array(pem.utf8))
        XCTAssertEqual(certificates.map(\.serialNumber), ["5B"])
        XCTAssertEqual(certificates.first?.subject, "C=UT, O=tsenger, OU=sealgen, CN=TS")
    }

    func testBadVDSNC() {
        XCTAssertThrowsError(try NonConstrainedSeal.parse("{\"data\": 1")) { XCTAssertEqual($0 as? NonConstrainedSealError, .notJSON) }
        XCTAssertThrowsError(try NonConstrainedSeal.parse("{\"data\": {\"hdr\": {}}}")) {
            XCTAssertEqual($0 as? NonConstrainedSealError, .missingMember("data.hdr.t"))
        }
        let deep = String(repeating: "[", count: 100_000)
        XCTAssertThrowsError(try NonConstrainedSeal.parse(deep)) { XCTAssertEqual($0 as? NonConstrainedSealError, .notJSON) }
    }
}
