/// A generated MRZ: the lines and the values they encode.
public struct GeneratedMRZ: Sendable, Codable, Equatable {
    public let format: MRZFormat
    public let lines: [String]
    public let documentCode: String
    public let issuingCountry: String
    public let surname: String
    public let givenNames: String
    public let documentNumber: String
    public let nationality: String?
    /// `YYMMDD`.
    public let birthDate: String
    public let sex: String
    /// `YYMMDD`, `nil` for layouts without an expiry date.
    public let expiryDate: String?
    public let optionalData: String?
}

/// Random, valid MRZs of every format from a seed (for property tests, fuzzing and
/// `idreader generate mrz`).
public struct MRZGenerator: Sendable {
    private var rng: SeededRandom

    public init(seed: UInt64) { rng = SeededRandom(seed: seed) }

    static let countries = [
        "UTO", "D", "FRA", "GBR", "USA", "CAN", "NLD", "CHE", "ITA", "ESP", "POL", "SWE",
        "AUS", "JPN", "BRA", "MEX", "ZAF", "GBD", "UNO", "XXA", "EUE", "NZL", "IRL", "AUT",
    ]
    static let nameParts = [
        "ANNA", "MARIA", "ERIKSSON", "SMITH", "O", "DE", "LA", "VAN", "DER", "BERG", "JEAN",
        "PIERRE", "MUELLER", "GARCIA", "LOPEZ", "NGUYEN", "KIM", "LEE", "WANG", "OBI", "IVANOVA",
        "SCHMIDT", "ROSSI", "SILVA", "DUBOIS", "JANSEN", "NOWAK", "HANSEN", "YILMAZ", "ALI", "ZOE",
    ]

    /// The next MRZ, of `format` or of a random format.
    public mutating func next(format: MRZFormat? = nil) -> GeneratedMRZ {
        // the built-in formats only: a format registered elsewhere does not change what a seed gives
        let format = format ?? MRZLayout.builtIn.randomElement(using: &rng)!.format
        let surname = words(1...2)
        let given = words(1...3)
        let issuing = pick(Self.countries)
        let nationality = pick(Self.countries)
        let birth = date(yearRange: 0...99)
        let expiry = date(yearRange: 0...99)
        let sex = pick(["M", "F", "X", "<"])
        var fields: [MRZFieldName: String] = [:]
        var documentCode: String
        var number = alphanumeric(count: Int.random(in: 6...9, using: &rng))
        var optional: String? = Bool.random(using: &rng) ? alphanumeric(count: Int.random(in: 1...7, using: &rng)) : nil
        var expiryOut: String? = expiry
        var nationalityOut: String? = nationality
        switch format {
        case .td3: documentCode = pick(["P<", "PD", "PO", "PS"])
        case .td2: documentCode = pick(["I<", "ID", "IR", "AC"])
        case .td1:
            documentCode = pick(["I<", "ID", "IR", "AC", "C<"])
            if Int.random(in: 0..<8, using: &rng) == 0 { number = alphanumeric(count: Int.random(in: 10...13, using: &rng)) }
        case .mrvA, .mrvB: documentCode = "V<"
        case .frenchID:
            documentCode = "ID"
            number = digits(12)
            optional = nil
            expiryOut = nil
            nationalityOut = nil
        case .swissDrivingLicense:
            documentCode = "FA"
            number = letters(3) + digits(3)
            optional = nil
            expiryOut = nil
            nationalityOut = nil
        case .frenchDrivingLicence:
            documentCode = "D1"
            number = digits(2) + letters(2) + digits(5)
            optional = nil
            nationalityOut = nil
        default:
            documentCode = String(repeating: "<", count: 2)
        }
        let issuingOut = [.frenchID, .frenchDrivingLicence].contains(format) ? "FRA" : (format == .swissDrivingLicense ? "CHE" : issuing)
        fields[.documentCode] = documentCode
        fields[.issuingCountry] = issuingOut
        fields[.documentNumber] = number
        fields[.birthDate] = birth
        fields[.sex] = sex
        if let expiryOut { fields[.expiryDate] = expiryOut }
        if let nationalityOut { fields[.nationality] = nationalityOut }
        if let optional { fields[.optionalData] = optional }
        switch format {
        case .frenchID:
            fields[.surname] = surname.replacingOccurrences(of: " ", with: "<")
            fields[.givenNames] = given.replacingOccurrences(of: " ", with: "<<")
            fields[.administrativeCode] = digits(3) + digits(3)
        case .frenchDrivingLicence:
            fields[.surname] = surname.replacingOccurrences(of: " ", with: "<")
            fields[.sex] = nil
        case .swissDrivingLicense:
            fields[.language] = pick(["D", "F", "I"])
            fields[.pinCode] = digits(9)
            fields[.versionNumber] = digits(3)
            fields[.sex] = nil
            fields[.name] = surname.replacingOccurrences(of: " ", with: "<") + "<<" + given.replacingOccurrences(of: " ", with: "<")
        default:
            fields[.name] = surname.replacingOccurrences(of: " ", with: "<") + "<<" + given.replacingOccurrences(of: " ", with: "<")
        }
        let lines = MRZWriter.lines(format: format, fields: fields)
        // Read the values back as printed (names may have been cut to the field width).
        let parsed = try? MRZParser().parse(lines: lines)
        return GeneratedMRZ(
            format: format, lines: lines, documentCode: documentCode.replacingOccurrences(of: "<", with: ""),
            issuingCountry: issuingOut, surname: parsed?.surname ?? surname, givenNames: parsed?.givenNames ?? given,
            documentNumber: number, nationality: nationalityOut, birthDate: birth,
            sex: [.swissDrivingLicense, .frenchDrivingLicence].contains(format) ? "<" : sex, expiryDate: expiryOut, optionalData: optional)
    }

    private mutating func pick<T>(_ options: [T]) -> T { options.randomElement(using: &rng)! }
    private mutating func words(_ count: ClosedRange<Int>) -> String {
        (0..<Int.random(in: count, using: &rng)).map { _ in pick(Self.nameParts) }.joined(separator: " ")
    }
    private mutating func digits(_ n: Int) -> String { String((0..<n).map { _ in pick(Array("0123456789")) }) }
    private mutating func letters(_ n: Int) -> String { String((0..<n).map { _ in pick(Array("ABCDEFGHIJKLMNOPQRSTUVWXYZ")) }) }
    private mutating func alphanumeric(count: Int) -> String {
        String((0..<count).map { _ in pick(Array("ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789")) })
    }
    private mutating func date(yearRange: ClosedRange<Int>) -> String {
        let year = Int.random(in: yearRange, using: &rng), month = Int.random(in: 1...12, using: &rng)
        let day = Int.random(in: 1...SimpleDate.daysIn(month: month, year: 2000 + year), using: &rng)
        func two(_ n: Int) -> String { n < 10 ? "0\(n)" : "\(n)" }
        return two(year) + two(month) + two(day)
    }
}
