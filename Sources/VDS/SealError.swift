/// Why a seal's bytes could not be read. Each case says in one sentence what is wrong.
public enum SealError: Error, Sendable, Equatable, Codable, CustomStringConvertible {
    /// The bytes end before the part named (the header, a feature or the signature).
    case truncated(part: String, needed: Int, available: Int)
    /// A feature's length runs past the end of the seal.
    case lengthPastEnd(tag: UInt8, offset: Int, length: Int, available: Int)
    /// A length field is not one of DER's forms (0x00–0x80, 0x81 n, 0x82 n n, 0x83 n n n).
    case invalidLength(offset: Int, firstByte: UInt8)
    /// The first byte is not the seal's magic 0xDC.
    case wrongMagic(UInt8)
    /// The version byte is none of 0x00–0x03.
    case unknownVersion(UInt8)
    /// The certificate reference's length characters are not a length that fits the seal.
    case impossibleCertificateReferenceLength(String)
    /// A header field is not valid C40.
    case invalidC40(field: String)
    /// The signature is not two halves of a size an ECDSA curve gives.
    case signatureWrongSize(Int)
    /// The message zone never reaches the signature tag 0xFF.
    case missingSignature

    public var description: String {
        switch self {
        case .truncated(let part, let needed, let available):
            return "The seal is truncated: its \(part) needs \(needed) bytes but only \(available) remain; scan it again whole."
        case .lengthPastEnd(let tag, let offset, let length, let available):
            return
                "Feature tag \(tag) at byte \(offset) declares \(length) bytes but only \(available) remain; the seal is cut off or damaged."
        case .invalidLength(let offset, let firstByte):
            return "The length at byte \(offset) starts with 0x\(hex(firstByte)), which is no DER length form; the seal is damaged."
        case .wrongMagic(let byte):
            return "The data starts with 0x\(hex(byte)), not the seal magic 0xDC; this is not a visible digital seal."
        case .unknownVersion(let byte):
            return "The seal's version byte 0x\(hex(byte)) is not version 3 (0x02) or 4 (0x03); this reader does not know its layout."
        case .impossibleCertificateReferenceLength(let chars):
            return "The certificate reference length \"\(chars)\" is not a length that fits the seal; the header is damaged."
        case .invalidC40(let field):
            return "The header's \(field) is not valid C40 text; the seal is damaged."
        case .signatureWrongSize(let size):
            return "The signature has \(size) bytes, not the two equal halves of an ECDSA curve (56, 64, 80, 96, 128 or 132 bytes)."
        case .missingSignature:
            return "The seal's message zone ends without the signature tag 0xFF; the seal is truncated or damaged."
        }
    }
}

func hex(_ byte: UInt8) -> String {
    let digits = Array("0123456789ABCDEF")
    return String([digits[Int(byte >> 4)], digits[Int(byte & 0x0F)]])
}

func hexString(_ bytes: [UInt8]) -> String {
    bytes.map { hex($0) }.joined().lowercased()
}
