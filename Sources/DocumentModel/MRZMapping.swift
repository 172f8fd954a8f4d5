import MRZ

extension IdentityDocument {
    /// The unified document for a parsed MRZ.
    /// - Parameters:
    ///   - result: the parsed MRZ.
    ///   - source: `.mrz` when the MRZ was read from an image, `.text` when it was given as text.
    ///   - corrections: positions that OCR correction changed, reported in `mrz.corrections`.
    public init(mrz result: MRZResult, source: DocumentSource, corrections: [MRZSection.Correction]? = nil) {
        var fields = DocumentFields()
        fields.documentCode = result.documentCode
        fields.documentNumber = result.documentNumber
        fields.issuingCountry = result.issuingCountry
        fields.surname = result.surname
        fields.givenNames = result.givenNames.isEmpty ? nil : result.givenNames
        fields.nationality = result.nationality.flatMap { $0.isEmpty ? nil : $0 }
        fields.birthDate = result.birthDate?.iso
        fields.sex = result.sex
        fields.expiryDate = result.expiryDate?.iso
        fields.optionalData = result.optionalData
        let nfc = NFCAccess(result).map {
            MRZSection.NFCKeys(mrzInformation: $0.mrzInformation, kSeed: $0.kSeed, kEnc: $0.kEnc, kMac: $0.kMac)
        }
        self.init(
            kind: Self.kind(of: result),
            source: source,
            fields: fields,
            checks: result.checks.map { DocumentCheck(name: $0.name, valid: $0.valid) },
            mrz: MRZSection(
                format: result.format.rawValue, lines: result.lines, optionalData2: result.optionalData2,
                nfc: nfc, corrections: corrections),
            warnings: result.warnings.map { "\($0.field) \($0.message)" })
        side = result.format == .td1 ? .back : nil
    }

    /// The kind from the layout and the document code (ICAO 9303 part 4–7: `P` passports,
    /// `V` visas, `I`/`A`/`C` official travel documents; by common practice a second
    /// letter `R` marks a residence permit, `AC` a crew member certificate).
    static func kind(of result: MRZResult) -> DocumentKind {
        let code = Array(result.documentCode)
        switch result.format {
        case .swissDrivingLicense, .frenchDrivingLicence: return .driverLicense
        case .frenchID: return .identityCard
        case .mrvA, .mrvB: return .visa
        default: break
        }
        guard let first = code.first else { return .other }
        let second = code.count > 1 ? code[1] : "<"
        switch first {
        case "P": return .passport
        case "V": return .visa
        case "I", "A", "C":
            if second == "R" { return .residencePermit }
            if first == "A" && second == "C" { return .travelDocument }
            return .identityCard
        default: return .other
        }
    }
}
