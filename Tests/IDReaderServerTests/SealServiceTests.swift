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
