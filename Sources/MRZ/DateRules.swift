import Foundation

// the fuzz harnesses compile this module's sources with IDCommon's as one module
#if canImport(IDCommon)
@_exported import IDCommon
#endif

/// A calendar date without time or zone.
public struct SimpleDate: Sendable, Codable, Equatable, Comparable, Hashable {
    public let year: Int
    public let month: Int
    public let day: Int

    public init(year: Int, month: Int, day: Int) { self.year = year; self.month = month; self.day = day }

    /// Today in UTC.
    public static func today() -> SimpleDate {
        let parts = Calendar(identifier: .gregorian).dateComponents(in: TimeZone(identifier: "UTC")!, from: Date())
        return SimpleDate(year: parts.year!, month: parts.month!, day: parts.day!)
    }

    public static func < (a: SimpleDate, b: SimpleDate) -> Bool {
        (a.year, a.month, a.day) < (b.year, b.month, b.day)
    }

    /// Whether year/month/day name a real day of the Gregorian calendar.
    public static func isValid(year: Int, month: Int, day: Int) -> Bool { Gregorian.isValid(year: year, month: month, day: day) }

    static func daysIn(month: Int, year: Int) -> Int { Gregorian.daysIn(month: month, year: year) }

    /// `YYYY-MM-DD`.
    public var iso: String {
        func pad(_ n: Int, _ width: Int) -> String {
            let s = String(n)
            return s.count >= width ? s : String(repeating: "0", count: width - s.count) + s
        }
        return "\(pad(year, 4))-\(pad(month, 2))-\(pad(day, 2))"
    }
}

/// Two-digit years and their century (ICAO 9303 leaves the century to the reader).
enum DateRules {
    /// A birth date is never in the future: `20YY` unless that is after today.
    static func birth(_ raw: String, today: SimpleDate) -> String? {
        guard let (yy, mm, dd) = digits(raw) else { return nil }
        var year = 2000 + yy
        if SimpleDate(year: year, month: mm, day: dd) > today { year -= 100 }
        return SimpleDate.isValid(year: year, month: mm, day: dd) ? SimpleDate(year: year, month: mm, day: dd).iso : nil
    }

    /// An expiry date lies within 70 years before and 30 years after today.
    static func expiry(_ raw: String, today: SimpleDate) -> String? {
        guard let (yy, mm, dd) = digits(raw) else { return nil }
        var year = 2000 + yy
        if year > today.year + 30 { year -= 100 }
        return SimpleDate.isValid(year: year, month: mm, day: dd) ? SimpleDate(year: year, month: mm, day: dd).iso : nil
    }

    /// `<` or `X` in a date mark a part the issuer does not know (ICAO 9303 part 3).
    static func isDeliberatelyUnknown(_ raw: String) -> Bool {
        raw.contains("<") || raw.contains("X")
    }

    /// A real month and day (any year with Feb 29 allowed), or deliberately unknown parts.
    static func isPlausible(_ bytes: ArraySlice<UInt8>) -> Bool {
        guard bytes.count == 6 else { return false }
        if bytes.contains(MRZCharset.filler) || bytes.contains(UInt8(ascii: "X")) { return true }
        guard bytes.allSatisfy(MRZCharset.isDigit) else { return false }
        let s = bytes.startIndex
        let month = Int(bytes[s + 2] - 48) * 10 + Int(bytes[s + 3] - 48), day = Int(bytes[s + 4] - 48) * 10 + Int(bytes[s + 5] - 48)
        return SimpleDate.isValid(year: 2000, month: month, day: day)
    }

    private static func digits(_ raw: String) -> (Int, Int, Int)? {
        var digits = (0, 0, 0, 0, 0, 0)
        var count = 0
        for b in raw.utf8 {
            guard MRZCharset.isDigit(b), count < 6 else { return nil }
            let v = Int(b - 48)
            switch count {
            case 0: digits.0 = v
            case 1: digits.1 = v
            case 2: digits.2 = v
            case 3: digits.3 = v
            case 4: digits.4 = v
            default: digits.5 = v
            }
            count += 1
        }
        guard count == 6 else { return nil }
        return (digits.0 * 10 + digits.1, digits.2 * 10 + digits.3, digits.4 * 10 + digits.5)
    }
}
