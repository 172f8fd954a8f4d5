import AAMVA
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
    public let aamvaParser = AAMVAParser()

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

    /// Parses a raw AAMVA DL/ID payload (the exact bytes a PDF417 reader returns).
    /// - Throws: `ReadError` with code `emptyInput` or `invalidAAMVA`.
    public func read(
        aamvaPayload bytes: [UInt8], source: DocumentSource = .text,
        barcode: BarcodeSection? = nil
    ) throws(ReadError) -> IdentityDocument {
        do {
            return IdentityDocument(aamva: try aamvaParser.parse(bytes), source: source, barcode: barcode)
        } catch .empty {
            throw ReadError(.emptyInput, AAMVAError.empty.description)
        } catch {
            throw ReadError(.invalidAAMVA, error.description)
        }
    }

    /// Reads whatever document the text holds: an AAMVA payload when it carries an AAMVA
    /// header, otherwise an MRZ.
    public func read(text: String) throws(ReadError) -> [IdentityDocument] {
        if text.contains("ANSI ") || text.contains("AAMVA") {
            if let doc = try? read(aamvaPayload: Array(text.utf8)) { return [doc] }
        }
        return [try read(mrzText: text)]
    }
}
