/// The outcome of a successful correction.
public struct MRZCorrection: Sendable, Equatable {
    /// One changed character (1-based line and column).
    public struct Change: Sendable, Equatable {
        public let line: Int
        public let column: Int
        public let from: Character
        public let to: Character
    }
    /// The valid reading.
    public let result: MRZResult
    /// Every position that differs from the input.
    public let changes: [Change]
    /// Fields that no check digit covers and that the correction had to change: their
    /// value is plausible but unproven.
    public let uncertainFields: [MRZFieldName]
}

/// Repairs OCR'd MRZ lines using each field's character class and the check digits.
///
/// A character that breaks its position's class (`O` in a date) is replaced by the one
/// reading the class allows.  Beyond that, a field with a check digit that fails may get
/// one change, to a character the OCR engine offered for that position (given
/// `alternatives`) or, for text without them, to one OCR visually confuses it with; given
/// the engine's alternatives, optional data only the composite digit covers may too.  A
/// reading is accepted only when every check passes (an impossible date fails its check)
/// and no other reading with as few changes also passes.  Check digits themselves are
/// never altered, except for a letter standing where only a digit may be (`O` → `0`), so a
/// wrong check digit can never be "corrected" into validity.
public struct MRZCorrector: Sendable {
    public let parser: MRZParser
    /// Upper bound on readings tried per field, to bound the time spent on hopeless input.
    public let maximumCandidates: Int

    public init(parser: MRZParser = MRZParser(), maximumCandidates: Int = 20_000) {
        self.parser = parser
        self.maximumCandidates = maximumCandidates
    }

    /// The valid reading of `lines`, or `nil` when there is none or it is ambiguous.
    /// - Parameters:
    ///   - lines: the MRZ lines as read, fillers included.
    ///   - alternatives: optional per-line, per-column candidate characters from
    ///     the OCR engine, most likely first (the read character need not be included).
    public func correct(lines: [String], alternatives: [[[Character]]]? = nil) -> MRZCorrection? {
        guard let input = try? MRZInput.lines(from: lines.joined(separator: "\n")),
            let layout = try? MRZParser.detectLayout(input)
        else { return nil }
        let classes = Self.positionClasses(layout)
        let options = Self.options(input, classes: classes, alternatives: alternatives)
        // A change that only the check digits suggest must be one the OCR itself saw: with
        // the engine's alternatives at hand, the visual-confusion table is not consulted.
        let searchOptions = alternatives == nil ? options : Self.options(input, classes: classes, alternatives: alternatives, confusions: false)

        // 1. Characters that break their position's class have only one sensible reading.
        var fixed = input
        for l in fixed.indices {
            for c in fixed[l].indices where !classes[l][c].allows(fixed[l][c]) {
                if let replacement = options[l][c].first(where: { classes[l][c].allows($0) }) { fixed[l][c] = replacement }
            }
        }
        // The document code decides the layout's variant; re-detect after fixing it.
        guard let fixedLayout = try? MRZParser.detectLayout(fixed), fixedLayout.format == layout.format else {
            return finish(input: input, candidate: fixed, layout: layout)
        }
        let first = parser.interpret(fixed, layout: layout)
        if first.isValid { return finish(input: input, candidate: fixed, layout: layout) }

        // 2. Fields with a check digit: every reading within their confusion options that
        //    satisfies the digit.
        let checked = layout.fields.filter { $0.checkDigit != nil }
        var perField: [[[UInt8]]] = []
        for field in checked {
            let current = Array(fixed[field.line][field.range])
            let digit = fixed[field.line][field.checkDigit!]
            // what the digit covers with `reading` in the field's place
            func covered(_ reading: [UInt8]) -> [UInt8] {
                var line = fixed[field.line]
                line.replaceSubrange(field.range, with: reading)
                return Array(line[field.checkedRange])
            }
            let passes = MRZParser.verify(covered(current)[...], digit: digit, fillerMeansEmpty: field.name == .optionalData)
            // A field that already satisfies its digit is left alone: changing it could
            // only swap one reading the digit accepts for another.
            // At most one change per field: with two, a wrong pair cancels in the 7-3-1 sum
            // often enough (`00` read `OO` adds 24·7 + 24·3 ≡ 0).  A character put right
            // for its class above, in what the digit covers or in the digit itself, is that
            // change (`970106T` made `9701061`, then `9` changed to `1`, passed).
            let classFixed = (field.checkedRange.map { $0 } + [field.checkDigit!]).contains { fixed[field.line][$0] != input[field.line][$0] }
            var readings =
                passes || classFixed
                ? [current]
                : Self.readings(
                    of: current, options: Array(searchOptions[field.line][field.range]),
                    class: field.characters, limit: maximumCandidates, maximumSwaps: 1)
            readings = readings.filter { MRZParser.verify(covered($0)[...], digit: digit, fillerMeansEmpty: field.name == .optionalData) }
            if layout.longNumber != nil, field.name == .documentNumber, digit == MRZCharset.filler {
                readings = [current]  // long numbers are verified by the parser as a whole
            }
            if readings.isEmpty { return nil }
            perField.append(readings)
        }
        // Optional data that only the composite digit covers (TD1's first line) may take
        // one change too, to a character the OCR engine offered there: then the composite
        // must single it out as any digit does.  Text without the engine's alternatives
        // gets no such change: one digit over fifteen free characters and the confusion
        // table would pass a wrong change one time in ten.
        let compositeOnly =
            alternatives == nil
            ? [] : layout.fields.filter { $0.checkDigit == nil && Self.isCoveredByCheck($0, layout: layout) && Self.freeData.contains($0.name) }
        for field in compositeOnly {
            perField.append(
                Self.readings(
                    of: Array(fixed[field.line][field.range]), options: Array(searchOptions[field.line][field.range]),
                    class: field.characters, limit: maximumCandidates, maximumSwaps: 1))
        }
        let searched = checked + compositeOnly
        // 3. Combine the fields' readings, fewest changes first.  The winner must be the
        //    only valid reading with that many changes; otherwise the check digits
        //    cannot tell the candidates apart and we give up.
        let costs = perField.enumerated().map { index, readings in
            readings.map { Self.distance([$0], [Array(fixed[searched[index].line][searched[index].range])]) }
        }
        var found: [(lines: [[UInt8]], changes: Int)] = []
        var tried = 0
        func search(_ index: Int, _ lines: [[UInt8]], budget: Int) {
            guard tried <= maximumCandidates else { return }
            if index == searched.count {
                guard budget == 0 else { return }
                tried += 1
                if parser.interpret(lines, layout: layout).isValid { found.append((lines, Self.distance(lines, fixed))) }
                return
            }
            let field = searched[index]
            for (reading, cost) in zip(perField[index], costs[index]) where cost <= budget {
                var next = lines
                next[field.line].replaceSubrange(field.range, with: reading)
                search(index + 1, next, budget: budget - cost)
            }
        }
        for budget in 0...Self.maximumChanges {
            search(0, fixed, budget: budget)
            if !found.isEmpty { break }
        }
        guard tried <= maximumCandidates, found.count == 1 else { return nil }
        return finish(input: input, candidate: found[0].lines, layout: layout)
    }

    /// Free data fields (no check digit of their own) the composite may correct.
    static let freeData: Set<MRZFieldName> = [.optionalData, .optionalData2]

    /// Readings that need more changes than this are not considered.
    static let maximumChanges = 4

    private func finish(input: [[UInt8]], candidate: [[UInt8]], layout: MRZLayout) -> MRZCorrection? {
        let result = parser.interpret(candidate, layout: layout)
        guard result.isValid else { return nil }
        var changes: [MRZCorrection.Change] = []
        var uncertain: [MRZFieldName] = []
        for l in input.indices {
            for c in input[l].indices where input[l][c] != candidate[l][c] {
                changes.append(.init(line: l + 1, column: c + 1, from: Character(UnicodeScalar(input[l][c])), to: Character(UnicodeScalar(candidate[l][c]))))
                if let field = layout.fields.first(where: { $0.line == l && $0.range.contains(c) }),
                    !Self.isCoveredByCheck(field, layout: layout), !uncertain.contains(field.name)
                {
                    uncertain.append(field.name)
                }
            }
        }
        return MRZCorrection(result: result, changes: changes, uncertainFields: uncertain)
    }

    static func isCoveredByCheck(_ field: MRZLayout.Field, layout: MRZLayout) -> Bool { checkDigitPosition(of: field, layout: layout) != nil }

    /// Where the digit that checks `field` stands: its own, else the composite's where the
    /// composite covers the field; `nil` where no digit checks it.
    public static func checkDigitPosition(of field: MRZLayout.Field, layout: MRZLayout) -> (line: Int, column: Int)? {
        if let own = field.checkDigit { return (field.line, own) }
        guard let composite = layout.composite, composite.spans.contains(where: { $0.line == field.line && $0.range.overlaps(field.range) }) else {
            return nil
        }
        return (composite.line, composite.column)
    }

    /// The class of every position: the field's class, digits for check digits, and
    /// alphabetic (which allows the filler) for the unassigned filler positions.
    static func positionClasses(_ layout: MRZLayout) -> [[CharacterClass]] {
        var classes = layout.lineLengths.map { [CharacterClass](repeating: .alphabetic, count: $0) }
        for field in layout.fields {
            for c in field.range { classes[field.line][c] = field.characters }
            if let d = field.checkDigit { classes[field.line][d] = .numeric }
        }
        if let composite = layout.composite {
            classes[composite.line][composite.column] = .numeric
        }
        return classes
    }

    /// Candidate characters per position: the read one, OCR alternatives, visual confusions.
    static func options(_ lines: [[UInt8]], classes: [[CharacterClass]], alternatives: [[[Character]]]?, confusions: Bool = true) -> [[[UInt8]]] {
        var out: [[[UInt8]]] = []
        for l in lines.indices {
            var row: [[UInt8]] = []
            for c in lines[l].indices {
                let read = lines[l][c]
                var list: [UInt8] = []
                if let alts = alternatives, l < alts.count, c < alts[l].count {
                    for ch in alts[l][c] { if let a = ch.asciiValue, a != read, MRZCharset.isMRZ(a), !list.contains(a) { list.append(a) } }
                }
                for ch in confusions ? MRZMutator.confusions[Character(UnicodeScalar(read))] ?? [] : [] {
                    if let a = ch.asciiValue, !list.contains(a) { list.append(a) }
                }
                row.append(list.filter { classes[l][c].allows($0) })
            }
            out.append(row)
        }
        return out
    }

    /// Readings of a field: the current bytes and each combination of option swaps,
    /// fewest swaps first, bounded by `limit`.
    static func readings(of current: [UInt8], options: [[UInt8]], class: CharacterClass, limit: Int, maximumSwaps: Int = 4) -> [[UInt8]] {
        var results: [[UInt8]] = [current]
        let positions = options.indices.filter { !options[$0].isEmpty }
        // breadth-first by number of swaps
        var frontier: [([UInt8], Int)] = [(current, 0)]
        for _ in 0..<min(positions.count, maximumSwaps) {
            var next: [([UInt8], Int)] = []
            for (reading, startIndex) in frontier {
                for pi in startIndex..<positions.count {
                    let p = positions[pi]
                    for option in options[p] {
                        var r = reading
                        r[p] = option
                        next.append((r, pi + 1))
                        results.append(r)
                        if results.count >= limit { return results }
                    }
                }
            }
            frontier = next
        }
        return results
    }

    static func distance(_ a: [[UInt8]], _ b: [[UInt8]]) -> Int {
        var n = 0
        for l in a.indices { for c in a[l].indices where a[l][c] != b[l][c] { n += 1 } }
        return n
    }
}
