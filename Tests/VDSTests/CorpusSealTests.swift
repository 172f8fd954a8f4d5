import Foundation
import Synchronization
import XCTest

@testable import VDS

/// Every seal of ../shared/corpus/vds decoded with every value its .json expects, and its
/// signature status right with the corpus certificates.
final class CorpusSealTests: XCTestCase {
    static let corpus = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../../shared/corpus/vds")
        .standardizedFileURL

    static func names() throws -> [String] {
        let manifest = try String(contentsOf: corpus.appendingPathComponent("MANIFEST.tsv"), encoding: .utf8)
        return manifest.split(separator: "\n").dropFirst().map { String($0.split(separator: "\t")[0]) }
    }

    static func load(_ name: String) throws -> (bytes: [UInt8], expected: [String: Any]) {
        let bytes = [UInt8](try Data(contentsOf: corpus.appendingPathComponent("\(name).bin")))
        let json = try JSONSerialization.jsonObject(with: Data(contentsOf: corpus.appendingPathComponent("\(name).json")))
        return (bytes, try XCTUnwrap(json as? [String: Any]))
    }

    static func verifier() throws -> SealVerifier {
        try SealVerifier(certificateDirectory: corpus.appendingPathComponent("certs").path)
    }

    func testCorpusHasTwentySeals() throws {
        XCTAssertEqual(try Self.names().count, 20)
    }

    func testEverySealDecodesWithEveryExpectedValue() throws {
        for name in try Self.names() {
            let (bytes, json) = try Self.load(name)
            let expected = try XCTUnwrap(json["expected"] as? [String: Any], name)
            let seal = try Seal.parse(bytes)
            switch seal {
            case .icao(let seal): try checkICAO(seal, expected, name)
            case .nonConstrained(let seal): try checkNonConstrained(seal, expected, name)
            }
        }
    }

    func testEverySignatureStatusIsRight() throws {
        let verifier = try Self.verifier()
        for name in try Self.names() {
            let (bytes, json) = try Self.load(name)
            let signature = try XCTUnwrap(json["signature"] as? [String: Any])
            let status = try XCTUnwrap(signature["status"] as? String)
            let result = verifier.verify(try Seal.parse(bytes))
            switch status {
            case "verifies":
                XCTAssertEqual(result.status, .verified, "\(name): \(result.note ?? "")")
                XCTAssertNotNil(result.certificate, name)
            case "no cert": XCTAssertEqual(result.status, .unknownSigner, name)
            default: XCTFail("\(name): status \(status) not known to this test")
            }
            XCTAssertEqual(result.chain, .notChecked, name)
        }
    }

    func testSealWithoutCertificatesIsUnknownSigner() throws {
        let (bytes, _) = try Self.load("kds-etd")
        XCTAssertEqual(SealVerifier(certificates: []).verify(try VisibleDigitalSeal.parse(bytes)).status, .unknownSigner)
    }

    func testCertificateNamedByReferenceReportsSubjectAndValidity() throws {
        let (bytes, _) = try Self.load("bsi-sic-annexD")
        let result = try Self.verifier().verify(try VisibleDigitalSeal.parse(bytes))
        XCTAssertEqual(result.selection, .reference)
        XCTAssertEqual(result.certificate?.subject, "C=DE, CN=TS")
        XCTAssertEqual(result.certificate?.serialNumber, "27")
        XCTAssertEqual(result.certificate?.notBefore, "2020-01-10T07:44:00Z")
        XCTAssertEqual(result.certificate?.notAfter, "2025-01-10T07:44:00Z")
        XCTAssertEqual(result.certificate?.validAtSigning, true, "signed 2020-01-14")
    }

    func testChainIsCheckedAgainstGivenCACertificates() throws {
        let certificates = try SealCertificate.load(directory: Self.corpus.appendingPathComponent("certs").path)
        let utts = try XCTUnwrap(certificates.first { $0.serialNumber == "5B" })  // self-signed
        let dets = try XCTUnwrap(certificates.first { $0.serialNumber == "27" })  // issued by a CA not in the corpus
        let (bytes, _) = try Self.load("kds-aad")
        let seal = try VisibleDigitalSeal.parse(bytes)
        XCTAssertEqual(SealVerifier(certificates: certificates, caCertificates: [utts]).verify(seal).chain, .verified)
        XCTAssertEqual(SealVerifier(certificates: certificates, caCertificates: [dets]).verify(seal).chain, .failed)
    }

    func testMRZLinesOfAVisa() throws {
        let seal = try VisibleDigitalSeal.parse(try Self.load("li-visa").bytes)
        XCTAssertEqual(seal.mrzLines, ["VCD<<DENT<<ARTHUR<PHILIP<<<<<<<<<<<<", "1234567XY7GBR5203116M2005250"])
        XCTAssertNil(try VisibleDigitalSeal.parse(try Self.load("kds-sic").bytes).mrzLines)
    }

    func testOneVerifierServesManyThreads() throws {
        let verifier = try Self.verifier()
        let seals = try Self.names().map { try Seal.parse(try Self.load($0).bytes) }
        let expected = seals.map { verifier.verify($0).status }
        let mismatches = Mutex(0)
        DispatchQueue.concurrentPerform(iterations: 8) { worker in
            for (index, seal) in seals.enumerated() where index % 2 == worker % 2 {
                if verifier.verify(seal).status != expected[index] { mismatches.withLock { $0 += 1 } }
            }
        }
        XCTAssertEqual(mismatches.withLock { $0 }, 0)
        XCTAssertEqual(expected.filter { $0 == .verified }.count, 19)
    }

    // MARK: comparing with the expected values

    private func checkICAO(_ seal: VisibleDigitalSeal, _ expected: [String: Any], _ name: String) throws {
        let header = try XCTUnwrap(expected["header"] as? [String: Any], name)
        let h = seal.header
        XCTAssertEqual(Int(h.versionByte), header["version_byte"] as? Int, name)
        XCTAssertEqual(h.version, header["version"] as? Int, name)
        XCTAssertEqual(h.issuingCountry, header["issuing_country"] as? String, name)
        XCTAssertEqual(h.signerIdentifier, header["signer_identifier"] as? String, name)
        XCTAssertEqual(h.certificateReference, header["certificate_reference"] as? String, name)
        if let length = header["certificate_reference_length"] as? [String: Any] {
            XCTAssertEqual(h.certificateReferenceLength?.characters, length["chars"] as? String, name)
            XCTAssertEqual(h.certificateReferenceLength?.radix, length["radix"] as? Int, name)
            XCTAssertEqual(h.certificateReferenceLength?.value, length["value"] as? Int, name)
        } else {
            XCTAssertNil(h.certificateReferenceLength, name)
        }
        XCTAssertEqual(h.documentIssueDate?.description, header["document_issue_date"] as? String, name)
        XCTAssertEqual(h.signatureCreationDate?.description, header["signature_creation_date"] as? String, name)
        XCTAssertEqual(Int(h.featureDefinitionReference), header["document_feature_definition_reference"] as? Int, name)
        XCTAssertEqual(Int(h.documentTypeCategory), header["document_type_category"] as? Int, name)
        XCTAssertEqual(h.length, header["header_length"] as? Int, name)
        XCTAssertEqual(seal.documentType, header["document_type"] as? String, name)
        for warning in header["nonconformance"] as? [String] ?? [] {
            XCTAssertTrue(seal.warnings.contains(warning), "\(name): warning \(warning) missing from \(seal.warnings)")
        }

        let message = try XCTUnwrap(expected["message"] as? [[String: Any]], name)
        XCTAssertEqual(seal.features.count, message.count, name)
        for (feature, wanted) in zip(seal.features, message) {
            let label = "\(name) tag \(feature.tag)"
            XCTAssertEqual(Int(feature.tag), wanted["tag"] as? Int, label)
            XCTAssertEqual(feature.length, wanted["length"] as? Int, label)
            XCTAssertEqual(feature.name, wanted["name"] as? String, label)
            if wanted["name"] != nil {
                try checkNamedValue(feature.value, wanted["value"], label)
            } else {
                guard case .binary(.unknown, let bytes, let text) = feature.value else {
                    XCTFail("\(label): \(feature.value) is not the bytes of an unknown tag")
                    continue
                }
                XCTAssertEqual(hexString(bytes), wanted["hex"] as? String, label)
                XCTAssertEqual(text, wanted["utf8"] as? String, label)
            }
        }

        let signature = try XCTUnwrap(expected["signature"] as? [String: Any], name)
        XCTAssertEqual(seal.signatureOffset, signature["offset"] as? Int, name)
        XCTAssertEqual(seal.signature.count, signature["length"] as? Int, name)
    }

    private func checkNamedValue(_ value: SealValue, _ wanted: Any?, _ label: String) throws {
        switch value {
        case .text(let text), .mrz(let text): XCTAssertEqual(text, wanted as? String, label)
        case .number(let number): XCTAssertEqual(Int(number), wanted as? Int, label)
        case .binary(_, let bytes, _): XCTAssertEqual(hexString(bytes), wanted as? String, label)
        case .durationOfStay(let stay):
            let parts = try XCTUnwrap(wanted as? [String: Any], label)
            XCTAssertEqual(stay.days, parts["days"] as? Int, label)
            XCTAssertEqual(stay.months, parts["months"] as? Int, label)
            XCTAssertEqual(stay.years, parts["years"] as? Int, label)
        case .date(let date): XCTAssertEqual(date.description, wanted as? String, label)
        }
    }

    private func checkNonConstrained(_ seal: NonConstrainedSeal, _ expected: [String: Any], _ name: String) throws {
        let header = try XCTUnwrap(expected["header"] as? [String: Any], name)
        XCTAssertEqual(seal.type, header["t"] as? String, name)
        XCTAssertEqual(seal.version, header["v"] as? Int, name)
        XCTAssertEqual(seal.issuingCountry, header["is"] as? String, name)
        // the expected message through Foundation's JSON, decoded by JSONValue's Decodable
        let message = try JSONSerialization.data(withJSONObject: try XCTUnwrap(expected["message"]))
        XCTAssertEqual(seal.message, try JSONDecoder().decode(JSONValue.self, from: message), name)
    }
}
