import Foundation

/// One line per request on standard error: time, request id, method, path, status,
/// milliseconds, bytes in and out.  Never a body, a query value or a header value, so no
/// image, MRZ line or field value reaches the log; unknown paths are not echoed either.
struct RequestLog: Sendable {
    var enabled = true

    func write(_ exchange: Exchange, seconds: Double) {
        guard enabled else { return }
        let path = exchange.endpoint?.rawValue ?? "(unknown)"
        let method = Endpoint.allCases.flatMap(\.methods).contains(exchange.method) ? exchange.method : "(other)"
        let status = exchange.sentStatus.map(String.init) ?? "aborted"
        let line =
            "\(timestamp()) id=\(exchange.id) method=\(method) path=\(path) status=\(status) ms=\(Int((seconds * 1000).rounded())) bytes_in=\(exchange.bytesIn) bytes_out=\(exchange.sentBytes)\n"
        FileHandle.standardError.write(Data(line.utf8))
    }

    private func timestamp() -> String {
        var now = timespec()
        clock_gettime(CLOCK_REALTIME, &now)
        var t = time_t(now.tv_sec)
        var parts = tm()
        gmtime_r(&t, &parts)
        return String(
            format: "%04d-%02d-%02dT%02d:%02d:%02d.%03dZ", Int(parts.tm_year) + 1900, Int(parts.tm_mon) + 1, Int(parts.tm_mday),
            Int(parts.tm_hour), Int(parts.tm_min), Int(parts.tm_sec), Int(now.tv_nsec / 1_000_000))
    }
}
