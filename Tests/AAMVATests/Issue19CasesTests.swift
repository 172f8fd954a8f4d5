import XCTest
import Foundation
@testable import AAMVA

/// Corpus-style cases for issue 19 ("AAMVA values still read wrong"): each payload is laid
/// out as the standard says (header, directory, subfiles; ../shared/aamva/STANDARD_NOTES.md
/// §2) with one deviation real cards show, and the fields the standard gives for it.
/// Checked with the corpus comparator, so the keys are those of ../shared/corpus/README.md.
final class Issue19CasesTests: XCTestCase {
    struct Case {
        let name: String
        let payload: String
        let expected: [String: Any]
        var elements: [String: String] = [:]
    }

    func check(_ cases: [Case], file: StaticString = #filePath, line: UInt = #line) throws {
        var failures: [String] = []
        for c in cases {
            let r = try AAMVAParser().parse(c.payload)
            failures += CorpusTests.mismatches(r, name: c.name, expected: c.expected, elements: c.elements).failures
            failures += Self.controlCharacters(in: r).map { "\(c.name): control character in \($0)" }
        }
        XCTAssertEqual(failures, [], file: file, line: line)
    }

    /// The elements and string fields of `r` that hold a C0 control character or DEL.
    static func controlCharacters(in r: AAMVAResult) -> [String] {
        func bad(_ s: String) -> Bool { s.unicodeScalars.contains { $0.value < 0x20 || $0.value == 0x7F } }
        var found = r.elements.filter { bad($0.value) }.map { "element \($0.id)" }
        for child in Mirror(reflecting: r.fields).children {
            // an optional String field casts to String when it holds a value
            if let s = child.value as? String, bad(s) { found.append("field \(child.label ?? "?")") }
        }
        return found
    }

    /// A payload cut short by NULs leaves too few separators to split on them; the line feed
    /// that ended the last element is not part of its value, nor is any control character.
    func testControlCharactersNeverEndUpInValues() throws {
        let nuls = String(repeating: "\u{0}", count: 24)
        let annex = "@\n\u{1E}\rANSI 636000100102DL00410278ZV03190008DLDAQT64235789\n"
        try check([
            Case(name: "va_v10_cut_by_NUL_after_DAQ", payload: annex + nuls,
                 expected: ["jurisdiction": "VA", "document_number": "T64235789"], elements: ["DAQ": "T64235789"]),
            Case(name: "va_v10_cut_by_NUL_after_DCS", payload: annex + "DCSSAMPLE\n" + nuls,
                 expected: ["document_number": "T64235789", "last_name": "SAMPLE"],
                 elements: ["DAQ": "T64235789", "DCS": "SAMPLE"]),
            Case(name: "va_v10_control_characters_in_values",
                 payload: "@\n\u{1E}\rANSI 636000100102DL00410278ZV03190008DLDAQT64235789\nDCSSAMPLE\nDDEN\nDACMICHAEL\u{1D}\nDDFN\nDADJOHN\nDDGN\nDCUJR\nDCAD\nDCBK\nDCDPH\nDBD06062019\nDBB06061986\nDBA12102024\nDBC1\nDAU068 in\nDAYBRO\nDAG2300 WEST BROAD STREET\nDAIRICHMOND\u{7}\nDAJVA\nDAK232690000  \nDCF2424244747474786102204\nDCGUSA\nDCK123456789\nDDAF\nDDB06062018\nDDC06062020\nDDD1\rZVZVA01\r",
                 expected: ["first_name": "MICHAEL", "middle_name": "JOHN", "city": "RICHMOND", "state": "VA"],
                 elements: ["DAC": "MICHAEL", "DAI": "RICHMOND"]),
        ])
    }
}
