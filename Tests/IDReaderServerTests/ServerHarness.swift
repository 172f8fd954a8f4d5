import Foundation
import XCTest

/// The package's root, found from this file's path.
let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

/// The `idreader` binary built beside the test bundle.
let idreaderBinary: URL = {
    let exe = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
    var dir = URL(fileURLWithPath: exe).deletingLastPathComponent()
    // on Linux the test bundle is an executable in the products directory
    if dir.pathExtension == "xctest" { dir = dir.deletingLastPathComponent() }
    let beside = dir.appendingPathComponent("idreader")
    return FileManager.default.isExecutableFile(atPath: beside.path) ? beside : packageRoot.appendingPathComponent(".build/debug/idreader")
}()

/// The output of a finished process.
struct Finished {
    let status: Int32
    let stdout: Data
    let stderr: Data
    var text: String { String(decoding: stdout, as: UTF8.self) }
}

/// Runs a program to its end with `stdin` (a file) as standard input.
func runProcess(_ executable: URL, _ arguments: [String], stdin: URL? = nil) throws -> Finished {
    let process = Process()
    process.executableURL = executable
    process.arguments = arguments
    process.currentDirectoryURL = packageRoot
    let out = Pipe(), err = Pipe()
    process.standardOutput = out
    process.standardError = err
    if let stdin { process.standardInput = try FileHandle(forReadingFrom: stdin) } else { process.standardInput = FileHandle.nullDevice }
    try process.run()
    let errBox = DataBox()
    let group = DispatchGroup()
    group.enter()
    DispatchQueue.global().async {
        errBox.data = err.fileHandleForReading.readDataToEndOfFile(); group.leave()
    }
    let outData = out.fileHandleForReading.readDataToEndOfFile()
    group.wait()
    let errData = errBox.data
    process.waitUntilExit()
    return Finished(status: process.terminationStatus, stdout: outData, stderr: errData)
}

final class DataBox: @unchecked Sendable { var data = Data() }

/// The CLI's output for the same input, the reference the service must match.
func cli(_ arguments: [String], stdin: URL? = nil) throws -> Finished {
    try runProcess(idreaderBinary, arguments, stdin: stdin)
}

/// An HTTP answer as curl saw it.
struct Reply {
    let status: Int
    let headers: [String: String]
    let body: Data
    var text: String { String(decoding: body, as: UTF8.self) }
    func json() throws -> Any { try JSONSerialization.jsonObject(with: body) }
    /// The error object's code of a `{"error": {"code", "message"}}` body.
    func errorCode() -> String? {
        guard let object = try? json() as? [String: Any], let error = object["error"] as? [String: Any],
            let message = error["message"] as? String, !message.isEmpty
        else { return nil }
        return error["code"] as? String
    }
}

/// A real `idreader serve` process on a free loopback port.
final class ServerProcess: @unchecked Sendable {
    let process = Process()
    let port: Int
    let logURL: URL
    private let log: FileHandle

    init(_ arguments: [String] = [], file: StaticString = #filePath, line: UInt = #line) throws {
        logURL = FileManager.default.temporaryDirectory.appendingPathComponent("idreader-serve-\(UUID().uuidString).log")
        _ = FileManager.default.createFile(atPath: logURL.path, contents: nil)
        log = try FileHandle(forWritingTo: logURL)
        process.executableURL = idreaderBinary
        process.arguments = ["serve", "--port", "0"] + arguments
        process.currentDirectoryURL = packageRoot
        process.standardError = log
        process.standardOutput = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let deadline = Date().addingTimeInterval(20)
        var found: Int?
        while found == nil && Date() < deadline && process.isRunning {
            Thread.sleep(forTimeInterval: 0.02)
            let text = (try? String(contentsOf: logURL, encoding: .utf8)) ?? ""
            if let range = text.range(of: #"listening on http://127\.0\.0\.1:(\d+)"#, options: .regularExpression) {
                found = Int(text[range].split(separator: ":").last!)
            }
        }
        guard let found else {
            process.terminate()
            throw StartFailed(log: (try? String(contentsOf: logURL, encoding: .utf8)) ?? "")
        }
        port = found
    }

    var base: String { "http://127.0.0.1:\(port)" }
    var logText: String { (try? String(contentsOf: logURL, encoding: .utf8)) ?? "" }

    /// Sends SIGTERM and waits for the exit status.
    func terminate(signal: Int32 = SIGTERM, timeout: Double = 30) -> Int32? {
        kill(process.processIdentifier, signal)
        let deadline = Date().addingTimeInterval(timeout)
        while process.isRunning && Date() < deadline { Thread.sleep(forTimeInterval: 0.02) }
        return process.isRunning ? nil : process.terminationStatus
    }

    deinit {
        // a server still draining or finishing requests gets its grace, then is killed:
        // a test must never wait on a server that does not stop
        if process.isRunning, terminate(timeout: 40) == nil {
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
        }
        try? log.close()
        try? FileManager.default.removeItem(at: logURL)
    }

    /// One request with curl; `arguments` are curl's (data, headers, method).
    func curl(_ path: String, _ arguments: [String] = [], timeout: Double = 120) throws -> Reply {
        let dir = FileManager.default.temporaryDirectory
        let bodyURL = dir.appendingPathComponent("body-\(UUID().uuidString)")
        let headURL = dir.appendingPathComponent("head-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: bodyURL); try? FileManager.default.removeItem(at: headURL) }
        let result = try runProcess(
            URL(fileURLWithPath: "/usr/bin/curl"),
            [
                "-s", "-S", "--max-time", String(timeout), "-o", bodyURL.path, "-D", headURL.path,
                "-w", "%{http_code}",
            ] + arguments + [base + path])
        guard let status = Int(result.text), status > 0 else {
            throw NSError(domain: "curl", code: Int(result.status), userInfo: [NSLocalizedDescriptionKey: String(decoding: result.stderr, as: UTF8.self)])
        }
        var headers: [String: String] = [:]
        let head = (try? String(contentsOf: headURL, encoding: .utf8)) ?? ""
        for line in head.split(whereSeparator: \.isNewline) {
            guard let colon = line.firstIndex(of: ":") else { continue }
            headers[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        return Reply(status: status, headers: headers, body: (try? Data(contentsOf: bodyURL)) ?? Data())
    }
}

/// The committed sample images.
func sampleImages() throws -> [URL] {
    var out: [URL] = []
    for folder in ["samples/passports", "samples/licences"] {
        let dir = packageRoot.appendingPathComponent(folder)
        for name in try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted()
        where ["png", "jpg"].contains((name as NSString).pathExtension) {
            out.append(dir.appendingPathComponent(name))
        }
    }
    return out
}

/// A raw TCP connection to the server, for what curl will not send.
final class RawConnection: @unchecked Sendable {
    let fd: Int32

    init(port: Int) throws {
        fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let ok = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard ok == 0 else { close(fd); throw NSError(domain: "connect", code: Int(errno)) }
        var timeout = timeval(tv_sec: 30, tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
    }

    deinit { close(fd) }

    /// Writes bytes; false when the server has closed the connection.
    @discardableResult
    func send(_ bytes: [UInt8]) -> Bool {
        bytes.withUnsafeBytes { Foundation.send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) } == bytes.count
    }

    @discardableResult
    func send(_ text: String) -> Bool { send(Array(text.utf8)) }

    /// Whether the server has closed the connection (or reset it), waiting up to `seconds`
    /// for a sign; what it sent before is left unread.
    func closedByServer(within seconds: Double) -> Bool {
        var poller = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
        guard poll(&poller, 1, Int32(seconds * 1000)) == 1 else { return false }
        var byte: UInt8 = 0
        return recv(fd, &byte, 1, Int32(MSG_PEEK)) <= 0
    }

    /// Everything until the server closes (or the receive timeout).
    func readAll() -> String {
        var data = [UInt8]()
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let n = recv(fd, &buffer, buffer.count, 0)
            if n <= 0 { break }
            data += buffer[0..<n]
        }
        return String(decoding: data, as: UTF8.self)
    }
}

/// The server process did not report its port: a failure, with the server's own log.
struct StartFailed: Error, CustomStringConvertible {
    let log: String
    var description: String { "The server did not start; its log: \(log)" }
}
