import Foundation
import XCTest

/// `idreader serve` as a client sees it: a real server process on a loopback port, curl
/// as the client, the CLI's own output as the reference.
final class ServerTests: XCTestCase {
    nonisolated(unsafe) static var shared: ServerProcess?

    /// One server for the tests that do not need special options.
    func server() throws -> ServerProcess {
        if let s = Self.shared, s.process.isRunning { return s }
        let s = try ServerProcess(["--workers", "2"])
        Self.shared = s
        return s
    }

    override class func tearDown() {
        shared = nil
        super.tearDown()
    }

    let td3 = "P<UTOERIKSSON<<ANNA<MARIA<<<<<<<<<<<<<<<<<<<\nL898902C36UTO7408122F1204159ZE184226B<<<<<10\n"

    func tempFile(_ contents: [UInt8]) throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("serve-test-\(UUID().uuidString)")
        try Data(contents).write(to: url)
        addTeardownBlock { try? FileManager.default.removeItem(at: url) }
        return url
    }

    // MARK: the same JSON as the CLI

    func testReadAnswersExactlyWhatTheCLIPrintsForEverySample() throws {
        let server = try server()
        let images = try sampleImages()
        XCTAssertGreaterThanOrEqual(images.count, 8)
        for image in images {
            let reply = try server.curl("/v1/read", ["--data-binary", "@" + image.path, "-H", "Content-Type: application/octet-stream"])
            let expected = try cli(["read", "-"], stdin: image)
            XCTAssertEqual(reply.status, 200, image.lastPathComponent)
            XCTAssertEqual(reply.headers["content-type"], "application/json")
            XCTAssertEqual(reply.text, expected.text, image.lastPathComponent)
            XCTAssertFalse(expected.text.isEmpty)
        }
    }

    /// Issue 15: `POST /v1/read?annotate=1` with `Accept: image/png` answers the annotated
    /// picture, of the input's size; without the header the JSON as before.
    func testAnnotatedPictureWhenAskedForAPNG() throws {
        let server = try server()
        let image = packageRoot.appendingPathComponent("samples/passports/td3-clean-000-r0.png")
        let reply = try server.curl("/v1/read?annotate=1", ["--data-binary", "@" + image.path, "-H", "Content-Type: image/png", "-H", "Accept: image/png"])
        XCTAssertEqual(reply.status, 200)
        XCTAssertEqual(reply.headers["content-type"], "image/png")
        let png = [UInt8](reply.body)
        XCTAssertEqual(Array(png.prefix(8)), [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A], "a PNG")
        // IHDR's width and height (bytes 16..<24) are the input's
        let input = [UInt8](try Data(contentsOf: image))
        XCTAssertEqual(Array(png[16..<24]), Array(input[16..<24]))
        let json = try server.curl("/v1/read?annotate=1", ["--data-binary", "@" + image.path, "-H", "Content-Type: image/png"])
        XCTAssertEqual(json.headers["content-type"], "application/json")
        let bad = try server.curl("/v1/read?annotate=yes", ["--data-binary", "@" + image.path, "-H", "Content-Type: image/png"])
        XCTAssertEqual(bad.status, 400)
    }

    /// `POST /v1/read?crop=1`: each document's outline, and its straightened crop as PNG in
    /// base64, the very bytes `idreader read --crop DIR` writes; without it neither.
    func testCropsInBase64WhenAsked() throws {
        let server = try server()
        let image = packageRoot.appendingPathComponent("samples/passports/td3-clean-000-r0.png")
        let reply = try server.curl("/v1/read?crop=1", ["--data-binary", "@" + image.path, "-H", "Content-Type: image/png"])
        XCTAssertEqual(reply.status, 200)
        let result = try XCTUnwrap(try reply.json() as? [String: Any])
        let location = try XCTUnwrap(((result["documents"] as? [[String: Any]])?.first)?["location"] as? [String: Any])
        XCTAssertTrue(location["outline"] is [String: Any], "the outline is found when crops are asked for")
        let images = try XCTUnwrap(location["cropImages"] as? [String: Any])
        XCTAssertEqual(images["dotsPerInch"] as? Int, 300)
        let png = try XCTUnwrap(Data(base64Encoded: try XCTUnwrap(images["document"] as? String)))
        XCTAssertLessThanOrEqual(png.count, 1_500_000)
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("serve-crop-\(UUID().uuidString)")
        addTeardownBlock { try? FileManager.default.removeItem(at: directory) }
        _ = try cli(["read", "--crop", directory.path, image.path])
        let written = try Data(contentsOf: directory.appendingPathComponent("td3-clean-000-r0-document.png"))
        XCTAssertEqual(png, written, "the CLI's crop")

        let plain = try XCTUnwrap(try server.curl("/v1/read", ["--data-binary", "@" + image.path, "-H", "Content-Type: image/png"]).json() as? [String: Any])
        let plainLocation = try XCTUnwrap(((plain["documents"] as? [[String: Any]])?.first)?["location"] as? [String: Any])
        XCTAssertTrue(plainLocation["outline"] is NSNull, "no outline unless asked")
        XCTAssertNil(plainLocation["cropImages"])
        let bad = try server.curl("/v1/read?crop=yes", ["--data-binary", "@" + image.path, "-H", "Content-Type: image/png"])
        XCTAssertEqual(bad.status, 400)
    }

    func testMultipartWithSeveralFilesGivesAnArrayWithTheCLIsDocuments() throws {
        let server = try server()
        let images = try sampleImages()
        var arguments: [String] = []
        for image in images { arguments += ["-F", "file=@\(image.path)"] }
        let reply = try server.curl("/v1/read", arguments)
        XCTAssertEqual(reply.status, 200)
        let results = try XCTUnwrap(try reply.json() as? [[String: Any]])
        XCTAssertEqual(results.count, images.count)
        let expected = try XCTUnwrap(try JSONSerialization.jsonObject(with: cli(["read"] + images.map(\.path)).stdout) as? [[String: Any]])
        for (i, image) in images.enumerated() {
            XCTAssertEqual(results[i]["input"] as? String, image.lastPathComponent)
            let got = try JSONSerialization.data(withJSONObject: results[i]["documents"]!, options: .sortedKeys)
            let want = try JSONSerialization.data(withJSONObject: expected[i]["documents"]!, options: .sortedKeys)
            XCTAssertEqual(got, want, image.lastPathComponent)
        }
        XCTAssertTrue(results.contains { ($0["documents"] as? [Any])?.isEmpty == false })
    }

    func testOneFilePartGivesOneObject() throws {
        let server = try server()
        let image = try sampleImages()[0]
        let reply = try server.curl("/v1/read", ["-F", "file=@\(image.path)"])
        XCTAssertEqual(reply.status, 200)
        let object = try XCTUnwrap(try reply.json() as? [String: Any])
        XCTAssertEqual(object["input"] as? String, image.lastPathComponent)
    }

    func testOnlyQueryIsTheCLIsOnlyOption() throws {
        let server = try server()
        let passport = packageRoot.appendingPathComponent("samples/passports/td3-clean-000-r0.png")
        let reply = try server.curl("/v1/read?only=pdf417", ["--data-binary", "@" + passport.path, "-H", "Content-Type: image/png"])
        XCTAssertEqual(reply.status, 200, "no document is still a read input")
        XCTAssertEqual(reply.text, try cli(["read", "--only", "pdf417", "-"], stdin: passport).text)
        let error = (try reply.json() as? [String: Any])?["error"] as? [String: Any]
        XCTAssertEqual(error?["code"] as? String, "noDocumentFound")
        XCTAssertEqual(error?["cause"] as? String, "noDocument", "a passport has no licence barcode: the cause, as the CLI names it")
        let bad = try server.curl("/v1/read?only=faces", ["--data-binary", "@" + passport.path, "-H", "Content-Type: image/png"])
        XCTAssertEqual(bad.status, 400)
        XCTAssertEqual(bad.errorCode(), "badRequest")
    }

    func testBarcodesAnswersWhatTheCLIPrints() throws {
        let server = try server()
        let licence = packageRoot.appendingPathComponent("samples/licences/licence-clean-000-r0.png")
        let reply = try server.curl("/v1/barcodes", ["--data-binary", "@" + licence.path, "-H", "Content-Type: image/png"])
        XCTAssertEqual(reply.status, 200)
        XCTAssertEqual(reply.text, try cli(["barcodes", "-"], stdin: licence).text)
        XCTAssertEqual(((try reply.json() as? [String: Any])?["barcodes"] as? [Any])?.isEmpty, false)
    }

    func testMRZAndAAMVAAnswerWhatTheCLIPrints() throws {
        let server = try server()
        let dir = packageRoot.appendingPathComponent("samples/mrz")
        for name in try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted() {
            let file = dir.appendingPathComponent(name)
            let reply = try server.curl("/v1/mrz", ["--data-binary", "@" + file.path, "-H", "Content-Type: text/plain"])
            XCTAssertEqual(reply.status, 200, name)
            XCTAssertEqual(reply.text, try cli(["mrz", "-"], stdin: file).text, name)
        }
        let aamva = packageRoot.appendingPathComponent("samples/aamva")
        for name in try FileManager.default.contentsOfDirectory(atPath: aamva.path).sorted() {
            let file = aamva.appendingPathComponent(name)
            let reply = try server.curl("/v1/aamva", ["--data-binary", "@" + file.path, "-H", "Content-Type: application/octet-stream"])
            XCTAssertEqual(reply.status, 200, name)
            XCTAssertEqual(reply.text, try cli(["aamva", "-"], stdin: file).text, name)
        }
    }

    // MARK: statuses

    func testUnreadableBodiesAre422WithTheContractsCodes() throws {
        let server = try server()
        let garbage = try tempFile(Array("this is not an image".utf8))
        var reply = try server.curl("/v1/read", ["--data-binary", "@" + garbage.path, "-H", "Content-Type: image/jpeg"])
        XCTAssertEqual(reply.status, 422)
        XCTAssertEqual(reply.errorCode(), "unreadableImage")
        reply = try server.curl("/v1/read", ["-X", "POST", "-H", "Content-Type: image/png"])
        XCTAssertEqual(reply.status, 422)
        XCTAssertEqual(reply.errorCode(), "emptyInput")
        reply = try server.curl("/v1/barcodes", ["--data-binary", "@" + garbage.path, "-H", "Content-Type: application/octet-stream"])
        XCTAssertEqual(reply.status, 422)
        XCTAssertEqual(reply.errorCode(), "unreadableImage")
        reply = try server.curl("/v1/mrz", ["--data-binary", "NOT AN MRZ", "-H", "Content-Type: text/plain"])
        XCTAssertEqual(reply.status, 422)
        XCTAssertEqual(reply.errorCode(), "invalidMRZ")
        reply = try server.curl("/v1/mrz", ["-X", "POST", "-H", "Content-Type: text/plain"])
        XCTAssertEqual(reply.errorCode(), "emptyInput")
        reply = try server.curl("/v1/aamva", ["--data-binary", "hello", "-H", "Content-Type: application/octet-stream"])
        XCTAssertEqual(reply.status, 422)
        XCTAssertEqual(reply.errorCode(), "invalidAAMVA")
    }

    func testAFailedCheckIsStill200() throws {
        let server = try server()
        let bad = packageRoot.appendingPathComponent("samples/mrz/passport-td3-bad-check.txt")
        let reply = try server.curl("/v1/mrz", ["--data-binary", "@" + bad.path, "-H", "Content-Type: text/plain"])
        XCTAssertEqual(reply.status, 200)
        let docs = try XCTUnwrap((try reply.json() as? [String: Any])?["documents"] as? [[String: Any]])
        XCTAssertEqual(docs.first?["valid"] as? Bool, false)
    }

    func testRoutingStatuses() throws {
        let server = try server()
        var reply = try server.curl("/v2/read", ["--data-binary", "x"])
        XCTAssertEqual(reply.status, 404)
        XCTAssertEqual(reply.errorCode(), "notFound")
        reply = try server.curl("/v1/read")
        XCTAssertEqual(reply.status, 405)
        XCTAssertEqual(reply.headers["allow"], "POST")
        XCTAssertNotNil(reply.errorCode())
        reply = try server.curl("/healthz", ["-X", "DELETE"])
        XCTAssertEqual(reply.status, 405)
        reply = try server.curl("/v1/read", ["--data-binary", "{}", "-H", "Content-Type: application/json"])
        XCTAssertEqual(reply.status, 415)
        XCTAssertEqual(reply.errorCode(), "unsupportedMediaType")
        reply = try server.curl("/v1/mrz", ["--data-binary", td3, "-H", "Content-Type: image/png"])
        XCTAssertEqual(reply.status, 415)
    }

    func testMalformedMultipartIs400() throws {
        let server = try server()
        var reply = try server.curl("/v1/read", ["--data-binary", "--xyz\r\nbroken", "-H", "Content-Type: multipart/form-data; boundary=xyz"])
        XCTAssertEqual(reply.status, 400)
        XCTAssertEqual(reply.errorCode(), "badRequest")
        reply = try server.curl("/v1/read", ["--data-binary", "whatever", "-H", "Content-Type: multipart/form-data"])
        XCTAssertEqual(reply.status, 400)
        reply = try server.curl("/v1/read", ["-F", "notfile=hello"])
        XCTAssertEqual(reply.status, 400, "no file part")
    }

    func testBodyLimitFromContentLengthAndWhileStreaming() throws {
        let server = try ServerProcess(["--max-body-bytes", "1000", "--workers", "1"])
        let big = try tempFile([UInt8](repeating: 0x41, count: 5000))
        var reply = try server.curl("/v1/read", ["--data-binary", "@" + big.path, "-H", "Content-Type: image/png"])
        XCTAssertEqual(reply.status, 413)
        XCTAssertEqual(reply.errorCode(), "payloadTooLarge")
        reply = try server.curl("/v1/read", ["--data-binary", "@" + big.path, "-H", "Content-Type: image/png", "-H", "Transfer-Encoding: chunked"])
        XCTAssertEqual(reply.status, 413, "a chunked body has no Content-Length; it is counted as it streams")
        reply = try server.curl("/v1/read", ["-F", "file=@\(big.path)"])
        XCTAssertEqual(reply.status, 413)
        let small = try tempFile([UInt8](repeating: 0x41, count: 500))
        reply = try server.curl("/v1/read", ["--data-binary", "@" + small.path, "-H", "Content-Type: image/png"])
        XCTAssertEqual(reply.status, 422, "under the limit it is read (and is not an image)")
    }

    func testImageTooLargeIs422() throws {
        let server = try ServerProcess(["--max-pixels", "100", "--workers", "1"])
        let image = try sampleImages()[0]
        let reply = try server.curl("/v1/read", ["--data-binary", "@" + image.path, "-H", "Content-Type: image/png"])
        XCTAssertEqual(reply.status, 422)
        XCTAssertEqual(reply.errorCode(), "imageTooLarge")
    }

    func testTimeLimitIs504AndTheServerStaysUp() throws {
        let server = try ServerProcess(["--time-limit", "0.01", "--workers", "1"])
        let page = packageRoot.appendingPathComponent("samples/passports/td3-mild-000-r4.jpg")
        let reply = try server.curl("/v1/read", ["--data-binary", "@" + page.path, "-H", "Content-Type: image/jpeg"])
        XCTAssertEqual(reply.status, 504)
        XCTAssertEqual(reply.errorCode(), "timeLimitExceeded")
        XCTAssertEqual(try server.curl("/healthz").status, 200)
        // the worker finishes the image and takes the next request
        let mrz = try server.curl("/v1/mrz", ["--data-binary", td3, "-H", "Content-Type: text/plain"])
        XCTAssertEqual(mrz.status, 200)
    }

    func testTokenIsRequiredWhenConfigured() throws {
        let tokenFile = try tempFile(Array("s3cret-token\n".utf8))
        let server = try ServerProcess(["--token-file", tokenFile.path, "--workers", "1"])
        let body = ["--data-binary", td3, "-H", "Content-Type: text/plain"]
        var reply = try server.curl("/v1/mrz", body)
        XCTAssertEqual(reply.status, 401)
        XCTAssertEqual(reply.errorCode(), "unauthorized")
        XCTAssertEqual(reply.headers["www-authenticate"], "Bearer")
        reply = try server.curl("/v1/mrz", body + ["-H", "Authorization: Bearer s3cret-tokem"])
        XCTAssertEqual(reply.status, 401)
        reply = try server.curl("/v1/mrz", body + ["-H", "Authorization: Bearer s3cret-token-and-more"])
        XCTAssertEqual(reply.status, 401)
        reply = try server.curl("/v1/mrz", body + ["-H", "Authorization: Bearer s3cret-token"])
        XCTAssertEqual(reply.status, 200)
        XCTAssertEqual(try server.curl("/metrics").status, 401)
        XCTAssertEqual(try server.curl("/healthz").status, 200, "health checks need no token")
    }

    func testOverloadIs503WithRetryAfter() throws {
        let server = try ServerProcess(["--workers", "1", "--queue", "0"])
        let page = packageRoot.appendingPathComponent("samples/passports/td3-mild-000-r4.jpg")
        let replies = ReplyBox()
        DispatchQueue.concurrentPerform(iterations: 6) { _ in
            if let r = try? server.curl("/v1/read", ["--data-binary", "@" + page.path, "-H", "Content-Type: image/jpeg"]) { replies.add(r) }
        }
        let all = replies.all
        XCTAssertEqual(all.count, 6)
        XCTAssertTrue(all.contains { $0.status == 200 })
        let refused = all.filter { $0.status == 503 }
        XCTAssertFalse(refused.isEmpty, "six at once on one worker without a queue: \(all.map(\.status))")
        for r in refused {
            XCTAssertEqual(r.headers["retry-after"], "1")
            XCTAssertEqual(r.errorCode(), "overloaded")
        }
        XCTAssertEqual(Set(all.map(\.status)), [200, 503])
    }

    // MARK: GET endpoints

    func testHealthzGivesTheCLIsVersion() throws {
        let server = try server()
        let reply = try server.curl("/healthz")
        XCTAssertEqual(reply.status, 200)
        let object = try XCTUnwrap(try reply.json() as? [String: String])
        XCTAssertEqual(object["status"], "ok")
        let version = try cli(["--version"]).text.trimmingCharacters(in: .whitespacesAndNewlines)
        XCTAssertEqual("idreader " + (object["version"] ?? ""), version)
    }

    func testOpenAPIIsTheCommittedFile() throws {
        let server = try server()
        let reply = try server.curl("/openapi.json")
        XCTAssertEqual(reply.status, 200)
        let committed = try Data(contentsOf: packageRoot.appendingPathComponent("Sources/IDReaderServer/openapi.json"))
        XCTAssertEqual(reply.body, committed)
        let object = try XCTUnwrap(try reply.json() as? [String: Any])
        XCTAssertEqual(object["openapi"] as? String, "3.1.0")
        let paths = try XCTUnwrap(object["paths"] as? [String: Any])
        XCTAssertEqual(Set(paths.keys), ["/v1/read", "/v1/barcodes", "/v1/mrz", "/v1/aamva", "/v1/vds", "/healthz", "/metrics", "/openapi.json"])
    }

    func testMetricsCountRequestsDocumentsAndErrors() throws {
        let server = try ServerProcess(["--workers", "1"])
        for _ in 0..<3 { XCTAssertEqual(try server.curl("/v1/mrz", ["--data-binary", td3, "-H", "Content-Type: text/plain"]).status, 200) }
        XCTAssertEqual(try server.curl("/v1/mrz", ["--data-binary", "nope", "-H", "Content-Type: text/plain"]).status, 422)
        XCTAssertEqual(try server.curl("/nowhere").status, 404)
        let text = try server.curl("/metrics").text
        let lines = Set(text.split(separator: "\n").map(String.init))
        XCTAssertTrue(lines.contains(#"idreader_requests_total{endpoint="mrz",status="200"} 3"#), text)
        XCTAssertTrue(lines.contains(#"idreader_requests_total{endpoint="mrz",status="422"} 1"#), text)
        XCTAssertTrue(lines.contains(#"idreader_requests_total{endpoint="other",status="404"} 1"#), text)
        XCTAssertTrue(lines.contains(#"idreader_request_duration_seconds_count{endpoint="mrz"} 4"#), text)
        XCTAssertTrue(lines.contains(#"idreader_request_duration_seconds_bucket{endpoint="mrz",le="+Inf"} 4"#), text)
        XCTAssertTrue(lines.contains(#"idreader_documents_total{kind="passport",valid="true"} 3"#), text)
        XCTAssertTrue(lines.contains(#"idreader_errors_total{code="invalidMRZ"} 1"#), text)
        XCTAssertTrue(lines.contains(#"idreader_errors_total{code="notFound"} 1"#), text)
        XCTAssertTrue(lines.contains("idreader_queue_depth 0"), text)
        XCTAssertTrue(text.contains("# TYPE idreader_request_duration_seconds histogram"))
    }

    // MARK: logs and personal data

    func testLogHasOneLinePerRequestAndNoPersonalData() throws {
        let server = try ServerProcess(["--workers", "1"])
        let reply = try server.curl("/v1/mrz", ["--data-binary", td3, "-H", "Content-Type: text/plain"])
        XCTAssertEqual(reply.status, 200)
        XCTAssertTrue(reply.text.contains("ERIKSSON"))
        _ = try server.curl("/v1/P%3CUTOERIKSSON", ["--data-binary", "x"])
        _ = try server.curl("/v1/read?only=ERIKSSON", ["--data-binary", td3, "-H", "Content-Type: image/png"])
        Thread.sleep(forTimeInterval: 0.2)
        let log = server.logText
        for secret in ["ERIKSSON", "L898902C3", "ANNA", "7408122"] { XCTAssertFalse(log.contains(secret), "\(secret) in the log:\n\(log)") }
        let requestLines = log.split(separator: "\n").filter { $0.contains(" id=") }
        XCTAssertEqual(requestLines.count, 3, log)
        let id = try XCTUnwrap(reply.headers["x-request-id"])
        let first = try XCTUnwrap(requestLines.first.map(String.init))
        for field in ["id=\(id)", "method=POST", "path=/v1/mrz", "status=200", "ms=", "bytes_in=\(td3.utf8.count)"] {
            XCTAssertTrue(first.contains(field), "\(field) missing in \(first)")
        }
    }

    // MARK: robustness

    func testMalformedRequestsDoNotCrashTheServer() throws {
        let server = try ServerProcess(["--workers", "1", "--connection-timeout", "2"])
        let garbage = [
            "GARBAGE\r\n\r\n", "POST /v1/read HTTP/1.1\r\nHost: x\r\nContent-Length: nope\r\n\r\n",
            "POST /v1/read HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\nZZZ\r\nabc\r\n",
            "GET /" + String(repeating: "a", count: 70_000) + " HTTP/1.1\r\n\r\n",
            "POST /v1/read HTTP/1.1\r\nHost: x\r\nContent-Type: multipart/form-data; boundary=\r\nContent-Length: 5\r\n\r\n--\r\n\r",
            "\u{0}\u{1}\u{2}\r\n\r\n",
        ]
        for request in garbage {
            let c = try RawConnection(port: server.port)
            c.send(request)
            shutdown(c.fd, Int32(SHUT_WR))
            _ = c.readAll()
        }
        XCTAssertTrue(server.process.isRunning)
        XCTAssertEqual(try server.curl("/healthz").status, 200)
    }

    func testATricklingClientTimesOutAndHoldsNoWorker() throws {
        let server = try ServerProcess(["--workers", "1", "--connection-timeout", "1"])
        let trickle = try RawConnection(port: server.port)
        XCTAssertTrue(trickle.send("POST /v1/mrz HTTP/1.1\r\nHost: x\r\nContent-Type: text/plain\r\nContent-Length: 1000\r\n\r\n"))
        let started = Date()
        let closed = ReplyBox()
        DispatchQueue.global().async {
            // one byte every 0.5 s: never idle for the 1 s timeout, but never done either
            while Date().timeIntervalSince(started) < 20 {
                if !trickle.send("P") { break }
                Thread.sleep(forTimeInterval: 0.5)
            }
            closed.add(Reply(status: Int(Date().timeIntervalSince(started) * 1000), headers: [:], body: Data()))
        }
        Thread.sleep(forTimeInterval: 0.5)
        let t0 = Date()
        let reply = try server.curl("/v1/mrz", ["--data-binary", td3, "-H", "Content-Type: text/plain"])
        XCTAssertEqual(reply.status, 200)
        XCTAssertLessThan(Date().timeIntervalSince(t0), 2, "the single worker is free while a client trickles")
        let idle = try RawConnection(port: server.port)
        idle.send("POST /v1/mrz HTTP/1.1\r\nHost: x\r\n")
        let t1 = Date()
        _ = idle.readAll()
        XCTAssertLessThan(Date().timeIntervalSince(t1), 5, "an idle connection is closed after the connection timeout")
        let deadline = Date().addingTimeInterval(15)
        while closed.all.isEmpty && Date() < deadline { Thread.sleep(forTimeInterval: 0.1) }
        let ms = try XCTUnwrap(closed.all.first?.status, "the trickling connection was never closed")
        XCTAssertLessThan(ms, 10_000, "a request must arrive within four connection timeouts")
    }

    func testSIGTERMFinishesRequestsInFlightAndExitsZero() throws {
        let server = try ServerProcess(["--workers", "1", "--queue", "8"])
        let page = packageRoot.appendingPathComponent("samples/passports/td3-mild-000-r4.jpg")
        let expected = try cli(["read", "-"], stdin: page).text
        let replies = ReplyBox()
        let group = DispatchGroup()
        for _ in 0..<3 {
            DispatchQueue.global().async(group: group) {
                if let r = try? server.curl("/v1/read", ["--data-binary", "@" + page.path, "-H", "Content-Type: image/jpeg"]) { replies.add(r) }
            }
        }
        // wait until all three are in (one reading, two queued)
        let deadline = Date().addingTimeInterval(10)
        while Date() < deadline {
            let metrics = (try? server.curl("/metrics").text) ?? ""
            if metrics.contains("idreader_queue_depth 2") { break }
            Thread.sleep(forTimeInterval: 0.01)
        }
        let status = server.terminate(signal: SIGTERM)
        group.wait()
        XCTAssertEqual(status, 0)
        let all = replies.all
        XCTAssertEqual(all.count, 3)
        for r in all {
            XCTAssertEqual(r.status, 200)
            XCTAssertEqual(r.text, expected)
        }
        XCTAssertThrowsError(try server.curl("/healthz", timeout: 5), "nothing listens after the exit")
    }

    func testSIGINTStopsAnIdleServer() throws {
        let server = try ServerProcess(["--workers", "1"])
        XCTAssertEqual(try server.curl("/healthz").status, 200)
        XCTAssertEqual(server.terminate(signal: SIGINT, timeout: 10), 0)
    }

    func testUsageErrors() throws {
        XCTAssertEqual(try cli(["serve", "--port", "99999"]).status, 2)
        XCTAssertEqual(try cli(["serve", "--host", "example.com"]).status, 2)
        XCTAssertEqual(try cli(["serve", "--token-file", "/nonexistent/token"]).status, 2)
        XCTAssertEqual(try cli(["serve", "--frobnicate"]).status, 2)
        XCTAssertTrue(try cli(["help", "serve"]).text.contains("--token-file"))
    }
}

/// Replies gathered from several threads.
final class ReplyBox: @unchecked Sendable {
    private let lock = NSLock()
    private var replies: [Reply] = []
    func add(_ r: Reply) { lock.lock(); replies.append(r); lock.unlock() }
    var all: [Reply] { lock.lock(); defer { lock.unlock() }; return replies }
}
