/// A visible digital seal as the document shows it (`vds`, additive to the contract): the
/// header, every feature by tag and name, and the signature's verdict.
///
/// Plain values only: the `VDS` module, which parses and verifies seals, links OpenSSL's
/// libcrypto, and DocumentModel stays free of C libraries; `IDReader` maps a seal into this
/// section (`IdentityDocument(seal:verification:)`). The JSON shapes are those of
/// `idreader vds` (docs/seals.md).
public struct VDSSection: Sendable, Codable, Equatable {
    /// `vds` (an ICAO seal: a DataMatrix whose bytes start with 0xDC) or `vds-nc` (signed JSON in a QR code).
    public var kind: String
    /// The profile's document type (`VISA`, `ARRIVAL_ATTESTATION`, `UNKNOWN`), or a VDS-NC's `data.hdr.t`.
    public var documentType: String
    /// TR-03171: the document profile named by the seal (`MELDEBESCHEINIGUNG`).
    public var documentProfile: String?
    public var header: Header
    public var features: [Feature]
    public var signature: Signature
    /// An ICAO seal's exact bytes in base64; nil for a VDS-NC, whose text is `barcode.text`.
    public var bytes: String?

    public init(
        kind: String, documentType: String, documentProfile: String?, header: Header, features: [Feature], signature: Signature, bytes: String?
    ) {
        self.kind = kind; self.documentType = documentType; self.documentProfile = documentProfile
        self.header = header; self.features = features; self.signature = signature; self.bytes = bytes
    }

    /// The seal's header; a VDS-NC has only the version and issuing country.
    public struct Header: Sendable, Codable, Equatable {
        public var version: Int
        /// ICAO three-letter code, `<` for a filler.
        public var issuingCountry: String
        public var signerIdentifier: String?
        public var certificateReference: String?
        /// ISO `YYYY-MM-DD`; nil when the bytes name no day.
        public var issueDate: String?
        public var signatureDate: String?
        public var featureDefinitionReference: Int?
        public var documentTypeCategory: Int?

        public init(
            version: Int, issuingCountry: String, signerIdentifier: String? = nil, certificateReference: String? = nil, issueDate: String? = nil,
            signatureDate: String? = nil, featureDefinitionReference: Int? = nil, documentTypeCategory: Int? = nil
        ) {
            self.version = version; self.issuingCountry = issuingCountry; self.signerIdentifier = signerIdentifier
            self.certificateReference = certificateReference; self.issueDate = issueDate; self.signatureDate = signatureDate
            self.featureDefinitionReference = featureDefinitionReference; self.documentTypeCategory = documentTypeCategory
        }
    }

    /// One feature of the message: its tag (nil for a VDS-NC member), its name (nil for a tag
    /// the profile does not know) and its value.
    public struct Feature: Sendable, Codable, Equatable {
        public var tag: Int?
        public var name: String?
        public var value: Value
        public init(tag: Int?, name: String?, value: Value) { self.tag = tag; self.name = name; self.value = value }
    }

    /// A feature's value, as `idreader vds` writes it: `type` is `text`, `mrz`, `number`,
    /// `date`, `durationOfStay`, `binary` or (VDS-NC) `json`, with the members of that type.
    public struct Value: Sendable, Codable, Equatable {
        public var type: String
        /// `text`, `mrz` (lines joined by a newline), `json` (the member as compact JSON), or a binary value's printable text.
        public var text: String?
        public var number: UInt64?
        public var date: String?
        public var days: Int?
        public var months: Int?
        public var years: Int?
        /// Binary: `bytes`, `uuid`, `jpeg2000` or `unknown`.
        public var kind: String?
        public var base64: String?

        public init(
            type: String, text: String? = nil, number: UInt64? = nil, date: String? = nil, days: Int? = nil, months: Int? = nil,
            years: Int? = nil, kind: String? = nil, base64: String? = nil
        ) {
            self.type = type; self.text = text; self.number = number; self.date = date
            self.days = days; self.months = months; self.years = years; self.kind = kind; self.base64 = base64
        }
    }

    /// The signature's verdict (docs/seals.md, "Verification").
    public struct Signature: Sendable, Codable, Equatable {
        /// `verified`, `failed` or `unknownSigner`.
        public var status: String
        /// `verified`, `failed` or `notChecked` (no CA certificates given).
        public var chain: String
        /// `reference`, `trial` or `embedded`; nil when no certificate verified or was named.
        public var selection: String?
        public var certificate: Certificate?
        /// One sentence on why the status is not `verified`, or how the certificate was found.
        public var note: String?

        public init(status: String, chain: String, selection: String? = nil, certificate: Certificate? = nil, note: String? = nil) {
            self.status = status; self.chain = chain; self.selection = selection; self.certificate = certificate; self.note = note
        }
    }

    /// The certificate that decided the signature's verdict.
    public struct Certificate: Sendable, Codable, Equatable {
        public var subject: String
        public var issuer: String
        public var serialNumber: String
        public var notBefore: String
        public var notAfter: String
        /// Whether the seal's signature date lies in the certificate's validity; nil without a date.
        public var validAtSigning: Bool?

        public init(subject: String, issuer: String, serialNumber: String, notBefore: String, notAfter: String, validAtSigning: Bool?) {
            self.subject = subject; self.issuer = issuer; self.serialNumber = serialNumber
            self.notBefore = notBefore; self.notAfter = notAfter; self.validAtSigning = validAtSigning
        }
    }
}
