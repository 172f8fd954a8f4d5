import IDCommon
import Imaging

/// A decoded symbol: format, exact payload bytes, and pixel corners clockwise from top-left.
public struct Barcode: Sendable, Equatable {
    public let format: BarcodeFormat
    /// The exact payload (AAMVA control characters kept).
    public let bytes: [UInt8]
    /// The symbol's corners in whole pixels of the scanned image, from its top-left;
    /// `nil` when the pass that decoded it cannot map them back (the perspective pass).
    public let corners: Quadrilateral?
    /// Which scanning pass found it, for diagnostics.
    public let pass: BarcodePass
    /// The decoder's own text conversion (ECI-aware), when it made one.
    let decodedText: String?

    public init(format: BarcodeFormat, bytes: [UInt8], corners: Quadrilateral?, pass: BarcodePass, decodedText: String? = nil) {
        self.format = format; self.bytes = bytes; self.corners = corners; self.pass = pass; self.decodedText = decodedText
    }

    /// The payload as text: as the symbol declares its character set (ECI), else
    /// ISO-8859-1 byte for byte, so that no byte is lost.
    public var text: String {
        if let decodedText, !decodedText.isEmpty || bytes.isEmpty { return decodedText }
        return String(bytes.map { Character(UnicodeScalar($0)) })
    }

    /// The same symbol with its corners moved by `transform` (into another image's
    /// pixels), rounded to whole pixels; no corners when `transform` is `nil`.
    func withCorners(mappedBy transform: ((Point) -> Point)?) -> Barcode {
        let moved = transform.flatMap { transform in
            corners?.map { corner in
                let p = transform(corner)
                return Point(x: p.x.rounded(), y: p.y.rounded())
            }
        }
        return Barcode(format: format, bytes: bytes, corners: moved, pass: pass, decodedText: decodedText)
    }
}
