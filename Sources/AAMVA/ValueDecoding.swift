import Foundation

// the fuzz harnesses compile this module's sources with IDCommon's as one module
#if canImport(IDCommon)
import IDCommon
#endif

/// Decoding of element values (../shared/aamva/STANDARD_NOTES.md §4), tolerant of the
/// variants real cards print.  Every function returns `nil` rather than failing.
enum ValueDecoding {
    /// Trims the given ASCII characters from both ends (Foundation's trimming is slow here).
    static func trim(_ s: String, _ characters: StaticString = " \t") -> String {
        let set = UnsafeBufferPointer(start: characters.utf8Start, count: characters.utf8CodeUnitCount)
        let u = s.utf8
        var lo = u.startIndex, hi = u.endIndex
        while lo < hi, set.contains(u[lo]) { lo = u.index(after: lo) }
        while hi > lo, set.contains(u[u.index(before: hi)]) { hi = u.index(before: hi) }
        if lo == u.startIndex && hi == u.endIndex { return s }
        return String(s[lo..<hi])
    }

    /// Values that mean "no data".
    static func isSentinel(_ v: String) -> Bool {
        let u = v.utf8.count <= 7 ? v.uppercased() : v
        return u.isEmpty || u == "NONE" || u == "UNAVL" || u == "UNAVAIL" || u == "N/A" || u == "NA" || u.utf8.allSatisfy { $0 == 0x30 }
    }

    /// The value without padding and stray trailing commas, or `nil` for "no data".
    static func nonEmpty(_ v: String?) -> String? {
        guard let v else { return nil }
        let t = trim(v, " ,\t")
        return isSentinel(t) ? nil : t
    }

    /// `date(_:yearFirst:)` without building the ISO string: not `.invalid`.
    static func isValidDate(_ raw: String, yearFirst: Bool) -> Bool {
        var digits = (0, 0, 0, 0, 0, 0, 0, 0)
        var count = 0, nonZero = false
        for b in raw.utf8 {
            if b >= 0x30 && b <= 0x39 {
                guard count < 8 else { return false }
                let d = Int(b - 0x30)
                nonZero = nonZero || d != 0
                withUnsafeMutableBytes(of: &digits) { $0.storeBytes(of: d, toByteOffset: count * MemoryLayout<Int>.stride, as: Int.self) }
                count += 1
                continue
            }
            if b == UInt8(ascii: "-") || b == UInt8(ascii: "/") || b == 0x20 { continue }
            break
        }
        if count == 0 { return raw.utf8.allSatisfy { $0 == 0x20 } }
        if !nonZero { return true }
        guard count == 8 else { return false }
        let (d0, d1, d2, d3, d4, d5, d6, d7) = digits
        // CCYYMMDD, then MMDDCCYY
        let yearFirst = (year: d0 * 1000 + d1 * 100 + d2 * 10 + d3, month: d4 * 10 + d5, day: d6 * 10 + d7)
        if (1900...2199).contains(yearFirst.year) && isCalendarDate(yearFirst.year, yearFirst.month, yearFirst.day) { return true }
        let monthFirst = (year: d4 * 1000 + d5 * 100 + d6 * 10 + d7, month: d0 * 10 + d1, day: d2 * 10 + d3)
        if (1900...2199).contains(monthFirst.year) && isCalendarDate(monthFirst.year, monthFirst.month, monthFirst.day) { return true }
        return false
    }

    /// A date element: `.ok(iso)`, `.empty` for sentinels, `.invalid` otherwise.
    enum DateValue: Equatable { case ok(String), empty, invalid }

    /// Tries the expected order (`CCYYMMDD` when `yearFirst`, else `MMDDCCYY`), then the
    /// other; strips dashes, slashes and trailing letters first.
    static func date(_ raw: String, yearFirst: Bool) -> DateValue {
        var digits: [Int] = []
        digits.reserveCapacity(8)
        for b in raw.utf8 {
            if b >= 0x30 && b <= 0x39 { digits.append(Int(b - 0x30)); continue }
            if b == UInt8(ascii: "-") || b == UInt8(ascii: "/") || b == 0x20 { continue }
            break  // trailing letters: ignore the rest
        }
        if digits.isEmpty { return raw.utf8.allSatisfy { $0 == 0x20 } ? .empty : .invalid }
        if digits.allSatisfy({ $0 == 0 }) { return .empty }
        guard digits.count == 8 else { return .invalid }
        func n(_ r: Range<Int>) -> Int { r.reduce(0) { $0 * 10 + digits[$1] } }
        let yf = (year: n(0..<4), month: n(4..<6), day: n(6..<8))
        let mf = (year: n(4..<8), month: n(0..<2), day: n(2..<4))
        for candidate in yearFirst ? [yf, mf] : [mf, yf] {
            if (1900...2199).contains(candidate.year), isCalendarDate(candidate.year, candidate.month, candidate.day) {
                return .ok(iso(candidate.year, candidate.month, candidate.day))
            }
        }
        return .invalid
    }

    static func isCalendarDate(_ y: Int, _ m: Int, _ d: Int) -> Bool { Gregorian.isValid(year: y, month: m, day: d) }

    static func iso(_ y: Int, _ m: Int, _ d: Int) -> String {
        func pad(_ v: Int, _ w: Int) -> String { let s = String(v); return String(repeating: "0", count: max(0, w - s.count)) + s }
        return "\(pad(y, 4))-\(pad(m, 2))-\(pad(d, 2))"
    }

    /// `1`/`M` male, `2`/`F` female, `X` unspecified-by-choice; `9` (not specified) is `nil`.
    static func sex(_ raw: String?) -> String? {
        switch raw.map({ trim($0).uppercased() }) {
        case "1", "M": return "M"
        case "2", "F": return "F"
        case "X": return "X"
        default: return nil
        }
    }

    /// Height in inches and centimetres from `DAU` (`509` ft-in in v1, `068 in`, `175 cm`,
    /// `72 IN`, `5-06`), or `DAV` (cm in v1, though NC writes feet-inches `5-06` there too).
    static func height(dau: String?, dav: String?, version: Int) -> (inches: Int?, cm: Int?) {
        if let raw = dau.map({ trim($0).uppercased() }), !raw.isEmpty {
            let digits = raw.prefix { $0.isASCII && $0.isNumber }
            if raw.contains("CM"), let cm = Int(digits), cm > 0 { return centimetres(cm) }
            if let total = feetAndInches(raw) { return inches(total) }
            if let n = Int(digits), n > 0 {
                if raw.contains("IN") { return inches(n) }
                // v1 writes feet and inches ("509" = 5 ft 9 in); later versions write inches.
                if version <= 1, digits.count == 3, n % 100 < 12 { return inches((n / 100) * 12 + n % 100) }
                return inches(n)
            }
        }
        if let raw = dav.map({ trim($0).uppercased() }) {
            if let total = feetAndInches(raw) { return inches(total) }
            let digits = raw.prefix { $0.isASCII && $0.isNumber }
            if let cm = Int(digits), cm > 0 { return centimetres(cm) }
        }
        return (nil, nil)
    }

    /// Inches of a feet-inches height written with a dash (`5-06`), or `nil`.
    private static func feetAndInches(_ raw: String) -> Int? {
        guard raw.contains("-") else { return nil }
        let parts = raw.split(separator: "-").compactMap { Int(trim(String($0))) }
        guard parts.count == 2, parts[1] < 12, (0...9).contains(parts[0]) else { return nil }
        return parts[0] * 12 + parts[1]
    }

    /// Heights outside 1–120 inches are not heights (and huge ones would overflow).
    private static func inches(_ n: Int) -> (inches: Int?, cm: Int?) {
        guard (1...120).contains(n) else { return (nil, nil) }
        return (n, Int((Double(n) * 2.54).rounded()))
    }

    private static func centimetres(_ cm: Int) -> (inches: Int?, cm: Int?) {
        guard (1...300).contains(cm) else { return (nil, nil) }
        return (Int((Double(cm) / 2.54).rounded()), cm)
    }

    /// US `NNNNN` / `NNNNN-NNNN` (the +4 only when it is not `0000`), Canadian `A1A 1A1`.
    static func postalCode(_ raw: String?) -> String? {
        guard let raw = nonEmpty(raw) else { return nil }
        let compact = raw.uppercased().filter { $0 != " " && $0 != "-" }
        let chars = Array(compact)
        if chars.count >= 6 {
            let six = Array(chars.prefix(6))
            let canadian = six[0].isLetter && six[1].isNumber && six[2].isLetter && six[3].isNumber && six[4].isLetter && six[5].isNumber
            if canadian { return String(six[0..<3]) + " " + String(six[3..<6]) }
        }
        let digits = Array(compact.prefix { $0.isASCII && $0.isNumber })
        guard digits.count >= 5 else { return raw }
        let zip = String(digits.prefix(5))
        if digits.count >= 9 {
            let plus4 = String(digits[5..<9])
            if plus4 != "0000" { return zip + "-" + plus4 }
        }
        return zip
    }

    /// A D-20 colour code as printed; other spellings (`CardQuirks`) are turned into codes,
    /// "no value" forms into `nil`.
    static func colour(_ raw: String?, of element: CardQuirk.ColourElement) -> String? {
        guard let v = nonEmpty(raw)?.uppercased() else { return nil }
        return CardQuirks.colourCodes(element)[v] ?? v
    }

    /// `FIRST I` as the first name and the one-letter initial after its last space, or `nil`
    /// when the last word is longer than a letter ("MARY ANN").
    static func splitMiddleInitial(_ given: String) -> (first: String, initial: String)? {
        guard let space = given.lastIndex(of: " ") else { return nil }
        let first = trim(String(given[..<space])), initial = String(given[given.index(after: space)...])
        guard !first.isEmpty, initial.count == 1, initial.first?.isLetter == true else { return nil }
        return (first, initial)
    }

    /// Names by version (§3): v1 `DAA` (comma: LAST,FIRST,MIDDLE,SUFFIX; CO and TN
    /// (`CardQuirks`, `.givenNamesFirstInDAA`): FIRST,MIDDLE,LAST;
    /// spaces only: FIRST MIDDLE LAST), v2/v3 `DCS` + `DCT`, v4+ `DCS`/`DAC`/`DAD` (WY:
    /// `.middleInitialInFirstName`, `DAC` "FIRST I" without `DAD`).
    static func names(
        _ value: (String) -> String?, version: Int, jurisdiction: String?, country: String
    )
        -> (first: String?, middle: String?, last: String?, suffix: String?)
    {
        func clean(_ s: String?) -> String? {
            guard let s else { return nil }
            let t = trim(s, ", \t")
            return isSentinel(t) ? nil : t
        }
        var suffix = clean(value("DCU")) ?? clean(value("DAE"))
        if let last = clean(value("DCS")) {
            if let first = clean(value("DAC")) {
                // DAC is the first name, whole ("MARY ANN"), with or without DAD; only
                // v2/v3 DCT holds first and middle names together, and the cards of
                // `.middleInitialInFirstName` a middle initial
                if let middle = clean(value("DAD")) { return (first, middle, last, suffix) }
                if CardQuirks.applies(.middleInitialInFirstName, jurisdiction: jurisdiction, country: country, version: version),
                    let split = splitMiddleInitial(first)
                {
                    return (split.first, split.initial, last, suffix)
                }
                return (first, nil, last, suffix)
            }
            if let given = clean(value("DCT")) {
                let parts = given.split(whereSeparator: { $0 == "," || $0 == " " }).map(String.init)
                return (parts.first, parts.count > 1 ? parts.dropFirst().joined(separator: " ") : nil, last, suffix)
            }
            return (nil, nil, last, suffix)
        }
        if let last = clean(value("DAB")), let first = clean(value("DAC")) {
            return (first, clean(value("DAD")), last, suffix)
        }
        guard let full = value("DAA").map({ trim($0) }), !full.isEmpty else {
            return (clean(value("DAC")), clean(value("DAD")), clean(value("DAB")), suffix)
        }
        if full.contains(",") {
            let parts = full.split(separator: ",", omittingEmptySubsequences: false).map { trim(String($0)) }
            func part(_ i: Int) -> String? { i < parts.count && !parts[i].isEmpty ? parts[i] : nil }
            if CardQuirks.applies(.givenNamesFirstInDAA, jurisdiction: jurisdiction, country: country, version: version) {
                return (part(0), part(1), part(2), suffix ?? part(3))
            }
            if part(2) == nil, let given = part(1), let space = given.firstIndex(of: " ") {
                // LAST,FIRST MIDDLE: the middle name came after a space, not a comma
                return (
                    String(given[..<space]), trim(String(given[given.index(after: space)...])),
                    part(0), suffix ?? part(3)
                )
            }
            return (part(1), part(2), part(0), suffix ?? part(3))
        }
        let words = full.split(separator: " ").map(String.init)
        guard words.count > 1 else { return (nil, nil, words.first, suffix) }
        let knownSuffixes: Set<String> = ["JR", "SR", "II", "III", "IV", "V", "2ND", "3RD", "4TH"]
        var body = words
        if suffix == nil, let lastWord = body.last, knownSuffixes.contains(lastWord), body.count > 2 { suffix = lastWord; body.removeLast() }
        return (body.first, body.count > 2 ? body[1..<body.count - 1].joined(separator: " ") : nil, body.last, suffix)
    }
}
