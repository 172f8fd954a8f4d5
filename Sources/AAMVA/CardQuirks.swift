/// Where the cards jurisdictions print depart from the standard's layout, as data: one row
/// per quirk, read by the parser (to decode such cards) and by the generator (to print
/// cards that carry it), so that a new quirk is one row here, the rule of its kind if the
/// kind is new, and one test (../shared/aamva/STANDARD_NOTES.md §4, §7).
public struct CardQuirk: Sendable {
    /// The cards a quirk appears on: every condition given must hold (`nil`: any).
    public struct Scope: Sendable {
        public var jurisdictions: Set<String>?
        public var countries: Set<String>?
        public var versions: ClosedRange<Int>

        public init(jurisdictions: Set<String>? = nil, countries: Set<String>? = nil, versions: ClosedRange<Int> = 0...99) {
            self.jurisdictions = jurisdictions
            self.countries = countries
            self.versions = versions
        }

        func contains(jurisdiction: String?, country: String, version: Int) -> Bool {
            guard versions.contains(version), countries?.contains(country) ?? true else { return false }
            guard let jurisdictions else { return true }
            return jurisdiction.map(jurisdictions.contains) ?? false
        }
    }

    /// The colour elements: `DAY` eyes, `DAZ` hair.
    public enum ColourElement: String, Sendable {
        case eyes = "DAY"
        case hair = "DAZ"
    }

    /// What such cards do.
    public enum Behaviour: Sendable, Equatable {
        /// Dates `CCYYMMDD` rather than `MMDDCCYY`.
        case yearFirstDates
        /// v1 `DAA` written `FIRST,MIDDLE,LAST` rather than `LAST,FIRST,MIDDLE`.
        case givenNamesFirstInDAA
        /// The mailing address elements `DAG`–`DAK` left empty and the address printed in
        /// the residence elements `DAL`–`DAP` (DL-only elements of v1).
        case addressInResidenceElements
        /// The mailing street `DAG` left empty and the street printed in the residence
        /// element `DAL` (v1, DL only), the rest of the address in the mailing elements
        /// `DAI`–`DAK`.
        case streetInResidenceElement
        /// The middle initial written after the first name in `DAC` ("MOTORIST E"), `DAD`
        /// absent or empty.  Only a last word of one letter is an initial: "MARY ANN" is a
        /// first name of two words on every card.
        case middleInitialInFirstName
        /// A colour printed with another spelling than its ANSI D-20 code.
        case colourSpellings(ColourElement, [String: String])
    }

    public let behaviour: Behaviour
    public let scope: Scope
    /// Where the quirk is documented or was seen.
    public let evidence: String
}

/// The table of quirks, and the questions the parser and the generator ask it.
public enum CardQuirks {
    public static let table: [CardQuirk] = [
        CardQuirk(behaviour: .yearFirstDates, scope: .init(versions: 1...1), evidence: "AAMVA DL/ID-2000 dates; STANDARD_NOTES §4"),
        CardQuirk(behaviour: .yearFirstDates, scope: .init(countries: ["CAN"]), evidence: "Canadian cards of every version; STANDARD_NOTES §4"),
        CardQuirk(
            behaviour: .yearFirstDates, scope: .init(jurisdictions: ["WV", "WY"], versions: 4...99), evidence: "US v4 cards of WV and WY; STANDARD_NOTES §7.10"),
        CardQuirk(behaviour: .givenNamesFirstInDAA, scope: .init(jurisdictions: ["CO", "TN"], versions: 1...1), evidence: "STANDARD_NOTES §7.11"),
        CardQuirk(behaviour: .addressInResidenceElements, scope: .init(versions: 1...1), evidence: "NC v1; STANDARD_NOTES §7.14"),
        CardQuirk(
            behaviour: .streetInResidenceElement, scope: .init(jurisdictions: ["OR"], versions: 1...1),
            evidence: "OR v1 sample scan (DAG empty, DAL street, DAI/DAJ/DAK city, state, ZIP); STANDARD_NOTES §3, §7.14"),
        // DAC exists from v4 (AAMVA CDS 2009) on; seen on a WY v4 card
        CardQuirk(
            behaviour: .middleInitialInFirstName, scope: .init(jurisdictions: ["WY"], versions: 4...99),
            evidence: "WY v4 card; STANDARD_NOTES §7.11; c0shea/IdParser FirstNameParser"),
        CardQuirk(
            behaviour: .colourSpellings(
                .eyes,
                [
                    "BLACK": "BLK", "BLUE": "BLU", "BROWN": "BRO", "GRAY": "GRY", "GREY": "GRY", "GREEN": "GRN", "HAZEL": "HAZ", "MAROON": "MAR",
                    "PINK": "PNK", "UNKNOWN": "UNK",
                ]), scope: .init(), evidence: "words on older cards; STANDARD_NOTES §4"),
        CardQuirk(
            behaviour: .colourSpellings(
                .hair,
                [
                    "BALD": "BAL", "BLACK": "BLK", "BLOND": "BLN", "BLONDE": "BLN", "BROWN": "BRO", "GRAY": "GRY", "GREY": "GRY", "RED": "RED",
                    "AUBURN": "RED", "SANDY": "SDY", "WHITE": "WHI", "UNKNOWN": "UNK",
                ]), scope: .init(), evidence: "words on older cards; STANDARD_NOTES §4"),
        // Two letters or BRN for brown: BR (Arizona, eyes and hair), BN (West Virginia
        // eyes, c0shea/IdParser issue #21), BRN (California); black is BK, as in D-20's own
        // race codes.  Read the same on every card: a spelling means one colour wherever
        // it is printed.
        CardQuirk(behaviour: .colourSpellings(.eyes, ["BK": "BLK", "BR": "BRO", "BN": "BRO", "BRN": "BRO"]), scope: .init(), evidence: "AZ, WV, CA cards"),
        // Hair BL is blond: the hair table has no blue, and black is BK.  Eye BL (blue on
        // old v1 cards, STANDARD_NOTES §4) stays as printed: ../shared/corpus expects "BL"
        // for the DL/ID-2000 annex cards.  Ambiguous spellings (GR: gray or green) stay too.
        CardQuirk(
            behaviour: .colourSpellings(.hair, ["BK": "BLK", "BL": "BLN", "BR": "BRO", "BN": "BRO", "BRN": "BRO"]), scope: .init(), evidence: "AZ, CA cards"),
    ]

    /// Whether a card of this jurisdiction (its code, `nil` when unknown), country and
    /// version shows `behaviour`.
    public static func applies(_ behaviour: CardQuirk.Behaviour, jurisdiction: String?, country: String, version: Int) -> Bool {
        table.contains { $0.behaviour == behaviour && $0.scope.contains(jurisdiction: jurisdiction, country: country, version: version) }
    }

    /// Every spelling of an element's colours and the D-20 code it stands for.
    public static func colourCodes(_ element: CardQuirk.ColourElement) -> [String: String] {
        colourCodesByElement[element.rawValue] ?? [:]
    }

    private static let colourCodesByElement: [String: [String: String]] = {
        var codes: [String: [String: String]] = [:]
        for quirk in table {
            guard case .colourSpellings(let element, let spellings) = quirk.behaviour else { continue }
            codes[element.rawValue, default: [:]].merge(spellings) { first, _ in first }
        }
        return codes
    }()
}
