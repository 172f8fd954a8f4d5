import IDCommon
import IDReader

/// A complete answer: status, headers and body bytes.
struct HTTPResponse: Sendable {
    var status: Int
    var contentType: String
    var body: [UInt8]
    var headers: [(String, String)] = []
    /// The `code` of the error object in the body, when the answer is an error (for metrics).
    var errorCode: String? = nil

    /// The contract's JSON output for one result, or an array for several.
    static func json<T: Encodable>(_ results: [T], status: Int = 200) -> HTTPResponse {
        HTTPResponse(status: status, contentType: "application/json", body: Array(ContractJSON.document(results).utf8))
    }

    static func text(_ text: String, contentType: String, status: Int = 200) -> HTTPResponse {
        HTTPResponse(status: status, contentType: contentType, body: Array(text.utf8))
    }

    /// `{"error": {"code", "message"}}` (and `cause` or `limitBytes`, when the error has
    /// one) with the error's status and headers.
    static func error(_ error: HTTPError) -> HTTPResponse {
        let object = ErrorBody.Object(code: error.code, message: error.message, cause: error.cause?.rawValue, limitBytes: error.limitBytes)
        let body = ContractJSON.encode(ErrorBody(error: object), pretty: true) + "\n"
        return HTTPResponse(
            status: error.status, contentType: "application/json", body: Array(body.utf8),
            headers: error.headers, errorCode: error.code)
    }

    private struct ErrorBody: Encodable {
        struct Object: Encodable {
            let code: String
            let message: String
            /// Left out when `nil`.
            let cause: String?
            /// Left out when `nil`.
            let limitBytes: Int?
        }
        let error: Object
    }
}

/// Why a request gets no 200: the HTTP status, the contract-style error code and one
/// sentence saying what to do.
struct HTTPError: Error, Sendable {
    let status: Int
    let code: String
    let message: String
    /// The reader's cause, for a reader's error that has one (`ReadError.cause`).
    var cause: ReadFailureCause?
    /// The body limit in bytes, for `payloadTooLarge`, so that a script can tell it.
    var limitBytes: Int?
    var headers: [(String, String)] = []

    init(_ status: Int, _ code: String, _ message: String, headers: [(String, String)] = []) {
        self.status = status; self.code = code; self.message = message; self.headers = headers
    }

    /// A reader's error as a 422 (or 504 for the time limit).
    init(_ error: ReadError) {
        self.init(error.code == .timeLimitExceeded ? 504 : 422, error.code.rawValue, error.message)
        cause = error.cause
    }

    static let notFound = HTTPError(404, "notFound", "There is no such endpoint; see /openapi.json for the endpoints.")
    static func methodNotAllowed(_ allowed: [String]) -> HTTPError {
        HTTPError(
            405, "methodNotAllowed", "This endpoint accepts \(allowed.joined(separator: " and ")) only.",
            headers: [("Allow", allowed.joined(separator: ", "))])
    }
    static let unauthorized = HTTPError(
        401, "unauthorized", "Send the service's token as 'Authorization: Bearer TOKEN'.",
        headers: [("WWW-Authenticate", "Bearer")])
    static func tooLarge(_ limit: Int) -> HTTPError {
        var error = HTTPError(413, "payloadTooLarge", "The body is larger than \(limit) bytes; send a smaller image.")
        error.limitBytes = limit
        return error
    }
    static func unsupportedType(_ accepted: String) -> HTTPError {
        HTTPError(415, "unsupportedMediaType", "Send the body as \(accepted).")
    }
    static func badRequest(_ message: String) -> HTTPError { HTTPError(400, "badRequest", message) }
    static let overloaded = HTTPError(
        503, "overloaded", "The service is busy; retry after the time in Retry-After.",
        headers: [("Retry-After", "1")])
    static let shuttingDown = HTTPError(
        503, "shuttingDown", "The service is shutting down; retry on another instance.",
        headers: [("Retry-After", "1")])
    static func timeLimit(_ seconds: Double) -> HTTPError {
        HTTPError(504, "timeLimitExceeded", "Reading an image took longer than \(formatted(seconds)) s; send a smaller or clearer image.")
    }
    static let internalError = HTTPError(500, "internalError", "The service failed on this request; report it with the request id.")
}

/// Seconds without a trailing ".0".
func formatted(_ seconds: Double) -> String {
    seconds == seconds.rounded() ? String(Int(seconds)) : String(seconds)
}
