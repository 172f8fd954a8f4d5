/// The header of a visible digital seal (ICAO 9303-13 §2.3, BSI TR-03137 Part 1 §2).
public struct SealHeader: Sendable, Equatable, Codable {
    /// The version byte as stored: 0x02 is version 3, 0x03 version 4; 0x00 and 0x01 are
    /// read with the version-4 layout (a warning says so).
    public var versionByte: UInt8
    /// The version the byte names (`versionByte + 1`).
    public var version: Int
    /// The layout the header was read with: 3 or 4.
    public var layoutVersion: Int
    /// The issuing state's three-letter code, `<` for a filler (`D<<`).
    public var issuingCountry: String
    /// Four characters: the country's two letters and two of the issuer's (`DETS`).
    public var signerIdentifier: String
    /// Names the signer's certificate (often its serial number in hex).
    public var certificateReference: String
    /// Version 4: the reference length as stored, how it was read and its value.
    public var certificateReferenceLength: ReferenceLength?
    /// Nil when the bytes name no calendar day (a warning says so).
    public var documentIssueDate: SealDate?
    public var signatureCreationDate: SealDate?
    /// With `documentTypeCategory`, picks the profile.
    public var featureDefinitionReference: UInt8
    public var documentTypeCategory: UInt8
    /// The header's size in bytes: the message zone starts here.
    public var length: Int

    /// A version-4 certificate reference length: two characters, hexadecimal by the
    /// standard, decimal for BSI's TR-03171 signer `DEZV`.
    public struct ReferenceLength: Sendable, Equatable, Codable {
        public var characters: String
        public var radix: Int
        public var value: Int
    }
}

/// How a header's bytes are laid out: version 3 (a fixed nine-character signer and
/// reference), or version 4 (signer, reference length in `radix`, reference).
enum HeaderLayout: Equatable {
    case version3
    case version4(radix: Int)

    /// The layouts to try for a version byte, the standard's first; the rest are the
    /// deviations real seals show (STANDARD_NOTES "Deviations").
    static func candidates(versionByte: UInt8, signerIdentifier: String?) throws(SealError) -> [HeaderLayout] {
        switch versionByte {
        case 0x02: return [.version3]
        case 0x03:
            // BSI's TR-03171 signer DEZV writes the length in decimal
            return signerIdentifier == "DEZV" ? [.version4(radix: 10), .version4(radix: 16), .version3] : [.version4(radix: 16), .version3]
        case 0x00, 0x01: return [.version4(radix: 16)]
        default: throw .unknownVersion(versionByte)
        }
    }
}

enum HeaderParser {
    static let magic: UInt8 = 0xDC

    /// The signer identifier of a version-4 layout (the four characters after the country),
    /// to choose the layouts to try; nil when the bytes do not hold one.
    static func peekSignerIdentifier(_ bytes: [UInt8]) -> String? {
        guard bytes.count >= 8, let text = C40.decode(Array(bytes[4..<8])) else { return nil }
        return String(text.prefix(4))
    }

    static func parse(_ bytes: [UInt8], layout: HeaderLayout) throws(SealError) -> (SealHeader, warnings: [String]) {
        var reader = ByteReader(bytes)
        let magic = try reader.byte("magic")
        guard magic == Self.magic else { throw .wrongMagic(magic) }
        let versionByte = try reader.byte("version")
        var warnings: [String] = []
        if versionByte < 0x02 {
            warnings.append("version byte 0x\(hex(versionByte)) is not defined by Doc 9303-13; parsed with the version-4 layout")
        }
        guard let country = C40.decode(try reader.take(2, "issuing country"), spaceAs: "<") else { throw .invalidC40(field: "issuing country") }

        let signer: String
        let reference: String
        var referenceLength: SealHeader.ReferenceLength?
        switch layout {
        case .version3:
            if versionByte != 0x02 {
                warnings.append(
                    "version byte 0x\(hex(versionByte)) with the version-3 layout: the version-4 reading gives an impossible certificate reference length")
            }
            guard let text = C40.decode(try reader.take(6, "signer and certificate reference")), text.count == 9 else {
                throw .invalidC40(field: "signer and certificate reference")
            }
            signer = String(text.prefix(4))
            reference = String(text.dropFirst(4))
        case .version4(let radix):
            guard let text = C40.decode(try reader.take(4, "signer and reference length")), text.count == 6 else {
                throw .invalidC40(field: "signer and reference length")
            }
            signer = String(text.prefix(4))
            let lengthCharacters = String(text.dropFirst(4))
            guard let count = Int(lengthCharacters, radix: radix), count >= 0 else {
                throw .impossibleCertificateReferenceLength(lengthCharacters)
            }
            if radix != 16 && signer != "DEZV" { warnings.append("certificate reference length read as decimal") }
            let byteCount = count / 3 * 2 + (count % 3 == 0 ? 0 : 2)
            guard let decoded = C40.decode(try reader.take(byteCount, "certificate reference")), decoded.count >= count else {
                throw .invalidC40(field: "certificate reference")
            }
            reference = String(decoded.prefix(count))
            referenceLength = .init(characters: lengthCharacters, radix: radix, value: count)
        }
        let issue = SealDate(sealBytes: try reader.take(3, "document issue date"))
        let signed = SealDate(sealBytes: try reader.take(3, "signature creation date"))
        if issue == nil { warnings.append("the document issue date names no calendar day") }
        if signed == nil { warnings.append("the signature creation date names no calendar day") }
        let definition = try reader.byte("document feature definition reference")
        let category = try reader.byte("document type category")
        let header = SealHeader(
            versionByte: versionByte, version: Int(versionByte) + 1, layoutVersion: layout == .version3 ? 3 : 4, issuingCountry: country,
            signerIdentifier: signer, certificateReference: reference, certificateReferenceLength: referenceLength, documentIssueDate: issue,
            signatureCreationDate: signed, featureDefinitionReference: definition, documentTypeCategory: category, length: reader.offset)
        return (header, warnings)
    }
}
