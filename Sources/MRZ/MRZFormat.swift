/// The MRZ layouts IDReader knows.  ICAO 9303 parts 4–7 define the first five; the last
/// two are national layouts that travellers still carry.
public enum MRZFormat: String, Sendable, Codable, CaseIterable {
    /// ID-card size, 3 lines of 30 (ICAO 9303 part 5).
    case td1 = "TD1"
    /// 2 lines of 36 (part 6).
    case td2 = "TD2"
    /// Passport, 2 lines of 44 (part 4).
    case td3 = "TD3"
    /// Visa format A, 2 lines of 44 (part 7).
    case mrvA = "MRVA"
    /// Visa format B, 2 lines of 36 (part 7).
    case mrvB = "MRVB"
    /// French national identity card issued before 2021, 2 lines of 36.
    case frenchID = "FRENCH_ID"
    /// Swiss driving licence, lines of 9, 30 and 30.
    case swissDrivingLicense = "SWISS_DL"

    /// The length of each line, top to bottom.
    public var lineLengths: [Int] { layout.lineLengths }

    /// Where each field sits, and whether a check digit (its own or the composite) covers it.
    public var fieldPositions: [MRZFieldPosition] {
        layout.fields.map { MRZFieldPosition(name: $0.name, line: $0.line, range: $0.range, characters: $0.characters,
                                             provenByCheckDigit: MRZCorrector.isCoveredByCheck($0, layout: layout)) }
    }

    var layout: FormatLayout {
        switch self {
        case .td1: return FormatLayout.td1
        case .td2: return FormatLayout.td2
        case .td3: return FormatLayout.td3
        case .mrvA: return FormatLayout.mrvA
        case .mrvB: return FormatLayout.mrvB
        case .frenchID: return FormatLayout.frenchID
        case .swissDrivingLicense: return FormatLayout.swissDrivingLicense
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

/// One field of a layout: where it is, what it may contain and where its check digit is.
struct FieldLayout: Sendable {
    let name: MRZFieldName
    let line: Int
    let range: Range<Int>
    let characters: CharacterClass
    /// Column of the field's check digit on the same line.
    let checkDigit: Int?

    init(_ name: MRZFieldName, line: Int, _ range: Range<Int>, _ characters: CharacterClass, check: Int? = nil) {
        self.name = name
        self.line = line
        self.range = range
        self.characters = characters
        self.checkDigit = check
    }
}

/// The composite check digit: which spans it covers and where it sits.
struct CompositeLayout: Sendable {
    let spans: [(line: Int, range: Range<Int>)]
    let line: Int
    let column: Int
}

/// A whole format as data: one generic engine (`MRZParser`) runs every table.
struct FormatLayout: Sendable {
    let format: MRZFormat
    let lineLengths: [Int]
    let fields: [FieldLayout]
    let composite: CompositeLayout?

    /// Columns that hold check digits, per line.
    var checkDigitColumns: Set<[Int]> {
        var set = Set<[Int]>()
        for field in fields { if let c = field.checkDigit { set.insert([field.line, c]) } }
        if let composite { set.insert([composite.line, composite.column]) }
        return set
    }

    // ICAO 9303 part 4, TD3.
    static let td3 = FormatLayout(format: .td3, lineLengths: [44, 44], fields: [
        FieldLayout(.documentCode, line: 0, 0..<2, .alphabetic),
        FieldLayout(.issuingCountry, line: 0, 2..<5, .alphabetic),
        FieldLayout(.name, line: 0, 5..<44, .alphabetic),
        FieldLayout(.documentNumber, line: 1, 0..<9, .alphanumeric, check: 9),
        FieldLayout(.nationality, line: 1, 10..<13, .alphabetic),
        FieldLayout(.birthDate, line: 1, 13..<19, .numeric, check: 19),
        FieldLayout(.sex, line: 1, 20..<21, .sex),
        FieldLayout(.expiryDate, line: 1, 21..<27, .numeric, check: 27),
        FieldLayout(.optionalData, line: 1, 28..<42, .alphanumeric, check: 42),
    ], composite: CompositeLayout(spans: [(1, 0..<10), (1, 13..<20), (1, 21..<43)], line: 1, column: 43))

    // ICAO 9303 part 7, MRV-A: TD3 geometry, no composite, 16 characters of optional data.
    static let mrvA = FormatLayout(format: .mrvA, lineLengths: [44, 44], fields: [
        FieldLayout(.documentCode, line: 0, 0..<2, .alphabetic),
        FieldLayout(.issuingCountry, line: 0, 2..<5, .alphabetic),
        FieldLayout(.name, line: 0, 5..<44, .alphabetic),
        FieldLayout(.documentNumber, line: 1, 0..<9, .alphanumeric, check: 9),
        FieldLayout(.nationality, line: 1, 10..<13, .alphabetic),
        FieldLayout(.birthDate, line: 1, 13..<19, .numeric, check: 19),
        FieldLayout(.sex, line: 1, 20..<21, .sex),
        FieldLayout(.expiryDate, line: 1, 21..<27, .numeric, check: 27),
        FieldLayout(.optionalData, line: 1, 28..<44, .alphanumeric),
    ], composite: nil)

    // ICAO 9303 part 6, TD2.
    static let td2 = FormatLayout(format: .td2, lineLengths: [36, 36], fields: [
        FieldLayout(.documentCode, line: 0, 0..<2, .alphabetic),
        FieldLayout(.issuingCountry, line: 0, 2..<5, .alphabetic),
        FieldLayout(.name, line: 0, 5..<36, .alphabetic),
        FieldLayout(.documentNumber, line: 1, 0..<9, .alphanumeric, check: 9),
        FieldLayout(.nationality, line: 1, 10..<13, .alphabetic),
        FieldLayout(.birthDate, line: 1, 13..<19, .numeric, check: 19),
        FieldLayout(.sex, line: 1, 20..<21, .sex),
        FieldLayout(.expiryDate, line: 1, 21..<27, .numeric, check: 27),
        FieldLayout(.optionalData, line: 1, 28..<35, .alphanumeric),
    ], composite: CompositeLayout(spans: [(1, 0..<10), (1, 13..<20), (1, 21..<35)], line: 1, column: 35))

    // ICAO 9303 part 7, MRV-B: TD2 geometry, no composite, 8 characters of optional data.
    static let mrvB = FormatLayout(format: .mrvB, lineLengths: [36, 36], fields: [
        FieldLayout(.documentCode, line: 0, 0..<2, .alphabetic),
        FieldLayout(.issuingCountry, line: 0, 2..<5, .alphabetic),
        FieldLayout(.name, line: 0, 5..<36, .alphabetic),
        FieldLayout(.documentNumber, line: 1, 0..<9, .alphanumeric, check: 9),
        FieldLayout(.nationality, line: 1, 10..<13, .alphabetic),
        FieldLayout(.birthDate, line: 1, 13..<19, .numeric, check: 19),
        FieldLayout(.sex, line: 1, 20..<21, .sex),
        FieldLayout(.expiryDate, line: 1, 21..<27, .numeric, check: 27),
        FieldLayout(.optionalData, line: 1, 28..<36, .alphanumeric),
    ], composite: nil)

    // ICAO 9303 part 5, TD1.  The long-document-number rule is handled by the parser.
    static let td1 = FormatLayout(format: .td1, lineLengths: [30, 30, 30], fields: [
        FieldLayout(.documentCode, line: 0, 0..<2, .alphabetic),
        FieldLayout(.issuingCountry, line: 0, 2..<5, .alphabetic),
        FieldLayout(.documentNumber, line: 0, 5..<14, .alphanumeric, check: 14),
        FieldLayout(.optionalData, line: 0, 15..<30, .alphanumeric),
        FieldLayout(.birthDate, line: 1, 0..<6, .numeric, check: 6),
        FieldLayout(.sex, line: 1, 7..<8, .sex),
        FieldLayout(.expiryDate, line: 1, 8..<14, .numeric, check: 14),
        FieldLayout(.nationality, line: 1, 15..<18, .alphabetic),
        FieldLayout(.optionalData2, line: 1, 18..<29, .alphanumeric),
        FieldLayout(.name, line: 2, 0..<30, .alphabetic),
    ], composite: CompositeLayout(spans: [(0, 5..<30), (1, 0..<7), (1, 8..<15), (1, 18..<29)], line: 1, column: 29))

    // French identity card (1988–2021): surname and given names in separate fields,
    // a 12-character number, no expiry date.  The composite covers everything before it.
    static let frenchID = FormatLayout(format: .frenchID, lineLengths: [36, 36], fields: [
        FieldLayout(.documentCode, line: 0, 0..<2, .alphabetic),
        FieldLayout(.issuingCountry, line: 0, 2..<5, .alphabetic),
        FieldLayout(.surname, line: 0, 5..<30, .alphabetic),
        FieldLayout(.administrativeCode, line: 0, 30..<36, .alphanumeric),
        FieldLayout(.documentNumber, line: 1, 0..<12, .alphanumeric, check: 12),
        FieldLayout(.givenNames, line: 1, 13..<27, .alphabetic),
        FieldLayout(.birthDate, line: 1, 27..<33, .numeric, check: 33),
        FieldLayout(.sex, line: 1, 34..<35, .sex),
    ], composite: CompositeLayout(spans: [(0, 0..<36), (1, 0..<35)], line: 1, column: 35))

    // Swiss driving licence (ISO/IEC 18013-1 style, 3 lines): no check digits at all.
    static let swissDrivingLicense = FormatLayout(format: .swissDrivingLicense, lineLengths: [9, 30, 30], fields: [
        FieldLayout(.documentNumber, line: 0, 0..<6, .alphanumeric),
        FieldLayout(.language, line: 0, 6..<7, .alphabetic),
        FieldLayout(.documentCode, line: 1, 0..<2, .alphabetic),
        FieldLayout(.issuingCountry, line: 1, 2..<5, .alphabetic),
        FieldLayout(.pinCode, line: 1, 5..<14, .alphanumeric),
        FieldLayout(.versionNumber, line: 1, 14..<17, .numeric),
        FieldLayout(.birthDate, line: 1, 19..<25, .numeric),
        FieldLayout(.name, line: 2, 0..<30, .alphabetic),
    ], composite: nil)
}
