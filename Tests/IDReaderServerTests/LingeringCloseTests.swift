import Foundation
import XCTest

/// A refused request's body is read and dropped before the answer, so that a client that
/// sends its whole body before it reads (as Python's `urllib` and `requests` do) sees the
/// status instead of a broken pipe.
final class LingeringCloseTests: XCTestCase {
    /// Sends `head` and `body` in full on a new connection to `server`, then reads the
    /// answer: whether every byte could be sent, and the status line.
    func sendAllThenRead(_ server: ServerProcess, head: String, body: [UInt8]) throws -> (sentAll: Bool, statusLine: String) {
        let connection = try RawConnection(port: server.port)
        let sentAll = connection.send(Array(head.utf8) + body)
        let answer = connection.readAll()
        return (sentAll, String(answer.prefix { $0 != "\r" && $0 != "\n" }))
    }

    /// A request head for `path` with a body of `length` bytes; the connection closes
    /// after the answer.
    func head(_ path: String, length: Int) -> String {
        "POST \(path) HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: image/png\r\nContent-Length: \(length)\r\nConnection: close\r\n\r\n"
    }

    func testABodyOverTheLimitSentWholeStillGets413() throws {
        let limit = 4_000_000
        let server = try ServerProcess(["--max-body-bytes", String(limit), "--workers", "1"])
        let body = [UInt8](repeating: 0x41, count: limit * 3 / 2)
        let reply = try sendAllThenRead(server, head: head("/v1/read", length: body.count), body: body)
        XCTAssertTrue(reply.sentAll, "the server read the whole body")
        XCTAssertTrue(reply.statusLine.hasPrefix("HTTP/1.1 413 "), reply.statusLine)
    }

    func testARefusedRequestWithABodyIsAnsweredAfterIt() throws {
        let server = try ServerProcess(["--workers", "1"])
        let body = [UInt8](repeating: 0x41, count: 8_000_000)
        // no such endpoint: refused before the body is read, answered after it
        let reply = try sendAllThenRead(server, head: head("/v1/nowhere", length: body.count), body: body)
        XCTAssertTrue(reply.sentAll)
        XCTAssertTrue(reply.statusLine.hasPrefix("HTTP/1.1 404 "), reply.statusLine)
    }
}
