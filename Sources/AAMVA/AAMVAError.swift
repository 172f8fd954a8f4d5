/// Why a payload could not be parsed at all.  Damaged but recognisable payloads are not
/// errors: they parse partially with failed checks.
public enum AAMVAError: Error, Equatable, Sendable, CustomStringConvertible {
    /// Nothing but whitespace or nothing at all.
    case empty
    /// Larger than any licence barcode can hold; refused before parsing.
    case tooLarge(bytes: Int)
    /// No AAMVA header (`ANSI ` or `AAMVA` followed by an IIN and a version) was found.
    case notAAMVA

    public var description: String {
        switch self {
        case .empty:
            return "The AAMVA payload is empty; give the exact text the PDF417 reader returned."
        case .tooLarge(let n):
            return "The payload has \(n) bytes, far more than a licence barcode holds (about 2 KB); give only the barcode's text."
        case .notAAMVA:
            return "This is not an AAMVA DL/ID payload: no 'ANSI ' or 'AAMVA' header with an issuer number and version was found."
        }
    }
}
