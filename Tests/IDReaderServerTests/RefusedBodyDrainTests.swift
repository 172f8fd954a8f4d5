import Foundation
import XCTest

/// A refused request's body is read and dropped (drained) before the answer, so that a
/// client that sends its whole body before it reads sees the status instead of a broken
/// pipe; the drain is bounded in time (`--drain-seconds`, `--drain-idle-seconds`) and in
/// connections (`--max-drains`), and a client announcing its body with
/// `Expect: 100-continue` is answered before it sends it.
final class RefusedBodyDrainTests: XCTestCase {
    /// A request head for `path` with a body of `length` bytes.
    func head(_ path: String = "/v1/read", length: Int, expectContinue: Bool = false) -> String {
        "POST \(path) HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: image/png\r\nContent-Length: \(length)\r\n"
            + (expectContinue ? "Expect: 100-continue\r\n" : "") + "\r\n"
    }

    /// The value of an unlabelled metric in the server's /metrics.
    func metric(_ server: ServerProcess, _ name: String) throws -> Double? {
        let text = try server.curl("/metrics").text
        let line = text.split(separator: "\n").first { $0.hasPrefix(name + " ") }
        return line.flatMap { Double($0.split(separator: " ").last ?? "") }
    }

    /// Polls `metric` until it has `value` (the server updates it as connections end).
    func waitForMetric(_ server: ServerProcess, _ name: String, _ value: Double, seconds: Double = 10) throws -> Double? {
        let deadline = Date().addingTimeInterval(seconds)
        var seen = try metric(server, name)
        while seen != value && Date() < deadline {
            Thread.sleep(forTimeInterval: 0.1)
            seen = try metric(server, name)
        }
        return seen
    }

    func testARefusedRequestWithABodyIsAnsweredAfterIt() throws {
        let server = try ServerProcess(["--workers", "1"])
        let connection = try RawConnection(port: server.port)
        // no such endpoint: refused before the body is read, answered after it
        XCTAssertTrue(connection.send(head("/v1/nowhere", length: 8_000_000) + String(repeating: "A", count: 8_000_000)))
        let answer = HTTPAnswer(connection.readAll())
        XCTAssertEqual(answer.status, 404)
        XCTAssertEqual(answer.headers["connection"], "close")
        XCTAssertEqual(try waitForMetric(server, "idreader_drains_total{outcome=\"answered\"}", 1), 1)
    }

    func testAChunkedBodyIsDrainedFromWhereItPassesTheLimit() throws {
        let server = try ServerProcess(["--max-body-bytes", "1000000", "--workers", "1"])
        let connection = try RawConnection(port: server.port)
        XCTAssertTrue(connection.send("POST /v1/read HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: image/png\r\nTransfer-Encoding: chunked\r\n\r\n"))
        let chunk = Array("100000\r\n".utf8) + [UInt8](repeating: 0x41, count: 0x100000) + Array("\r\n".utf8)
        for _ in 0..<64 { XCTAssertTrue(connection.send(chunk), "64 MiB in 1 MiB chunks, all read") }
        XCTAssertTrue(connection.send("0\r\n\r\n"))
        let answer = HTTPAnswer(connection.readAll())
        XCTAssertEqual(answer.status, 413)
        XCTAssertEqual(answer.headers["connection"], "close")
    }

    func testDrainOptionsTakeWholeSecondsAndACount() throws {
        let mistakes = [
            ["--drain-seconds", "0"], ["--drain-seconds", "1.5"], ["--drain-idle-seconds", "soon"], ["--max-drains", "-1"],
            ["--max-drains", "5000"],
        ]
        for arguments in mistakes {
            let finished = try cli(["serve"] + arguments)
            XCTAssertEqual(finished.status, 2, arguments.joined(separator: " "))
            XCTAssertTrue(String(decoding: finished.stderr, as: UTF8.self).contains(arguments[0]), "the message names the option")
        }
    }

    func testExpectContinueOverTheLimitIsAnsweredBeforeTheBody() throws {
        let server = try ServerProcess(["--max-body-bytes", "1000", "--workers", "1"])
        let connection = try RawConnection(port: server.port)
        XCTAssertTrue(connection.send(head(length: 64 << 20, expectContinue: true)))
        let started = Date()
        let answer = HTTPAnswer(connection.readAll())  // the server closes after the answer
        XCTAssertLessThan(Date().timeIntervalSince(started), 5, "answered and closed, not left to a timeout")
        XCTAssertEqual(answer.status, 413, "no 100 Continue first")
        XCTAssertEqual(answer.headers["connection"], "close")
        let error = (try? JSONSerialization.jsonObject(with: answer.body) as? [String: Any])?["error"] as? [String: Any]
        XCTAssertEqual(error?["code"] as? String, "payloadTooLarge")
        XCTAssertEqual(error?["limitBytes"] as? Int, 1000)
    }

    func testABodyTricklingPastTheDrainTimeIsCutUnanswered() throws {
        let server = try ServerProcess(["--max-body-bytes", "1000", "--drain-seconds", "3", "--drain-idle-seconds", "2"])
        let connection = try RawConnection(port: server.port)
        XCTAssertTrue(connection.send(head(length: 64 << 20)))
        let started = Date()
        var closed = false
        while !closed && Date().timeIntervalSince(started) < 15 {
            connection.send([0x41])  // a byte every half second: never idle for 2 s
            closed = connection.closedByServer(within: 0.5)
        }
        let elapsed = Date().timeIntervalSince(started)
        XCTAssertTrue(closed)
        XCTAssertGreaterThan(elapsed, 2.5, "drained until --drain-seconds")
        XCTAssertLessThan(elapsed, 5, "and cut then")
        XCTAssertEqual(connection.readAll(), "", "cut without an answer: its body never ended")
        XCTAssertEqual(try waitForMetric(server, "idreader_drains_total{outcome=\"cut\"}", 1), 1)
    }

    func testASilentBodyIsCutAtTheDrainIdleTime() throws {
        let server = try ServerProcess(["--max-body-bytes", "1000", "--drain-seconds", "30", "--drain-idle-seconds", "1"])
        let connection = try RawConnection(port: server.port)
        XCTAssertTrue(connection.send(head(length: 64 << 20) + String(repeating: "A", count: 5000)))
        let started = Date()
        XCTAssertTrue(connection.closedByServer(within: 10), "cut after a second of silence, not at --drain-seconds")
        XCTAssertGreaterThan(Date().timeIntervalSince(started), 0.5)
        XCTAssertEqual(try waitForMetric(server, "idreader_draining", 0), 0)
    }

    func testPastMaxDrainsARefusalIsAnsweredAtOnce() throws {
        let server = try ServerProcess(["--max-body-bytes", "1000", "--max-drains", "1"])
        let draining = try RawConnection(port: server.port)
        XCTAssertTrue(draining.send(head(length: 64 << 20) + String(repeating: "A", count: 5000)))
        XCTAssertEqual(try waitForMetric(server, "idreader_draining", 1), 1, "the first oversized upload drains")
        let second = try RawConnection(port: server.port)
        XCTAssertTrue(second.send(head(length: 64 << 20)))
        let answer = HTTPAnswer(second.readAll())
        XCTAssertEqual(answer.status, 413, "the second is answered without reading its body")
        XCTAssertEqual(answer.headers["connection"], "close")
        XCTAssertFalse(draining.closedByServer(within: 0.2), "the first still drains")
        let reply = try server.curl("/healthz")
        XCTAssertEqual(reply.status, 200, "other requests are served beside the drain")
    }
}
