import Foundation

#if canImport(CommandLineDeclarations)
import CommandLineDeclarations
#endif

/// A mistake in `idreader serve`'s arguments; the message says what to type instead.
public struct ServeUsageError: Error, Equatable, CustomStringConvertible {
    public let description: String
    init(_ message: String) { description = message }
}

/// How `idreader serve` runs: address, concurrency, limits and the optional token.
public struct ServeOptions: Equatable, Sendable {
    /// An IPv4 or IPv6 literal, or `localhost`; loopback unless told otherwise.
    public var host = "127.0.0.1"
    /// 0 picks a free port (the port chosen is printed on standard error).
    public var port = 8080
    /// Images read at the same time, each worker with its own reader state.
    public var workers = ProcessInfo.processInfo.activeProcessorCount
    /// Requests waiting for a worker; beyond this the answer is 503.
    public var queue = 16
    /// Bodies larger than this get 413, from Content-Length or while they stream.
    public var maxBodyBytes = 20_000_000
    /// Images declaring more pixels get 422 `imageTooLarge`.
    public var maxPixels = 100_000_000
    /// Seconds allowed per image; beyond it the answer is 504.
    public var timeLimit: Double = 60
    /// The bearer token every request but `/healthz` must carry, when set.
    public var token: [UInt8]? = nil
    /// Seconds a connection may stay idle; a whole request must arrive within four times this.
    public var connectionTimeout = 15
    /// Seconds that requests in flight get to finish after SIGTERM or SIGINT.
    public var grace: Double = 30
    /// Seconds a refused body (413, and any refusal before the body is read) is read and
    /// dropped, at most, before its answer; then the connection is closed unanswered.
    public var drainSeconds = 30
    /// Seconds of silence that end such a drain early.
    public var drainIdleSeconds = 5
    /// Connections that may drain a refused body at once; past it a refusal is answered
    /// at once and the connection closed (0: never drain).
    public var maxDrains = 512
    /// Connections the server accepts at once, drains among them (declared here, where the
    /// options are, so that the option parser builds without the server: fuzz/run.sh).
    public static let connectionLimit = 1024
    /// Directories of the signer and CA certificates seals are verified with (DER or PEM
    /// files); without them a seal's signature is `unknownSigner`.
    public var certificates: String? = nil
    public var caCertificates: String? = nil

    public init() {}

    /// The help text of `idreader serve`, made from `command`.
    public static var help: String { HelpText(program).text(for: ["serve"]) }

    /// Parses the arguments after `serve`.
    public static func parse(_ args: [String]) throws(ServeUsageError) -> ServeOptions {
        do throws(UsageError) {
            switch try program.parse(["serve"] + args) {
            case .run(let options): return options
            case .help, .version: throw UsageError("See 'idreader help serve' for the options of 'idreader serve'.")
            }
        } catch {
            throw ServeUsageError(error.description)
        }
    }

    /// `serve` alone, for `parse` and `help`.
    static var program: ProgramDeclaration<ServeOptions> { ProgramDeclaration(name: "idreader", abstract: "", epilogue: "", commands: [command]) }

    /// `idreader serve`, declared once: the CLI's command table includes it.
    public static let command = CommandDeclaration<ServeOptions>(
        "serve",
        abstract: """
            A self-hosted HTTP service answering with the JSON of 'idreader read' (see /openapi.json):
            POST /v1/read, /v1/barcodes, /v1/mrz, /v1/aamva, /v1/vds; GET /healthz, /metrics, /openapi.json.
            """,
        options: [
            host.declaration, port.declaration, workers.declaration, queue.declaration, maxBodyBytes.declaration, maxPixels.declaration,
            timeLimit.declaration, tokenFile.declaration, connectionTimeout.declaration, grace.declaration, drainSeconds.declaration,
            drainIdleSeconds.declaration, maxDrains.declaration, certificates.declaration, caCertificates.declaration,
        ],
        epilogue: """
            Logs one line per request (method, path, status, ms, bytes, request id); never image
            bytes, MRZ lines or field values.
            """
    ) { arguments throws(UsageError) in
        var options = ServeOptions()
        options.host = arguments[host]
        options.port = arguments[port]
        options.workers = arguments[workers]
        options.queue = arguments[queue]
        options.maxBodyBytes = arguments[maxBodyBytes]
        options.maxPixels = arguments[maxPixels]
        options.timeLimit = arguments[timeLimit]
        options.token = arguments[tokenFile]
        options.connectionTimeout = arguments[connectionTimeout]
        options.grace = arguments[grace]
        options.drainSeconds = arguments[drainSeconds]
        options.drainIdleSeconds = arguments[drainIdleSeconds]
        options.maxDrains = arguments[maxDrains]
        options.certificates = arguments[certificates]
        options.caCertificates = arguments[caCertificates]
        return options
    }

    /// The defaults of the declarations: a fresh `ServeOptions`.
    private static let defaults = ServeOptions()

    /// An option taking a whole number in `range`.
    private static func number(_ name: String, valueName: String = "N", _ range: ClosedRange<Int>, default value: Int, help: String) -> Option<Int> {
        Option<Int>(name, valueName: valueName, defaultValue: value, example: String(value), help: help) { text throws(UsageError) in
            guard let n = Int(text), range.contains(n) else {
                throw UsageError("\(name) takes a whole number from \(range.lowerBound) to \(range.upperBound); got '\(shown(text))'.")
            }
            return n
        }
    }

    /// An option taking seconds, up to a day.
    private static func seconds(_ name: String, default value: Double, help: String) -> Option<Double> {
        Option<Double>(name, valueName: "S", defaultValue: value, example: "30", help: help) { text throws(UsageError) in
            guard let s = Double(text), s > 0, s <= 86_400 else {
                throw UsageError("\(name) takes seconds from 0 to 86400, e.g. '\(name) 30'; got '\(shown(text))'.")
            }
            return s
        }
    }

    static let host = Option<String>(
        "--host", valueName: "ADDRESS", defaultValue: defaults.host, example: "127.0.0.1",
        help: "address to bind: an IPv4 or IPv6 literal, or localhost; 0.0.0.0 listens on every interface"
    ) { text throws(UsageError) in
        let host = text == "localhost" ? "127.0.0.1" : text
        guard isAddressLiteral(host) else {
            throw UsageError("--host takes an IP address such as 127.0.0.1, 0.0.0.0 or ::1; got '\(shown(text))'.")
        }
        return host
    }
    static let port = number(
        "--port", valueName: "PORT", 0...65_535, default: defaults.port, help: "port to listen on; 0 picks a free one (printed on standard error)")
    static let workers = Option<Int>(
        "--workers", valueName: "N", defaultValue: defaults.workers, defaultDescription: "number of cores", example: "4", help: "images read at once"
    ) { text throws(UsageError) in
        guard let n = Int(text), (1...256).contains(n) else { throw UsageError("--workers takes a whole number from 1 to 256; got '\(shown(text))'.") }
        return n
    }
    static let queue = number("--queue", 0...100_000, default: defaults.queue, help: "requests waiting for a worker before the answer is 503")
    static let maxBodyBytes = number("--max-body-bytes", 1...2_000_000_000, default: defaults.maxBodyBytes, help: "larger bodies get 413")
    static let maxPixels = number("--max-pixels", 1...Int(Int32.max), default: defaults.maxPixels, help: "larger images get 422 imageTooLarge")
    static let timeLimit = seconds("--time-limit", default: defaults.timeLimit, help: "seconds per image before the answer is 504")
    static let tokenFile = Option<[UInt8]?>(
        "--token-file", valueName: "FILE", defaultValue: nil, example: "token.txt",
        help: "every request but /healthz needs 'Authorization: Bearer' with the file's token"
    ) { path throws(UsageError) in
        guard let data = FileManager.default.contents(atPath: path) else {
            throw UsageError("--token-file '\(shown(path))' cannot be read; check the path and its permissions.")
        }
        let token = String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        guard !token.isEmpty else { throw UsageError("--token-file '\(shown(path))' is empty; put the token in it.") }
        return Array(token.utf8)
    }
    static let connectionTimeout = number(
        "--connection-timeout", valueName: "S", 1...3_600, default: defaults.connectionTimeout, help: "idle seconds before a connection is closed")
    static let grace = seconds("--grace", default: defaults.grace, help: "seconds for requests in flight after SIGTERM or SIGINT")
    static let drainSeconds = number(
        "--drain-seconds", valueName: "S", 1...3_600, default: defaults.drainSeconds,
        help: "seconds at most to read and drop a refused body (413) before answering; past them the connection is closed unanswered")
    static let drainIdleSeconds = number(
        "--drain-idle-seconds", valueName: "S", 1...3_600, default: defaults.drainIdleSeconds,
        help: "seconds of silence that close a connection whose refused body is being dropped")
    static let maxDrains = number(
        "--max-drains", 0...connectionLimit, default: defaults.maxDrains,
        help: "connections dropping a refused body at once; past it a refusal is answered at once and the connection closed (0: never drain)")

    static let certificates = directory(
        "--certificates", example: "certs/", help: "the signer certificates seals are verified with: .der, .cer, .crt or .pem files")
    static let caCertificates = directory(
        "--ca-certificates", example: "csca/", help: "CA certificates a seal's signer certificate must chain to (else its chain is notChecked)")

    private static func directory(_ name: String, example: String, help: String) -> Option<String?> {
        Option<String?>(name, valueName: "DIR", defaultValue: nil, example: example, help: help) { text throws(UsageError) in
            guard !text.isEmpty else { throw UsageError("\(name) takes a directory of certificates, e.g. '\(name) \(example)'.") }
            return text
        }
    }

    static func isAddressLiteral(_ host: String) -> Bool {
        var v4 = in_addr(), v6 = in6_addr()
        return inet_pton(AF_INET, host, &v4) == 1 || inet_pton(AF_INET6, host, &v6) == 1
    }
}
