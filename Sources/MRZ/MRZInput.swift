/// Turns text as users and OCR engines produce it into MRZ lines of bytes.
///
/// Tolerates lower case, surrounding and inner spaces, CRLF, `«` for `<`, blank lines,
/// and the whole MRZ given as one string of the exact total length.
public enum MRZInput {
    /// Longer input is refused outright so that a 10 MB paste costs nothing.
    public static let maximumCharacters = 4_096

    /// Total lengths of the layouts when given as one string, with their line lengths
    /// (from the format table; a one-line layout needs no split).
    static var singleStringSplits: [Int: [Int]] {
        var splits: [Int: [Int]] = [:]
        for format in MRZFormat.allCases where format.lineLengths.count > 1 {
            let total = format.lineLengths.reduce(0, +)
            if splits[total] == nil { splits[total] = format.lineLengths }
        }
        return splits
    }

    /// A byte that stands for a character outside the MRZ charset.
    static let invalidMarker: UInt8 = 0xFF

    /// The lines of an MRZ text, normalised.  Non-MRZ characters are kept as a marker so
    /// that the parser can name their position.
    public static func lines(from text: String) throws(MRZError) -> [[UInt8]] {
        var lines: [[UInt8]] = []
        var current: [UInt8] = []
        var count = 0
        var invalid: [Int: [Int: String]] = [:]
        for scalar in text.unicodeScalars {
            count += 1
            if count > maximumCharacters { throw .tooLong(characters: text.unicodeScalars.count) }
            switch scalar {
            case "\n", "\r", "\u{2028}":
                if !current.isEmpty { lines.append(current); current.removeAll(keepingCapacity: true) }
            case " ", "\t", "\u{A0}":
                continue
            case "«", "‹", "﹤", "＜":
                current.append(MRZCharset.filler)
            case "a"..."z":
                current.append(UInt8(scalar.value) - 32)
            default:
                if scalar.isASCII, MRZCharset.isMRZ(UInt8(scalar.value)) {
                    current.append(UInt8(scalar.value))
                } else {
                    invalid[lines.count, default: [:]][current.count] = String(scalar)
                    current.append(invalidMarker)
                }
            }
        }
        if !current.isEmpty { lines.append(current) }
        if lines.isEmpty { throw .empty }
        if lines.count == 1, let lengths = singleStringSplits[lines[0].count], lengths.count > 1 {
            var split: [[UInt8]] = []
            var start = 0
            for length in lengths { split.append(Array(lines[0][start..<start + length])); start += length }
            lines = split
            // re-home invalid characters of the single string
            if let marks = invalid[0] {
                invalid = [:]
                for (offset, ch) in marks {
                    var rest = offset
                    for (index, length) in lengths.enumerated() {
                        if rest < length { invalid[index, default: [:]][rest] = ch; break }
                        rest -= length
                    }
                }
            }
        }
        if let (lineIndex, marks) = invalid.min(by: { $0.key < $1.key }), let (column, ch) = marks.min(by: { $0.key < $1.key }) {
            throw .invalidCharacter(line: lineIndex + 1, column: column + 1, character: ch)
        }
        return lines
    }
}
