import Foundation
import XCTest

@testable import AAMVA

/// Every case of ../shared/corpus/aamva/ parses to the fields its JSON expects.
final class CorpusTests: XCTestCase {
    static let corpus = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("../shared/corpus/aamva").standardizedFileURL

    func cases() throws -> [(name: String, payload: [UInt8], json: [String: Any])] {
        let names = try FileManager.default.contentsOfDirectory(atPath: Self.corpus.path)
            .filter { $0.hasSuffix(".json") }.sorted()
        return try names.map { name in
            let base = String(name.dropLast(5))
            let payload = try Data(contentsOf: Self.corpus.appendingPathComponent(base + ".txt"))
            let json = try JSONSerialization.jsonObject(with: Data(contentsOf: Self.corpus.appendingPathComponent(name))) as! [String: Any]
            return (base, Array(payload), json)
        }
    }

    func testEveryCaseGivesItsExpectedFields() throws {
        let all = try cases()
        XCTAssertGreaterThanOrEqual(all.count, 30, "corpus at \(Self.corpus.path)")
        var asserted = 0, failures: [String] = []
        for c in all {
            let expected = c.json["expected"] as? [String: Any] ?? [:]
            if expected["not_aamva_pdf417"] as? Bool == true {
                XCTAssertThrowsError(try AAMVAParser().parse(c.payload), c.name)
                continue
            }
            let r: AAMVAResult
            do { r = try AAMVAParser().parse(c.payload) } catch { failures.append("\(c.name): threw \(error)"); continue }
            let (count, found) = Self.mismatches(r, name: c.name, expected: expected, elements: c.json["elements"] as? [String: String] ?? [:])
            asserted += count
            failures += found
        }
        XCTAssertEqual(failures, [], "\(failures.count) mismatches of \(asserted) asserted fields")
        XCTAssertGreaterThan(asserted, 500)
    }

    /// Compares a parse with a case's `expected` fields and raw `elements` (the keys of
    /// ../shared/corpus/README.md, plus `hair_color`): the number of fields asserted and
    /// one line per mismatch.
    static func mismatches(
        _ r: AAMVAResult, name: String, expected: [String: Any],
        elements: [String: String]
    ) -> (asserted: Int, failures: [String]) {
        let f = r.fields
        var asserted = 0, failures: [String] = []
        for (key, value) in expected {
            let actual: Any?
            switch key {
            case "iin": actual = r.header.iin
            case "aamva_version": actual = r.header.version
            case "jurisdiction_version": actual = r.header.jurisdictionVersion
            case "jurisdiction": actual = f.jurisdiction
            case "country": actual = f.country
            case "document_type": actual = f.documentType
            case "first_name": actual = f.firstName
            case "middle_name": actual = f.middleName
            case "last_name": actual = f.lastName
            case "suffix": actual = f.suffix
            case "given_names": actual = r.value("DCT")
            case "dob": actual = f.birthDate
            case "issue_date": actual = f.issueDate
            case "expiry_date": actual = f.expiryDate
            case "document_number": actual = f.documentNumber
            case "sex": actual = f.sex
            case "street": actual = f.street
            case "street2": actual = f.street2
            case "city": actual = f.city
            case "state": actual = f.state
            case "postal_code": actual = f.postalCode.map { $0.replacingOccurrences(of: " ", with: "").prefix(f.country == "CAN" ? 6 : 5) }.map(String.init)
            case "postal_code_raw": actual = f.postalCodeRaw
            case "height_in": actual = f.heightInches
            case "height_cm": actual = f.heightCm
            case "eye_color": actual = f.eyeColor
            case "hair_color": actual = f.hairColor
            case "weight_lb": actual = f.weightPounds
            default: failures.append("\(name): unknown expected key \(key)"); continue
            }
            asserted += 1
            let same: Bool
            switch (value, actual) {
            case (is NSNull, nil): same = true
            case (let e as String, let a as String): same = e == a
            case (let e as NSNumber, let a as Int): same = e.intValue == a
            case (let e as Int, let a as Int): same = e == a
            default: same = false
            }
            if !same { failures.append("\(name).\(key): expected \(value), got \(String(describing: actual))") }
        }
        for (id, value) in elements where r.value(id) != value.trimmingCharacters(in: .whitespaces) {
            failures.append("\(name) element \(id): expected '\(value)', got '\(r.value(id) ?? "nil")'")
        }
        return (asserted, failures)
    }
}
