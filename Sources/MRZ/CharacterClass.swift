/// What an MRZ position may hold; drives validation and OCR correction.
public enum CharacterClass: String, Sendable, Codable {
    /// `A`–`Z` and `<` (names, country codes).
    case alphabetic
    /// `0`–`9` and `<` (dates, check digits).
    case numeric
    /// `A`–`Z`, `0`–`9` and `<` (document numbers, optional data).
    case alphanumeric
    /// `M`, `F`, `X` or `<`.
    case sex

    /// The `CheckDigit.info` flags this class accepts (`sex` is narrowed further by `allows`).
    var flags: UInt16 {
        switch self {
        case .alphabetic: return CheckDigit.letterFlag | CheckDigit.fillerFlag
        case .numeric: return CheckDigit.digitFlag | CheckDigit.fillerFlag
        case .alphanumeric: return CheckDigit.letterFlag | CheckDigit.digitFlag | CheckDigit.fillerFlag
        case .sex: return CheckDigit.letterFlag | CheckDigit.fillerFlag
        }
    }

    public func allows(_ byte: UInt8) -> Bool {
        switch self {
        case .alphabetic: return MRZCharset.isLetter(byte) || byte == MRZCharset.filler
        case .numeric: return MRZCharset.isDigit(byte) || byte == MRZCharset.filler
        case .alphanumeric: return MRZCharset.isMRZ(byte)
        case .sex: return byte == UInt8(ascii: "M") || byte == UInt8(ascii: "F") || byte == UInt8(ascii: "X") || byte == MRZCharset.filler
        }
    }
}

/// The 37 characters of the MRZ.
public enum MRZCharset {
    public static let filler = UInt8(ascii: "<")
    public static let all: [UInt8] = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789<".utf8)

    @inlinable static func isLetter(_ b: UInt8) -> Bool { b >= UInt8(ascii: "A") && b <= UInt8(ascii: "Z") }
    @inlinable static func isDigit(_ b: UInt8) -> Bool { b >= UInt8(ascii: "0") && b <= UInt8(ascii: "9") }
    @inlinable public static func isMRZ(_ b: UInt8) -> Bool { isLetter(b) || isDigit(b) || b == filler }
}
