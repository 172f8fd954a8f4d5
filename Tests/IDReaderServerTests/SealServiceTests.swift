import Foundation
import XCTest

/// Seals through the service: `serve --certificates`, `/v1/read` answering as
/// `idreader read --certificates` does, and `/v1/vds` for a seal's raw bytes.
final class SealServiceTests: XCTestCase {
    let vds = packageRoot.appendingPathComponent("../shared/corpus/vds").standardizedFileURL

    func testReadOfASealPictureIsTheCLIsWithTheSameCertificates() throws {
        let certificates = vds.appendingPathComponent("certs").path
        let server = try ServerProcess(["--workers", "1", "--certificates", certificates])
        let picture = vds.appendingPathComponent("bsi-sic-annexD.png")
        let reply = try server.curl("/v1/read", ["--data-binary", "@" + picture.path, "-H", "Content-Type: image/png"])
        XCTAssertEqual(reply.status, 200)
        let expected = try cli(["read", "-", "--certificates", certificates], stdin: picture)
        XCTAssertEqual(expected.status, 0)
        XCTAssertEqual(reply.text, expected.text)
        let documents = try XCTUnwrap((try reply.json() as? [String: Any])?["documents"] as? [[String: Any]])
        XCTAssertEqual(documents.first?["source"] as? String, "vds")
        XCTAssertEqual(documents.first?["valid"] as? Bool, true)
    }

    func testVDSEndpointVerifiesRawSealBytes() throws {
        let server = try ServerProcess(["--workers", "1", "--certificates", vds.appendingPathComponent("certs").path])
        let seal = vds.appendingPathComponent("li-visa.bin")
        var reply = try server.curl("/v1/vds", ["--data-binary", "@" + seal.path, "-H", "Content-Type: application/octet-stream"])
        XCTAssertEqual(reply.status, 200)
        let document = try XCTUnwrap(((try reply.json() as? [String: Any])?["documents"] as? [[String: Any]])?.first)
        XCTAssertEqual(document["kind"] as? String, "visa")
        XCTAssertEqual(document["valid"] as? Bool, true)
        XCTAssertEqual(((document["vds"] as? [String: Any])?["signature"] as? [String: Any])?["status"] as? String, "verified")
        reply = try server.curl("/v1/vds", ["--data-binary", "not a seal", "-H", "Content-Type: application/octet-stream"])
        XCTAssertEqual(reply.status, 422)
        XCTAssertEqual(reply.errorCode(), "invalidSeal")
    }

    func testVDSEndpointTakesHexAndBase64AsTheRawBytes() throws {
        let server = try ServerProcess(["--workers", "1", "--certificates", vds.appendingPathComponent("certs").path])
        let seal = try Data(contentsOf: vds.appendingPathComponent("li-visa.bin"))
        let raw = try server.curl(
            "/v1/vds", ["--data-binary", "@" + vds.appendingPathComponent("li-visa.bin").path, "-H", "Content-Type: application/octet-stream"])
        XCTAssertEqual(raw.status, 200)
        let hex = seal.map { String(format: "%02X", $0) }.joined()
        let bodies = [
            (hex, "text/plain"), (hex.lowercased() + "\n", "text/plain"), (seal.base64EncodedString(), "text/plain"),
            (seal.base64EncodedString(options: .lineLength64Characters), "application/octet-stream"),
        ]
        for (body, type) in bodies {
            let reply = try server.curl("/v1/vds", ["--data-binary", body, "-H", "Content-Type: " + type])
            XCTAssertEqual(reply.status, 200, "\(type): \(body.prefix(12))")
            XCTAssertEqual(reply.text, raw.text, "\(type): \(body.prefix(12))")
        }
        // hex of no seal is decoded, and the parser says why it is none
        let notASeal = try server.curl("/v1/vds", ["--data-binary", "0102", "-H", "Content-Type: text/plain"])
        XCTAssertEqual(notASeal.status, 422)
        XCTAssertEqual(notASeal.errorCode(), "invalidSeal")
        XCTAssertEqual(
            try server.curl("/v1/vds", ["--data-binary", "dc", "-H", "Content-Type: image/png"]).status, 415, "an image is no seal's bytes")
    }

    func testWithoutCertificatesASealIsUnknownSignerAndNotValid() throws {
        let server = try ServerProcess(["--workers", "1"])
        let reply = try server.curl(
            "/v1/vds", ["--data-binary", "@" + vds.appendingPathComponent("li-visa.bin").path, "-H", "Content-Type: application/octet-stream"])
        let document = try XCTUnwrap(((try reply.json() as? [String: Any])?["documents"] as? [[String: Any]])?.first)
        XCTAssertEqual(((document["vds"] as? [String: Any])?["signature"] as? [String: Any])?["status"] as? String, "unknownSigner")
        XCTAssertEqual(document["valid"] as? Bool, false)
    }

    func testAnUnreadableCertificateDirectoryStopsTheServiceFromStarting() throws {
        let finished = try cli(["serve", "--port", "0", "--certificates", "/nonexistent-certificates"])
        XCTAssertEqual(finished.status, 3)
        XCTAssertFalse(String(decoding: finished.stderr, as: UTF8.self).isEmpty)
    }
}
