import DocumentModel
import IDCommon

/// Why an input gave no document, with a stable `code` for scripts (JSON contract).
public struct ReadError: Error, Sendable, Codable, Equatable, CustomStringConvertible {
    public enum Code: String, Sendable, Codable {
        case fileNotFound, unreadableImage, imageTooLarge, emptyInput, invalidMRZ, invalidAAMVA, noDocumentFound
        case timeLimitExceeded
        /// The bytes given as a seal (`/v1/vds`) are no visible digital seal.
        case invalidSeal

        /// Whether the input could not be read at all (exit code 3) rather than read
        /// without finding a document (exit code 1).
        public var isUnreadable: Bool {
            switch self {
            case .fileNotFound, .unreadableImage, .imageTooLarge, .emptyInput, .timeLimitExceeded: return true
            case .invalidMRZ, .invalidAAMVA, .invalidSeal, .noDocumentFound: return false
            }
        }
    }
    public let code: Code
    /// One sentence a person can act on.
    public let message: String
    /// For `noDocumentFound`, what the picture shows that kept the document from being
    /// read (the sentence says the same); `nil` for the other codes, and when the picture
    /// could not be looked at (the OCR model is missing).  Left out of the JSON when `nil`.
    public let cause: ReadFailureCause?

    public init(_ code: Code, _ message: String, cause: ReadFailureCause? = nil) {
        self.code = code
        self.message = message
        self.cause = cause
    }
    public var description: String { message }

    /// The code, and the cause when there is one: `noDocumentFound (glare)`; what the
    /// annotated picture's caption and the contact sheet show before the message.
    public var headline: String { cause.map { "\(code.rawValue) (\($0.rawValue))" } ?? code.rawValue }
}

/// The outcome for one input: the JSON contract's result object.
public struct ReadResult: Sendable, Codable, Equatable {
    public let input: String
    public let documents: [IdentityDocument]
    public let error: ReadError?
    /// What the reader saw, for an image read by `DocumentReader` (not part of the JSON).
    public var diagnostics: ReadDiagnostics? = nil

    public init(input: String, documents: [IdentityDocument], error: ReadError? = nil, diagnostics: ReadDiagnostics? = nil) {
        self.input = input; self.documents = documents; self.error = error; self.diagnostics = diagnostics
    }

    enum CodingKeys: String, CodingKey { case input, documents, error }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(input, forKey: .input)
        try c.encode(documents, forKey: .documents)
        try c.encode(error, forKey: .error)
    }

    /// At least one document whose checks all pass.
    public var hasValidDocument: Bool { documents.contains(where: \.valid) }
}
