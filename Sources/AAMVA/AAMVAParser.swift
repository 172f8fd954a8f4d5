/// Parses AAMVA DL/ID payloads (the text inside a licence's PDF417), versions 0–11,
/// including the deviations real cards and capture paths produce.
///
/// ```swift
/// let licence = try AAMVAParser().parse(bytes)
/// licence.fields.lastName   // "SAMPLE"
/// licence.isValid           // header, IIN, directory, mandatory elements and dates all fine
/// ```
public struct AAMVAParser: Sendable {
    /// Payloads above this size are refused (a PDF417 symbol holds at most ~1.8 KB of text).
    public static let maximumBytes = 65_536

    public init() {}

    public func parse(_ text: String) throws(AAMVAError) -> AAMVAResult { try parse(Array(text.utf8)) }

    public func parse(_ input: [UInt8]) throws(AAMVAError) -> AAMVAResult {
        if input.count > Self.maximumBytes { throw .tooLarge(bytes: input.count) }
        let bytes = PayloadScanner.clean(input)
        if bytes.allSatisfy({ $0 == 0x20 || ($0 >= 0x09 && $0 <= 0x0D) || $0 == 0x1E || $0 == 0x1C }) { throw .empty }
        let scanner = PayloadScanner(bytes: bytes)
        guard let scan = scanner.findHeader() else { throw .notAAMVA }
        let header = scan.header
        let types = header.designators.map(\.type)
        let subfiles = ElementScan.split(bytes, from: scan.dataStart, types: types, version: header.version)
        var warnings: [String] = []
        let (directoryValid, truncated) = Self.verifyDirectory(header, bytes: bytes, origin: scan.origin)
        if truncated { warnings.append("the payload is shorter than its directory declares: truncated, or separators were lost") }
        if header.leadingJunk > 0 { warnings.append("\(header.leadingJunk) bytes before the compliance indicator were ignored") }
        if header.designators.isEmpty { warnings.append("the subfile directory is missing or unreadable") }

        let lookup = Lookup(subfiles)
        var checks: [AAMVACheck] = []
        checks.append(AAMVACheck(name: "header", valid: header.separatorsAsStandard && header.leadingJunk == 0))
        checks.append(AAMVACheck(name: "iin", valid: IINRegistry.jurisdiction(iin: header.iin) != nil))
        checks.append(AAMVACheck(name: "subfileDirectory", valid: directoryValid && !truncated))
        let missing = Self.missingMandatory(lookup, version: header.version, documentType: Self.documentType(header: header, subfiles: subfiles))
        if !missing.isEmpty { warnings.append("mandatory elements missing: \(missing.joined(separator: ", "))") }
        checks.append(AAMVACheck(name: "mandatoryElements", valid: missing.isEmpty))
        let badDates = Self.invalidDates(lookup, yearFirst: Self.yearFirst(header: header, lookup: lookup))
        if !badDates.isEmpty { warnings.append("dates that are not calendar dates: \(badDates.joined(separator: ", "))") }
        checks.append(AAMVACheck(name: "dates", valid: badDates.isEmpty))
        return AAMVAResult(header: header, subfiles: subfiles, checks: checks, warnings: warnings)
    }

    /// First-occurrence lookup of element values across subfiles.  A payload holds a few
    /// dozen elements, so a scan over packed IDs beats hashing strings (and allocates nothing).
    struct Lookup {
        let subfiles: [AAMVASubfile]
        init(_ subfiles: [AAMVASubfile]) { self.subfiles = subfiles }

        func value(key: Int) -> String? {
            for s in subfiles { for e in s.elements where e.key == key { return e.value } }
            return nil
        }
        subscript(_ id: StaticString) -> String? {
            let p = id.utf8Start
            return value(key: Int(p[0]) << 16 | Int(p[1]) << 8 | Int(p[2]))
        }
        /// For IDs computed at run time; literals use the `StaticString` form (no hashing,
        /// no string building).
        func value(id: String) -> String? {
            var key = 0, count = 0
            for b in id.utf8 { key = key << 8 | Int(b); count += 1 }
            return count == 3 ? value(key: key) : nil
        }
        func contains(key: Int) -> Bool { value(key: key) != nil }
    }

    static func documentType(header: AAMVAHeader, subfiles: [AAMVASubfile]) -> String {
        subfiles.first { $0.type == "ID" || $0.type == "DL" }?.type
            ?? header.designators.first { $0.type == "ID" || $0.type == "DL" }?.type ?? "DL"
    }

    /// Offsets count from the compliance indicator; each must land on its subfile's type,
    /// and no subfile may extend past the end of the data.
    static func verifyDirectory(_ header: AAMVAHeader, bytes: [UInt8], origin: Int) -> (valid: Bool, truncated: Bool) {
        guard !header.designators.isEmpty else { return (false, false) }
        var valid = true, truncated = false
        for d in header.designators {
            guard let offset = d.offset, let length = d.length, offset > 0 else { valid = false; continue }
            let start = origin + offset
            if start + length > bytes.count + 1 { truncated = true }
            let type = Array(d.type.utf8)
            if start + 2 > bytes.count || bytes[start] != type[0] || bytes[start + 1] != type[1] { valid = false }
        }
        return (valid, truncated)
    }

    /// Cards write MMDDCCYY unless `CardQuirks` says CCYYMMDD (v1, Canadian cards, ...).
    static func yearFirst(header: AAMVAHeader, lookup: Lookup) -> Bool {
        CardQuirks.applies(
            .yearFirstDates, jurisdiction: jurisdiction(header: header, lookup: lookup), country: country(header: header, lookup: lookup),
            version: header.version)
    }

    /// The issuer's code: from the IIN, else the card's own `DAJ`.
    static func jurisdiction(header: AAMVAHeader, lookup: Lookup) -> String? {
        IINRegistry.jurisdiction(iin: header.iin)?.code ?? lookup["DAJ"]?.uppercased()
    }

    static func country(header: AAMVAHeader, lookup: Lookup) -> String {
        switch lookup["DCG"]?.uppercased() {
        case "USA": return "USA"
        case "CAN", "CDN": return "CAN"
        case "MEX": return "MEX"
        default: break
        }
        if let j = IINRegistry.jurisdiction(iin: header.iin) { return j.country }
        if let state = lookup["DAJ"], IINRegistry.canadianCodes.contains(state.uppercased()) { return "CAN" }
        return "USA"
    }

    static func missingMandatory(_ lookup: Lookup, version: Int, documentType: String) -> [String] {
        // fast path: every mandatory element present (one pass, two mask compares)
        let required = ElementCatalogue.mandatoryMask(version: version, subfile: documentType)
        var present: (UInt64, UInt64) = (0, 0)
        for subfile in lookup.subfiles { ElementCatalogue.addPresence(of: subfile.elements, to: &present) }
        if present.0 & required.0 == required.0 && present.1 & required.1 == required.1 { return [] }
        var missing: [String] = []
        let ids = ElementCatalogue.mandatory(version: version, subfile: documentType)
        let keys = ElementCatalogue.mandatoryKeys(version: version, subfile: documentType)
        for (id, key) in zip(ids, keys) where !lookup.contains(key: key) {
            // v1 names: DAA, or the split DAB/DAC, satisfy the name requirement
            if id == "DAA", lookup["DAB"] != nil || lookup["DCS"] != nil { continue }
            missing.append(id)
        }
        return missing
    }

    static func invalidDates(_ lookup: Lookup, yearFirst: Bool) -> [String] {
        var bad: [String] = []
        if let raw = lookup["DBA"], !ValueDecoding.isValidDate(raw, yearFirst: yearFirst) { bad.append("DBA") }
        if let raw = lookup["DBB"], !ValueDecoding.isValidDate(raw, yearFirst: yearFirst) { bad.append("DBB") }
        if let raw = lookup["DBD"], !ValueDecoding.isValidDate(raw, yearFirst: yearFirst) { bad.append("DBD") }
        return bad
    }

    /// Street, street 2, city, state and postal code: the mailing elements `DAG`–`DAK`, or
    /// where `CardQuirks` says the card prints them, the residence elements `DAL`–`DAP`.
    static func address(_ lookup: Lookup, jurisdiction: String?, country: String, version: Int) -> [String?] {
        func quirk(_ behaviour: CardQuirk.Behaviour) -> Bool {
            CardQuirks.applies(behaviour, jurisdiction: jurisdiction, country: country, version: version)
        }
        let mailing = [lookup["DAG"], lookup["DAH"], lookup["DAI"], lookup["DAJ"], lookup["DAK"]].map(ValueDecoding.nonEmpty)
        let residence = [lookup["DAL"], lookup["DAM"], lookup["DAN"], lookup["DAO"], lookup["DAP"]].map(ValueDecoding.nonEmpty)
        // the mailing address left empty, the whole address in the residence elements: take
        // one group whole, so that no address mixes the two
        let mailingEmpty = mailing[0] == nil && mailing[1] == nil && mailing[2] == nil && mailing[4] == nil
        if quirk(.addressInResidenceElements), mailingEmpty, residence.contains(where: { $0 != nil }) { return residence }
        // only the street in the residence elements: the one address is split over the two
        if quirk(.streetInResidenceElement), mailing[0] == nil, mailing[1] == nil, residence[0] != nil {
            return [residence[0], residence[1]] + mailing[2...]
        }
        return mailing
    }

    static func decode(_ lookup: Lookup, header: AAMVAHeader, subfiles: [AAMVASubfile]) -> AAMVAFields {
        let jurisdiction = IINRegistry.jurisdiction(iin: header.iin)?.code
        let yearFirst = yearFirst(header: header, lookup: lookup)
        func date(_ id: StaticString) -> String? {
            guard let raw = lookup[id], case .ok(let iso) = ValueDecoding.date(raw, yearFirst: yearFirst) else { return nil }
            return iso
        }
        let documentType = documentType(header: header, subfiles: subfiles)
        let country = country(header: header, lookup: lookup)
        let names = ValueDecoding.names(
            { lookup.value(id: $0) }, version: header.version,
            jurisdiction: Self.jurisdiction(header: header, lookup: lookup), country: country)
        let height = ValueDecoding.height(dau: lookup["DAU"], dav: lookup["DAV"], version: header.version)
        let pounds = ValueDecoding.nonEmpty(lookup["DAW"]).flatMap { Int($0) }.flatMap { (1...1500).contains($0) ? $0 : nil }
        let kilos =
            ValueDecoding.nonEmpty(lookup["DAX"]).flatMap { Int($0) }.flatMap { (1...700).contains($0) ? $0 : nil }
            ?? pounds.map { Int((Double($0) * 0.45359237).rounded()) }
        let address = Self.address(lookup, jurisdiction: Self.jurisdiction(header: header, lookup: lookup), country: country, version: header.version)
        let state = address[3] ?? ValueDecoding.nonEmpty(lookup["DAJ"])
        let postalRaw = address[4]
        return AAMVAFields(
            documentType: documentType,
            documentNumber: ValueDecoding.nonEmpty(lookup["DAQ"]),
            country: country,
            jurisdiction: jurisdiction,
            firstName: names.first, middleName: names.middle, lastName: names.last, suffix: names.suffix,
            birthDate: date("DBB"), issueDate: date("DBD"), expiryDate: date("DBA"),
            sex: ValueDecoding.sex(lookup["DBC"]),
            heightInches: height.inches, heightCm: height.cm,
            weightPounds: pounds, weightKg: kilos,
            eyeColor: ValueDecoding.colour(lookup["DAY"], of: .eyes),
            hairColor: ValueDecoding.colour(lookup["DAZ"], of: .hair),
            street: address[0], street2: address[1], city: address[2], state: state,
            postalCode: ValueDecoding.postalCode(postalRaw),
            postalCodeRaw: postalRaw,
            vehicleClass: ValueDecoding.nonEmpty(lookup["DCA"] ?? lookup["DAR"]),
            restrictions: ValueDecoding.nonEmpty(lookup["DCB"] ?? lookup["DAS"]),
            endorsements: ValueDecoding.nonEmpty(lookup["DCD"] ?? lookup["DAT"]),
            complianceType: ValueDecoding.nonEmpty(lookup["DDA"]))
    }
}
