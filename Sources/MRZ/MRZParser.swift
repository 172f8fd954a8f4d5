/// The generic engine: detects the layout, then runs its field table.
///
/// ```swift
/// let result = try MRZParser().parse("""
///     P<UTOERIKSSON<<ANNA<MARIA<<<<<<<<<<<<<<<<<<<
///     L898902C36UTO7408122F1204159ZE184226B<<<<<10
///     """)
/// result.isValid      // true
/// result.birthDate?.iso // "1974-08-12"
/// ```
public struct MRZParser: Sendable {
    /// The day against which two-digit years are resolved (UTC calendar date).
    public let today: SimpleDate

    public init(today: SimpleDate = .today()) { self.today = today }

    /// Parses MRZ text: 2 or 3 lines, or one string of the exact total length.
    public func parse(_ text: String) throws(MRZError) -> MRZResult {
        try parse(lines: MRZInput.lines(from: text))
    }

    /// Parses lines that are already split (each is normalised like `parse(_:)`).
    public func parse(lines: [String]) throws(MRZError) -> MRZResult {
        try parse(text: lines.joined(separator: "\n"))
    }

    private func parse(text: String) throws(MRZError) -> MRZResult {
        try parse(lines: MRZInput.lines(from: text))
    }

    /// Parses normalised lines of bytes.
    public func parse(lines: [[UInt8]]) throws(MRZError) -> MRZResult {
        let layout = try Self.detectLayout(lines)
        let result = interpret(lines, layout: layout)
        if layout.format == .frenchID, !result.isValid {
            // "IDFRA" also starts a standard TD2 document; keep whichever reading checks out.
            let td2 = interpret(lines, layout: FormatLayout.td2)
            if td2.checks.filter(\.valid).count > result.checks.filter(\.valid).count { return td2 }
        }
        return result
    }

    /// Chooses the layout from the line count and lengths, then from the document code.
    static func detectLayout(_ lines: [[UInt8]]) throws(MRZError) -> FormatLayout {
        for line in lines.indices {
            if let column = lines[line].firstIndex(of: MRZInput.invalidMarker) {
                throw .invalidCharacter(line: line + 1, column: column + 1, character: "?")
            }
        }
        switch lines.count {
        case 2:
            let lengths = lines.map(\.count)
            let width: Int
            if lengths.contains(44) { width = 44 } else if lengths.contains(36) { width = 36 } else {
                throw .wrongLineLength(line: 1, length: lengths[0], expected: [36, 44])
            }
            if let bad = lengths.firstIndex(where: { $0 != width }) {
                throw .wrongLineLength(line: bad + 1, length: lengths[bad], expected: [width])
            }
            let isVisa = lines[0][0] == UInt8(ascii: "V")
            if width == 44 { return isVisa ? FormatLayout.mrvA : FormatLayout.td3 }
            if isVisa { return FormatLayout.mrvB }
            if lines[0].starts(with: Array("IDFRA".utf8)) { return FormatLayout.frenchID }
            return FormatLayout.td2
        case 3:
            let expected = lines[0].count < 20 ? [9, 30, 30] : [30, 30, 30]
            for (index, line) in lines.enumerated() where line.count != expected[index] {
                throw .wrongLineLength(line: index + 1, length: line.count, expected: [expected[index]])
            }
            return expected[0] == 9 ? FormatLayout.swissDrivingLicense : FormatLayout.td1
        default:
            throw .wrongLineCount(lines.count)
        }
    }

    // MARK: - Interpretation

    func interpret(_ lines: [[UInt8]], layout: FormatLayout) -> MRZResult {
        var raw: [MRZFieldName: String] = [:]
        var checks: [MRZCheck] = []
        var warnings: [MRZWarning] = []
        var documentNumber: String?

        for field in layout.fields {
            let bytes = lines[field.line][field.range]
            raw[field.name] = String(decoding: bytes, as: UTF8.self)
            if let column = field.checkDigit {
                let digit = lines[field.line][column]
                var valid = Self.verify(bytes, digit: digit, fillerMeansEmpty: field.name == .optionalData)
                if layout.format == .td1, field.name == .documentNumber, digit == MRZCharset.filler,
                   let long = Self.td1LongNumber(lines[0]) {
                    valid = long.valid
                    documentNumber = long.number
                }
                checks.append(MRZCheck(name: field.checkName ?? field.name.rawValue, valid: valid))
            }
            if !Self.conforms(bytes, to: field.characters) {
                warnings.append(MRZWarning(field: field.name.rawValue,
                                           message: "holds characters that this field does not allow (\(field.characters.rawValue))"))
            }
        }
        if let composite = layout.composite {
            var sum: [UInt8] = []
            for span in composite.spans { sum.append(contentsOf: lines[span.line][span.range]) }
            checks.append(MRZCheck(name: "composite", valid: Self.verify(sum[...], digit: lines[composite.line][composite.column])))
        }

        let (surname, givenNames, truncated) = Self.names(raw, layout: layout)
        if truncated { warnings.append(MRZWarning(field: "name", message: "fills its whole field and may be truncated")) }
        for key in [MRZFieldName.issuingCountry, .nationality] {
            if let code = raw[key], !CountryCodes.isKnown(code) {
                warnings.append(MRZWarning(field: key.rawValue, message: "'\(code)' is not an ICAO 9303 country code"))
            }
        }
        let birth = raw[.birthDate].map { MRZDate(raw: $0, iso: DateRules.birth($0, today: today)) }
        let expiry = raw[.expiryDate].map { MRZDate(raw: $0, iso: DateRules.expiry($0, today: today)) }
        for (name, date) in [("birthDate", birth), ("expiryDate", expiry)] {
            if let date, date.iso == nil, !DateRules.isDeliberatelyUnknown(date.raw) {
                warnings.append(MRZWarning(field: name, message: "'\(date.raw)' is not a calendar date"))
            }
        }
        let sex: String? = raw[.sex].flatMap { ["M", "F", "X"].contains($0) ? $0 : nil }
        var optional = raw[.optionalData].map(Self.trimFillers)
        if layout.format == .td1, documentNumber != nil, let opt = raw[.optionalData] {
            // The long number's tail and its check digit fill the start of the optional data.
            let afterNumber = opt.drop(while: { $0 != "<" }).drop(while: { $0 == "<" })
            optional = Self.trimFillers(String(afterNumber))
        }
        return MRZResult(
            format: layout.format,
            lines: lines.map { String(decoding: $0, as: UTF8.self) },
            rawFields: raw,
            documentCode: Self.trimFillers(raw[.documentCode] ?? ""),
            issuingCountry: Self.trimFillers(raw[.issuingCountry] ?? ""),
            surname: surname,
            givenNames: givenNames,
            nameMayBeTruncated: truncated,
            documentNumber: documentNumber ?? Self.trimFillers(raw[.documentNumber] ?? ""),
            nationality: raw[.nationality].map(Self.trimFillers),
            birthDate: birth,
            sex: sex,
            expiryDate: expiry,
            optionalData: optional.flatMap { $0.isEmpty ? nil : $0 },
            optionalData2: raw[.optionalData2].map(Self.trimFillers).flatMap { $0.isEmpty ? nil : $0 },
            checks: checks,
            warnings: warnings)
    }

    /// ICAO 9303 part 5, note j: a TD1 document number longer than 9 characters has `<`
    /// in its check-digit position; it continues in the optional data, whose last
    /// character before the first filler is the check digit of the whole number.
    static func td1LongNumber(_ line: [UInt8]) -> (number: String, valid: Bool)? {
        let tail = line[15...].prefix(while: { $0 != MRZCharset.filler })
        guard tail.count >= 2 else { return nil }
        let extra = tail.dropLast()
        var number = Array(line[5..<14])
        number.append(contentsOf: extra)
        return (String(decoding: number, as: UTF8.self), verify(number[...], digit: tail.last!))
    }

    /// Whether `digit` is the check digit of `bytes`.  A `<` in place of the digit is
    /// accepted only where ICAO allows it: for an optional-data field that is all filler.
    @inlinable
    static func verify(_ bytes: ArraySlice<UInt8>, digit: UInt8, fillerMeansEmpty: Bool = false) -> Bool {
        if digit == MRZCharset.filler {
            return fillerMeansEmpty && bytes.allSatisfy { $0 == MRZCharset.filler }
        }
        guard MRZCharset.isDigit(digit), let computed = CheckDigit.compute(bytes) else { return false }
        return computed == Int(digit - UInt8(ascii: "0"))
    }

    static func conforms(_ bytes: ArraySlice<UInt8>, to characters: CharacterClass) -> Bool {
        bytes.allSatisfy(characters.allows)
    }

    static func trimFillers(_ s: String) -> String {
        var end = s.endIndex
        while end > s.startIndex, s[s.index(before: end)] == "<" { end = s.index(before: end) }
        return String(s[..<end])
    }

    /// Fillers to single spaces, trimmed.
    static func words(_ s: Substring) -> String {
        s.split(separator: "<", omittingEmptySubsequences: true).joined(separator: " ")
    }

    /// Primary and secondary identifiers, and whether the name field is full.
    static func names(_ raw: [MRZFieldName: String], layout: FormatLayout) -> (String, String, Bool) {
        if let name = raw[.name] {
            let truncated = name.last != "<"
            if let split = name.range(of: "<<") {
                return (words(name[..<split.lowerBound]), words(name[split.upperBound...]), truncated)
            }
            return (words(name[...]), "", truncated)
        }
        let surname = raw[.surname] ?? "", given = raw[.givenNames] ?? ""
        return (words(surname[...]), words(given[...]), given.last.map { $0 != "<" } ?? false)
    }
}
