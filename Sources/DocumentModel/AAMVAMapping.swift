import AAMVA

extension IdentityDocument {
    /// The unified document for a parsed AAMVA payload (../shared/CONTRACT.md).
    /// - Parameters:
    ///   - result: the parsed payload.
    ///   - source: `.pdf417` when read from a barcode image, `.text` when given as text.
    ///   - barcode: the barcode the payload came from, when read from an image.
    public init(aamva result: AAMVAResult, source: DocumentSource, barcode: BarcodeSection? = nil) {
        let f = result.fields
        var fields = DocumentFields()
        fields.documentCode = f.documentType
        fields.documentNumber = f.documentNumber
        fields.issuingCountry = f.country
        fields.issuingJurisdiction = f.jurisdiction ?? f.state
        fields.surname = f.lastName
        fields.givenNames = f.firstName
        fields.middleNames = f.middleName
        fields.nameSuffix = f.suffix
        fields.birthDate = f.birthDate
        fields.sex = f.sex
        fields.issueDate = f.issueDate
        fields.expiryDate = f.expiryDate
        if f.street != nil || f.city != nil || f.state != nil || f.postalCode != nil {
            fields.address = Address(
                street: f.street, street2: f.street2, city: f.city, region: f.state,
                postalCode: f.postalCode, country: f.country)
        }
        fields.heightCm = f.heightCm
        fields.weightKg = f.weightKg
        fields.eyeColor = f.eyeColor
        fields.hairColor = f.hairColor
        fields.vehicleClass = f.vehicleClass
        fields.restrictions = f.restrictions
        fields.endorsements = f.endorsements
        var elements: [String: String] = [:]
        for e in result.elements where elements[e.id] == nil { elements[e.id] = e.value }
        self.init(
            kind: f.documentType == "ID" ? .identificationCard : .driverLicense,
            source: source,
            fields: fields,
            checks: result.checks.map { DocumentCheck(name: $0.name, valid: $0.valid) },
            aamva: AAMVASection(
                version: result.header.version, jurisdictionVersion: result.header.jurisdictionVersion,
                iin: result.header.iin, jurisdiction: f.jurisdiction,
                subfiles: result.subfiles.map(\.type), elements: elements),
            barcode: barcode,
            warnings: result.warnings)
        // the layout tells the side only of a payload read from a card's PDF417 symbol
        side = source == .pdf417 ? .back : nil
    }
}
