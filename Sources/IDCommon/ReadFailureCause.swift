/// Why a picture gave no document, named from what the picture shows where the document
/// is: the JSON contract's `cause` beside an error's `code` and `message`.  The one list of
/// causes: the MRZ's and the licence barcode's own failure types map onto it, and so will
/// the states of the frames of a multi-frame read.
public enum ReadFailureCause: String, Sendable, Codable, CaseIterable {
    /// Nothing in the picture looks like an MRZ or a licence barcode.
    case noDocument
    /// The MRZ characters or the barcode's modules are too small to read.
    case tooSmall
    /// The MRZ or the barcode is too blurred to read (or the whole picture is, when no
    /// document can be made out at all).
    case blurred
    /// Glare washes out the MRZ or the barcode.
    case glare
    /// The MRZ band or the barcode runs off the picture.
    case cutOff
    /// The whole picture is too dark to make anything out.
    case tooDark
    /// The MRZ or the barcode was found, sharp and large enough, and still not read.
    case undecodable
}
