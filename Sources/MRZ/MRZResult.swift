/// One check-digit verification, named as in the JSON contract
/// (`documentNumber`, `birthDate`, `expiryDate`, `optionalData`, `composite`).
public struct MRZCheck: Sendable, Codable, Equatable, Hashable {
    /// The checks an MRZ reading can carry, named as in the JSON contract.
    public enum Kind: String, Sendable, CaseIterable {
        /// `birthDate` and `expiryDate` are listed for a date without a check digit of its
        /// own only when it fails (a value that is no calendar date).
        case documentNumber, birthDate, expiryDate, optionalData, composite
        /// Listed only when it fails: a sex other than `M`, `F`, `X`, `<`.
        case sex
        /// Listed only when it fails: a character where the layout has only fillers.
        case fillers
        /// Listed only when it fails: a field without a check digit of its own holds a
        /// character it may not hold (a digit in a name), or the first line does not start
        /// as every document of its layout does (`D1FRA` for the French licence).
        case characters
        /// From images: no field the check digits cannot vouch for is in doubt.
        case ocrConfidence
    }

    public let name: String
    public let valid: Bool
    public init(name: String, valid: Bool) { self.name = name; self.valid = valid }
    public init(_ kind: Kind, valid: Bool) { self.init(name: kind.rawValue, valid: valid) }

    /// The check's kind (`nil` for a name no kind has).
    public var kind: Kind? { Kind(rawValue: name) }
}

/// Something worth knowing that does not fail a check (an unknown country code, a date
/// that is not a calendar date, a possibly truncated name).
public struct MRZWarning: Sendable, Codable, Equatable, Hashable {
    public let field: String
    public let message: String
    public init(field: String, message: String) { self.field = field; self.message = message }
}

/// A date field: the six printed characters and, when they form a real date, its ISO form.
public struct MRZDate: Sendable, Codable, Equatable, Hashable {
    /// `YYMMDD` as printed (may contain `<` or `X` for unknown parts).
    public let raw: String
    /// `YYYY-MM-DD`, or `nil` when the date is unknown or not a calendar date.
    public let iso: String?
}

/// The parsed content of an MRZ.
///
/// Parsing verifies the checks and collects warnings; the field values are derived from
/// the stored lines when asked for, so validating millions of MRZs stays cheap.
public struct MRZResult: Sendable, Equatable {
    public let format: MRZFormat
    /// The normalised lines as bytes, exactly as checked.
    public let lineBytes: [[UInt8]]
    public let checks: [MRZCheck]
    public let warnings: [MRZWarning]
    /// The day two-digit years were resolved against.
    let today: SimpleDate
    /// For a TD1 long document number (ICAO 9303 part 5): the whole number.
    let longDocumentNumber: String?

    /// True only when every check holds.
    public var isValid: Bool { checks.allSatisfy(\.valid) }

    /// The normalised lines, exactly as checked.
    public var lines: [String] { lineBytes.map { String(decoding: $0, as: UTF8.self) } }

    /// The printed characters of one field (fillers kept), or `nil` if the layout lacks it.
    public func raw(_ name: MRZFieldName) -> String? {
        guard let field = format.layout.fields.first(where: { $0.name == name }) else { return nil }
        return String(decoding: lineBytes[field.line][field.range], as: UTF8.self)
    }

    /// Every field of the layout as printed (fillers kept).
    public var rawFields: [MRZFieldName: String] {
        var out: [MRZFieldName: String] = [:]
        for field in format.layout.fields { out[field.name] = String(decoding: lineBytes[field.line][field.range], as: UTF8.self) }
        return out
    }

    public var documentCode: String { MRZText.trimFillers(raw(.documentCode) ?? "") }
    public var issuingCountry: String { MRZText.trimFillers(raw(.issuingCountry) ?? "") }
    /// Primary identifier, fillers turned into spaces.
    public var surname: String { MRZText.names(self).surname }
    /// Secondary identifier (all given names), fillers turned into spaces.
    public var givenNames: String { MRZText.names(self).givenNames }
    /// The name field is full to its last character, so the name may be truncated.
    public var nameMayBeTruncated: Bool { MRZText.names(self).truncated }
    /// The document number without fillers; for TD1 long numbers, the whole number.
    public var documentNumber: String { longDocumentNumber ?? MRZText.trimFillers(raw(.documentNumber) ?? "") }
    public var nationality: String? { raw(.nationality).map(MRZText.trimFillers) }
    public var birthDate: MRZDate? { raw(.birthDate).map { MRZDate(raw: $0, iso: DateRules.birth($0, today: today)) } }
    /// `M`, `F`, `X`, or `nil` when unspecified (`<`).
    public var sex: String? { raw(.sex).flatMap { ["M", "F", "X"].contains($0) ? $0 : nil } }
    public var expiryDate: MRZDate? { raw(.expiryDate).map { MRZDate(raw: $0, iso: DateRules.expiry($0, today: today)) } }
    /// Optional data without trailing fillers (`nil` when empty).
    public var optionalData: String? {
        guard var value = raw(.optionalData) else { return nil }
        if longDocumentNumber != nil {
            // The long number's tail and its check digit fill the start of the field.
            value = String(value.drop(while: { $0 != "<" }).drop(while: { $0 == "<" }))
        }
        let trimmed = MRZText.trimFillers(value)
        return trimmed.isEmpty ? nil : trimmed
    }
    /// TD1's second optional data field.
    public var optionalData2: String? { raw(.optionalData2).map(MRZText.trimFillers).flatMap { $0.isEmpty ? nil : $0 } }
}

/// Text helpers shared by the result's accessors.
enum MRZText {
    static func trimFillers(_ s: String) -> String {
        let bytes = s.utf8
        var end = bytes.endIndex
        while end > bytes.startIndex, bytes[bytes.index(before: end)] == MRZCharset.filler { end = bytes.index(before: end) }
        return String(s[..<end])
    }

    /// Fillers to single spaces, trimmed.
    static func words(_ s: Substring) -> String {
        var out: [UInt8] = []
        out.reserveCapacity(s.utf8.count)
        var pendingSpace = false
        for b in s.utf8 {
            if b == MRZCharset.filler { pendingSpace = !out.isEmpty; continue }
            if pendingSpace { out.append(0x20); pendingSpace = false }
            out.append(b)
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// Primary and secondary identifiers, and whether the name field is full.
    static func names(_ r: MRZResult) -> (surname: String, givenNames: String, truncated: Bool) {
        if let name = r.raw(.name) {
            let truncated = name.last != "<"
            if let split = name.range(of: "<<") {
                return (words(name[..<split.lowerBound]), words(name[split.upperBound...]), truncated)
            }
            return (words(name[...]), "", truncated)
        }
        let surname = r.raw(.surname) ?? "", given = r.raw(.givenNames) ?? ""
        return (words(surname[...]), words(given[...]), given.last.map { $0 != "<" } ?? false)
    }
}
