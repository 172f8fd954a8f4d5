import Foundation
import XCTest

@testable import AAMVA

/// A payload written for a test, laid out as a corpus case of ../shared/corpus/aamva: the
/// fields a correct parser returns (keys of ../shared/corpus/README.md) and raw elements.
struct CorpusCase {
    let name: String
    let payload: [UInt8]
    let expected: [String: Any]
    var elements: [String: String] = [:]

    init(name: String, payload: String, expected: [String: Any], elements: [String: String] = [:]) {
        self.init(name: name, bytes: Array(payload.utf8), expected: expected, elements: elements)
    }

    init(name: String, bytes: [UInt8], expected: [String: Any], elements: [String: String] = [:]) {
        self.name = name
        self.payload = bytes
        self.expected = expected
        self.elements = elements
    }
}

extension XCTestCase {
    /// Parses each case and fails with one line per field that differs from the expected
    /// one (the corpus comparator), or that holds a control character.
    func check(_ cases: [CorpusCase], file: StaticString = #filePath, line: UInt = #line) throws {
        var failures: [String] = []
        for c in cases {
            let r = try AAMVAParser().parse(c.payload)
            failures += CorpusTests.mismatches(r, name: c.name, expected: c.expected, elements: c.elements).failures
            failures += controlCharacters(in: r).map { "\(c.name): control character in \($0)" }
        }
        XCTAssertEqual(failures, [], file: file, line: line)
    }

    /// The elements and string fields of `r` that hold a C0 control character or DEL.
    func controlCharacters(in r: AAMVAResult) -> [String] {
        func bad(_ s: String) -> Bool { s.unicodeScalars.contains { $0.value < 0x20 || $0.value == 0x7F } }
        var found = r.elements.filter { bad($0.value) }.map { "element \($0.id)" }
        for child in Mirror(reflecting: r.fields).children {
            // an optional String field casts to String when it holds a value
            if let s = child.value as? String, bad(s) { found.append("field \(child.label ?? "?")") }
        }
        return found
    }
}
