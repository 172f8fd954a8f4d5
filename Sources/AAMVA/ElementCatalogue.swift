/// How an element's value is read.
public enum ElementKind: String, Sendable, Codable {
    case name, text, code, date, sex, height, number, postalCode
}

/// Whether a version of the standard requires an element.
public enum ElementStatus: Sendable, Equatable {
    case mandatory, optional, undefined
}

/// One element of the AAMVA DL/ID catalogue.
public struct ElementDefinition: Sendable {
    /// Three-letter element ID (`DAQ`, `DCS`, ...).
    public let id: String
    public let meaning: String
    public let kind: ElementKind
    /// Status in versions 1 through 11, one character each: `M`, `O` or `-`.
    let statusByVersion: [UInt8]
    /// Length of an `F` (fixed-length) value, used to split payloads that lost their separators.
    public let fixedLength: Int?

    init(_ id: String, _ meaning: String, _ kind: ElementKind, _ status: String, fixedLength: Int? = nil) {
        self.id = id
        self.meaning = meaning
        self.kind = kind
        self.statusByVersion = Array(status.utf8)
        self.fixedLength = fixedLength
    }

    /// The element's status in `version` (0 is read as 1, versions past 11 as 11).
    public func status(in version: Int) -> ElementStatus {
        let index = min(max(version, 1), 11) - 1
        switch statusByVersion[index] {
        case UInt8(ascii: "M"): return .mandatory
        case UInt8(ascii: "O"): return .optional
        default: return .undefined
        }
    }
}

/// The element catalogue of the AAMVA DL/ID Card Design Standard, versions 1–11, as a data
/// table (from ../shared/aamva/STANDARD_NOTES.md §3; v9/v10 carry the v8 set).
public enum ElementCatalogue {
    public static let all: [ElementDefinition] = [
        ElementDefinition("DAA", "Driver License Name (DL only)", .name, "M----------"),
        ElementDefinition("DAB", "Driver Last Name (DL only)", .name, "O----------"),
        ElementDefinition("DAC", "Customer First Name", .name, "O--MMMMMMMM"),
        ElementDefinition("DAD", "Customer Middle Name(s)", .name, "O--MMMMMMMM"),
        ElementDefinition("DAE", "Driver Name Suffix", .name, "O----------"),
        ElementDefinition("DAF", "Driver Name Prefix (DL only)", .name, "O----------"),
        ElementDefinition("DAG", "Address - Street 1", .text, "MMMMMMMMMMM"),
        ElementDefinition("DAH", "Address - Street 2", .text, "OOOOOOOOOOO"),
        ElementDefinition("DAI", "Address - City", .text, "MMMMMMMMMMM"),
        ElementDefinition("DAJ", "Address - Jurisdiction Code", .code, "MMMMMMMMMMM", fixedLength: 2),
        ElementDefinition("DAK", "Address - Postal Code", .postalCode, "MMMMMMMMMMM", fixedLength: 11),
        ElementDefinition("DAL", "Driver Residence Street Address 1 (DL only)", .text, "O----------"),
        ElementDefinition("DAM", "Driver Residence Street Address 2 (DL only)", .text, "O----------"),
        ElementDefinition("DAN", "Driver Residence City (DL only)", .text, "O----------"),
        ElementDefinition("DAO", "Driver Residence Jurisdiction Code (DL only)", .code, "O----------"),
        ElementDefinition("DAP", "Driver Residence Postal Code (DL only)", .postalCode, "O----------"),
        ElementDefinition("DAQ", "Customer ID Number", .text, "MMMMMMMMMMM"),
        ElementDefinition("DAR", "Driver License Classification Code (DL only)", .code, "M----------", fixedLength: 4),
        ElementDefinition("DAS", "Driver License Restriction Code (DL only)", .code, "M----------", fixedLength: 10),
        ElementDefinition("DAT", "Driver License Endorsements Code (DL only)", .code, "M----------", fixedLength: 5),
        ElementDefinition("DAU", "Physical Description - Height", .height, "OMMMMMMMMMM", fixedLength: 6),
        ElementDefinition("DAV", "Height (CM) (DL only)", .height, "O----------"),
        ElementDefinition("DAW", "Weight (pounds)", .number, "O--OOOOOOOO", fixedLength: 3),
        ElementDefinition("DAX", "Weight (kilograms)", .number, "O--OOOOOOOO", fixedLength: 3),
        ElementDefinition("DAY", "Physical Description - Eye Color", .code, "OMMMMMMMMMM", fixedLength: 3),
        ElementDefinition("DAZ", "Hair color", .code, "OOOOOOOOOOO"),
        ElementDefinition("DBA", "Document Expiration Date", .date, "MMMMMMMMMMM", fixedLength: 8),
        ElementDefinition("DBB", "Date of Birth", .date, "MMMMMMMMMMM", fixedLength: 8),
        ElementDefinition("DBC", "Physical Description - Sex", .sex, "MMMMMMMMMMM", fixedLength: 1),
        ElementDefinition("DBD", "Document Issue Date", .date, "MMMMMMMMMMM", fixedLength: 8),
        ElementDefinition("DBE", "Issue Timestamp (DL only)", .text, "O----------"),
        ElementDefinition("DBF", "Number of Duplicates (DL only)", .number, "O----------"),
        ElementDefinition("DBG", "Alias / AKA Given Name", .name, "O-OOOOOOOO-"),
        ElementDefinition("DBH", "Organ Donor (DL only)", .text, "O----------"),
        ElementDefinition("DBI", "Non-Resident Indicator (DL only)", .text, "O----------"),
        ElementDefinition("DBJ", "Unique Customer Identifier (DL only)", .text, "O----------"),
        ElementDefinition("DBK", "Social Security Number (DL only)", .text, "O----------"),
        ElementDefinition("PAA", "Driver Permit Classification Code (DL only)", .code, "O----------"),
        ElementDefinition("PAB", "Driver Permit Expiration Date (DL only)", .date, "O----------"),
        ElementDefinition("PAC", "Permit Identifier (DL only)", .text, "O----------"),
        ElementDefinition("PAD", "Driver Permit Issue Date (DL only)", .date, "O----------"),
        ElementDefinition("PAE", "Driver Permit Restriction Code (DL only)", .code, "O----------"),
        ElementDefinition("PAF", "Driver Permit Endorsement Code (DL only)", .code, "O----------"),
        ElementDefinition("DBN", "Alias / AKA Family Name", .name, "-OOOOOOOOO-"),
        ElementDefinition("DCA", "Jurisdiction-specific vehicle class (DL only)", .code, "-MMMMMMMMMM"),
        ElementDefinition("DCB", "Jurisdiction-specific restriction codes (DL only)", .code, "-MMMMMMMMMM"),
        ElementDefinition("DCD", "Jurisdiction-specific endorsement codes (DL only)", .code, "-MMMMMMMMMM"),
        ElementDefinition("DCE", "Physical Description - Weight Range", .number, "-MOOOOOOOOO", fixedLength: 1),
        ElementDefinition("DCF", "Document Discriminator", .text, "-MMMMMMMMMM"),
        ElementDefinition("DCG", "Country Identification", .code, "-MMMMMMMMMM", fixedLength: 3),
        ElementDefinition("DCH", "Federal Commercial Vehicle Codes", .code, "-MM--------", fixedLength: 4),
        ElementDefinition("DCI", "Place of birth", .text, "-OOOOOOOOOO"),
        ElementDefinition("DCJ", "Audit information", .text, "-OOOOOOOOOO"),
        ElementDefinition("DCK", "Inventory control number", .text, "-OOOOOOOOOO"),
        ElementDefinition("DCL", "Race / ethnicity", .code, "-OOOOOOOOO-", fixedLength: 3),
        ElementDefinition("DCM", "Standard vehicle classification (DL only)", .code, "-OOOOOOOOOO", fixedLength: 4),
        ElementDefinition("DCN", "Standard endorsement code (DL only)", .code, "-OOOOOOOOOO", fixedLength: 5),
        ElementDefinition("DCO", "Standard restriction code (DL only)", .code, "-OOOOOOOOOO", fixedLength: 12),
        ElementDefinition("DCP", "Jurisdiction-specific vehicle classification description (DL only)", .text, "-OOOOOOOOOO"),
        ElementDefinition("DCQ", "Jurisdiction-specific endorsement code description (DL only)", .text, "-OOOOOOOOOO"),
        ElementDefinition("DCR", "Jurisdiction-specific restriction code description (DL only)", .text, "-OOOOOOOOOO"),
        ElementDefinition("DCS", "Customer Family Name", .name, "-MMMMMMMMMM"),
        ElementDefinition("DCT", "Customer Given Names", .name, "-MM--------"),
        ElementDefinition("DCU", "Name Suffix", .name, "-MOOOOOOOOO"),
        ElementDefinition("DBS", "Alias / AKA Suffix Name", .name, "--OOOOOOOO-"),
        ElementDefinition("DDA", "Compliance Type", .code, "---OOOOOOOO", fixedLength: 1),
        ElementDefinition("DDB", "Card Revision Date", .date, "---OOOOOOOO", fixedLength: 8),
        ElementDefinition("DDC", "HAZMAT Endorsement Expiration Date (DL only)", .date, "---OOOOOOO-", fixedLength: 8),
        ElementDefinition("DDD", "Limited Duration Document Indicator", .code, "---OOOOOOOO", fixedLength: 1),
        ElementDefinition("DDE", "Family name truncation", .code, "---MMMMMMMM", fixedLength: 1),
        ElementDefinition("DDF", "First name truncation", .code, "---MMMMMMMM", fixedLength: 1),
        ElementDefinition("DDG", "Middle name truncation", .code, "---MMMMMMMM", fixedLength: 1),
        ElementDefinition("DDH", "Under 18 Until", .date, "----OOOOOOO", fixedLength: 8),
        ElementDefinition("DDI", "Under 19 Until", .date, "----OOOOOOO", fixedLength: 8),
        ElementDefinition("DDJ", "Under 21 Until", .date, "----OOOOOOO", fixedLength: 8),
        ElementDefinition("DDK", "Organ Donor Indicator", .code, "-----OOOOOO", fixedLength: 1),
        ElementDefinition("DDL", "Veteran Indicator", .code, "-----OOOOOO", fixedLength: 1),
        ElementDefinition("DDM", "Commercial driver licence (CDL) indicator", .code, "----------O", fixedLength: 1),
        ElementDefinition("DDN", "Non-domiciled indicator", .code, "----------O", fixedLength: 1),
        ElementDefinition("DDO", "Enhanced credential indicator", .code, "----------O", fixedLength: 1),
        ElementDefinition("DDP", "Permit indicator", .code, "----------O", fixedLength: 1),
    ]

    private static let byID: [String: ElementDefinition] = Dictionary(uniqueKeysWithValues: all.map { ($0.id, $0) })

    /// The definition of an element ID, or `nil` for an ID outside the catalogue.
    public static func definition(_ id: String) -> ElementDefinition? { byID[id] }

    /// The widths of the fixed-length (`F`) elements, each once.
    static let fixedLengths: [Int] = Array(Set(all.compactMap(\.fixedLength))).sorted()

    /// Element IDs that a version requires in a subfile of `subfile` type (`DL` or `ID`).
    public static func mandatory(version: Int, subfile: String) -> [String] {
        let v = min(max(version, 1), 11)
        return subfile == "DL" ? mandatoryDL[v] : mandatoryID[v]
    }

    /// `mandatory(version:subfile:)` as packed IDs.
    static func mandatoryKeys(version: Int, subfile: String) -> [Int] {
        let v = min(max(version, 1), 11)
        return subfile == "DL" ? mandatoryDLKeys[v] : mandatoryIDKeys[v]
    }
    private static func packed(_ ids: [String]) -> [Int] {
        ids.map {
            let u = Array($0.utf8); return pack(u[0], u[1], u[2])
        }
    }
    private static let mandatoryDLKeys = mandatoryDL.map(packed)
    private static let mandatoryIDKeys = mandatoryID.map(packed)

    private static let mandatoryDL: [[String]] = (0...11).map { v in all.filter { $0.status(in: v) == .mandatory }.map(\.id) }
    private static let mandatoryID: [[String]] = (0...11).map { v in
        all.filter { $0.status(in: v) == .mandatory && !$0.meaning.contains("(DL only)") }.map(\.id)
    }

    /// Catalogue position of an element ID starting with D or P (`-1` for none), indexed by
    /// `slot(key)`: a table lookup instead of a search.
    static let indexBySlot: [Int8] = {
        var table = [Int8](repeating: -1, count: 2 * 676)
        for (i, d) in all.enumerated() {
            let u = Array(d.id.utf8)
            if let s = slot(pack(u[0], u[1], u[2])) { table[s] = Int8(i) }
        }
        return table
    }()

    @inline(__always) static func slot(_ key: Int) -> Int? {
        let a = key >> 16, b = (key >> 8) & 0xFF, c = key & 0xFF
        guard a == 0x44 || a == 0x50, (0x41...0x5A).contains(b), (0x41...0x5A).contains(c) else { return nil }
        return (a == 0x44 ? 0 : 676) + (b - 0x41) * 26 + (c - 0x41)
    }

    /// Bit mask (two words) of the catalogue positions of `keys`.
    static func presence(_ keys: [Int]) -> (UInt64, UInt64) {
        var mask: (UInt64, UInt64) = (0, 0)
        for key in keys { addPresence(key: key, to: &mask) }
        return mask
    }

    static func addPresence(key: Int, to mask: inout (UInt64, UInt64)) {
        guard let s = slot(key) else { return }
        let i = Int(indexBySlot[s])
        if i < 0 { return }
        if i < 64 { mask.0 |= 1 << UInt64(i) } else { mask.1 |= 1 << UInt64(i - 64) }
    }

    /// Adds the catalogue positions of `elements` to a bit mask (two words).
    static func addPresence(of elements: [AAMVAElement], to mask: inout (UInt64, UInt64)) {
        for element in elements { addPresence(key: element.key, to: &mask) }
    }

    /// `mandatory(version:subfile:)` as a presence mask.
    static func mandatoryMask(version: Int, subfile: String) -> (UInt64, UInt64) {
        let v = min(max(version, 1), 11)
        return subfile == "DL" ? mandatoryDLMasks[v] : mandatoryIDMasks[v]
    }
    private static let mandatoryDLMasks = mandatoryDLKeys.map { presence($0) }
    private static let mandatoryIDMasks = mandatoryIDKeys.map { presence($0) }

    /// Three bytes packed into one integer, for fast lookups while splitting.
    static func pack(_ a: UInt8, _ b: UInt8, _ c: UInt8) -> Int { Int(a) << 16 | Int(b) << 8 | Int(c) }

    static let packedIDs: Set<Int> = Set(
        all.map {
            let u = Array($0.id.utf8); return pack(u[0], u[1], u[2])
        })
}
