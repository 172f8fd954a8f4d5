import XCTest

@testable import MRZ

/// Properties over generated inputs; each test makes its own inputs from fixed seeds.
final class PropertyTests: XCTestCase {
    let parser = MRZParser(today: SimpleDate(year: 2026, month: 11, day: 30))

    func testGeneratedMRZsParseBackToTheirFields() throws {
        var generator = MRZGenerator(seed: 2026)
        for i in 0..<5_000 {
            let g = generator.next()
            let r = try parser.parse(lines: g.lines)
            XCTAssertEqual(r.format, g.format, "\(i)")
            XCTAssertTrue(r.isValid, "\(i): \(g.lines) \(r.checks)")
            XCTAssertEqual(r.documentNumber, g.documentNumber, "\(i)")
            if g.format.layout.fields.contains(where: { $0.name == .birthDate }) { XCTAssertEqual(r.birthDate?.raw, g.birthDate) }
            XCTAssertEqual(r.expiryDate?.raw, g.expiryDate)
            XCTAssertEqual(r.sex, g.sex == "<" ? nil : g.sex)
            XCTAssertEqual(r.issuingCountry, g.issuingCountry)
            if ![.frenchID, .swissDrivingLicense, .frenchDrivingLicence].contains(g.format) {
                XCTAssertEqual(r.nationality, g.nationality)
                XCTAssertEqual(r.optionalData, g.optionalData)
            }
            if r.isValid == false { break }
        }
    }

    /// A substitution that changes a character's value by a multiple of 10 (`0`/`A`/`K`/`U`/`<`,
    /// `1`/`B`/`L`/`V`, ...) is invisible to ICAO's 7-3-1 scheme; every other one is caught.
    func testEverySingleSubstitutionInACheckedFieldIsCaught() throws {
        var generator = MRZGenerator(seed: 7)
        var caught = 0, invisible = 0
        for format in [MRZFormat.td1, .td2, .td3, .mrvA, .mrvB, .frenchID] {
            for _ in 0..<20 {
                let g = generator.next(format: format)
                let layout = format.layout
                for field in layout.fields where field.checkDigit != nil {
                    var columns = Array(field.range)
                    columns.append(field.checkDigit!)
                    for column in columns {
                        let original = Array(g.lines[field.line].utf8)[column]
                        for replacement in MRZCharset.all where replacement != original {
                            let isCheckDigit = column == field.checkDigit!
                            let allowed = isCheckDigit ? CharacterClass.numeric : field.characters
                            guard allowed.allows(replacement) else { continue }
                            if format == .td1, field.name == .documentNumber, isCheckDigit || original == MRZCharset.filler { continue }
                            if field.name == .optionalData, isCheckDigit, replacement == MRZCharset.filler { continue }
                            var lines = g.lines.map { Array($0.utf8) }
                            lines[field.line][column] = replacement
                            let r = try parser.parse(lines: lines)
                            let delta = abs(CheckDigit.value(of: replacement)! - CheckDigit.value(of: original)!)
                            if delta % 10 == 0 && (!isCheckDigit || delta == 0) {
                                invisible += 1
                            } else {
                                XCTAssertFalse(r.isValid, "\(format) \(field.name) column \(column): \(lines)")
                                caught += 1
                            }
                        }
                    }
                }
            }
        }
        XCTAssertGreaterThan(caught, 50_000)
        XCTAssertGreaterThan(invisible, 0)
    }

    func testRandomTextNeverCrashes() {
        var rng = SeededRandom(seed: 99)
        let alphabet = Array("ABCXYZ0189<<<<\n\n \r«é\u{0}\u{7F}") + ["\u{1F600}"]
        var parsed = 0
        for _ in 0..<100_000 {
            let length = Int.random(in: 0...120, using: &rng)
            let text = String((0..<length).map { _ in alphabet.randomElement(using: &rng)! })
            if (try? parser.parse(text)) != nil { parsed += 1 }
        }
        // near-valid-length inputs: random MRZ characters in the right shapes
        for _ in 0..<100_000 {
            let shape = [[44, 44], [36, 36], [30, 30, 30], [9, 30, 30]].randomElement(using: &rng)!
            let lines = shape.map { n in String((0..<n).map { _ in Character(UnicodeScalar(MRZCharset.all.randomElement(using: &rng)!)) }) }
            let r = try? parser.parse(lines: lines)
            XCTAssertNotNil(r)
            if let r, r.checks.count >= 3 { XCTAssertFalse(r.isValid && r.checks.count == 99) }
        }
        XCTAssertGreaterThanOrEqual(parsed, 0)
    }

    func testRandomBytesNeverCrash() {
        var rng = SeededRandom(seed: 5)
        for _ in 0..<100_000 {
            let bytes = (0..<Int.random(in: 0...100, using: &rng)).map { _ in UInt8.random(in: 0...255, using: &rng) }
            _ = try? parser.parse(String(decoding: bytes, as: UTF8.self))
            _ = try? parser.parse(lines: [bytes])
        }
    }

    func testMutatorReportsEveryChange() {
        var generator = MRZGenerator(seed: 11)
        var mutator = MRZMutator(seed: 12, rate: 0.05)
        for _ in 0..<2_000 {
            let g = generator.next()
            let (damaged, mutations) = mutator.mutate(g.lines)
            if mutations.isEmpty { XCTAssertEqual(damaged, g.lines) } else { XCTAssertNotEqual(damaged, g.lines) }
            for m in mutations where m.kind == .flip || m.kind == .confusion {
                XCTAssertNotEqual(m.from, m.to)
            }
        }
    }

    /// OCR-style damage: letter↔digit confusions anywhere in names and codes, and at most
    /// one per field that a check digit covers (two errors in one field can cancel out
    /// under any mod-10 scheme).  Every reading the corrector calls valid is the original.
    func testCorrectionIsNeverValidButWrong() {
        var generator = MRZGenerator(seed: 31)
        var rng = SeededRandom(seed: 32)
        let corrector = MRZCorrector(parser: parser)
        // 6↔G is left out: their values differ by 10, which no 7-3-1 check digit can see.
        let pairs: [UInt8: UInt8] = [48: 79, 79: 48, 49: 73, 73: 49, 53: 83, 83: 53, 56: 66, 66: 56, 50: 90, 90: 50]
        var recovered = 0, wrong = 0, damaged = 0
        let total = 5_000
        for _ in 0..<total {
            let format = [MRZFormat.td1, .td2, .td3].randomElement(using: &rng)!
            let g = generator.next(format: format)
            var lines = g.lines.map { Array($0.utf8) }
            for field in format.layout.fields {
                let covered = MRZCorrector.isCoveredByCheck(field, layout: format.layout)
                var budget = covered ? 1 : Int.max
                for c in field.range where budget > 0 && Double.random(in: 0..<1, using: &rng) < 0.05 {
                    if let swap = pairs[lines[field.line][c]] { lines[field.line][c] = swap; budget -= 1 }
                }
            }
            if lines.map({ String(decoding: $0, as: UTF8.self) }) != g.lines { damaged += 1 }
            guard let c = corrector.correct(lines: lines.map { String(decoding: $0, as: UTF8.self) }) else { continue }
            if c.result.lines == g.lines { recovered += 1 } else { wrong += 1 }
        }
        XCTAssertEqual(wrong, 0)
        XCTAssertGreaterThan(damaged, 1_000)
        XCTAssertGreaterThan(Double(recovered) / Double(total), 0.9, "recovered \(recovered) of \(total)")
    }
}
