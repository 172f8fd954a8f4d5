/// Writes MRZ lines from field values, filling check digits and the composite by the
/// same layout tables the parser reads.  Values are given as printed (upper case,
/// `<` for spaces); they are padded with fillers or cut to their field's width.
public enum MRZWriter {
    /// The lines of a `format` MRZ holding `fields`.
    ///
    /// `.name` is the whole name field (`SURNAME<<GIVEN<NAMES`).  A document number longer
    /// than its field is written with the layout's long-number rule (ICAO 9303 parts 5, 6).
    public static func lines(format: MRZFormat, fields: [MRZFieldName: String]) -> [String] {
        let layout = format.layout
        var lines = layout.lineLengths.map { [UInt8](repeating: MRZCharset.filler, count: $0) }
        var longNumber = false
        for field in layout.fields {
            guard var value = fields[field.name].map({ Array($0.utf8) }) else { continue }
            if field.name == .documentNumber, value.count > field.range.count, let rule = layout.longNumber, let check = field.checkDigit {
                writeLongNumber(value, field: field, check: check, rule: rule, into: &lines[rule.line])
                longNumber = true
                continue
            }
            if field.name == .optionalData, longNumber, let rule = layout.longNumber {
                // the long number occupies the start of the optional data; put ours after it
                let end = rule.continuation.upperBound
                let used = (lines[rule.line][rule.continuation].firstIndex(of: MRZCharset.filler) ?? end) + 1
                value = Array(value.prefix(max(0, end - used)))
                for (i, b) in value.enumerated() { lines[rule.line][used + i] = b }
                continue
            }
            value = Array(value.prefix(field.range.count))
            for (i, b) in value.enumerated() { lines[field.line][field.range.lowerBound + i] = b }
        }
        for field in layout.fields {
            guard let column = field.checkDigit else { continue }
            if field.name == .documentNumber, longNumber { continue }
            if field.name == .optionalData, lines[field.line][field.range].allSatisfy({ $0 == MRZCharset.filler }) {
                lines[field.line][column] = MRZCharset.filler
            } else {
                lines[field.line][column] = digit(lines[field.line][field.checkedRange])
            }
        }
        if let composite = layout.composite {
            var covered: [UInt8] = []
            for span in composite.spans { covered += lines[span.line][span.range] }
            lines[composite.line][composite.column] = digit(covered[...])
        }
        return lines.map { String(decoding: $0, as: UTF8.self) }
    }

    private static func digit(_ bytes: ArraySlice<UInt8>) -> UInt8 {
        UInt8(ascii: "0") + UInt8(CheckDigit.compute(bytes) ?? 0)
    }

    private static func writeLongNumber(
        _ number: [UInt8], field: MRZLayout.Field, check: Int, rule: MRZLayout.LongNumber,
        into line: inout [UInt8]
    ) {
        let head = field.range.count
        for i in 0..<head { line[field.range.lowerBound + i] = number[i] }
        line[check] = MRZCharset.filler
        let rest = Array(number[head...].prefix(rule.continuation.count - 1))
        for (i, b) in rest.enumerated() { line[rule.continuation.lowerBound + i] = b }
        line[rule.continuation.lowerBound + rest.count] = digit((Array(number[0..<head]) + rest)[...])
    }
}
