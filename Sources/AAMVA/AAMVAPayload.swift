/// One data element as found in the payload (value trimmed of padding).
public struct AAMVAElement: Sendable, Equatable, Codable {
    /// The ID's three bytes packed in one integer (lookups without string hashing).
    let key: Int
    private let source: Source

    /// Where the value comes from.  Values cut from a parsed payload are decoded when read:
    /// checking a payload reads only a handful of its few dozen values, and making strings
    /// of the rest was most of the parser's time.
    private enum Source: Sendable {
        /// A range of the (cleaned) payload bytes, shared by all elements of one parse.
        case payload([UInt8], lo: Int32, hi: Int32)
        case text(String)
    }

    /// The value, trimmed of surrounding spaces and tabs; from a parsed payload it never
    /// holds a control character.
    public var value: String {
        switch source {
        case .text(let text): return text
        case .payload(let bytes, let lo, let hi): return ElementScan.decode(bytes, Int(lo)..<Int(hi))
        }
    }

    public static func == (a: AAMVAElement, b: AAMVAElement) -> Bool { a.key == b.key && a.value == b.value }

    /// Three-character element ID (`DAQ`, `DCS`, `ZVA`, ...).
    public var id: String {
        String(unsafeUninitializedCapacity: 3) { out in
            out[0] = UInt8(truncatingIfNeeded: key >> 16); out[1] = UInt8(truncatingIfNeeded: key >> 8); out[2] = UInt8(truncatingIfNeeded: key)
            return 3
        }
    }

    public init(id: String, value: String) {
        var k = 0
        for b in id.utf8.prefix(3) { k = k << 8 | Int(b) }
        key = k
        source = .text(value)
    }

    /// For the scanner: the ID at `idAt` in `bytes`, the value in `valueRange` (untrimmed,
    /// possibly running into a separator the split did not see).
    init(_ bytes: [UInt8], idAt i: Int, valueRange: Range<Int>) {
        key = Int(bytes[i]) << 16 | Int(bytes[i + 1]) << 8 | Int(bytes[i + 2])
        let trimmed = ElementScan.value(bytes, valueRange)
        source = .payload(bytes, lo: Int32(trimmed.lowerBound), hi: Int32(trimmed.upperBound))
    }

    enum CodingKeys: String, CodingKey { case id, value }
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        self.init(id: try c.decode(String.self, forKey: .id), value: try c.decode(String.self, forKey: .value))
    }
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(id, forKey: .id)
        try c.encode(value, forKey: .value)
    }
}

/// A subfile: its two-letter type (`DL`, `ID`, `EN`, `Z?`) and its elements in order.
public struct AAMVASubfile: Sendable, Equatable, Codable {
    public let type: String
    public var elements: [AAMVAElement]
    public init(type: String, elements: [AAMVAElement]) { self.type = type; self.elements = elements }
}

/// A subfile designator of the header: type, and declared offset and length when they are numbers.
public struct SubfileDesignator: Sendable, Equatable, Codable {
    public let type: String
    public let offset: Int?
    public let length: Int?
}

/// The file header (AAMVA CDS, annex D.12.3).
public struct AAMVAHeader: Sendable, Equatable, Codable {
    /// `ANSI ` or `AAMVA`.
    public let fileType: String
    /// Six-digit Issuer Identification Number.
    public let iin: String
    /// AAMVA version number (0–99).
    public let version: Int
    /// Jurisdiction version number (version 2 and later).
    public let jurisdictionVersion: Int?
    public let designators: [SubfileDesignator]
    /// Compliance indicator and the three separators exactly as the standard sets them.
    public let separatorsAsStandard: Bool
    /// Bytes that came before the compliance indicator (junk, BOM, whitespace).
    public let leadingJunk: Int
}

/// A named verification of a payload; the licence is valid only when all of them hold.
public struct AAMVACheck: Sendable, Equatable, Codable {
    public let name: String
    public let valid: Bool
}

/// A parsed DL/ID payload: header, subfiles, checks and the decoded fields.
///
/// Parsing finds the structure and runs the checks; the normalised `fields` are decoded
/// when asked for, so that validating many payloads stays cheap.
public struct AAMVAResult: Sendable, Equatable {
    public let header: AAMVAHeader
    public let subfiles: [AAMVASubfile]
    public let checks: [AAMVACheck]
    public let warnings: [String]

    /// The decoded, normalised fields (computed on each access; keep the value if you
    /// read several fields).
    public var fields: AAMVAFields { AAMVAParser.decode(AAMVAParser.Lookup(subfiles), header: header, subfiles: subfiles) }

    /// True only when every check holds.
    public var isValid: Bool { checks.allSatisfy(\.valid) }

    /// Every element of every subfile, in payload order.
    public var elements: [AAMVAElement] { subfiles.flatMap(\.elements) }

    /// The value of an element (first occurrence), trimmed; `nil` when absent.
    public func value(_ id: String) -> String? {
        for subfile in subfiles { for e in subfile.elements where e.id == id { return e.value } }
        return nil
    }
}

/// The fields decoded from the elements, normalised across versions and jurisdictions.
public struct AAMVAFields: Sendable, Equatable, Codable {
    /// `DL` (licence) or `ID` (identification card).
    public var documentType: String
    public var documentNumber: String?
    /// `USA`, `CAN` or `MEX`.
    public var country: String
    /// Jurisdiction of the IIN (`nil` when the IIN is not in the registry).
    public var jurisdiction: String?
    public var firstName: String?
    public var middleName: String?
    public var lastName: String?
    public var suffix: String?
    /// ISO `YYYY-MM-DD`.
    public var birthDate: String?
    public var issueDate: String?
    public var expiryDate: String?
    /// `M`, `F` or `X`.
    public var sex: String?
    public var heightInches: Int?
    public var heightCm: Int?
    public var weightPounds: Int?
    public var weightKg: Int?
    public var eyeColor: String?
    public var hairColor: String?
    public var street: String?
    public var street2: String?
    public var city: String?
    public var state: String?
    /// US `NNNNN` or `NNNNN-NNNN`, Canadian `A1A 1A1`.
    public var postalCode: String?
    public var postalCodeRaw: String?
    public var vehicleClass: String?
    public var restrictions: String?
    public var endorsements: String?
    /// `F` fully REAL ID compliant, `N` not, `M` materially compliant.
    public var complianceType: String?
}
