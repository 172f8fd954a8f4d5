import AAMVA
import DocumentModel
import MRZ
import VDS

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

    /// Parses a visible digital seal's exact bytes (a DataMatrix's payload starting with
    /// 0xDC, or a VDS-NC QR code's JSON) and verifies its signature with `verifier`.
    /// - Throws: `ReadError` with code `emptyInput` or `invalidSeal`.
    public func read(sealBytes bytes: [UInt8], verifier: SealVerifier) throws(ReadError) -> IdentityDocument {
        guard !bytes.isEmpty else { throw ReadError(.emptyInput, "The seal is empty (0 bytes); give the bytes of its DataMatrix or QR code.") }
        do {
            let seal = try Seal.parse(bytes)
            return IdentityDocument(seal: seal, verification: verifier.verify(seal), parser: mrzParser)
        } catch {
            // SealError and NonConstrainedSealError: their one-sentence description
            throw ReadError(.invalidSeal, "\(error)")
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
