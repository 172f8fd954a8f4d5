import Foundation

// the fuzz harnesses compile this module's sources with IDCommon's as one module
#if canImport(IDCommon)
import IDCommon
#endif

/// A generated payload and the field values a correct parser must decode from it.
public struct GeneratedAAMVA: Sendable {
    public let payload: [UInt8]
    public let version: Int
    public let expected: AAMVAFields
}

/// Random valid payloads of any version from a seed.
public struct AAMVAGenerator: Sendable {
    private var rng: SeededRandom

    public init(seed: UInt64) { rng = SeededRandom(seed: seed) }

    static let firstNames = ["MICHAEL", "ANNA", "JOSE", "MARIA", "JOHN", "LI", "FATIMA", "DAVID", "SARAH", "KWAME", "OLGA", "NOAH"]
    static let lastNames = ["SAMPLE", "SMITH", "GARCIA", "NGUYEN", "OBRIEN", "MUELLER", "TANAKA", "JOHNSON", "LEE", "DUBOIS"]
    /// The lowest and highest ZIP codes in use (00501 Holtsville NY, 99950 Ketchikan AK):
    /// 00000 is no ZIP code, and the parser rightly reads it as "no value".
    static let lowestZIP = 501, highestZIP = 99_950
    static let streets = ["2300 WEST BROAD STREET", "1 MAIN ST", "45 ELM AVE APT 3", "9 RUE PRINCIPALE", "700 KING ST W"]
    static let cities = ["RICHMOND", "SACRAMENTO", "TORONTO", "AUSTIN", "OLATHE", "MONTREAL", "DENVER"]

    /// The next payload; `version` 1–11, or random.
    public mutating func next(version: Int? = nil) -> GeneratedAAMVA {
        let version = version ?? Int(rng.next() % 11) + 1
        let (iin, jurisdiction) = IINRegistry.jurisdictions.sorted { $0.key < $1.key }[Int(rng.next() % UInt64(IINRegistry.jurisdictions.count))]
        let canadian = jurisdiction.country == "CAN"
        // the card's quirks (`CardQuirks`), which the parser must undo
        func quirk(_ behaviour: CardQuirk.Behaviour) -> Bool {
            CardQuirks.applies(behaviour, jurisdiction: jurisdiction.code, country: jurisdiction.country, version: version)
        }
        let yearFirst = quirk(.yearFirstDates)
        let isID = version >= 2 && rng.next() % 4 == 0
        let first = pick(Self.firstNames)
        // as the WY card: a middle name is its initial, printed after the first name in DAC
        let middleName = rng.next() % 3 == 0 ? nil : pick(Self.firstNames)
        let middle = quirk(.middleInitialInFirstName) ? middleName.map { String($0.prefix(1)) } : middleName
        let last = pick(Self.lastNames)
        let suffix: String? = rng.next() % 6 == 0 ? pick(["JR", "SR", "III"]) : nil
        let birth = date(1930...2008), issue = date(2010...2024), expiry = date(2025...2034)
        let sexCode = pick(["1", "2"])
        let inches = Int(rng.next() % 30) + 55
        let state = jurisdiction.code.count == 2 ? jurisdiction.code : "DC"
        let postalRaw =
            canadian
            ? pick(["K1A 0B1", "M5V3L9", "H2X 1Y4"])
            : String(format5(Self.lowestZIP + Int(rng.next() % UInt64(Self.highestZIP - Self.lowestZIP + 1)))) + pick(["0000", "1234", ""])
        let number = String((0..<9).map { _ in Character(UnicodeScalar(UInt8(48 + rng.next() % 10))) })
        let eye = pick(["BRO", "BLU", "GRN", "HAZ", "GRY"]), hair = pick(["BRO", "BLK", "BLN", "RED", "GRY"])
        func d(_ date: (Int, Int, Int)) -> String {
            yearFirst ? pad(date.0, 4) + pad(date.1, 2) + pad(date.2, 2) : pad(date.1, 2) + pad(date.2, 2) + pad(date.0, 4)
        }
        var e: [AAMVAElement] = []
        func add(_ id: String, _ value: String?) { if let value { e.append(AAMVAElement(id: id, value: value)) } }
        add("DAQ", number)
        switch version {
        case 1:
            // some write FIRST,MIDDLE,LAST; the others LAST,FIRST,MIDDLE[,SUFFIX]
            let parts =
                quirk(.givenNamesFirstInDAA)
                ? [first, middle ?? "", last] + (suffix.map { [$0] } ?? [])
                : [last, first, middle ?? ""] + (suffix.map { [$0] } ?? [])
            add("DAA", parts.joined(separator: ","))
        case 2, 3:
            add("DCS", last)
            add("DCT", [first, middle].compactMap { $0 }.joined(separator: " "))
            add("DCU", suffix ?? "")
        default:
            add("DCS", last); add("DDE", "N")
            if quirk(.middleInitialInFirstName), let middle {
                // DAD printed empty, not left out: it is mandatory, and a generated card is valid
                add("DAC", first + " " + middle); add("DDF", "N"); add("DAD", "")
            } else {
                add("DAC", first); add("DDF", "N"); add("DAD", middle ?? "NONE")
            }
            add("DDG", "N")
            if let suffix { add("DCU", suffix) }
        }
        if version == 1 {
            add("DAR", "C"); add("DAS", "NONE"); add("DAT", "NONE")
        } else if !isID {
            add("DCA", "D"); add("DCB", "NONE"); add("DCD", "NONE")
        }
        add("DBD", d(issue)); add("DBB", d(birth)); add("DBA", d(expiry)); add("DBC", sexCode)
        add("DAU", version == 1 ? "\(inches / 12)\(pad(inches % 12, 2))" : "\(pad(inches, 3)) in")
        add("DAY", spelling(of: eye, .eyes)); add("DAZ", spelling(of: hair, .hair))
        let street = pick(Self.streets), city = pick(Self.cities)
        if quirk(.addressInResidenceElements), rng.next() % 3 == 0 {
            // as the NC card: the mailing elements printed empty
            add("DAG", ""); add("DAI", ""); add("DAJ", ""); add("DAK", "")
            add("DAL", street); add("DAN", city); add("DAO", state); add("DAP", postalRaw)
        } else if quirk(.streetInResidenceElement) {
            // as the Oregon card: DAG printed empty, the street in DAL
            add("DAG", ""); add("DAL", street); add("DAI", city); add("DAJ", state); add("DAK", postalRaw)
        } else {
            add("DAG", street); add("DAI", city); add("DAJ", state); add("DAK", postalRaw)
        }
        if version >= 2 { add("DCF", "DD" + number); add("DCG", jurisdiction.country == "MEX" ? "MEX" : (canadian ? "CAN" : "USA")) }
        if version == 2 || version == 3 { add("DCE", "4"); add("DCH", "NONE") }
        if version >= 4 { add("DDA", pick(["F", "N"])) }
        var subfiles = [AAMVASubfile(type: isID ? "ID" : "DL", elements: e)]
        if rng.next() % 2 == 0 {
            let z = "Z" + String(state.prefix(1))
            subfiles.append(AAMVASubfile(type: z, elements: [AAMVAElement(id: z + "A", value: "01"), AAMVAElement(id: z + "B", value: "X")]))
        }
        let builder = AAMVABuilder(version: version, jurisdictionVersion: version >= 2 ? Int(rng.next() % 3) : 0, iin: iin, subfiles: subfiles)
        var expected = AAMVAFields(documentType: isID ? "ID" : "DL", country: jurisdiction.country)
        expected.documentNumber = number
        expected.jurisdiction = jurisdiction.code
        expected.firstName = first; expected.middleName = middle; expected.lastName = last; expected.suffix = suffix
        expected.birthDate = ValueDecoding.iso(birth.0, birth.1, birth.2)
        expected.issueDate = ValueDecoding.iso(issue.0, issue.1, issue.2)
        expected.expiryDate = ValueDecoding.iso(expiry.0, expiry.1, expiry.2)
        expected.sex = sexCode == "1" ? "M" : "F"
        expected.heightInches = inches
        expected.heightCm = Int((Double(inches) * 2.54).rounded())
        expected.eyeColor = eye; expected.hairColor = hair
        expected.street = street
        expected.city = city
        expected.state = state
        expected.postalCodeRaw = postalRaw
        expected.postalCode = ValueDecoding.postalCode(postalRaw)
        expected.vehicleClass = version == 1 ? "C" : (isID ? nil : "D")
        expected.complianceType = subfiles[0].elements.first { $0.id == "DDA" }?.value
        return GeneratedAAMVA(payload: builder.build(), version: version, expected: expected)
    }

    /// A colour as the card prints it: its D-20 code, or one time in four another spelling
    /// of it that cards use (`CardQuirks`).
    private mutating func spelling(of code: String, _ element: CardQuirk.ColourElement) -> String {
        let others = CardQuirks.colourCodes(element).filter { $0.value == code }.map(\.key).sorted()
        guard !others.isEmpty, rng.next() % 4 == 0 else { return code }
        return pick(others)
    }

    private mutating func pick<T>(_ options: [T]) -> T { options[Int(rng.next() % UInt64(options.count))] }
    private mutating func date(_ years: ClosedRange<Int>) -> (Int, Int, Int) {
        let y = years.lowerBound + Int(rng.next() % UInt64(years.count)), m = Int(rng.next() % 12) + 1
        return (y, m, Int(rng.next() % 28) + 1)
    }
    private func pad(_ n: Int, _ w: Int) -> String { let s = String(n); return String(repeating: "0", count: max(0, w - s.count)) + s }
    private func format5(_ n: Int) -> String { pad(n, 5) }
}
