import Foundation

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

    public init() {}

    /// The help text of `idreader serve`.
    public static let help = """
        idreader serve [--host 127.0.0.1] [--port 8080] [--workers N] [--queue N] [--max-body-bytes 20000000]
                       [--max-pixels 100000000] [--time-limit S] [--token-file FILE] [--connection-timeout S] [--grace S]

        A self-hosted HTTP service answering with the JSON of 'idreader read' (see /openapi.json):
        POST /v1/read, /v1/barcodes, /v1/mrz, /v1/aamva; GET /healthz, /metrics, /openapi.json.
          --host            address to bind (default 127.0.0.1, loopback only)
          --port            port (default 8080; 0 picks a free one)
          --workers N       images read at once (default: number of cores)
          --queue N         requests waiting for a worker before 503 (default 16)
          --max-body-bytes  larger bodies get 413 (default 20000000)
          --max-pixels      larger images get 422 imageTooLarge (default 100000000)
          --time-limit S    seconds per image before 504 (default 60)
          --token-file FILE every request but /healthz needs 'Authorization: Bearer' with the file's token
          --connection-timeout S  idle seconds before a connection is closed (default 15)
          --grace S         seconds for requests in flight after SIGTERM/SIGINT (default 30)
        Logs one line per request (method, path, status, ms, bytes, request id); never image
        bytes, MRZ lines or field values.

        """

    /// Parses the arguments after `serve`.
    public static func parse(_ args: [String]) throws(ServeUsageError) -> ServeOptions {
        var options = ServeOptions()
        var i = 0
        while i < args.count {
            let arg = args[i]
            let name = arg.split(separator: "=", maxSplits: 1).first.map(String.init) ?? arg
            func value() throws(ServeUsageError) -> String {
                if let eq = arg.firstIndex(of: "=") { return String(arg[arg.index(after: eq)...]) }
                guard i + 1 < args.count else { throw ServeUsageError("\(name) needs a value; see 'idreader help serve'.") }
                i += 1
                return args[i]
            }
            func number(_ range: ClosedRange<Int>) throws(ServeUsageError) -> Int {
                let v = try value()
                guard let n = Int(v), range.contains(n) else {
                    throw ServeUsageError("\(name) takes a whole number from \(range.lowerBound) to \(range.upperBound); got '\(v.prefix(40))'.")
                }
                return n
            }
            func seconds() throws(ServeUsageError) -> Double {
                let v = try value()
                guard let s = Double(v), s > 0, s <= 86_400 else {
                    throw ServeUsageError("\(name) takes seconds from 0 to 86400, e.g. '\(name) 30'; got '\(v.prefix(40))'.")
                }
                return s
            }
            switch name {
            case "--host":
                let v = try value()
                options.host = v == "localhost" ? "127.0.0.1" : v
                guard isAddressLiteral(options.host) else {
                    throw ServeUsageError("--host takes an IP address such as 127.0.0.1, 0.0.0.0 or ::1; got '\(v.prefix(60))'.")
                }
            case "--port": options.port = try number(0...65_535)
            case "--workers": options.workers = try number(1...256)
            case "--queue": options.queue = try number(0...100_000)
            case "--max-body-bytes": options.maxBodyBytes = try number(1...2_000_000_000)
            case "--max-pixels": options.maxPixels = try number(1...Int(Int32.max))
            case "--time-limit": options.timeLimit = try seconds()
            case "--connection-timeout": options.connectionTimeout = try number(1...3_600)
            case "--grace": options.grace = try seconds()
            case "--token-file":
                let path = try value()
                guard let data = FileManager.default.contents(atPath: path) else {
                    throw ServeUsageError("--token-file '\(path.prefix(200))' cannot be read; check the path and its permissions.")
                }
                let token = String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
                guard !token.isEmpty else { throw ServeUsageError("--token-file '\(path.prefix(200))' is empty; put the token in it.") }
                options.token = Array(token.utf8)
            default:
                throw ServeUsageError("Unknown option '\(arg.prefix(60))' for 'idreader serve'; see 'idreader help serve'.")
            }
            i += 1
        }
        return options
    }

    static func isAddressLiteral(_ host: String) -> Bool {
        var v4 = in_addr(), v6 = in6_addr()
        return inet_pton(AF_INET, host, &v4) == 1 || inet_pton(AF_INET6, host, &v6) == 1
    }
}
