import Foundation
import XCTest

@testable import idreader

/// `idreader vds` and `idreader generate vds`: input forms, JSON, exit codes (CONTRACT.md).
final class SealCommandTests: XCTestCase {
    let corpus = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../../shared/corpus/vds")
        .standardizedFileURL.path

    func run(_ args: [String], stdin: Data? = nil) -> (Int32, String, String) {
        let console = RecordingConsole(stdin: stdin)
        let code = CLI(console: console).run(args)
        return (code, console.stdout, console.stderr)
    }

    func object(_ text: String) throws -> [String: Any] {
        try XCTUnwrap(JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    }

    func testBinaryHexAndBase64GiveTheSameSeal() throws {
        let bytes = try Data(contentsOf: URL(fileURLWithPath: "\(corpus)/li-visa.bin"))
        let hex = bytes.map { String(format: "%02x", $0) }.joined()
        var outputs: [String] = []
        for input in [bytes, Data(hex.utf8), Data((bytes.base64EncodedString() + "\n").utf8)] {
            let (code, out, err) = run(["vds", "-", "--certificates", "\(corpus)/certs"], stdin: input)
            XCTAssertEqual(code, 0, err)
            outputs.append(out)
        }
        XCTAssertEqual(Set(outputs).count, 1)
        let result = try object(outputs[0])
        XCTAssertEqual(result["valid"] as? Bool, true)
        XCTAssertEqual((result["seal"] as? [String: Any])?["documentType"] as? String, "VISA")
        XCTAssertEqual((result["signature"] as? [String: Any])?["status"] as? String, "verified")
    }

    func testExitCodes() throws {
        XCTAssertEqual(run(["vds", "\(corpus)/li-visa.bin"]).0, 1, "no certificate: unknownSigner is not valid")
        XCTAssertEqual(run(["vds", "\(corpus)/pc-vdsnc-vacc.bin"]).0, 0, "VDS-NC verifies with its own certificate")
        let (code, out, _) = run(["vds", "-"], stdin: Data([0xDC, 0x09, 0x00]))
        XCTAssertEqual(code, 1)
        XCTAssertEqual((try object(out)["error"] as? [String: Any])?["code"] as? String, "invalidSeal")
        XCTAssertEqual(run(["vds", "\(corpus)/no-such.bin"]).0, 3)
        XCTAssertEqual(run(["vds", "-"], stdin: Data()).0, 3)
        XCTAssertEqual(run(["vds", "a", "b"]).0, 2)
        XCTAssertEqual(run(["vds", "\(corpus)/li-visa.bin", "--certificates", "\(corpus)/li-visa.bin"]).0, 3, "not a directory")
    }

    func testGeneratedSealsVerifyWithTheWrittenCertificate() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("vds-cli-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let pem = directory.appendingPathComponent("test-signer.pem").path
        let (code, out, err) = run(["generate", "vds", "--count", "3", "--seed", "4", "--profile", "arrival_attestation", "--certificate-out", pem])
        XCTAssertEqual(code, 0, err)
        let lines = out.split(separator: "\n")
        XCTAssertEqual(lines.count, 3)
        for line in lines {
            let hex = try XCTUnwrap(try object(String(line))["hex"] as? String)
            let (verifyCode, verifyOut, _) = run(["vds", "-", "--certificates", directory.path], stdin: Data(hex.utf8))
            XCTAssertEqual(verifyCode, 0, verifyOut)
        }
        XCTAssertEqual(run(["generate", "vds", "--profile", "PASSPORT"]).0, 2)
    }

    // MARK: read

    func testReadFindsTheSealInAPictureAndVerifiesItWithTheCertificates() throws {
        let picture = "\(corpus)/bsi-sic-annexD.png"
        let (code, out, err) = run(["read", picture, "--certificates", "\(corpus)/certs"])
        XCTAssertEqual(code, 0, err)
        let document = try XCTUnwrap((try object(out)["documents"] as? [[String: Any]])?.first)
        XCTAssertEqual(document["source"] as? String, "vds")
        XCTAssertEqual(document["kind"] as? String, "socialInsuranceCard")
        XCTAssertEqual(document["valid"] as? Bool, true)
        XCTAssertEqual(((document["vds"] as? [String: Any])?["signature"] as? [String: Any])?["status"] as? String, "verified")
        let (_, text, _) = run(["read", picture, "--certificates", "\(corpus)/certs", "--format", "text"])
        XCTAssertTrue(text.contains("seal                 SOCIAL_INSURANCE_CARD, signature verified, chain notChecked"), text)
        let (unverified, _, _) = run(["read", picture, "--only", "vds"])
        XCTAssertEqual(unverified, 1, "without certificates the seal is unknownSigner, not valid")
    }

    func testReadWithAnUnreadableCertificateDirectoryExits3() {
        let (code, _, err) = run(["read", "\(corpus)/bsi-sic-annexD.png", "--certificates", "\(corpus)/no-such-directory"])
        XCTAssertEqual(code, 3)
        XCTAssertFalse(err.isEmpty)
    }
}
