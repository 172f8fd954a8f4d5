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
            let first = lines[0].count, second = lines[1].count
            let width: Int
            if first == 44 || second == 44 { width = 44 } else if first == 36 || second == 36 { width = 36 } else {
                throw .wrongLineLength(line: 1, length: first, expected: [36, 44])
            }
            if first != width { throw .wrongLineLength(line: 1, length: first, expected: [width]) }
            if second != width { throw .wrongLineLength(line: 2, length: second, expected: [width]) }
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
        var checks: [MRZCheck] = []
        checks.reserveCapacity(5)
        var warnings: [MRZWarning] = []
        var longNumber: String?

        for field in layout.fields {
            let bytes = lines[field.line][field.range]
            let scan = CheckDigit.scan(lines[field.line], field.range, allowed: field.characters.flags)
            if let column = field.checkDigit {
                let digit = lines[field.line][column]
                var valid: Bool
                if digit == MRZCharset.filler {
                    valid = field.name == .optionalData && scan.allFiller
                } else {
                    // A digit over characters the field may not hold (a letter in a date)
                    // proves nothing: OCR misreads can satisfy it (`1806058` read `1S06058`).
                    valid = scan.mrz && scan.conforms && MRZCharset.isDigit(digit) && scan.sum % 10 == Int(digit &- 48)
                }
                // A value that cannot exist fails its field's check even when its digit
                // holds: a corrected or misread `121238` (day 38) is not a birth date.
                if field.characters == .numeric, Self.isDateField(field.name), !DateRules.isPlausible(bytes) { valid = false }
                // A document number is padded with fillers at its end (ICAO 9303 part 3):
                // a filler inside it is a misread (`WEHZPP2` read `W<HZJP2`, two changes
                // that cancel in the sum).
                if field.name == .documentNumber, Self.hasFillerInside(bytes) {
                    valid = false
                    warnings.append(MRZWarning(field: field.name.rawValue, message: "documentNumber has a filler inside the number, so its check fails."))
                }
                if layout.format == .td1, field.name == .documentNumber, digit == MRZCharset.filler,
                   let long = Self.td1LongNumber(lines[0]) {
                    valid = long.valid
                    longNumber = long.number
                }
                checks.append(MRZCheck(name: field.name.rawValue, valid: valid))
            }
            let impossibleSex = field.characters == .sex && !Self.conforms(bytes, to: .sex)
            if !scan.conforms || impossibleSex {
                warnings.append(MRZWarning(field: field.name.rawValue,
                                           message: "\(field.name.rawValue) holds characters that this field does not allow (\(field.characters.rawValue))."))
            }
            // The sex has no check digit; a value other than M, F, X or < fails a check of
            // its own, listed only then (the checks of a well-formed MRZ stay as they were).
            if impossibleSex { checks.append(MRZCheck(name: field.name.rawValue, valid: false)) }
            switch field.name {
            case .name, .givenNames:
                if bytes.last != MRZCharset.filler {
                    warnings.append(MRZWarning(field: "name", message: "fills its whole field and may be truncated"))
                }
            case .issuingCountry, .nationality:
                if !CountryCodes.isKnown(bytes: bytes) {
                    warnings.append(MRZWarning(field: field.name.rawValue,
                                               message: "'\(String(decoding: bytes, as: UTF8.self))' is not an ICAO 9303 country code"))
                }
            case .birthDate, .expiryDate:
                if !DateRules.isPlausible(bytes) {
                    warnings.append(MRZWarning(field: field.name.rawValue,
                                               message: "\(field.name.rawValue) '\(String(decoding: bytes, as: UTF8.self))' is not a calendar date, so its check fails."))
                }
            default: break
            }
        }
        if let composite = layout.composite {
            checks.append(MRZCheck(name: "composite", valid: Self.verifyComposite(composite, lines)))
        }
        return MRZResult(format: layout.format, lineBytes: lines, checks: checks, warnings: warnings,
                         today: today, longDocumentNumber: longNumber)
    }

    /// The composite digit over its spans, without copying them.
    static func verifyComposite(_ composite: CompositeLayout, _ lines: [[UInt8]]) -> Bool {
        let digit = lines[composite.line][composite.column]
        guard MRZCharset.isDigit(digit) else { return false }
        var sum = 0, position = 0
        for span in composite.spans {
            let scan = CheckDigit.scan(lines[span.line], span.range, allowed: 0, startPosition: position)
            guard scan.mrz else { return false }
            sum += scan.sum
            position += span.range.count
        }
        return sum % 10 == Int(digit - UInt8(ascii: "0"))
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

    /// Whether a `<` stands before another character.
    static func hasFillerInside(_ bytes: ArraySlice<UInt8>) -> Bool {
        guard let first = bytes.firstIndex(of: MRZCharset.filler) else { return false }
        return bytes[first...].contains { $0 != MRZCharset.filler }
    }

    static func isDateField(_ name: MRZFieldName) -> Bool { name == .birthDate || name == .expiryDate }

    static func conforms(_ bytes: ArraySlice<UInt8>, to characters: CharacterClass) -> Bool {
        bytes.allSatisfy(characters.allows)
    }
}
