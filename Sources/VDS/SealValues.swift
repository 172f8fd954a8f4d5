/// A calendar date of a seal: the header's issue and signature dates, stored as three bytes
/// whose decimal digits, padded to eight, are MMDDYYYY (ICAO 9303-13 §2.3.1).
/// JSON: `"2025-03-14"`.
public struct SealDate: Sendable, Equatable, Hashable, Codable, CustomStringConvertible {
    public var year: Int
    public var month: Int
    public var day: Int

    public init(year: Int, month: Int, day: Int) {
        self.year = year
        self.month = month
        self.day = day
    }

    /// The date of three seal bytes, or nil when the digits name no calendar day.
    init?(sealBytes bytes: [UInt8]) {
        guard bytes.count == 3 else { return nil }
        let value = Int(bytes[0]) << 16 | Int(bytes[1]) << 8 | Int(bytes[2])
        let (month, day, year) = (value / 1_000_000, value / 10_000 % 100, value % 10_000)
        guard (1...12).contains(month), (1...SealDate.days(inMonth: month, year: year)).contains(day) else { return nil }
        self.init(year: year, month: month, day: day)
    }

    /// The three bytes of this date in a seal header.
    var sealBytes: [UInt8] {
        let value = month * 1_000_000 + day * 10_000 + year
        return [UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)]
    }

    static func days(inMonth month: Int, year: Int) -> Int {
        switch month {
        case 2: return year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    public var description: String {
        func pad(_ n: Int, _ width: Int) -> String {
            let s = String(n)
            return String(repeating: "0", count: max(0, width - s.count)) + s
        }
        return "\(pad(year, 4))-\(pad(month, 2))-\(pad(day, 2))"
    }

    public init(from decoder: any Decoder) throws {
        let text = try decoder.singleValueContainer().decode(String.self)
        let parts = text.split(separator: "-").compactMap { Int($0) }
        guard parts.count == 3 else {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "not YYYY-MM-DD: \(text)"))
        }
        self.init(year: parts[0], month: parts[1], day: parts[2])
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }
}

/// A visa's duration of stay (ICAO 9303-13, visa profile tag 4): days, months and years,
/// one byte each as stored.
public struct DurationOfStay: Sendable, Equatable, Hashable, Codable {
    public var days: Int
    public var months: Int
    public var years: Int

    public init(days: Int, months: Int, years: Int) {
        self.days = days
        self.months = months
        self.years = years
    }
}

/// What binary feature bytes hold.
public enum BinaryKind: String, Sendable, Codable, CaseIterable {
    /// bytes the profile defines without a text form (a visa type, additional features)
    case bytes
    /// a UUID (TR-03171's document profile number)
    case uuid
    /// a JPEG 2000 picture (the face on German national profiles)
    case jpeg2000
    /// a feature of a profile this reader does not know: its bytes as they are
    case unknown
}

/// The value of one seal feature, typed by its profile's coding.
///
/// JSON: `{"type": "text", "text": …}`, `{"type": "mrz", "text": "LINE1\nLINE2"}`,
/// `{"type": "number", "number": 12}`, `{"type": "date", "date": "2025-01-31"}`,
/// `{"type": "durationOfStay", "days": …, "months": …, "years": …}`,
/// `{"type": "binary", "kind": "unknown", "base64": …, "text": …}` (`text` only where the
/// bytes are printable UTF-8).
public enum SealValue: Sendable, Equatable, Hashable {
    case text(String)
    /// MRZ lines as printed (fillers `<`), joined by a newline.
    case mrz(String)
    case number(UInt64)
    case date(SealDate)
    case durationOfStay(DurationOfStay)
    case binary(BinaryKind, [UInt8], printableText: String?)

    /// The text of a text or MRZ value (the printable text of a binary one), else nil.
    public var text: String? {
        switch self {
        case .text(let text), .mrz(let text): return text
        case .binary(_, _, let text): return text
        default: return nil
        }
    }
}

extension SealValue: Codable {
    private enum Keys: String, CodingKey { case type, text, number, date, days, months, years, kind, base64 }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: Keys.self)
        switch self {
        case .text(let text):
            try c.encode("text", forKey: .type)
            try c.encode(text, forKey: .text)
        case .mrz(let text):
            try c.encode("mrz", forKey: .type)
            try c.encode(text, forKey: .text)
        case .number(let number):
            try c.encode("number", forKey: .type)
            try c.encode(number, forKey: .number)
        case .date(let date):
            try c.encode("date", forKey: .type)
            try c.encode(date, forKey: .date)
        case .durationOfStay(let stay):
            try c.encode("durationOfStay", forKey: .type)
            try c.encode(stay.days, forKey: .days)
            try c.encode(stay.months, forKey: .months)
            try c.encode(stay.years, forKey: .years)
        case .binary(let kind, let bytes, let text):
            try c.encode("binary", forKey: .type)
            try c.encode(kind, forKey: .kind)
            try c.encode(Base64.encode(bytes), forKey: .base64)
            try c.encodeIfPresent(text, forKey: .text)
        }
    }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: Keys.self)
        switch try c.decode(String.self, forKey: .type) {
        case "text": self = .text(try c.decode(String.self, forKey: .text))
        case "mrz": self = .mrz(try c.decode(String.self, forKey: .text))
        case "number": self = .number(try c.decode(UInt64.self, forKey: .number))
        case "date": self = .date(try c.decode(SealDate.self, forKey: .date))
        case "durationOfStay":
            self = .durationOfStay(
                DurationOfStay(
                    days: try c.decode(Int.self, forKey: .days), months: try c.decode(Int.self, forKey: .months),
                    years: try c.decode(Int.self, forKey: .years)))
        case "binary":
            guard let bytes = Base64.decode(try c.decode(String.self, forKey: .base64)) else {
                throw DecodingError.dataCorruptedError(forKey: .base64, in: c, debugDescription: "not base64")
            }
            self = .binary(try c.decode(BinaryKind.self, forKey: .kind), bytes, printableText: try c.decodeIfPresent(String.self, forKey: .text))
        case let other:
            throw DecodingError.dataCorruptedError(forKey: .type, in: c, debugDescription: "unknown seal value type \(other)")
        }
    }
}

/// Base64 (RFC 4648 §4) and base64url (§5) without Foundation's lenient decoding.
enum Base64 {
    private static let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)

    static func encode(_ bytes: [UInt8]) -> String {
        var out: [UInt8] = []
        out.reserveCapacity((bytes.count + 2) / 3 * 4)
        var index = 0
        while index < bytes.count {
            let chunk = bytes[index..<min(index + 3, bytes.count)]
            let b = Array(chunk) + Array(repeating: 0, count: 3 - chunk.count)
            let value = Int(b[0]) << 16 | Int(b[1]) << 8 | Int(b[2])
            for position in 0..<4 {
                out.append(position <= chunk.count ? alphabet[value >> (18 - 6 * position) & 63] : UInt8(ascii: "="))
            }
            index += 3
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// The bytes of base64 or base64url text (padding optional), or nil when it is neither.
    static func decode(_ text: String) -> [UInt8]? {
        var values: [Int] = []
        for scalar in text.unicodeScalars {
            switch scalar {
            case "A"..."Z": values.append(Int(scalar.value) - 65)
            case "a"..."z": values.append(Int(scalar.value) - 97 + 26)
            case "0"..."9": values.append(Int(scalar.value) - 48 + 52)
            case "+", "-": values.append(62)
            case "/", "_": values.append(63)
            case "=": continue
            default: return nil
            }
        }
        guard values.count % 4 != 1 else { return nil }
        var bytes: [UInt8] = []
        var accumulator = 0
        var bits = 0
        for value in values {
            accumulator = accumulator << 6 | value
            bits += 6
            if bits >= 8 {
                bits -= 8
                bytes.append(UInt8(accumulator >> bits & 0xFF))
            }
        }
        return bytes
    }
}

/// The text of `bytes` when they are valid UTF-8 without control characters, else nil.
func printableUTF8(_ bytes: [UInt8]) -> String? {
    guard !bytes.isEmpty, let text = String(validating: bytes, as: UTF8.self) else { return nil }
    let printable = text.unicodeScalars.allSatisfy { !$0.properties.generalCategory.isControl }
    return printable ? text : nil
}

extension Unicode.GeneralCategory {
    /// Control characters and code points no text holds; format characters (the zero-width
    /// joiner of emoji) are printable.
    fileprivate var isControl: Bool { self == .control || self == .surrogate || self == .unassigned }
}
