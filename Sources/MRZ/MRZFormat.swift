import Synchronization

/// An MRZ format: a name and the layout (`MRZLayout`) that the parser, the writer, the
/// corrector, the photo reader and the CLI all derive from.  ICAO 9303 parts 4–7 define
/// the first five; the others are national layouts that people still carry.  A new format
/// is one `MRZLayout` and `MRZFormat.register(_:)`.
public struct MRZFormat: RawRepresentable, Hashable, Sendable, Codable, CaseIterable, CustomStringConvertible {
    /// The format's layout: line lengths, fields, check digits.
    public let layout: MRZLayout
    /// The name, as in the JSON contract (`TD3`).
    public var rawValue: String { layout.name }
    public var description: String { rawValue }

    /// The registered format of that name.
    public init?(rawValue: String) {
        guard let layout = Self.registry.withLock({ $0.first { $0.name == rawValue } }) else { return nil }
        self.layout = layout
    }

    init(_ layout: MRZLayout) { self.layout = layout }

    /// ID-card size, 3 lines of 30 (ICAO 9303 part 5).
    public static let td1 = MRZFormat(MRZLayout.td1)
    /// 2 lines of 36 (part 6).
    public static let td2 = MRZFormat(MRZLayout.td2)
    /// Passport, 2 lines of 44 (part 4).
    public static let td3 = MRZFormat(MRZLayout.td3)
    /// Visa format A, 2 lines of 44 (part 7).
    public static let mrvA = MRZFormat(MRZLayout.mrvA)
    /// Visa format B, 2 lines of 36 (part 7).
    public static let mrvB = MRZFormat(MRZLayout.mrvB)
    /// French national identity card issued before 2021, 2 lines of 36.
    public static let frenchID = MRZFormat(MRZLayout.frenchID)
    /// Swiss driving licence, lines of 9, 30 and 30.
    public static let swissDrivingLicense = MRZFormat(MRZLayout.swissDrivingLicense)
    /// French driving licence, one line of 30.
    public static let frenchDrivingLicence = MRZFormat(MRZLayout.frenchDrivingLicence)

    /// Every registered format, the built-in ones first.
    public static var allCases: [MRZFormat] { registry.withLock { $0.map(MRZFormat.init) } }

    /// Adds a format (a national layout, a test's toy): from then on the parser detects it,
    /// the writer, the corrector and the reader use it, and the CLI lists it.  A name that
    /// is taken is refused.
    @discardableResult
    public static func register(_ layout: MRZLayout) throws(MRZError) -> MRZFormat {
        let added = registry.withLock { layouts -> Bool in
            guard !layouts.contains(where: { $0.name == layout.name }) else { return false }
            layouts.append(layout)
            return true
        }
        guard added else { throw .formatAlreadyRegistered(layout.name) }
        return MRZFormat(layout)
    }

    private static let registry = Mutex<[MRZLayout]>(MRZLayout.builtIn)

    /// Every registered layout's line lengths of at least 20 characters: the lines a photo
    /// reader looks for (shorter ones, the Swiss licence's 9, ride along with them).
    public static var fullLineLengths: ClosedRange<Int> {
        let lengths = allCases.flatMap(\.lineLengths).filter { $0 >= 20 }
        return (lengths.min() ?? 30)...(lengths.max() ?? 44)
    }

    public static func == (a: MRZFormat, b: MRZFormat) -> Bool { a.rawValue == b.rawValue }
    public func hash(into hasher: inout Hasher) { hasher.combine(rawValue) }

    public init(from decoder: Decoder) throws {
        let name = try decoder.singleValueContainer().decode(String.self)
        guard let format = MRZFormat(rawValue: name) else {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "'\(name)' is no registered MRZ format."))
        }
        self = format
    }

    public func encode(to encoder: Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }

    /// The length of each line, top to bottom.
    public var lineLengths: [Int] { layout.lineLengths }

    /// Where each field sits, and whether a check digit (its own or the composite) covers it.
    public var fieldPositions: [MRZFieldPosition] {
        layout.fields.map {
            MRZFieldPosition(
                name: $0.name, line: $0.line, range: $0.range, characters: $0.characters,
                provenByCheckDigit: MRZCorrector.isCoveredByCheck($0, layout: layout))
        }
    }
}

/// A field's place in a layout.
public struct MRZFieldPosition: Sendable, Equatable {
    public let name: MRZFieldName
    /// 0-based line and column range.
    public let line: Int
    public let range: Range<Int>
    /// What the field may hold; where letters and digits both may stand
    /// (`alphanumeric`), a check digit cannot tell every misreading apart.
    public let characters: CharacterClass
    public let provenByCheckDigit: Bool
}

/// The fields an MRZ layout can hold.
public enum MRZFieldName: String, Sendable, Codable, CaseIterable {
    case documentCode, issuingCountry, name, surname, givenNames, documentNumber, nationality
    case birthDate, sex, expiryDate, optionalData, optionalData2
    case language, pinCode, versionNumber, administrativeCode
}

/// A whole format as data: one generic engine (`MRZParser`) runs every table.
public struct MRZLayout: Sendable {
    /// One field: where it is, what it may contain and where its check digit is.
    public struct Field: Sendable {
        public let name: MRZFieldName
        public let line: Int
        public let range: Range<Int>
        public let characters: CharacterClass
        /// Column of the field's check digit on the same line.
        public let checkDigit: Int?
        /// The columns the check digit covers: the field's own unless the layout says
        /// otherwise (the French driving licence's covers the line from its start).
        public let checkedRange: Range<Int>

        public init(
            _ name: MRZFieldName, line: Int, _ range: Range<Int>, _ characters: CharacterClass, check: Int? = nil,
            checkedRange: Range<Int>? = nil
        ) {
            self.name = name
            self.line = line
            self.range = range
            self.characters = characters
            self.checkDigit = check
            self.checkedRange = checkedRange ?? range
        }
    }

    /// The composite check digit: which spans it covers and where it sits.
    public struct Composite: Sendable {
        public let spans: [(line: Int, range: Range<Int>)]
        public let line: Int
        public let column: Int

        public init(spans: [(line: Int, range: Range<Int>)], line: Int, column: Int) {
            self.spans = spans
            self.line = line
            self.column = column
        }
    }

    /// ICAO 9303 parts 5 and 6: a document number longer than its field has `<` in the
    /// check-digit position and continues at the start of the optional data, whose last
    /// character before the first filler is the check digit of the whole number.
    public struct LongNumber: Sendable {
        /// The line of the number and of its continuation.
        public let line: Int
        /// The optional data the number continues in.
        public let continuation: Range<Int>
        /// Issuers whose cards compute the long number's digit over the number with the
        /// `<` of the check-digit position (Belgium); accepted there only, with a warning.
        public let fillerCountedIssuers: Set<String>

        public init(line: Int, continuation: Range<Int>, fillerCountedIssuers: Set<String> = []) {
            self.line = line
            self.continuation = continuation
            self.fillerCountedIssuers = fillerCountedIssuers
        }
    }

    public let name: String
    public let lineLengths: [Int]
    public let fields: [Field]
    public let composite: Composite?
    public let longNumber: LongNumber?
    /// The start of the first line on every document of this layout (`V` for visas), by
    /// which the parser tells it from another of the same line lengths; a first line that
    /// starts otherwise fails the check of the field where it differs.  `nil`: the layout
    /// for lines of these lengths that no other's prefix claims.
    public let documentCodePrefix: String?
    /// A layout to try when this one reads invalid (`IDFRA` also starts a standard TD2).
    public let fallback: String?

    public init(
        name: String, documentCodePrefix: String? = nil, fallback: String? = nil, lineLengths: [Int], fields: [Field],
        composite: Composite?, longNumber: LongNumber? = nil
    ) {
        self.name = name
        self.documentCodePrefix = documentCodePrefix
        self.fallback = fallback
        self.lineLengths = lineLengths
        self.fields = fields
        self.composite = composite
        self.longNumber = longNumber
    }

    /// The format this layout is the layout of.
    public var format: MRZFormat { MRZFormat(self) }

    /// Columns that hold check digits, per line.
    var checkDigitColumns: Set<[Int]> {
        var set = Set<[Int]>()
        for field in fields { if let c = field.checkDigit { set.insert([field.line, c]) } }
        if let composite { set.insert([composite.line, composite.column]) }
        return set
    }

    /// The fields TD3, TD2 and the two visa formats share (ICAO 9303 parts 4, 6 and 7): the
    /// name from column 5 to the end of the first line, and on the second line the number,
    /// nationality, dates and sex at the same columns.  They differ only in the optional
    /// data: how long it is and whether a check digit follows it.
    static func twoLineFields(lineLength: Int, optionalData: Range<Int>, optionalDataCheck: Int? = nil) -> [Field] {
        [
            Field(.documentCode, line: 0, 0..<2, .alphabetic),
            Field(.issuingCountry, line: 0, 2..<5, .alphabetic),
            Field(.name, line: 0, 5..<lineLength, .alphabetic),
            Field(.documentNumber, line: 1, 0..<9, .alphanumeric, check: 9),
            Field(.nationality, line: 1, 10..<13, .alphabetic),
            Field(.birthDate, line: 1, 13..<19, .numeric, check: 19),
            Field(.sex, line: 1, 20..<21, .sex),
            Field(.expiryDate, line: 1, 21..<27, .numeric, check: 27),
            Field(.optionalData, line: 1, optionalData, .alphanumeric, check: optionalDataCheck),
        ]
    }

    // ICAO 9303 part 4, TD3.
    static let td3 = MRZLayout(
        name: "TD3", lineLengths: [44, 44], fields: twoLineFields(lineLength: 44, optionalData: 28..<42, optionalDataCheck: 42),
        composite: Composite(spans: [(1, 0..<10), (1, 13..<20), (1, 21..<43)], line: 1, column: 43))

    // ICAO 9303 part 7, MRV-A: TD3 geometry, no composite, 16 characters of optional data.
    static let mrvA = MRZLayout(
        name: "MRVA", documentCodePrefix: "V", lineLengths: [44, 44], fields: twoLineFields(lineLength: 44, optionalData: 28..<44), composite: nil)

    // ICAO 9303 part 6, TD2.
    static let td2 = MRZLayout(
        name: "TD2", lineLengths: [36, 36], fields: twoLineFields(lineLength: 36, optionalData: 28..<35),
        composite: Composite(spans: [(1, 0..<10), (1, 13..<20), (1, 21..<35)], line: 1, column: 35),
        longNumber: LongNumber(line: 1, continuation: 28..<35))

    // ICAO 9303 part 7, MRV-B: TD2 geometry, no composite, 8 characters of optional data.
    static let mrvB = MRZLayout(
        name: "MRVB", documentCodePrefix: "V", lineLengths: [36, 36], fields: twoLineFields(lineLength: 36, optionalData: 28..<36), composite: nil)

    // ICAO 9303 part 5, TD1.
    static let td1 = MRZLayout(
        name: "TD1", lineLengths: [30, 30, 30],
        fields: [
            Field(.documentCode, line: 0, 0..<2, .alphabetic),
            Field(.issuingCountry, line: 0, 2..<5, .alphabetic),
            Field(.documentNumber, line: 0, 5..<14, .alphanumeric, check: 14),
            Field(.optionalData, line: 0, 15..<30, .alphanumeric),
            Field(.birthDate, line: 1, 0..<6, .numeric, check: 6),
            Field(.sex, line: 1, 7..<8, .sex),
            Field(.expiryDate, line: 1, 8..<14, .numeric, check: 14),
            Field(.nationality, line: 1, 15..<18, .alphabetic),
            Field(.optionalData2, line: 1, 18..<29, .alphanumeric),
            Field(.name, line: 2, 0..<30, .alphabetic),
        ], composite: Composite(spans: [(0, 5..<30), (1, 0..<7), (1, 8..<15), (1, 18..<29)], line: 1, column: 29),
        longNumber: LongNumber(line: 0, continuation: 15..<30, fillerCountedIssuers: ["BEL"]))

    // French identity card (1988–2021): surname and given names in separate fields,
    // a 12-character number, no expiry date.  The composite covers everything before it.
    static let frenchID = MRZLayout(
        name: "FRENCH_ID", documentCodePrefix: "IDFRA", fallback: "TD2", lineLengths: [36, 36],
        fields: [
            Field(.documentCode, line: 0, 0..<2, .alphabetic),
            Field(.issuingCountry, line: 0, 2..<5, .alphabetic),
            Field(.surname, line: 0, 5..<30, .alphabetic),
            Field(.administrativeCode, line: 0, 30..<36, .alphanumeric),
            Field(.documentNumber, line: 1, 0..<12, .alphanumeric, check: 12),
            Field(.givenNames, line: 1, 13..<27, .alphabetic),
            Field(.birthDate, line: 1, 27..<33, .numeric, check: 33),
            Field(.sex, line: 1, 34..<35, .sex),
        ], composite: Composite(spans: [(0, 0..<36), (1, 0..<35)], line: 1, column: 35))

    // Swiss driving licence (ISO/IEC 18013-1 style, 3 lines): no check digits at all.
    static let swissDrivingLicense = MRZLayout(
        name: "SWISS_DL", lineLengths: [9, 30, 30],
        fields: [
            Field(.documentNumber, line: 0, 0..<6, .alphanumeric),
            Field(.language, line: 0, 6..<7, .alphabetic),
            Field(.documentCode, line: 1, 0..<2, .alphabetic),
            Field(.issuingCountry, line: 1, 2..<5, .alphabetic),
            Field(.pinCode, line: 1, 5..<14, .alphanumeric),
            Field(.versionNumber, line: 1, 14..<17, .numeric),
            Field(.birthDate, line: 1, 19..<25, .numeric),
            Field(.name, line: 2, 0..<30, .alphabetic),
        ], composite: nil)

    // French driving licence (cheminfo/mrz's table): one line of 30, starting with the
    // document code `D1` and France as issuer.  The number's digit covers the line from
    // its start; the composite everything before it.
    static let frenchDrivingLicence = MRZLayout(
        name: "FRENCH_DL", documentCodePrefix: "D1FRA", lineLengths: [30],
        fields: [
            Field(.documentCode, line: 0, 0..<2, .alphanumeric),
            Field(.issuingCountry, line: 0, 2..<5, .alphabetic),
            Field(.documentNumber, line: 0, 5..<14, .alphanumeric, check: 14, checkedRange: 0..<14),
            Field(.expiryDate, line: 0, 15..<21, .numeric),
            Field(.surname, line: 0, 21..<29, .alphabetic),
        ], composite: Composite(spans: [(0, 0..<29)], line: 0, column: 29))

    /// The built-in layouts, in the order detection prefers them.
    static let builtIn: [MRZLayout] = [td1, td2, td3, mrvA, mrvB, frenchID, swissDrivingLicense, frenchDrivingLicence]
}
