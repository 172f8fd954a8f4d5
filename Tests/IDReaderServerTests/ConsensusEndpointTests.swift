import Foundation
import XCTest

/// `POST /v1/read?consensus=1`: the multipart parts are frames of one scene, answered as
/// one consensus, as `idreader read --consensus` prints it.
final class ConsensusEndpointTests: XCTestCase {
    func testTheFramesOfOneSceneGiveOneConsensus() throws {
        let server = try ServerProcess(["--workers", "1"])
        let passport = packageRoot.appendingPathComponent("samples/passports/td3-clean-000-r0.png").path
        let licence = packageRoot.appendingPathComponent("samples/licences/licence-clean-000-r0.png").path
        let reply = try server.curl("/v1/read?consensus=1", ["-F", "file=@\(passport)", "-F", "file=@\(licence)", "-F", "file=@\(passport)"])
        XCTAssertEqual(reply.status, 200)
        let result = try XCTUnwrap(try reply.json() as? [String: Any])
        XCTAssertEqual(result["input"] as? String, "consensus of 3 frames")
        let frames = try XCTUnwrap(result["frames"] as? [[String: Any]])
        XCTAssertEqual(frames.map { $0["input"] as? String }, ["td3-clean-000-r0.png", "licence-clean-000-r0.png", "td3-clean-000-r0.png"])
        XCTAssertEqual(frames.map { $0["state"] as? String }, ["good", "good", "good"])
        let votes = try XCTUnwrap(result["consensus"] as? [[String: Any]])
        XCTAssertEqual(votes.map { $0["frames"] as? [Int] ?? [] }, [[0, 2], [1]])
        XCTAssertEqual(votes.map { $0["stable"] as? Bool }, [true, false], "the passport read twice alike; the licence once")
        let documents = try XCTUnwrap(result["documents"] as? [[String: Any]])
        XCTAssertEqual(documents.map { $0["source"] as? String }, ["mrz", "pdf417"])

        let bad = try server.curl("/v1/read?consensus=yes", ["-F", "file=@\(passport)"])
        XCTAssertEqual(bad.status, 400)
        // frames none of which is an image: the 422 of a single such image
        let text = try XCTUnwrap(FileManager.default.temporaryDirectory.appendingPathComponent("consensus-not-an-image.txt"))
        try Data("false".utf8).write(to: text)
        defer { try? FileManager.default.removeItem(at: text) }
        let unreadable = try server.curl("/v1/read?consensus=1", ["-F", "file=@\(text.path)", "-F", "file=@\(text.path)"])
        XCTAssertEqual(unreadable.status, 422)
        XCTAssertEqual(unreadable.errorCode(), "unreadableImage")
        // one readable frame among them: the consensus, with the other frame's error
        let mixed = try server.curl("/v1/read?consensus=1", ["-F", "file=@\(text.path)", "-F", "file=@\(passport)"])
        XCTAssertEqual(mixed.status, 200)
    }
}
