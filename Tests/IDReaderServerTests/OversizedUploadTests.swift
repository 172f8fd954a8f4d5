import Foundation
import XCTest

/// A body over `--max-body-bytes` gets its 413 with the contract's error object from every
/// kind of client, over loopback: Python's `urllib.request` and `requests` and a raw socket
/// (which send the whole body before they read), and curl with and without
/// `Expect: 100-continue`.  Each at 25, 64 and 256 MiB.
final class OversizedUploadTests: XCTestCase {
    static let limit = 20_000_000
    static let sizes = [25 << 20, 64 << 20, 256 << 20]
    static let postBody = packageRoot.appendingPathComponent("Tests/IDReaderServerTests/Clients/post_body.py")

    func startServer() throws -> ServerProcess {
        try ServerProcess(["--max-body-bytes", String(Self.limit), "--workers", "1"])
    }

    /// Asserts the answer is the 413 error object naming the limit.
    func assertTooLarge(status: Int, body: Data, _ context: String, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(status, 413, context, file: file, line: line)
        let reply = Reply(status: status, headers: [:], body: body)
        XCTAssertEqual(reply.errorCode(), "payloadTooLarge", "\(context): \(reply.text)", file: file, line: line)
        let error = (try? reply.json() as? [String: Any])?["error"] as? [String: Any]
        XCTAssertEqual(error?["limitBytes"] as? Int, Self.limit, context, file: file, line: line)
        XCTAssertTrue((error?["message"] as? String)?.contains("\(Self.limit) bytes") ?? false, context, file: file, line: line)
    }

    /// Runs `post_body.py` with `client`; the status and body it printed.
    func python(_ client: String, _ server: ServerProcess, size: Int) throws -> (status: Int, body: Data) {
        let finished = try runProcess(
            URL(fileURLWithPath: "/usr/bin/env"), ["python3", Self.postBody.path, client, server.base + "/v1/read", String(size)])
        let printed = try XCTUnwrap(
            try JSONSerialization.jsonObject(with: finished.stdout) as? [String: Any],
            "\(client) printed \(finished.text) \(String(decoding: finished.stderr, as: UTF8.self))")
        let status = try XCTUnwrap(printed["status"] as? Int, "\(client) posting \(size) bytes: \(printed["exception"] ?? printed)")
        return (status, Data(((printed["body"] as? String) ?? "").utf8))
    }

    func testPythonURLLibGets413() throws {
        let server = try startServer()
        for size in Self.sizes {
            let answer = try python("urllib", server, size: size)
            assertTooLarge(status: answer.status, body: answer.body, "urllib, \(size) bytes")
        }
    }

    func testPythonRequestsGets413() throws {
        let server = try startServer()
        for size in Self.sizes {
            let answer = try python("requests", server, size: size)
            assertTooLarge(status: answer.status, body: answer.body, "requests, \(size) bytes")
        }
    }

    /// curl announces an upload over 1 MiB with `Expect: 100-continue` and is answered
    /// before it sends; without that header it sends the whole body first.
    func testCurlGets413WithAndWithoutExpectContinue() throws {
        let server = try startServer()
        for size in Self.sizes {
            let file = FileManager.default.temporaryDirectory.appendingPathComponent("oversized-\(UUID().uuidString)")
            XCTAssertTrue(FileManager.default.createFile(atPath: file.path, contents: nil))
            defer { try? FileManager.default.removeItem(at: file) }
            let handle = try FileHandle(forWritingTo: file)
            try handle.truncate(atOffset: UInt64(size))  // sparse: zeros without writing them
            try handle.close()
            let upload = ["-T", file.path, "-X", "POST", "-H", "Content-Type: image/png"]
            var reply = try server.curl("/v1/read", upload)
            assertTooLarge(status: reply.status, body: reply.body, "curl with Expect, \(size) bytes")
            XCTAssertEqual(reply.headers["connection"], "close")
            let id = try XCTUnwrap(reply.headers["x-request-id"])
            Thread.sleep(forTimeInterval: 0.1)  // the log line is written when the connection ends
            let logged = server.logText.split(separator: "\n").first { $0.contains("id=\(id) ") }
            XCTAssertTrue(logged?.contains(" bytes_in=0 ") ?? false, "answered before curl sent its body: \(logged ?? "no log line")")
            reply = try server.curl("/v1/read", upload + ["-H", "Expect:"])
            assertTooLarge(status: reply.status, body: reply.body, "curl without Expect, \(size) bytes")
        }
    }

    func testARawSocketSendingEverythingFirstGets413() throws {
        let server = try startServer()
        let megabyte = [UInt8](repeating: 0, count: 1 << 20)
        for size in Self.sizes {
            let connection = try RawConnection(port: server.port)
            XCTAssertTrue(
                connection.send(
                    "POST /v1/read HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: image/png\r\nContent-Length: \(size)\r\n\r\n"))
            for _ in 0..<(size >> 20) { XCTAssertTrue(connection.send(megabyte), "the server reads the whole body") }
            let answer = HTTPAnswer(connection.readAll())
            assertTooLarge(status: answer.status, body: answer.body, "raw socket, \(size) bytes")
            XCTAssertEqual(answer.headers["connection"], "close")
        }
    }
}

/// An HTTP/1.1 answer read whole from a raw connection: status, headers (lower-case
/// names) and body.
struct HTTPAnswer {
    var status = 0
    var headers: [String: String] = [:]
    var body = Data()

    init(_ text: String) {
        guard let end = text.range(of: "\r\n\r\n") else { return }
        let lines = text[..<end.lowerBound].components(separatedBy: "\r\n")
        status = lines.first.flatMap { Int($0.split(separator: " ").dropFirst().first ?? "") } ?? 0
        for line in lines.dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { continue }
            headers[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        body = Data(text[end.upperBound...].utf8)
    }
}
