import IDCommon
import XCTest

@testable import AAMVA

final class PropertyTests: XCTestCase {
    func assertFields(_ r: AAMVAResult, _ expected: AAMVAFields, _ context: String, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(r.fields, expected, context, file: file, line: line)
    }

    func testBuilderParserRoundTripForThousandsOfSeeds() throws {
        var generator = AAMVAGenerator(seed: 1)
        for i in 0..<3_000 {
            let g = generator.next()
            let r = try AAMVAParser().parse(g.payload)
            XCTAssertTrue(r.isValid, "\(i) v\(g.version): \(r.checks) \(r.warnings)")
            XCTAssertEqual(r.header.version, g.version)
            assertFields(r, g.expected, "\(i) v\(g.version) \(String(decoding: g.payload, as: UTF8.self))")
            if r.fields != g.expected { break }
        }
    }

    func testEveryVersionRoundTrips() throws {
        for version in 1...11 {
            var generator = AAMVAGenerator(seed: UInt64(version))
            let g = generator.next(version: version)
            let r = try AAMVAParser().parse(g.payload)
            XCTAssertTrue(r.isValid, "v\(version) \(r.checks)")
            XCTAssertEqual(r.fields, g.expected, "v\(version)")
        }
    }

    /// Damage that capture paths do but that loses no element: every field still decodes.
    func testRecoverableDamageKeepsEveryField() throws {
        let recoverable: [AAMVAMutation.Kind] = [
            .separatorsToCRLF, .separatorsRemoved, .separatorsToSpaces, .leadingJunk,
            .c1Noise, .offsetsZeroed, .fsForRS,
        ]
        for kind in recoverable {
            var generator = AAMVAGenerator(seed: 2)
            var mutator = AAMVAMutator(seed: 3, rate: 1)
            var failures = 0
            for _ in 0..<300 {
                let g = generator.next()
                let (damaged, mutation) = mutator.apply(kind, to: g.payload)
                XCTAssertNotNil(mutation)
                let r = try AAMVAParser().parse(damaged)
                if r.fields != g.expected {
                    failures += 1
                    if failures < 3 {
                        let a = Mirror(reflecting: r.fields).children.map { "\($0.label!)=\($0.value)" }
                        let e = Mirror(reflecting: g.expected).children.map { "\($0.label!)=\($0.value)" }
                        XCTFail(
                            "\(kind): \(String(decoding: damaged, as: UTF8.self).debugDescription)\ngot \(Set(a).subtracting(e))\nwant \(Set(e).subtracting(a))"
                        )
                    }
                }
                if kind == .offsetsZeroed { XCTAssertFalse(r.checks.first { $0.name == "subfileDirectory" }!.valid) }
                // a byte-order mark is encoding, not junk; other bytes before '@' fail the header check
                if kind == .fsForRS || (kind == .leadingJunk && damaged.first != 0xEF) {
                    XCTAssertFalse(r.checks.first { $0.name == "header" }!.valid, "\(kind) \(damaged.prefix(8))")
                }
            }
            XCTAssertEqual(failures, 0, "\(kind)")
        }
    }

    func testTruncationIsAFailedCheckNotAnError() throws {
        var generator = AAMVAGenerator(seed: 6)
        var mutator = AAMVAMutator(seed: 7, rate: 1)
        for _ in 0..<300 {
            let (damaged, _) = mutator.apply(.truncated, to: generator.next().payload)
            guard let r = try? AAMVAParser().parse(damaged) else { continue }  // cut inside the header: not AAMVA any more
            XCTAssertFalse(r.isValid)
        }
    }

    func testRandomMutationsAndBytesNeverCrash() {
        var generator = AAMVAGenerator(seed: 3)
        var mutator = AAMVAMutator(seed: 4, rate: 0.3)
        var rng = SeededRandom(seed: 5)
        for _ in 0..<20_000 {
            let (damaged, _) = mutator.mutate(generator.next().payload)
            _ = try? AAMVAParser().parse(damaged)
        }
        let header = Array("@\n\u{1E}\rANSI 6360001001".utf8)
        for i in 0..<100_000 {
            let n = Int(rng.next() % 200)
            var bytes = (0..<n).map { _ in UInt8(truncatingIfNeeded: rng.next()) }
            if i % 2 == 0 { bytes = header + bytes }  // get past the header search half the time
            _ = try? AAMVAParser().parse(bytes)
        }
    }

    /// Whatever damage a payload has, no element value or decoded field holds a control
    /// character (they separate elements; they are never part of one).
    func testNoValueEverHoldsAControlCharacter() throws {
        var generator = AAMVAGenerator(seed: 8)
        var mutator = AAMVAMutator(seed: 9, rate: 0.5)
        var failures: [String] = []
        for i in 0..<3_000 {
            var (damaged, _) = mutator.mutate(generator.next().payload)
            // every third payload also cut short, as a NUL-padded buffer leaves it
            if i % 3 == 0, damaged.count > 60 { damaged = Array(damaged.prefix(60 + i % 120)) + [0, 0, 0, 0] }
            guard let r = try? AAMVAParser().parse(damaged) else { continue }
            let found = controlCharacters(in: r)
            if !found.isEmpty { failures.append("\(i): \(found)") }
        }
        XCTAssertEqual(failures.prefix(5), [], "\(failures.count) payloads")
    }
}
