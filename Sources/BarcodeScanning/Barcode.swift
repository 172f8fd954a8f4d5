import Imaging

/// A decoded symbol: format, exact payload bytes, and pixel corners clockwise from top-left.
public struct Barcode: Sendable, Equatable {
    /// `PDF417`, `QRCode`, `Code128`, `Code39`, `EAN13`, `EAN8`, `UPCA`, `UPCE`, `ITF`, ...
    public let format: String
    /// The exact payload (AAMVA control characters kept).
    public let bytes: [UInt8]
    /// Corners `[x, y]`, clockwise from the symbol's top-left.
    public let corners: [[Int]]
    /// Which scanning pass found it (`plain`, `deskew`, `upscale`, ...), for diagnostics.
    public let pass: String
    /// The decoder's own text conversion (ECI-aware), when it made one.
    let decodedText: String?

    public init(format: String, bytes: [UInt8], corners: [[Int]], pass: String, decodedText: String? = nil) {
        self.format = format; self.bytes = bytes; self.corners = corners; self.pass = pass; self.decodedText = decodedText
    }

    /// The payload as text: as the symbol declares its character set (ECI), else
    /// ISO-8859-1 byte for byte, so that no byte is lost.
    public var text: String {
        if let decodedText, !decodedText.isEmpty || bytes.isEmpty { return decodedText }
        return String(bytes.map { Character(UnicodeScalar($0)) })
    }
}
