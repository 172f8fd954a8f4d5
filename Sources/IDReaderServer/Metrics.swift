import Foundation

/// The service's counters, rendered in the Prometheus text format.  Thread-safe.
final class Metrics: @unchecked Sendable {
    /// Upper bounds of the latency histogram, in seconds.
    static let buckets: [Double] = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60]

    private struct Histogram {
        var counts = [Int](repeating: 0, count: Metrics.buckets.count)
        var sum = 0.0
        var total = 0
    }

    private let lock = NSLock()
    private var requests: [String: [Int: Int]] = [:]  // endpoint -> status -> count
    private var latency: [String: Histogram] = [:]
    private var documents: [String: [Bool: Int]] = [:]  // kind -> valid -> count
    private var errors: [String: Int] = [:]
    private var drains: [Bool: Int] = [:]  // answered -> count

    func request(endpoint: String, status: Int, seconds: Double) {
        lock.lock(); defer { lock.unlock() }
        requests[endpoint, default: [:]][status, default: 0] += 1
        var h = latency[endpoint] ?? Histogram()
        if let i = Self.buckets.firstIndex(where: { seconds <= $0 }) { h.counts[i] += 1 }
        h.sum += seconds
        h.total += 1
        latency[endpoint] = h
    }

    func document(kind: String, valid: Bool) {
        lock.lock(); defer { lock.unlock() }
        documents[kind, default: [:]][valid, default: 0] += 1
    }

    func error(code: String) {
        lock.lock(); defer { lock.unlock() }
        errors[code, default: 0] += 1
    }

    /// A drained refused body ended: answered, or the connection closed unanswered (cut
    /// at the drain's time bound, or left by the client).
    func drain(answered: Bool) {
        lock.lock(); defer { lock.unlock() }
        drains[answered, default: 0] += 1
    }

    /// The exposition text; `queueDepth`, `busyWorkers` and `draining` are gauges read at
    /// the time.
    func render(queueDepth: Int, busyWorkers: Int, workers: Int, draining: Int) -> String {
        lock.lock(); defer { lock.unlock() }
        var s = "# HELP idreader_requests_total HTTP requests answered, by endpoint and status.\n# TYPE idreader_requests_total counter\n"
        for (endpoint, byStatus) in requests.sorted(by: { $0.key < $1.key }) {
            for (status, n) in byStatus.sorted(by: { $0.key < $1.key }) {
                s += "idreader_requests_total{endpoint=\"\(endpoint)\",status=\"\(status)\"} \(n)\n"
            }
        }
        s += "# HELP idreader_request_duration_seconds Time from the request's headers to its answer.\n# TYPE idreader_request_duration_seconds histogram\n"
        for (endpoint, h) in latency.sorted(by: { $0.key < $1.key }) {
            var cumulative = 0
            for (bound, n) in zip(Self.buckets, h.counts) {
                cumulative += n
                s += "idreader_request_duration_seconds_bucket{endpoint=\"\(endpoint)\",le=\"\(bound)\"} \(cumulative)\n"
            }
            s += "idreader_request_duration_seconds_bucket{endpoint=\"\(endpoint)\",le=\"+Inf\"} \(h.total)\n"
            s += "idreader_request_duration_seconds_sum{endpoint=\"\(endpoint)\"} \(h.sum)\n"
            s += "idreader_request_duration_seconds_count{endpoint=\"\(endpoint)\"} \(h.total)\n"
        }
        s += "# HELP idreader_documents_total Documents found, by kind and validity.\n# TYPE idreader_documents_total counter\n"
        for (kind, byValid) in documents.sorted(by: { $0.key < $1.key }) {
            for (valid, n) in byValid.sorted(by: { !$0.key && $1.key }) {
                s += "idreader_documents_total{kind=\"\(kind)\",valid=\"\(valid)\"} \(n)\n"
            }
        }
        s += "# HELP idreader_errors_total Error objects answered (request errors and per-image errors), by code.\n# TYPE idreader_errors_total counter\n"
        for (code, n) in errors.sorted(by: { $0.key < $1.key }) {
            s += "idreader_errors_total{code=\"\(code)\"} \(n)\n"
        }
        s += "# HELP idreader_drains_total Refused bodies read and dropped before the answer, by outcome "
        s += "(answered, or cut: closed unanswered at --drain-seconds, --drain-idle-seconds or by the client).\n"
        s += "# TYPE idreader_drains_total counter\n"
        for answered in [true, false] {
            s += "idreader_drains_total{outcome=\"\(answered ? "answered" : "cut")\"} \(drains[answered, default: 0])\n"
        }
        s += "# HELP idreader_draining Connections reading and dropping a refused body now (at most --max-drains).\n"
        s += "# TYPE idreader_draining gauge\nidreader_draining \(draining)\n"
        s += "# HELP idreader_queue_depth Requests waiting for a worker.\n# TYPE idreader_queue_depth gauge\nidreader_queue_depth \(queueDepth)\n"
        s += "# HELP idreader_workers_busy Workers reading an image now.\n# TYPE idreader_workers_busy gauge\nidreader_workers_busy \(busyWorkers)\n"
        s += "# HELP idreader_workers Workers configured.\n# TYPE idreader_workers gauge\nidreader_workers \(workers)\n"
        return s
    }
}
