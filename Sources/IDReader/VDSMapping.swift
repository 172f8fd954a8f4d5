import DocumentModel
import Foundation
import MRZ
import VDS

// The mapping of a seal into the unified document lives here, not in DocumentModel: the
// `VDS` module links OpenSSL's libcrypto for the signature, and DocumentModel stays free of
// C libraries (its `VDSSection` holds plain values).

extension IdentityDocument {
    /// The unified document for a seal and its signature's verdict: the kind from the
    /// profile, the fields under the names the MRZ and the licence use (from the MRZ the seal
    /// signs, where it holds one, through `parser`), and the `vds` section. Valid only
    /// when the signature verifies (and the chain, when CA certificates were given), and
    /// the signed MRZ's own check digits hold.
    public init(seal: Seal, verification: SignatureVerification, parser: MRZParser = MRZParser()) {
        switch seal {
        case .icao(let icao): self.init(icao: icao, verification: verification, parser: parser)
        case .nonConstrained(let nc): self.init(nonConstrained: nc, verification: verification)
        }
    }

    private init(icao seal: VisibleDigitalSeal, verification: SignatureVerification, parser: MRZParser) {
        var warnings = seal.warnings
        if let lines = seal.mrzLines {
            do {
                let result = try parser.parse(lines: SealMRZ.parseableLines(lines))
                self.init(mrz: result, source: .vds)
                // the lines as signed: a visa's second line holds only its first 28 characters
                mrz?.lines = lines
            } catch {
                self.init(kind: .other, source: .vds, fields: DocumentFields(), checks: [])
                warnings.append("the seal's MRZ does not parse: \(error.description)")
            }
            self.warnings += warnings
        } else {
            self.init(kind: .other, source: .vds, fields: DocumentFields(), checks: [], warnings: warnings)
        }
        kind = Self.kind(sealDocumentType: seal.documentType)
        fields.fill(from: seal)
        checks = Self.signatureChecks(verification) + checks
        vds = VDSSection(
            kind: "vds", documentType: seal.documentType, documentProfile: seal.documentProfile, header: VDSSection.Header(seal.header),
            features: seal.features.map {
                VDSSection.Feature(tag: Int($0.tag), name: $0.name, value: VDSSection.Value($0.value))
            }, signature: VDSSection.Signature(verification), bytes: Data(seal.bytes).base64EncodedString())
    }

    private init(nonConstrained seal: NonConstrainedSeal, verification: SignatureVerification) {
        var fields = DocumentFields()
        fields.fill(from: seal)
        var features: [VDSSection.Feature] = []
        if case .object(let members) = seal.message {
            for (name, value) in members.sorted(by: { $0.key < $1.key }) {
                features.append(VDSSection.Feature(tag: nil, name: name, value: VDSSection.Value(json: value)))
            }
        }
        self.init(kind: .other, source: .vds, fields: fields, checks: Self.signatureChecks(verification))
        vds = VDSSection(
            kind: "vds-nc", documentType: seal.type, documentProfile: nil,
            header: VDSSection.Header(version: seal.version, issuingCountry: seal.issuingCountry), features: features,
            signature: VDSSection.Signature(verification), bytes: nil)
    }

    /// `signature` (the status is `verified`), and `certificateChain` when CA certificates
    /// were given: a seal is valid only when its signer is proven.
    static func signatureChecks(_ verification: SignatureVerification) -> [DocumentCheck] {
        var checks = [DocumentCheck(name: "signature", valid: verification.status == .verified)]
        if verification.chain != .notChecked { checks.append(DocumentCheck(name: "certificateChain", valid: verification.chain == .verified)) }
        return checks
    }

    /// The kind of a seal's profile (docs/seals.md's table); a profile the model has no
    /// kind for is `other`.
    static func kind(sealDocumentType type: String) -> DocumentKind {
        switch type {
        case "VISA": return .visa
        case "EMERGENCY_TRAVEL_DOCUMENT": return .travelDocument
        case "ARRIVAL_ATTESTATION": return .arrivalAttestation
        case "RESIDENCE_PERMIT", "SUPPLEMENTARY_SHEET": return .residencePermit
        case "SOCIAL_INSURANCE_CARD": return .socialInsuranceCard
        case let t where t.hasPrefix("ADDRESS_STICKER"): return .addressSticker
        default: return .other
        }
    }
}

/// The MRZ a seal signs, held against a printed one.
enum SealMRZ {
    /// The lines the MRZ parser reads: a visa seal stores only the first 28 characters of
    /// the second line (ICAO 9303-13, the visa profile), which are padded with fillers to the
    /// first line's length; the padded part is optional data, under no check digit.
    static func parseableLines(_ lines: [String]) -> [String] {
        guard lines.count == 2, let width = lines.first?.count, lines[1].count < width else { return lines }
        return [lines[0], lines[1] + String(repeating: "<", count: width - lines[1].count)]
    }

    /// Whether printed MRZ lines say what the signed ones say: line by line, each signed
    /// line against the printed line's first as many characters (a visa's second line is
    /// signed cut to 28), and no printed line longer than the signed one unless the seal
    /// cut it.
    static func matches(signed: [String], printed: [String]) -> Bool {
        guard signed.count == printed.count else { return false }
        return zip(signed, printed).enumerated().allSatisfy { index, pair in
            let (signedLine, printedLine) = pair
            let cut = index == signed.count - 1 && signedLine.count < (signed.first?.count ?? 0)
            return cut ? printedLine.hasPrefix(signedLine) : printedLine == signedLine
        }
    }
}

extension DocumentFields {
    /// The fields a seal carries beside its MRZ: the issuing state and issue date from the
    /// header, names and numbers of the profiles without an MRZ.
    fileprivate mutating func fill(from seal: VisibleDigitalSeal) {
        let country = seal.header.issuingCountry.replacingOccurrences(of: "<", with: "")
        if issuingCountry?.isEmpty ?? true { issuingCountry = country }
        issueDate = issueDate ?? seal.header.documentIssueDate?.description
        func text(_ name: String) -> String? { seal.feature(name)?.value.text }
        switch seal.documentType {
        case "SOCIAL_INSURANCE_CARD":
            documentNumber = text("SOCIAL_INSURANCE_NUMBER")
            surname = text("SURNAME")
            givenNames = text("FIRST_NAME")
        case let type where type.hasPrefix("ADDRESS_STICKER"):
            documentNumber = text("DOCUMENT_NUMBER")
            if let postalCode = text("POSTAL_CODE") { address = Address(postalCode: postalCode, country: country) }
        default: break
        }
    }
}

extension DocumentFields {
    /// The fields of a VDS-NC's message, by ICAO's message schemas (TR "VDS-NC": proof of
    /// testing `icao.test`, proof of vaccination `icao.vacc`), whatever the seal's type:
    /// - `documentNumber`: the certificate's own identifier, `uvci` or `utci` (the holder's
    ///   travel document number, `pid.i` or `pid.dn`, stays in the `vds` features, as a
    ///   visa seal's passport number does);
    /// - `surname` and `givenNames`: `pid.n`, one name, the primary identifier first
    ///   (ICAO's examples `Smith Bill`, `Cook Gerald`), cut at its first blank;
    /// - `birthDate`: `pid.dob`; `sex`: `pid.sex`; `issueDate`: the day of `dat.ri` (the
    ///   test report's issue, `2021-02-11T14:00:00+08:00`), all as written when they have
    ///   the model's form (ISO `YYYY-MM-DD`; `M`, `F` or `X`), else left empty.
    fileprivate mutating func fill(from seal: NonConstrainedSeal) {
        issuingCountry = seal.issuingCountry
        let message = seal.message
        documentNumber = (message["uvci"] ?? message["utci"])?.string
        issueDate = message["dat"]?["ri"]?.string.flatMap { Self.isoDay(String($0.prefix(10))) }
        guard let person = message["pid"] else { return }
        if let name = person["n"]?.string?.trimmingCharacters(in: .whitespaces), !name.isEmpty {
            let parts = name.split(separator: " ", maxSplits: 1)
            surname = String(parts[0])
            givenNames = parts.count > 1 ? String(parts[1]).trimmingCharacters(in: .whitespaces) : nil
        }
        birthDate = person["dob"]?.string.flatMap(Self.isoDay)
        sex = person["sex"]?.string.flatMap { ["M", "F", "X"].contains($0) ? $0 : nil }
    }

    /// `text` when it is an ISO 8601 calendar day, `YYYY-MM-DD`.
    private static func isoDay(_ text: String) -> String? {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 3, parts.map(\.count) == [4, 2, 2], parts.allSatisfy({ $0.allSatisfy(\.isASCII) }),
            let month = Int(parts[1]), let day = Int(parts[2]), Int(parts[0]) != nil, (1...12).contains(month), (1...31).contains(day)
        else { return nil }
        return text
    }
}

extension VDSSection.Header {
    init(_ header: SealHeader) {
        self.init(
            version: header.version, issuingCountry: header.issuingCountry, signerIdentifier: header.signerIdentifier,
            certificateReference: header.certificateReference, issueDate: header.documentIssueDate?.description,
            signatureDate: header.signatureCreationDate?.description, featureDefinitionReference: Int(header.featureDefinitionReference),
            documentTypeCategory: Int(header.documentTypeCategory))
    }
}

extension VDSSection.Value {
    init(_ value: SealValue) {
        switch value {
        case .text(let text): self.init(type: "text", text: text)
        case .mrz(let text): self.init(type: "mrz", text: text)
        case .number(let number): self.init(type: "number", number: number)
        case .date(let date): self.init(type: "date", date: date.description)
        case .durationOfStay(let stay): self.init(type: "durationOfStay", days: stay.days, months: stay.months, years: stay.years)
        case .binary(let kind, let bytes, let text):
            self.init(type: "binary", text: text, kind: kind.rawValue, base64: Data(bytes).base64EncodedString())
        }
    }

    /// A VDS-NC message member: a string as text, anything else as its compact JSON.
    init(json value: JSONValue) {
        if let text = value.string {
            self.init(type: "text", text: text)
            return
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let text = (try? encoder.encode(value)).map { String(decoding: $0, as: UTF8.self) }
        self.init(type: "json", text: text)
    }
}

extension VDSSection.Signature {
    init(_ verification: SignatureVerification) {
        self.init(
            status: verification.status.rawValue, chain: verification.chain.rawValue, selection: verification.selection?.rawValue,
            certificate: verification.certificate.map {
                VDSSection.Certificate(
                    subject: $0.subject, issuer: $0.issuer, serialNumber: $0.serialNumber, notBefore: $0.notBefore, notAfter: $0.notAfter,
                    validAtSigning: $0.validAtSigning)
            }, note: verification.note)
    }
}
