import CMicroHTTPD
import Foundation
import VDS

/// The libmicrohttpd daemon and the request life cycle: routing and limits on its thread,
/// reading on the worker pool (the connection is suspended meanwhile, so a slow client
/// never holds a worker), one log line and the metrics when a request completes.
///
/// A refused request with a body is answered after its body, which is read and dropped
/// (drained) for up to `--drain-seconds` and `--drain-idle-seconds` of silence: most
/// clients send the whole body before they read, and libmicrohttpd closes a connection
/// answered before its body was read, so they would see a reset instead of the status.
/// A client that sends `Expect: 100-continue` is answered at once, before its body.
final class HTTPServer: @unchecked Sendable {
    /// Connections libmicrohttpd accepts at once; drains are among them.
    static let connectionLimit = ServeOptions.connectionLimit

    let options: ServeOptions
    let version: String
    let metrics = Metrics()
    let pool: WorkerPool
    private let work: Work
    private let log: RequestLog
    private var daemon: OpaquePointer?
    private let lock = NSLock()
    private var active: [ObjectIdentifier: Exchange] = [:]
    private var shuttingDown = false
    /// Connections draining a refused body now (at most `options.maxDrains`).
    private var draining = 0
    private var nextID: UInt64 = UInt64.random(in: 0..<(1 << 40)) << 20

    init(options: ServeOptions, version: String, log: RequestLog = RequestLog(), sealVerifier: SealVerifier = SealVerifier(certificates: [])) {
        self.options = options
        self.version = version
        self.log = log
        pool = WorkerPool(workers: options.workers, capacity: options.queue)
        work = Work(options: options, sealVerifier: sealVerifier, metrics: metrics)
    }

    /// Binds and starts serving; returns the port, or throws when the address cannot be bound.
    func start() throws(ServeUsageError) -> Int {
        let me = Unmanaged.passUnretained(self).toOpaque()
        daemon = idr_mhd_start(
            options.host, UInt16(options.port), UInt32(options.connectionTimeout), UInt32(Self.connectionLimit),
            httpHandler, me, httpCompleted, me)
        guard let daemon else {
            throw ServeUsageError("Cannot listen on \(options.host) port \(options.port); the port may be in use or the address not local.")
        }
        return Int(idr_mhd_port(daemon))
    }

    /// Requests received and not yet completed.
    var activeCount: Int { lock.lock(); defer { lock.unlock() }; return active.count }

    /// Connections draining a refused body now.
    var drainingCount: Int { lock.lock(); defer { lock.unlock() }; return draining }

    /// Stops accepting connections; requests in flight go on.
    func quiesce() {
        lock.lock(); shuttingDown = true; lock.unlock()
        guard let daemon else { return }
        let fd = MHD_quiesce_daemon(daemon)
        if fd >= 0 { close(fd) }
    }

    /// Answers every request still waiting for a worker or being read with 503, then stops.
    func stop() {
        lock.lock()
        let left = Array(active.values)
        lock.unlock()
        for exchange in left where exchange.phase == .working { exchange.complete(.error(.shuttingDown)) }
        if !left.isEmpty { Thread.sleep(forTimeInterval: 0.3) }
        if let daemon { MHD_stop_daemon(daemon) }
        daemon = nil
    }

    private func makeID() -> String {
        lock.lock(); defer { lock.unlock() }
        nextID &+= 1
        return String(nextID, radix: 16)
    }

    // MARK: the access handler (libmicrohttpd's thread)

    fileprivate func handle(
        _ connection: OpaquePointer, url: String, method: String,
        data: UnsafePointer<CChar>?, size: UnsafeMutablePointer<Int>,
        slot: UnsafeMutablePointer<UnsafeMutableRawPointer?>
    ) -> MHD_Result {
        guard let context = slot.pointee else {
            let exchange = Exchange(id: makeID(), method: method, path: url, connection: connection)
            slot.pointee = Unmanaged.passRetained(exchange).toOpaque()
            lock.lock(); active[ObjectIdentifier(exchange)] = exchange; lock.unlock()
            do {
                try admit(exchange)
            } catch {
                // Answering now makes libmicrohttpd close the connection without reading the
                // body: fine when there is none or the client waits for `100 Continue`.
                guard hasBody(exchange), !expectsContinue(exchange), startDrain(exchange, refusal: error) else {
                    return send(.error(error), on: exchange, closing: hasBody(exchange))
                }
            }
            return MHD_YES
        }
        let exchange = Unmanaged<Exchange>.fromOpaque(context).takeUnretainedValue()
        if size.pointee > 0 {
            let ok = receive(exchange, UnsafeRawBufferPointer(start: data, count: size.pointee))
            size.pointee = 0
            return ok ? MHD_YES : MHD_NO
        }
        switch exchange.phase {
        case .receiving: return finishBody(exchange)
        case .working:
            guard let answer = exchange.takeAnswer() else { return MHD_YES }
            return send(answer, on: exchange)
        case .answered: return MHD_YES
        }
    }

    /// Route, token, method, content type, declared length, query: everything that can
    /// refuse a request before its body is read.
    private func admit(_ exchange: Exchange) throws(HTTPError) {
        guard let endpoint = exchange.endpoint else { throw .notFound }
        if endpoint.needsToken, let token = options.token {
            let given = header(exchange, "Authorization").flatMap { value -> [UInt8]? in
                value.hasPrefix("Bearer ") ? Array(value.dropFirst(7).utf8) : nil
            }
            guard let given, constantTimeEqual(given, token) else { throw .unauthorized }
        }
        guard endpoint.methods.contains(exchange.method) else { throw .methodNotAllowed(endpoint.methods) }
        guard endpoint.takesBody else { return }
        exchange.bodyKind = try endpoint.body(contentType: header(exchange, "Content-Type"))
        if let declared = header(exchange, "Content-Length") {
            guard let length = Int(declared.trimmingCharacters(in: .whitespaces)), length >= 0 else {
                throw .badRequest("The Content-Length header is not a number of bytes.")
            }
            if length > options.maxBodyBytes { throw .tooLarge(options.maxBodyBytes) }
            exchange.reserve(length)
        }
        if endpoint == .read {
            exchange.only = try parseOnly(query(exchange, "only"))
            // `annotate=1` with `Accept: image/png`: the picture of what the reader saw
            let annotate = query(exchange, "annotate")
            guard annotate == nil || annotate == "0" || annotate == "1" else { throw .badRequest("The annotate query takes 0 or 1.") }
            exchange.wantsPicture = annotate == "1" && (header(exchange, "Accept")?.contains("image/png") ?? false)
            let consensus = query(exchange, "consensus")
            guard consensus == nil || consensus == "0" || consensus == "1" else { throw .badRequest("The consensus query takes 0 or 1.") }
            exchange.consensus = consensus == "1"
            exchange.wantsOutline = try flag(exchange, "outline")
            exchange.wantsCrops = try flag(exchange, "crop")
        }
        if exchange.bodyKind == .multipart {
            let me = Unmanaged.passUnretained(exchange).toOpaque()
            guard let processor = MHD_create_post_processor(exchange.connection, 65_536, partIterator, me) else {
                throw .badRequest("The multipart body has no boundary in its Content-Type; let the client build the multipart request.")
            }
            exchange.postProcessor = processor
        }
    }

    /// A query that takes 0 or 1 (absent: 0).
    private func flag(_ exchange: Exchange, _ name: String) throws(HTTPError) -> Bool {
        let value = query(exchange, name)
        guard value == nil || value == "0" || value == "1" else { throw .badRequest("The \(name) query takes 0 or 1.") }
        return value == "1"
    }

    /// A chunk of the body; false closes the connection (a drain past its time, or a
    /// request slower than four connection timeouts).
    private func receive(_ exchange: Exchange, _ chunk: UnsafeRawBufferPointer) -> Bool {
        exchange.bytesIn += chunk.count
        if exchange.drainStarted != nil { return keepDraining(exchange) }
        if exchange.elapsedSeconds > Double(options.connectionTimeout * 4) { return false }
        if exchange.bytesIn > options.maxBodyBytes { return startDrain(exchange, refusal: .tooLarge(options.maxBodyBytes)) }
        if let processor = exchange.postProcessor {
            let ok = chunk.withMemoryRebound(to: CChar.self) { MHD_post_process(processor, $0.baseAddress, chunk.count) }
            if ok != MHD_YES {
                return startDrain(exchange, refusal: .badRequest("The multipart body is malformed; let the client build the multipart request."))
            }
        } else {
            exchange.append(chunk)
        }
        return true
    }

    // MARK: draining a refused body (libmicrohttpd's thread)

    /// Refuses the request and reads the rest of its body to drop it, so that the answer
    /// reaches a client that sends its whole body before it reads; false when
    /// `--max-drains` connections are draining already (the caller answers at once, or
    /// closes the connection).
    private func startDrain(_ exchange: Exchange, refusal: HTTPError) -> Bool {
        lock.lock()
        let admitted = draining < options.maxDrains
        if admitted { draining += 1 }
        lock.unlock()
        guard admitted else { return false }
        exchange.refusal = refusal
        exchange.drainStarted = .now()
        exchange.discardUploads()
        return keepDraining(exchange)
    }

    /// Whether the drain goes on: false past `--drain-seconds`.  Silence is bounded by
    /// the connection's idle timeout: `--drain-idle-seconds`, or what is left of the
    /// drain when that is shorter, so that a silent client is cut on time too.
    private func keepDraining(_ exchange: Exchange) -> Bool {
        let left = Double(options.drainSeconds) - exchange.drainedSeconds
        guard left > 0 else { return false }
        let timeout = min(options.drainIdleSeconds, Int(left.rounded(.up)))
        if timeout != exchange.drainTimeout {
            exchange.drainTimeout = timeout
            idr_mhd_set_timeout(exchange.connection, UInt32(timeout))
        }
        return true
    }

    /// The whole body is in: hand it to a worker, or answer at once.
    private func finishBody(_ exchange: Exchange) -> MHD_Result {
        if let processor = exchange.postProcessor {
            exchange.postProcessor = nil
            if MHD_destroy_post_processor(processor) != MHD_YES, exchange.refusal == nil {
                exchange.refusal = .badRequest("The multipart body is malformed or cut short; let the client build the multipart request.")
            }
            if exchange.refusal == nil, exchange.filePartCount == 0 {
                exchange.refusal = .badRequest("The multipart body holds no part named 'file'; send each image as a 'file' part.")
            }
        }
        if let refusal = exchange.refusal { return send(.error(refusal), on: exchange, closing: exchange.drainStarted != nil) }
        guard let endpoint = exchange.endpoint else { return send(.error(.notFound), on: exchange) }
        if !endpoint.takesBody { return send(immediate(endpoint), on: exchange) }
        guard pool.reserve() else { return send(.error(.overloaded), on: exchange) }
        exchange.phase = .working
        MHD_suspend_connection(exchange.connection)
        let work = self.work
        pool.submit {
            guard !exchange.isAnswered else { return }
            exchange.complete(work.answer(endpoint, exchange))
        }
        return MHD_YES
    }

    /// The answers of the GET endpoints.
    private func immediate(_ endpoint: Endpoint) -> HTTPResponse {
        switch endpoint {
        case .healthz:
            return .text("{\"status\": \"ok\", \"version\": \"\(version)\"}\n", contentType: "application/json")
        case .metrics:
            return .text(
                metrics.render(queueDepth: pool.depth, busyWorkers: pool.busyWorkers, workers: pool.workers, draining: drainingCount),
                contentType: "text/plain; version=0.0.4; charset=utf-8")
        case .openapi:
            return HTTPResponse(status: 200, contentType: "application/json", body: OpenAPI.document)
        default:
            return .error(.internalError)
        }
    }

    /// Queues `response`; with `closing` (and while shutting down) the connection is closed
    /// after it.
    private func send(_ response: HTTPResponse, on exchange: Exchange, closing: Bool = false) -> MHD_Result {
        exchange.phase = .answered
        exchange.sentStatus = response.status
        exchange.sentBytes = response.body.count
        exchange.sentErrorCode = response.errorCode
        exchange.discardUploads()
        let result = response.body.withUnsafeBytes { buffer -> MHD_Result in
            guard
                let r = MHD_create_response_from_buffer(
                    buffer.count, UnsafeMutableRawPointer(mutating: buffer.baseAddress),
                    MHD_RESPMEM_MUST_COPY)
            else { return MHD_NO }
            defer { MHD_destroy_response(r) }
            MHD_add_response_header(r, "Content-Type", response.contentType)
            MHD_add_response_header(r, "X-Request-Id", exchange.id)
            for (name, value) in response.headers { MHD_add_response_header(r, name, value) }
            lock.lock(); let stopping = shuttingDown; lock.unlock()
            if closing || stopping { MHD_add_response_header(r, "Connection", "close") }
            return MHD_queue_response(exchange.connection, UInt32(response.status), r)
        }
        return result
    }

    /// Whether the client waits for `100 Continue` before it sends its body.
    private func expectsContinue(_ exchange: Exchange) -> Bool {
        header(exchange, "Expect")?.lowercased().contains("100-continue") == true
    }

    /// Whether the request declares a body (a length above 0 or a chunked upload).
    private func hasBody(_ exchange: Exchange) -> Bool {
        if header(exchange, "Transfer-Encoding") != nil { return true }
        return header(exchange, "Content-Length").map { $0.trimmingCharacters(in: .whitespaces) != "0" } ?? false
    }

    private func header(_ exchange: Exchange, _ name: String) -> String? {
        MHD_lookup_connection_value(exchange.connection, MHD_HEADER_KIND, name).map { String(cString: $0) }
    }

    private func query(_ exchange: Exchange, _ name: String) -> String? {
        MHD_lookup_connection_value(exchange.connection, MHD_GET_ARGUMENT_KIND, name).map { String(cString: $0) }
    }

    // MARK: completion (libmicrohttpd's thread)

    fileprivate func completed(_ slot: UnsafeMutablePointer<UnsafeMutableRawPointer?>) {
        guard let context = slot.pointee else { return }
        slot.pointee = nil
        let exchange = Unmanaged<Exchange>.fromOpaque(context).takeRetainedValue()
        if let processor = exchange.postProcessor { MHD_destroy_post_processor(processor); exchange.postProcessor = nil }
        exchange.discardUploads()
        lock.lock()
        active[ObjectIdentifier(exchange)] = nil
        if exchange.drainStarted != nil { draining -= 1 }
        lock.unlock()
        if exchange.drainStarted != nil { metrics.drain(answered: exchange.sentStatus != nil) }
        let seconds = exchange.elapsedSeconds
        let label = exchange.endpoint?.label ?? "other"
        metrics.request(endpoint: label, status: exchange.sentStatus ?? 0, seconds: seconds)
        if let code = exchange.sentErrorCode { metrics.error(code: code) }
        log.write(exchange, seconds: seconds)
    }
}

/// Whether two byte strings are equal, in time that depends only on their lengths.
func constantTimeEqual(_ a: [UInt8], _ b: [UInt8]) -> Bool {
    var difference = UInt8(truncatingIfNeeded: a.count ^ b.count)
    if a.count != b.count { difference |= 1 }
    let n = max(a.count, b.count)
    for i in 0..<n {
        let x = i < a.count ? a[i] : 0
        let y = i < b.count ? b[i] : 0
        difference |= x ^ y
    }
    return difference == 0
}

// MARK: C callbacks

private let httpHandler: MHD_AccessHandlerCallback = { cls, connection, url, method, _, data, size, slot in
    guard let cls, let connection, let size, let slot else { return MHD_NO }
    let server = Unmanaged<HTTPServer>.fromOpaque(cls).takeUnretainedValue()
    return server.handle(
        connection, url: url.map { String(cString: $0) } ?? "/", method: method.map { String(cString: $0) } ?? "",
        data: data, size: size, slot: slot)
}

private let httpCompleted: MHD_RequestCompletedCallback = { cls, _, slot, _ in
    guard let cls, let slot else { return }
    Unmanaged<HTTPServer>.fromOpaque(cls).takeUnretainedValue().completed(slot)
}

private let partIterator: MHD_PostDataIterator = { cls, _, key, filename, _, _, data, offset, size in
    guard let cls else { return MHD_NO }
    let exchange = Unmanaged<Exchange>.fromOpaque(cls).takeUnretainedValue()
    exchange.appendPart(
        key: key.map { String(cString: $0) } ?? "", filename: filename.map { String(cString: $0) },
        offset: offset, data: UnsafeRawBufferPointer(start: data, count: size))
    return MHD_YES
}

// libmicrohttpd's closed enums, by value (their Swift case names depend on prefix stripping).
private let MHD_YES = MHD_Result(rawValue: 1)!
private let MHD_NO = MHD_Result(rawValue: 0)!
private let MHD_RESPMEM_MUST_COPY = MHD_ResponseMemoryMode(rawValue: 2)!
private let MHD_HEADER_KIND = MHD_ValueKind(rawValue: 1)!
private let MHD_GET_ARGUMENT_KIND = MHD_ValueKind(rawValue: 8)!
