/// One check-digit verification, named as in the JSON contract
/// (`documentNumber`, `birthDate`, `expiryDate`, `optionalData`, `composite`).
public struct MRZCheck: Sendable, Codable, Equatable, Hashable {
    public let name: String
    public let valid: Bool
    public init(name: String, valid: Bool) { self.name = name; self.valid = valid }
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
public struct MRZResult: Sendable, Codable, Equatable {
    public let format: MRZFormat
    /// The normalised lines, exactly as checked.
    public let lines: [String]
    /// Every field of the layout as printed (fillers kept).
    public let rawFields: [MRZFieldName: String]

    public let documentCode: String
    public let issuingCountry: String
    /// Primary identifier, fillers turned into spaces.
    public let surname: String
    /// Secondary identifier (all given names), fillers turned into spaces.
    public let givenNames: String
    /// The name field is full to its last character, so the name may be truncated.
    public let nameMayBeTruncated: Bool
    /// The document number without fillers; for TD1 long numbers, the whole number.
    public let documentNumber: String
    public let nationality: String?
    public let birthDate: MRZDate?
    /// `M`, `F`, `X`, or `nil` when unspecified (`<`).
    public let sex: String?
    public let expiryDate: MRZDate?
    /// Optional data without trailing fillers (`nil` when empty).
    public let optionalData: String?
    /// TD1's second optional data field.
    public let optionalData2: String?

    public let checks: [MRZCheck]
    public let warnings: [MRZWarning]

    /// True only when every check holds.
    public var isValid: Bool { checks.allSatisfy(\.valid) }
}
