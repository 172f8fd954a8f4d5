/// One feature of a seal's message zone: its tag, its name in the profile (nil when the
/// profile does not know the tag) and its typed value.
public struct SealFeature: Sendable, Equatable, Codable {
    public var tag: UInt8
    public var name: String?
    /// The value's size in bytes as stored.
    public var length: Int
    public var value: SealValue
}

/// A visible digital seal read from its bytes (ICAO 9303-13, BSI TR-03137 Part 1): header,
/// features mapped through the profile table, and the signature, not yet verified (see
/// `SealVerifier`).
public struct VisibleDigitalSeal: Sendable, Equatable {
    public var header: SealHeader
    /// The profile's document type, `UNKNOWN` when the table has none for the header.
    public var documentType: String
    /// TR-03171: the document profile named by the seal's UUID (`MELDEBESCHEINIGUNG`).
    public var documentProfile: String?
    public var features: [SealFeature]
    /// The signature as stored: r ‖ s, two halves of equal length.
    public var signature: [UInt8]
    /// Where the signature tag 0xFF is: the signed bytes are the ones before it.
    public var signatureOffset: Int
    /// The seal's bytes as read.
    public var bytes: [UInt8]
    /// How the seal departs from the standard while still readable (a version byte 0x00,
    /// a length byte 0x80, a feature its coding cannot read).
    public var warnings: [String]

    /// The bytes the signature covers: header and message zone.
    public var signedBytes: ArraySlice<UInt8> { bytes[..<signatureOffset] }

    /// The MRZ lines the seal signs (its first MRZ feature), as printed with fillers `<`.
    /// A visa's second line is stored cut to 28 characters: compare it with the printed
    /// line's first 28.
    public var mrzLines: [String]? {
        for feature in features {
            if case .mrz(let text) = feature.value { return text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) }
        }
        return nil
    }

    /// The first feature named `name`, if any.
    public func feature(_ name: String) -> SealFeature? { features.first { $0.name == name } }

    /// Reads a seal from its bytes (a DataMatrix's payload starting with 0xDC).
    /// - Throws: `SealError` when the bytes are not a readable seal.
    public static func parse(_ bytes: [UInt8]) throws(SealError) -> VisibleDigitalSeal {
        if let first = bytes.first, first != HeaderParser.magic { throw .wrongMagic(first) }
        guard bytes.count >= 2 else { throw .truncated(part: "header", needed: 2, available: bytes.count) }
        let layouts = try HeaderLayout.candidates(versionByte: bytes[1], signerIdentifier: HeaderParser.peekSignerIdentifier(bytes))
        var firstError: SealError?
        for layout in layouts {
            // a header this layout cannot hold leads to the next layout; once a header is
            // read, a damaged message zone is damaged whatever the header
            let header: (SealHeader, warnings: [String])
            do {
                header = try HeaderParser.parse(bytes, layout: layout)
            } catch {
                firstError = firstError ?? error
                continue
            }
            return try parse(bytes, header: header.0, warnings: header.warnings)
        }
        throw firstError ?? .missingSignature
    }

    private static func parse(_ bytes: [UInt8], header: SealHeader, warnings: [String]) throws(SealError) -> VisibleDigitalSeal {
        var warnings = warnings
        let profile = SealProfile.matching(reference: header.featureDefinitionReference, category: header.documentTypeCategory)
        var reader = ByteReader(bytes, offset: header.length)
        var raw: [(tag: UInt8, value: [UInt8])] = []
        while true {
            guard let tag = reader.peek() else { throw .missingSignature }
            if tag == 0xFF { break }
            _ = try reader.byte("feature tag")
            let start = reader.offset
            let (length, quirk) = try reader.derLength("length of feature tag \(tag)")
            if quirk { warnings.append("feature tag \(tag) has the length byte 0x80, read as 128 (DER writes 0x81 0x80)") }
            guard length <= reader.remaining else {
                throw .lengthPastEnd(tag: tag, offset: start - 1, length: length, available: reader.remaining)
            }
            raw.append((tag, try reader.take(length, "feature tag \(tag)")))
        }
        let signatureOffset = reader.offset
        _ = try reader.byte("signature tag")
        let (length, quirk) = try reader.derLength("signature length")
        if quirk { warnings.append("the signature has the length byte 0x80, read as 128 (DER writes 0x81 0x80)") }
        let signature = try reader.take(length, "signature")
        guard [56, 64, 80, 96, 128, 132].contains(signature.count) else { throw .signatureWrongSize(signature.count) }
        if !reader.isAtEnd { warnings.append("\(reader.remaining) bytes after the signature are ignored") }

        let documentProfile = profile?.profileTag.flatMap { tag in
            raw.first { $0.tag == tag }.flatMap { DocumentProfile.matching(uuid: $0.value) }
        }
        let features = raw.map { tag, value in
            feature(tag: tag, value: value, definition: profile?.definition(tag: tag, documentProfile: documentProfile), warnings: &warnings)
        }
        return VisibleDigitalSeal(
            header: header, documentType: profile?.documentType ?? "UNKNOWN", documentProfile: documentProfile?.name, features: features,
            signature: signature, signatureOffset: signatureOffset, bytes: bytes, warnings: warnings)
    }

    /// A feature's value by its definition's coding; bytes the coding cannot read, and tags
    /// without a definition, give the bytes as they are.
    private static func feature(tag: UInt8, value bytes: [UInt8], definition: FeatureDefinition?, warnings: inout [String]) -> SealFeature {
        let unknown = SealValue.binary(isJPEG2000(bytes) ? .jpeg2000 : .unknown, bytes, printableText: printableUTF8(bytes))
        guard let definition else { return SealFeature(tag: tag, name: nil, length: bytes.count, value: unknown) }
        let value = decode(bytes, coding: definition.coding)
        if value == nil { warnings.append("feature \(definition.name) (tag \(tag)) does not hold its profile's coding; given as bytes") }
        return SealFeature(tag: tag, name: definition.name, length: bytes.count, value: value ?? unknown)
    }

    /// Whether `bytes` start as a JPEG 2000 file (the JP2 signature box, ISO 15444-1 I.5.1)
    /// or codestream (SOC + SIZ markers, A.4): the face German national profiles carry.
    static func isJPEG2000(_ bytes: [UInt8]) -> Bool {
        bytes.starts(with: [0x00, 0x00, 0x00, 0x0C, 0x6A, 0x50, 0x20, 0x20]) || bytes.starts(with: [0xFF, 0x4F, 0xFF, 0x51])
    }

    private static func decode(_ bytes: [UInt8], coding: FeatureCoding) -> SealValue? {
        switch coding {
        case .c40: return C40.decode(bytes).map(SealValue.text)
        case .utf8: return String(validating: bytes, as: UTF8.self).map(SealValue.text)
        case .mrz(let firstLineLength, _):
            guard let text = C40.decode(bytes, spaceAs: "<"), text.count > firstLineLength else { return nil }
            return .mrz(String(text.prefix(firstLineLength)) + "\n" + String(text.dropFirst(firstLineLength)))
        case .number:
            guard (1...8).contains(bytes.count) else { return nil }
            return .number(bytes.reduce(0) { $0 << 8 | UInt64($1) })
        case .durationOfStay:
            guard bytes.count == 3 else { return nil }
            return .durationOfStay(DurationOfStay(days: Int(bytes[0]), months: Int(bytes[1]), years: Int(bytes[2])))
        case .binary(let kind): return .binary(kind, bytes, printableText: nil)
        }
    }
}

extension VisibleDigitalSeal: Codable {
    private enum Keys: String, CodingKey {
        case header, documentType, documentProfile, features, signature, signatureOffset, bytes, warnings
    }

    /// JSON: the byte fields (`signature`, `bytes`) as base64.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: Keys.self)
        try c.encode(header, forKey: .header)
        try c.encode(documentType, forKey: .documentType)
        try c.encodeIfPresent(documentProfile, forKey: .documentProfile)
        try c.encode(features, forKey: .features)
        try c.encode(Base64.encode(signature), forKey: .signature)
        try c.encode(signatureOffset, forKey: .signatureOffset)
        try c.encode(Base64.encode(bytes), forKey: .bytes)
        try c.encode(warnings, forKey: .warnings)
    }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: Keys.self)
        func bytes(_ key: Keys) throws -> [UInt8] {
            guard let bytes = Base64.decode(try c.decode(String.self, forKey: key)) else {
                throw DecodingError.dataCorruptedError(forKey: key, in: c, debugDescription: "not base64")
            }
            return bytes
        }
        self.init(
            header: try c.decode(SealHeader.self, forKey: .header), documentType: try c.decode(String.self, forKey: .documentType),
            documentProfile: try c.decodeIfPresent(String.self, forKey: .documentProfile), features: try c.decode([SealFeature].self, forKey: .features),
            signature: try bytes(.signature), signatureOffset: try c.decode(Int.self, forKey: .signatureOffset), bytes: try bytes(.bytes),
            warnings: try c.decode([String].self, forKey: .warnings))
    }
}
