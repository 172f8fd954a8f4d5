import DocumentModel
import MRZ

/// How many of the frames that read a document read one of its fields as the consensus
/// shows it.
public struct FieldAgreement: Sendable, Codable, Equatable {
    /// The field's name: an MRZ field (`documentNumber`, `name`, `birthDate`, ...) or a
    /// document field of a licence (`surname`, `documentNumber`, ...).
    public let field: String
    /// Frames that read the document.
    public let read: Int
    /// Frames whose reading of the field is the one shown.
    public let agree: Int
}

/// One document as several frames read it: the readings of the frames that saw it, voted
/// into one.
///
/// An MRZ is voted character by character over the layout's cells (every reading has the
/// layout's line lengths); the voted lines are parsed again, so their check digits are
/// checked over the voted text.  A field the check digits do not prove (names, codes,
/// optional data without a digit) is proven only when every one of its characters has a
/// clear majority (two frames or more, and two thirds of those that read the document)
/// and either one frame read the whole field as shown without doubt or three frames read
/// it so; otherwise it stays uncertain and `ocrConfidence` fails: a consensus is never
/// valid where the frames leave a character in doubt.  A licence is proven by the same
/// payload decoded from two frames.  A seal is voted as a licence is, by its exact bytes,
/// never cell by cell: a signed MRZ parsed again as a printed one would lose its signature.
struct DocumentVote: Sendable {
    /// One frame's reading of the document.
    struct Member: Sendable {
        let frame: Int
        let document: IdentityDocument
    }

    private(set) var members: [Member]

    init(_ first: Member) { members = [first] }

    mutating func add(_ member: Member) { members.append(member) }

    /// Whether the vote is of printed MRZ readings (else of licence or seal payloads).
    var isMRZ: Bool { members[0].document.mrz != nil && members[0].document.vds == nil }

    /// What makes a seal the same seal in another frame: its exact bytes (a VDS-NC's QR
    /// text); nil for a document that is no seal.
    static func sealIdentity(_ document: IdentityDocument) -> String? {
        document.vds.map { $0.bytes ?? document.barcode?.text ?? "" }
    }

    /// The voted document, the agreement per field, and whether every field is proven.
    func outcome(parser: MRZParser) -> (document: IdentityDocument, agreement: [FieldAgreement], isStable: Bool) {
        isMRZ ? mrzOutcome(parser: parser) : licenceOutcome()
    }

    /// Whether `document` (one frame's reading) can be of the document this vote is about:
    /// an MRZ of the same layout whose characters differ in at most a quarter of the cells
    /// and whose proven number and dates (their check digits hold in both) are the same; a
    /// licence with the same payload or the same document number.
    func admits(_ document: IdentityDocument, parser: MRZParser) -> Bool {
        let shown = outcome(parser: parser).document
        if Self.sealIdentity(document) != nil || Self.sealIdentity(shown) != nil {
            return Self.sealIdentity(document) == Self.sealIdentity(shown)
        }
        if let mrz = document.mrz, let voted = shown.mrz {
            return Self.sameMRZDocument(mrz, document.checks, voted, shown.checks)
        }
        guard document.mrz == nil, shown.mrz == nil else { return false }
        if let a = document.barcode?.text, members.contains(where: { $0.document.barcode?.text == a }) { return true }
        guard let number = document.fields.documentNumber, !number.isEmpty else { return false }
        return number == shown.fields.documentNumber
    }

    // MARK: MRZ

    static func sameMRZDocument(_ a: MRZSection, _ aChecks: [DocumentCheck], _ b: MRZSection, _ bChecks: [DocumentCheck]) -> Bool {
        guard a.format == b.format, a.lines.map(\.count) == b.lines.map(\.count) else { return false }
        let cells = a.lines.map(\.count).reduce(0, +)
        let differing = zip(a.lines, b.lines).map { zip($0, $1).filter { $0 != $1 }.count }.reduce(0, +)
        guard differing * 4 <= cells else { return false }
        // a number or date whose own check digit holds in both readings is what was printed
        // in both: two documents if they differ
        guard let format = MRZFormat(rawValue: a.format) else { return true }
        for name in [MRZFieldName.documentNumber, .birthDate, .expiryDate] {
            guard let field = format.fieldPositions.first(where: { $0.name == name }),
                holds(name, aChecks), holds(name, bChecks)
            else { continue }
            if value(field, in: a.lines) != value(field, in: b.lines) { return false }
        }
        return true
    }

    private static func holds(_ name: MRZFieldName, _ checks: [DocumentCheck]) -> Bool {
        checks.first { $0.name == name.rawValue }?.valid == true
    }

    static func value(_ field: MRZFieldPosition, in lines: [String]) -> String? {
        guard lines.indices.contains(field.line) else { return nil }
        let line = Array(lines[field.line])
        guard field.range.upperBound <= line.count else { return nil }
        return String(line[field.range])
    }

    /// The minimum share of the frames reading a document that must agree on a character.
    static let clearMajority = 2.0 / 3.0
    /// Frames that must read a field alike to prove it when none read it without doubt.
    static let agreeingFramesWithoutCertainty = 3

    private func mrzOutcome(parser: MRZParser) -> (document: IdentityDocument, agreement: [FieldAgreement], isStable: Bool) {
        let readings = members.compactMap { member in member.document.mrz.map { (member, $0) } }
        let first = readings[0].1
        guard members.count > 1 else {
            let document = members[0].document
            return (document, Self.agreement(first.lines, format: first.format, readings.map(\.1.lines)), document.valid)
        }
        // per cell, the character most frames read (a tie: the one the earliest frame read)
        var voted: [String] = []
        var clear: [[Bool]] = []
        for (index, line) in first.lines.enumerated() {
            var text: [Character] = [], lineClear: [Bool] = []
            for column in 0..<line.count {
                var counts: [Character: Int] = [:], order: [Character] = []
                for (_, mrz) in readings {
                    let characters = Array(mrz.lines[index])
                    guard column < characters.count else { continue }
                    if counts[characters[column]] == nil { order.append(characters[column]) }
                    counts[characters[column], default: 0] += 1
                }
                let best = order.max { counts[$0]! < counts[$1]! } ?? "<"  // of equals the first (max keeps it)
                let votes = counts[best] ?? 0
                text.append(best)
                lineClear.append(votes >= 2 && Double(votes) >= Self.clearMajority * Double(readings.count))
            }
            voted.append(String(text))
            clear.append(lineClear)
        }
        guard let result = try? parser.parse(lines: voted) else {
            let document = members[0].document
            return (document, Self.agreement(first.lines, format: first.format, readings.map(\.1.lines)), false)
        }
        var uncertain: [String] = []
        for field in result.format.fieldPositions where !proven(field, voted: voted, clear: clear) {
            uncertain.append(field.name.rawValue)
        }
        var document = IdentityDocument(mrz: result, source: .mrz)
        document.checks.append(DocumentCheck(name: MRZCheck.Kind.ocrConfidence.rawValue, valid: uncertain.isEmpty))
        if let quality = members.compactMap(\.document.quality).first {
            document.quality = ImageQualitySection(
                characterHeight: quality.characterHeight, sharpness: quality.sharpness, glare: quality.glare, uncertainFields: uncertain)
        }
        return (document, Self.agreement(voted, format: result.format.rawValue, readings.map(\.1.lines)), document.valid)
    }

    /// Whether the frames prove `field` of the voted lines: every character clearly voted,
    /// and the whole field read as voted by one frame without doubt or by three frames.
    /// Fields with a check digit too: the parsed checks say whether the digit holds, but
    /// two swaps of one weight (`00` read `OO`) pass it, and frames of one print can
    /// repeat them.
    private func proven(_ field: MRZFieldPosition, voted: [String], clear: [[Bool]]) -> Bool {
        guard clear.indices.contains(field.line), field.range.allSatisfy({ clear[field.line].indices.contains($0) && clear[field.line][$0] })
        else { return false }
        let shown = Self.value(field, in: voted)
        let alike = members.filter { $0.document.mrz.flatMap { Self.value(field, in: $0.lines) } == shown }
        let certain = alike.contains { !($0.document.quality?.uncertainFields ?? []).contains(field.name.rawValue) }
        return certain || alike.count >= Self.agreeingFramesWithoutCertainty
    }

    private static func agreement(_ shown: [String], format: String, _ readings: [[String]]) -> [FieldAgreement] {
        guard let format = MRZFormat(rawValue: format) else { return [] }
        return format.fieldPositions.map { field in
            let value = value(field, in: shown)
            return FieldAgreement(field: field.name.rawValue, read: readings.count, agree: readings.filter { Self.value(field, in: $0) == value }.count)
        }
    }

    // MARK: Licences

    private func licenceOutcome() -> (document: IdentityDocument, agreement: [FieldAgreement], isStable: Bool) {
        // the payload most frames decoded (a tie: the earlier frame's)
        var counts: [String: Int] = [:]
        for member in members { counts[member.document.barcode?.text ?? "", default: 0] += 1 }
        let shown = members.max { a, b in
            let ca = counts[a.document.barcode?.text ?? ""]!, cb = counts[b.document.barcode?.text ?? ""]!
            return ca < cb || (ca == cb && a.frame > b.frame)
        }!
        let same = counts[shown.document.barcode?.text ?? ""] ?? 0
        let agreement = Self.licenceFields.map { name, value in
            FieldAgreement(
                field: name, read: members.count,
                agree: members.filter { value($0.document.fields) == value(shown.document.fields) }.count)
        }
        return (shown.document, agreement, same >= 2 && shown.document.valid)
    }

    /// The document fields a licence's agreement is reported for.
    static let licenceFields: [(String, @Sendable (DocumentFields) -> String?)] = [
        ("documentNumber", { $0.documentNumber }), ("surname", { $0.surname }), ("givenNames", { $0.givenNames }),
        ("birthDate", { $0.birthDate }), ("expiryDate", { $0.expiryDate }), ("issueDate", { $0.issueDate }), ("sex", { $0.sex }),
        ("issuingJurisdiction", { $0.issuingJurisdiction }),
    ]
}
