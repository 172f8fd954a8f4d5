import DocumentModel
import MRZ

/// The façade: text or images in, `IdentityDocument`s out.
///
/// ```swift
/// let reader = DocumentReader()
/// let docs = try reader.read(text: "P<UTOERIKSSON<<ANNA<MARIA<<<...\nL898902C36UTO...")
/// ```
/// A `DocumentReader` is a value and safe to share between threads.
public struct DocumentReader: Sendable {
    public let mrzParser: MRZParser

    public init(mrzParser: MRZParser = MRZParser()) { self.mrzParser = mrzParser }

    /// Parses MRZ text (2 or 3 lines) into one document.
    /// - Throws: `ReadError` with code `emptyInput` or `invalidMRZ`.
    public func read(mrzText text: String) throws(ReadError) -> IdentityDocument {
        do {
            let result = try mrzParser.parse(text)
            return IdentityDocument(mrz: result, source: .text)
        } catch .empty {
            throw ReadError(.emptyInput, MRZError.empty.description)
        } catch {
            throw ReadError(.invalidMRZ, error.description)
        }
    }

    /// Reads whatever document the text holds (an MRZ for now).
    public func read(text: String) throws(ReadError) -> [IdentityDocument] {
        [try read(mrzText: text)]
    }
}
