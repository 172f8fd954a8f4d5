import IDCommon

/// What kind of document was read (the JSON contract's `kind`).
public enum DocumentKind: String, Sendable, Codable, CaseIterable {
    case passport, identityCard, visa, residencePermit, travelDocument, driverLicense, identificationCard, other
    /// A German arrival attestation (Ankunftsnachweis), known from its visible digital seal.
    case arrivalAttestation
    /// A German social insurance card, known from its visible digital seal.
    case socialInsuranceCard
    /// A German address sticker (on an identity card, residence permit or passport), known from its seal.
    case addressSticker
}

/// Where the document's data came from (the JSON contract's `source`).
public enum DocumentSource: String, Sendable, Codable {
    /// Read from an MRZ in an image.
    case mrz
    /// Read from a PDF417 barcode in an image.
    case pdf417
    /// Read from a barcode of another format than PDF417 in an image (a QR code: `read --only barcodes`).
    case barcode
    /// Parsed from text given by the user.
    case text
    /// Read from a visible digital seal (a DataMatrix, or a VDS-NC QR code), or its bytes.
    case vds
}

/// One named verification; the document is valid only when all of them are.
public struct DocumentCheck: Sendable, Codable, Equatable, Hashable {
    public let name: String
    public let valid: Bool
    public init(name: String, valid: Bool) { self.name = name; self.valid = valid }
}

/// A postal address (licences only).
public struct Address: Sendable, Codable, Equatable {
    public var street: String?
    public var street2: String?
    public var city: String?
    /// State, province or territory code.
    public var region: String?
    public var postalCode: String?
    /// ICAO 9303 three-letter country code.
    public var country: String?

    public init(
        street: String? = nil, street2: String? = nil, city: String? = nil, region: String? = nil,
        postalCode: String? = nil, country: String? = nil
    ) {
        self.street = street; self.street2 = street2; self.city = city
        self.region = region; self.postalCode = postalCode; self.country = country
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(street, forKey: .street)
        try c.encode(street2, forKey: .street2)
        try c.encode(city, forKey: .city)
        try c.encode(region, forKey: .region)
        try c.encode(postalCode, forKey: .postalCode)
        try c.encode(country, forKey: .country)
    }
}

/// The unified fields of every document; a field a source does not carry is `null`.
public struct DocumentFields: Sendable, Codable, Equatable {
    public var documentCode: String?
    public var documentNumber: String?
    public var issuingCountry: String?
    public var issuingJurisdiction: String?
    public var surname: String?
    public var givenNames: String?
    public var middleNames: String?
    public var nameSuffix: String?
    public var nationality: String?
    /// ISO `YYYY-MM-DD`.
    public var birthDate: String?
    /// `M`, `F` or `X`.
    public var sex: String?
    public var issueDate: String?
    public var expiryDate: String?
    public var optionalData: String?
    public var address: Address?
    public var heightCm: Int?
    public var weightKg: Int?
    public var eyeColor: String?
    public var hairColor: String?
    public var vehicleClass: String?
    public var restrictions: String?
    public var endorsements: String?

    public init() {}

    // Written by hand so that absent values appear as `null`, as the contract shows.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(documentCode, forKey: .documentCode)
        try c.encode(documentNumber, forKey: .documentNumber)
        try c.encode(issuingCountry, forKey: .issuingCountry)
        try c.encode(issuingJurisdiction, forKey: .issuingJurisdiction)
        try c.encode(surname, forKey: .surname)
        try c.encode(givenNames, forKey: .givenNames)
        try c.encode(middleNames, forKey: .middleNames)
        try c.encode(nameSuffix, forKey: .nameSuffix)
        try c.encode(nationality, forKey: .nationality)
        try c.encode(birthDate, forKey: .birthDate)
        try c.encode(sex, forKey: .sex)
        try c.encode(issueDate, forKey: .issueDate)
        try c.encode(expiryDate, forKey: .expiryDate)
        try c.encode(optionalData, forKey: .optionalData)
        try c.encode(address, forKey: .address)
        try c.encode(heightCm, forKey: .heightCm)
        try c.encode(weightKg, forKey: .weightKg)
        try c.encode(eyeColor, forKey: .eyeColor)
        try c.encode(hairColor, forKey: .hairColor)
        try c.encode(vehicleClass, forKey: .vehicleClass)
        try c.encode(restrictions, forKey: .restrictions)
        try c.encode(endorsements, forKey: .endorsements)
    }
}

/// The MRZ as read: its layout and lines, plus what the contract adds.
public struct MRZSection: Sendable, Codable, Equatable {
    /// `TD1`, `TD2`, `TD3`, `MRVA`, `MRVB`, `FRENCH_ID` or `SWISS_DL`.
    public var format: String
    public var lines: [String]
    /// TD1's second optional data field (line 2), when present.
    public var optionalData2: String?
    /// Basic Access Control keys for the chip (ICAO 9303 part 11), when the layout has them.
    public var nfc: NFCKeys?
    /// Positions an OCR correction changed, when the MRZ was read from an image.
    public var corrections: [Correction]?

    public init(format: String, lines: [String], optionalData2: String? = nil, nfc: NFCKeys? = nil, corrections: [Correction]? = nil) {
        self.format = format; self.lines = lines; self.optionalData2 = optionalData2; self.nfc = nfc; self.corrections = corrections
    }

    public struct NFCKeys: Sendable, Codable, Equatable {
        public var mrzInformation: String
        public var kSeed: String
        public var kEnc: String
        public var kMac: String
        public init(mrzInformation: String, kSeed: String, kEnc: String, kMac: String) {
            self.mrzInformation = mrzInformation; self.kSeed = kSeed; self.kEnc = kEnc; self.kMac = kMac
        }
    }

    /// One changed character: 1-based line and column, what was read and what was kept.
    public struct Correction: Sendable, Codable, Equatable {
        public var line: Int
        public var column: Int
        public var from: String
        public var to: String
        public init(line: Int, column: Int, from: String, to: String) { self.line = line; self.column = column; self.from = from; self.to = to }
    }
}

/// The AAMVA payload as parsed: header values and every raw element.
public struct AAMVASection: Sendable, Codable, Equatable {
    public var version: Int
    public var jurisdictionVersion: Int?
    public var iin: String
    public var jurisdiction: String?
    public var subfiles: [String]
    public var elements: [String: String]

    public init(version: Int, jurisdictionVersion: Int?, iin: String, jurisdiction: String?, subfiles: [String], elements: [String: String]) {
        self.version = version; self.jurisdictionVersion = jurisdictionVersion; self.iin = iin
        self.jurisdiction = jurisdiction; self.subfiles = subfiles; self.elements = elements
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(version, forKey: .version)
        try c.encode(jurisdictionVersion, forKey: .jurisdictionVersion)
        try c.encode(iin, forKey: .iin)
        try c.encode(jurisdiction, forKey: .jurisdiction)
        try c.encode(subfiles, forKey: .subfiles)
        try c.encode(elements, forKey: .elements)
    }
}

/// The barcode a document was read from.
public struct BarcodeSection: Sendable, Codable, Equatable {
    /// The symbology, encoded by its contract name (`"PDF417"`).
    public var format: BarcodeFormat
    /// The exact decoded payload, control characters included.
    public var text: String
    public init(format: BarcodeFormat, text: String) { self.format = format; self.text = text }
}

/// How good the picture was (documents read from images; additive to the contract).
public struct ImageQualitySection: Sendable, Codable, Equatable {
    /// Median MRZ character height in pixels.
    public var characterHeight: Int?
    /// Variance of the Laplacian (below ~30 is blurred).
    public var sharpness: Double
    /// Fraction of saturated pixels (above ~0.08 is a lot of glare).
    public var glare: Double
    /// Fields no check digit proves that the OCR was unsure of or that correction changed.
    public var uncertainFields: [String]
    public init(characterHeight: Int?, sharpness: Double, glare: Double, uncertainFields: [String]) {
        self.characterHeight = characterHeight; self.sharpness = sharpness; self.glare = glare; self.uncertainFields = uncertainFields
    }
}

/// One document read from an image or text: the JSON contract's `Document`.
public struct IdentityDocument: Sendable, Codable, Equatable {
    public var kind: DocumentKind
    public var source: DocumentSource
    public var fields: DocumentFields
    public var checks: [DocumentCheck]
    public var mrz: MRZSection?
    public var aamva: AAMVASection?
    public var barcode: BarcodeSection?
    /// Remarks that do not fail a check (additive to the contract).
    public var warnings: [String]
    /// Picture quality, for documents read from images (additive to the contract).
    public var quality: ImageQualitySection?
    /// The visible digital seal the document was read from (additive to the contract).
    public var vds: VDSSection?
    /// The side of the card the data is on, where the layout tells it (additive to the
    /// contract; left out of the JSON when unknown).
    public var side: DocumentSide?
    /// Where the document and what it was read from are in the picture, for documents
    /// read from images (additive to the contract).
    public var location: DocumentLocation?

    /// True only when every check holds.
    public var valid: Bool { checks.allSatisfy(\.valid) }

    public init(
        kind: DocumentKind, source: DocumentSource, fields: DocumentFields, checks: [DocumentCheck],
        mrz: MRZSection? = nil, aamva: AAMVASection? = nil, barcode: BarcodeSection? = nil, warnings: [String] = []
    ) {
        self.kind = kind; self.source = source; self.fields = fields; self.checks = checks
        self.mrz = mrz; self.aamva = aamva; self.barcode = barcode; self.warnings = warnings
    }

    enum CodingKeys: String, CodingKey { case kind, side, source, valid, fields, checks, mrz, aamva, barcode, warnings, quality, vds, location }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        kind = try c.decode(DocumentKind.self, forKey: .kind)
        source = try c.decode(DocumentSource.self, forKey: .source)
        fields = try c.decode(DocumentFields.self, forKey: .fields)
        checks = try c.decode([DocumentCheck].self, forKey: .checks)
        mrz = try c.decodeIfPresent(MRZSection.self, forKey: .mrz)
        aamva = try c.decodeIfPresent(AAMVASection.self, forKey: .aamva)
        barcode = try c.decodeIfPresent(BarcodeSection.self, forKey: .barcode)
        warnings = try c.decodeIfPresent([String].self, forKey: .warnings) ?? []
        quality = try c.decodeIfPresent(ImageQualitySection.self, forKey: .quality)
        vds = try c.decodeIfPresent(VDSSection.self, forKey: .vds)
        side = try c.decodeIfPresent(DocumentSide.self, forKey: .side)
        location = try c.decodeIfPresent(DocumentLocation.self, forKey: .location)
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(kind, forKey: .kind)
        if let side { try c.encode(side, forKey: .side) }
        try c.encode(source, forKey: .source)
        try c.encode(valid, forKey: .valid)
        try c.encode(fields, forKey: .fields)
        try c.encode(checks, forKey: .checks)
        try c.encode(mrz, forKey: .mrz)
        try c.encode(aamva, forKey: .aamva)
        try c.encode(barcode, forKey: .barcode)
        try c.encode(warnings, forKey: .warnings)
        if let quality { try c.encode(quality, forKey: .quality) }
        if let vds { try c.encode(vds, forKey: .vds) }
        if let location { try c.encode(location, forKey: .location) }
    }
}
