/// Writes MRZ lines from field values, filling check digits and the composite by the
/// same layout tables the parser reads.  Values are given as printed (upper case,
/// `<` for spaces); they are padded with fillers or cut to their field's width.
public enum MRZWriter {
    /// The lines of a `format` MRZ holding `fields`.
    ///
    /// `.name` is the whole name field (`SURNAME<<GIVEN<NAMES`).  A TD1 document number
    /// longer than 9 characters is written with the long-number rule of ICAO 9303 part 5.
    public static func lines(format: MRZFormat, fields: [MRZFieldName: String]) -> [String] {
        let layout = format.layout
        var lines = layout.lineLengths.map { [UInt8](repeating: MRZCharset.filler, count: $0) }
        var longNumber = false
        for field in layout.fields {
            guard var value = fields[field.name].map({ Array($0.utf8) }) else { continue }
            if format == .td1, field.name == .documentNumber, value.count > 9 {
                writeLongTD1Number(value, into: &lines[0])
                longNumber = true
                continue
            }
            if field.name == .optionalData, longNumber {
                // the long number occupies the start of the optional data; put ours after it
                let used = (lines[0][15...].firstIndex(of: MRZCharset.filler) ?? 30) + 1
                let room = max(0, 30 - used)
                value = Array(value.prefix(room))
                for (i, b) in value.enumerated() { lines[0][used + i] = b }
                continue
            }
            value = Array(value.prefix(field.range.count))
            for (i, b) in value.enumerated() { lines[field.line][field.range.lowerBound + i] = b }
        }
        for field in layout.fields {
            guard let column = field.checkDigit else { continue }
            if field.name == .documentNumber, longNumber { continue }
            let bytes = lines[field.line][field.range]
            if field.name == .optionalData, bytes.allSatisfy({ $0 == MRZCharset.filler }) {
                lines[field.line][column] = MRZCharset.filler
            } else {
                lines[field.line][column] = digit(bytes)
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

    private static func writeLongTD1Number(_ number: [UInt8], into line: inout [UInt8]) {
        for i in 0..<9 { line[5 + i] = number[i] }
        line[14] = MRZCharset.filler
        let rest = Array(number[9...].prefix(13))
        for (i, b) in rest.enumerated() { line[15 + i] = b }
        line[15 + rest.count] = digit((Array(number[0..<9]) + rest)[...])
    }
}
