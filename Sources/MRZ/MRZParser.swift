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
        if let name = layout.fallback, !result.isValid, let fallback = MRZFormat(rawValue: name)?.layout,
            fallback.lineLengths == layout.lineLengths
        {
            // e.g. "IDFRA" also starts a standard TD2 document; keep whichever reading checks out
            let other = interpret(lines, layout: fallback)
            if other.checks.filter(\.valid).count > result.checks.filter(\.valid).count { return other }
        }
        return result
    }

    /// Chooses the layout from the format table: the line count, the line lengths, then
    /// the start of the first line (`V` for a visa) among layouts of the same lengths.
    static func detectLayout(_ lines: [[UInt8]]) throws(MRZError) -> MRZLayout {
        for line in lines.indices {
            if let column = lines[line].firstIndex(of: MRZInput.invalidMarker) {
                throw .invalidCharacter(line: line + 1, column: column + 1, character: "?")
            }
        }
        let layouts = MRZFormat.allCases.map(\.layout).filter { $0.lineLengths.count == lines.count }
        guard !layouts.isEmpty else { throw .wrongLineCount(lines.count) }
        let lengths = lines.map(\.count)
        let shaped = layouts.filter { $0.lineLengths == lengths }
        guard !shaped.isEmpty else { throw lengthError(lengths, candidates: layouts.map(\.lineLengths)) }
        return shaped.first { layout in layout.documentCodePrefix.map { lines[0].starts(with: Array($0.utf8)) } ?? false }
            ?? shaped.first { $0.documentCodePrefix == nil } ?? shaped[0]
    }

    /// The line-length error for lines no layout has: against the layout whose lengths the
    /// lines come closest to (most lines right, then the first line's length nearest), the
    /// first line that is wrong; when no line is right, every length a first line may have.
    static func lengthError(_ lengths: [Int], candidates: [[Int]]) -> MRZError {
        func matches(_ c: [Int]) -> Int { zip(c, lengths).filter { $0 == $1 }.count }
        let unique = candidates.reduce(into: [[Int]]()) { if !$0.contains($1) { $0.append($1) } }
        let best = unique.enumerated().min { a, b in
            (-matches(a.element), abs(a.element[0] - lengths[0]), a.offset) < (-matches(b.element), abs(b.element[0] - lengths[0]), b.offset)
        }!.element
        if matches(best) == 0 {
            return .wrongLineLength(line: 1, length: lengths[0], expected: Array(Set(unique.map { $0[0] })).sorted())
        }
        let line = best.indices.first { best[$0] != lengths[$0] }!
        return .wrongLineLength(line: line + 1, length: lengths[line], expected: [best[line]])
    }

    // MARK: - Interpretation

    func interpret(_ lines: [[UInt8]], layout: MRZLayout) -> MRZResult {
        var checks: [MRZCheck] = []
        checks.reserveCapacity(5)
        var warnings: [MRZWarning] = []
        var longNumber: String?
        // the `characters` check, failed once however many fields fail it
        func failCharacters() { if !checks.contains(MRZCheck(.characters, valid: false)) { checks.append(MRZCheck(.characters, valid: false)) } }

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
                    let sum = field.checkedRange == field.range ? scan : CheckDigit.scan(lines[field.line], field.checkedRange, allowed: 0)
                    valid = scan.mrz && scan.conforms && sum.mrz && MRZCharset.isDigit(digit) && sum.sum % 10 == Int(digit &- 48)
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
                if field.name == .documentNumber, digit == MRZCharset.filler, let rule = layout.longNumber,
                    let long = Self.longNumber(lines, field: field, rule: rule)
                {
                    valid = long.valid
                    longNumber = long.number
                    if long.fillerCounted {
                        warnings.append(
                            MRZWarning(
                                field: field.name.rawValue,
                                message: "documentNumber's check digit holds only when counted over the number with its '<', as this issuer computes it."))
                    }
                }
                checks.append(MRZCheck(name: field.name.rawValue, valid: valid))
            }
            // A date no digit of its own covers (the French licence's expiry) that cannot
            // exist fails a check of its own, listed only then: a composite over the whole
            // line is one weak digit, and two misreads cancel in it (`870407` read `B70407`
            // beside `N` read `M`).
            if field.checkDigit == nil, Self.isDateField(field.name), !DateRules.isPlausible(bytes) {
                checks.append(MRZCheck(name: field.name.rawValue, valid: false))
            }
            let impossibleSex = field.characters == .sex && !Self.conforms(bytes, to: .sex)
            if !scan.conforms || impossibleSex {
                warnings.append(
                    MRZWarning(
                        field: field.name.rawValue,
                        message: "\(field.name.rawValue) holds characters that this field does not allow (\(field.characters.rawValue)), so the MRZ is invalid."
                    ))
            }
            // The sex has no check digit; a value other than M, F, X or < fails a check of
            // its own, listed only then (the checks of a well-formed MRZ stay as they were).
            if impossibleSex { checks.append(MRZCheck(.sex, valid: false)) }
            // Any other field without a digit of its own that holds a character it may not
            // hold (a digit in a name: `0ERG` for `BERG`) cannot be what was printed: the
            // `characters` check fails, listed only then.  A composite digit over the field
            // proves nothing here: two misreads cancel in it (`B` read `0` beside `E` read `F`).
            if field.checkDigit == nil, !impossibleSex, !scan.conforms { failCharacters() }
            switch field.name {
            case .name, .givenNames:
                if bytes.last != MRZCharset.filler {
                    warnings.append(MRZWarning(field: "name", message: "fills its whole field and may be truncated"))
                }
            case .issuingCountry, .nationality:
                if !CountryCodes.isKnown(bytes: bytes) {
                    warnings.append(
                        MRZWarning(
                            field: field.name.rawValue,
                            message: "'\(String(decoding: bytes, as: UTF8.self))' is not an ICAO 9303 country code"))
                }
            case .birthDate, .expiryDate:
                if !DateRules.isPlausible(bytes) {
                    warnings.append(
                        MRZWarning(
                            field: field.name.rawValue,
                            message: "\(field.name.rawValue) '\(String(decoding: bytes, as: UTF8.self))' is not a calendar date, so its check fails."))
                }
            default: break
            }
        }
        // A column no field, check digit or long number uses holds a filler (the Swiss
        // licence's line 1 ends `<<`): anything else there is a misread, listed as a failed
        // `fillers` check only then.
        if let (line, column) = Self.strayCharacter(lines, layout: layout) {
            checks.append(MRZCheck(.fillers, valid: false))
            warnings.append(
                MRZWarning(field: "fillers", message: "fillers: line \(line + 1), column \(column + 1) must be '<' in this layout, so the MRZ is invalid."))
        }
        // A layout told apart by the start of its first line prints that start on every
        // document; the French licence, the only layout of its shape, is found without it,
        // and its `D1FRA` is covered by one digit only (`F` and `P` weigh the same: `D1PRA`).
        if let prefix = layout.documentCodePrefix, let column = zip(lines[0], prefix.utf8).enumerated().first(where: { $0.element.0 != $0.element.1 })?.offset {
            let field = layout.fields.first { $0.line == 0 && $0.range.contains(column) }?.name ?? .documentCode
            failCharacters()
            warnings.append(
                MRZWarning(
                    field: field.rawValue, message: "\(field.rawValue): every \(layout.name) starts its first line '\(prefix)', so the MRZ is invalid."))
        }
        if let composite = layout.composite {
            checks.append(MRZCheck(.composite, valid: Self.verifyComposite(composite, lines)))
        }
        return MRZResult(
            format: layout.format, lineBytes: lines, checks: checks, warnings: warnings,
            today: today, longDocumentNumber: longNumber)
    }

    /// The composite digit over its spans, without copying them.
    static func verifyComposite(_ composite: MRZLayout.Composite, _ lines: [[UInt8]]) -> Bool {
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

    /// ICAO 9303 parts 5 and 6: a document number longer than its field has `<` in its
    /// check-digit position; it continues in the optional data, whose last character before
    /// the first filler is the check digit of the whole number.  `fillerCounted`: the digit
    /// holds only over the number with that `<` (the issuer's own rule, `rule.fillerCountedIssuers`).
    static func longNumber(_ lines: [[UInt8]], field: MRZLayout.Field, rule: MRZLayout.LongNumber) -> (number: String, valid: Bool, fillerCounted: Bool)? {
        let line = lines[rule.line]
        let tail = line[rule.continuation].prefix(while: { $0 != MRZCharset.filler })
        guard tail.count >= 2 else { return nil }
        let extra = tail.dropLast()
        var number = Array(line[field.range])
        number.append(contentsOf: extra)
        let text = String(decoding: number, as: UTF8.self)
        if verify(number[...], digit: tail.last!) { return (text, true, false) }
        let issuer = String(decoding: lines[0][2..<5], as: UTF8.self).replacingOccurrences(of: "<", with: "")
        if rule.fillerCountedIssuers.contains(issuer), let check = field.checkDigit {
            let withFiller = Array(line[field.range.lowerBound...check]) + extra
            if verify(withFiller[...], digit: tail.last!) { return (text, true, true) }
        }
        return (text, false, false)
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

    /// The first column outside every field, check digit and long-number continuation that
    /// holds something other than `<`.
    static func strayCharacter(_ lines: [[UInt8]], layout: MRZLayout) -> (line: Int, column: Int)? {
        for (index, line) in lines.enumerated() {
            for column in line.indices where line[column] != MRZCharset.filler {
                let used =
                    layout.fields.contains { $0.line == index && ($0.range.contains(column) || $0.checkDigit == column) }
                    || (layout.composite.map { $0.line == index && $0.column == column } ?? false)
                    || (layout.longNumber.map { $0.line == index && $0.continuation.contains(column) } ?? false)
                if !used { return (index, column) }
            }
        }
        return nil
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
