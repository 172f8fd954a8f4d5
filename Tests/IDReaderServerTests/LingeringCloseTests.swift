import Foundation
import XCTest

#if canImport(Glibc)
import Glibc
#endif

/// A refused request's body is read and dropped before the answer, so that a client that
/// sends its whole body before it reads (as Python's `urllib` and `requests` do) sees the
/// status instead of a broken pipe.
final class LingeringCloseTests: XCTestCase {
    /// Sends `head` and `body` in full on a new loopback connection to `port`, then reads
    /// the answer: whether every byte could be sent, and the status line.
    func sendAllThenRead(port: Int, head: String, body: [UInt8]) throws -> (sentAll: Bool, statusLine: String) {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        XCTAssertGreaterThanOrEqual(fd, 0)
        defer { close(fd) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        XCTAssertEqual(connected, 0)
        var timeout = timeval(tv_sec: 20, tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        let bytes = Array(head.utf8) + body
        var sent = 0
        while sent < bytes.count {
            let n = bytes[sent...].withUnsafeBytes { send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            if n <= 0 { break }
            sent += n
        }
        var answer: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while !answer.contains(0x0A) {
            let n = recv(fd, &buffer, buffer.count, 0)
            if n <= 0 { break }
            answer += buffer[0..<n]
        }
        let line = String(decoding: answer.prefix { $0 != 0x0D && $0 != 0x0A }, as: UTF8.self)
        return (sent == bytes.count, line)
    }

    func testABodyOverTheLimitSentWholeStillGets413() throws {
        let limit = 4_000_000
        let server = try ServerProcess(["--max-body-bytes", String(limit), "--workers", "1"])
        let body = [UInt8](repeating: 0x41, count: limit * 3 / 2)
        let head = "POST /v1/read HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: image/png\r\nContent-Length: \(body.count)\r\n\r\n"
        let reply = try sendAllThenRead(port: server.port, head: head, body: body)
        XCTAssertTrue(reply.sentAll, "the server read the whole body")
        XCTAssertTrue(reply.statusLine.hasPrefix("HTTP/1.1 413 "), reply.statusLine)
    }

    func testARefusedRequestWithABodyIsAnsweredAfterIt() throws {
        let server = try ServerProcess(["--workers", "1"])
        let body = [UInt8](repeating: 0x41, count: 2_000_000)
        // no such endpoint: refused before the body is read, answered after it
        let head = "POST /v1/nowhere HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: image/png\r\nContent-Length: \(body.count)\r\n\r\n"
        let reply = try sendAllThenRead(port: server.port, head: head, body: body)
        XCTAssertTrue(reply.sentAll)
        XCTAssertTrue(reply.statusLine.hasPrefix("HTTP/1.1 404 "), reply.statusLine)
    }
}
