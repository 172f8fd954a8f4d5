import DocumentModel
import Foundation
import IDReader

/// Renders results in the contract's formats.
enum Output {
    static func jsonEncoder(pretty: Bool) -> JSONEncoder { ContractJSON.encoder(pretty: pretty) }

    static func encode<T: Encodable>(_ value: T, pretty: Bool) -> String { ContractJSON.encode(value, pretty: pretty) }

    /// The whole output for `json` (one object, or an array when there are several inputs).
    static func json<T: Encodable>(_ results: [T]) -> String { ContractJSON.document(results) }

    static func jsonLine<T: Encodable>(_ result: T) -> String { ContractJSON.line(result) }

    /// A human-readable table of one result.
    static func text(_ result: ReadResult) -> String {
        var s = "\(result.input)\n"
        if let error = result.error { s += "  error (\(error.code.rawValue)): \(error.message)\n" }
        for (i, doc) in result.documents.enumerated() {
            s += "  document \(i + 1): \(doc.kind.rawValue) from \(doc.source.rawValue) — \(doc.valid ? "VALID" : "INVALID")\n"
            let f = doc.fields
            let rows: [(String, String?)] = [
                ("documentCode", f.documentCode), ("documentNumber", f.documentNumber), ("issuingCountry", f.issuingCountry),
                ("issuingJurisdiction", f.issuingJurisdiction), ("surname", f.surname), ("givenNames", f.givenNames),
                ("middleNames", f.middleNames), ("nameSuffix", f.nameSuffix), ("nationality", f.nationality),
                ("birthDate", f.birthDate), ("sex", f.sex), ("issueDate", f.issueDate), ("expiryDate", f.expiryDate),
                ("optionalData", f.optionalData),
                ("address", f.address.map { a in [a.street, a.street2, a.city, a.region, a.postalCode, a.country].compactMap { $0 }.joined(separator: ", ") }),
                ("heightCm", f.heightCm.map(String.init)), ("weightKg", f.weightKg.map(String.init)),
                ("eyeColor", f.eyeColor), ("hairColor", f.hairColor), ("vehicleClass", f.vehicleClass),
                ("restrictions", f.restrictions), ("endorsements", f.endorsements),
            ]
            for (name, value) in rows { if let value { s += "    \(name.padding(toLength: 20, withPad: " ", startingAt: 0)) \(value)\n" } }
            if !doc.checks.isEmpty {
                s += "    checks               " + doc.checks.map { "\($0.name) \($0.valid ? "ok" : "FAILED")" }.joined(separator: ", ") + "\n"
            }
            for warning in doc.warnings { s += "    warning              \(warning)\n" }
            if let mrz = doc.mrz { for line in mrz.lines { s += "    mrz                  \(line)\n" } }
            if let seal = doc.vds {
                s += "    seal                 \(seal.documentType), signature \(seal.signature.status), chain \(seal.signature.chain)\n"
            }
        }
        return s
    }

    /// Exit code of the contract for a set of results.
    /// A consensus as text: the voted documents as `text(_:)` shows them, each with its
    /// frames and the agreement per field, then each frame's state.
    static func text(_ result: ConsensusResult) -> String {
        var s = text(result.readResult)
        for (index, vote) in result.consensus.enumerated() {
            s += "  document \(index + 1): read in frames \(vote.frames.map { String($0 + 1) }.joined(separator: ", ")) — "
            s += vote.stable ? "STABLE\n" : "not stable yet\n"
            for field in vote.fields {
                s += "    \(field.field.padding(toLength: 20, withPad: " ", startingAt: 0)) \(field.agree) of \(field.read) frames agree\n"
            }
        }
        for (index, frame) in result.frames.enumerated() {
            s += "  frame \(index + 1): \(frame.input) — \(frame.state)\(frame.read ? ", read" : "")\n"
        }
        return s
    }

    static func exitCode(_ results: [ReadResult]) -> ExitCode {
        if results.contains(where: { $0.error?.code.isUnreadable == true }) { return .unreadableInput }
        if results.contains(where: { !$0.hasValidDocument }) { return .failure }
        return .success
    }
}
