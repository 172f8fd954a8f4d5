import CMicroHTTPD
import Foundation

/// One uploaded image or payload: the name it is reported under and its bytes.
struct Upload: Sendable {
    let name: String
    let bytes: [UInt8]
}

/// One request from its headers to its completion.  The receiving side (body, multipart
/// parts) is touched only on libmicrohttpd's thread; the answer is set once, from any
/// thread, under the lock.
final class Exchange: @unchecked Sendable {
    enum Phase { case receiving, working, answered }

    let id: String
    let method: String
    let path: String
    let endpoint: Endpoint?
    let started = DispatchTime.now()
    let connection: OpaquePointer
    var phase = Phase.receiving
    var bodyKind = Endpoint.Body.single
    var only: Set<String> = []
    /// `POST /v1/read?annotate=1` with `Accept: image/png`: answer the annotated picture.
    var wantsPicture = false
    /// `POST /v1/read?consensus=1`: the images are frames of one scene, answered as one
    /// consensus.
    var consensus = false
    /// `POST /v1/read?outline=1`: find each document's outline and portrait.
    var wantsOutline = false
    /// `POST /v1/read?crop=1`: also return each document's straightened crop and portrait
    /// as PNG in base64 (`location.cropImages`).
    var wantsCrops = false
    /// Set when the request is refused before its body is read or while it streams.
    var refusal: HTTPError?
    /// When the refused body began to be read and dropped; nil while it is not drained.
    var drainStarted: DispatchTime?
    /// The idle timeout last set on the connection while draining, in seconds.
    var drainTimeout: Int?
    var bytesIn = 0
    var postProcessor: OpaquePointer?

    private var body: [UInt8] = []
    private var parts: [(name: String, isFile: Bool, bytes: [UInt8])] = []

    private let lock = NSLock()
    private var answer: HTTPResponse?
    private var answered = false
    private var deadlineGeneration = 0
    /// Status and size of what was queued, for the log and metrics.
    var sentStatus: Int?
    var sentBytes = 0
    var sentErrorCode: String?

    init(id: String, method: String, path: String, connection: OpaquePointer) {
        self.id = id
        self.method = method
        self.path = path
        self.connection = connection
        self.endpoint = Endpoint(rawValue: path)
    }

    // MARK: receiving (libmicrohttpd's thread)

    func reserve(_ bytes: Int) { body.reserveCapacity(bytes) }

    func append(_ data: UnsafeRawBufferPointer) { body.append(contentsOf: data) }

    /// A chunk of a multipart part; offset 0 starts a new part.  libmicrohttpd may
    /// announce a part with an empty chunk at offset 0 before its first bytes, also at
    /// offset 0: that is the same part, not an empty one before it (a test saw 9 results
    /// for 8 files, one empty and every name after it shifted).
    func appendPart(key: String, filename: String?, offset: UInt64, data: UnsafeRawBufferPointer) {
        let name = filename ?? "-", isFile = key == "file"
        let announcedOnly = parts.last.map { $0.bytes.isEmpty && $0.name == name && $0.isFile == isFile } ?? false
        if parts.isEmpty || (offset == 0 && !announcedOnly) { parts.append((name, isFile, [])) }
        parts[parts.count - 1].bytes.append(contentsOf: data)
    }

    /// The uploads the request carries: the body, or the multipart `file` parts.
    func uploads() -> [Upload] {
        lock.lock(); defer { lock.unlock() }
        switch bodyKind {
        case .single: return [Upload(name: "-", bytes: body)]
        case .multipart: return parts.filter(\.isFile).map { Upload(name: $0.name, bytes: $0.bytes) }
        }
    }

    var filePartCount: Int { parts.filter(\.isFile).count }

    /// Drops the uploaded bytes (called as soon as the request is answered).
    func discardUploads() {
        lock.lock(); defer { lock.unlock() }
        body = []
        parts = []
    }

    // MARK: the answer (any thread)

    /// Sets the answer if none is set yet and wakes the suspended connection; returns
    /// whether this call set it.
    @discardableResult
    func complete(_ response: HTTPResponse) -> Bool {
        lock.lock()
        guard !answered else { lock.unlock(); return false }
        answered = true
        answer = response
        deadlineGeneration += 1
        lock.unlock()
        MHD_resume_connection(connection)
        return true
    }

    var isAnswered: Bool { lock.lock(); defer { lock.unlock() }; return answered }

    /// The answer set by `complete`, taken once by libmicrohttpd's thread.
    func takeAnswer() -> HTTPResponse? {
        lock.lock(); defer { lock.unlock() }
        let a = answer
        answer = nil
        return a
    }

    /// Starts a time limit: unless `disarm()` or another `arm` comes first, the request
    /// is answered with `response` after `seconds`.
    func arm(seconds: Double, response: HTTPResponse) {
        lock.lock()
        deadlineGeneration += 1
        let generation = deadlineGeneration
        lock.unlock()
        DispatchQueue.global().asyncAfter(deadline: .now() + seconds) { [weak self] in
            guard let self else { return }
            self.lock.lock()
            let current = self.deadlineGeneration == generation
            self.lock.unlock()
            if current { self.complete(response) }
        }
    }

    func disarm() {
        lock.lock(); deadlineGeneration += 1; lock.unlock()
    }

    var elapsedSeconds: Double { seconds(since: started) }

    /// Seconds since the refused body began to be drained (0 when it is not).
    var drainedSeconds: Double { drainStarted.map(seconds(since:)) ?? 0 }

    private func seconds(since start: DispatchTime) -> Double {
        Double(DispatchTime.now().uptimeNanoseconds - start.uptimeNanoseconds) / 1e9
    }
}
