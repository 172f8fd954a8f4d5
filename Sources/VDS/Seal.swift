/// A seal of either kind, as a DataMatrix or QR code payload holds it.
public enum Seal: Sendable, Equatable {
    /// An ICAO visible digital seal (bytes starting with 0xDC).
    case icao(VisibleDigitalSeal)
    /// A VDS-NC seal (JSON text).
    case nonConstrained(NonConstrainedSeal)

    /// Reads the seal in a barcode's payload: bytes starting with 0xDC are an ICAO seal,
    /// text starting with `{` a VDS-NC seal.
    /// - Throws: `SealError` or `NonConstrainedSealError`.
    public static func parse(_ bytes: [UInt8]) throws -> Seal {
        let firstNonBlank = bytes.first { ![0x20, 0x09, 0x0A, 0x0D].contains($0) }
        if firstNonBlank == UInt8(ascii: "{") {
            return .nonConstrained(try NonConstrainedSeal.parse(String(decoding: bytes, as: UTF8.self)))
        }
        return .icao(try VisibleDigitalSeal.parse(bytes))
    }
}

extension SealVerifier {
    /// Verifies a seal of either kind.
    public func verify(_ seal: Seal) -> SignatureVerification {
        switch seal {
        case .icao(let seal): return verify(seal)
        case .nonConstrained(let seal): return verify(seal)
        }
    }
}
