import XCTest
import MRZ
@testable import MRZScanning

/// The rules that put a field no check digit covers in doubt (the `ocrConfidence` check).
final class DoubtTests: XCTestCase {
    let td3 = ["P<UTOERIKSSON<<ANNA<MARIA<<<<<<<<<<<<<<<<<<<", "L898902C36UTO7408122F1204159ZE184226B<<<<<10"]
    let sure: [[Float]] = [Array(repeating: 99, count: 44), Array(repeating: 99, count: 44)]

    func testSureReadingOfKnownCodesRaisesNoDoubt() throws {
        let result = try MRZParser().parse(lines: td3)
        XCTAssertTrue(result.isValid)
        XCTAssertEqual(LineReader.doubtedFields(result, confidences: sure), [])
    }

    func testUnknownCountryCodeIsDoubtedThoughEveryDigitHolds() throws {
        // no check digit covers the issuing state: `MAC` misread `HAC` passes every check
        let result = try MRZParser().parse(lines: [td3[0].replacingOccurrences(of: "P<UTO", with: "P<HAC"), td3[1]])
        XCTAssertTrue(result.isValid)
        XCTAssertEqual(LineReader.doubtedFields(result, confidences: sure).map(\.rawValue), ["issuingCountry"])
    }

    func testLowConfidenceInTheNamesIsDoubted() throws {
        let result = try MRZParser().parse(lines: td3)
        var unsure = sure
        unsure[0][7] = 40  // a letter of the surname
        XCTAssertEqual(LineReader.doubtedFields(result, confidences: unsure), [.name])
        unsure = sure
        unsure[0][30] = .nan  // Tesseract's certainty can come out non-finite
        XCTAssertEqual(LineReader.doubtedFields(result, confidences: unsure), [.name])
        unsure = sure
        unsure[1][5] = 40  // the document number: proven by its digit
        XCTAssertEqual(LineReader.doubtedFields(result, confidences: unsure), [])
    }

    func testLettersAfterTheNamesFillersAreDoubted() throws {
        // the end of the name field read `<<<<K<<`: a filler misread as a letter
        let line1 = "P<UTOERIKSSON<<ANNA<MARIA<<<<<<<<<<<<<<K<<<<"
        let result = try MRZParser().parse(lines: [line1, td3[1]])
        XCTAssertTrue(result.isValid)
        XCTAssertEqual(LineReader.doubtedFields(result, confidences: sure), [.name])
        XCTAssertFalse(LineReader.hasLettersAfterFillerRun("ERIKSSON<<ANNA<MARIA<<<<<<"))
        XCTAssertFalse(LineReader.hasLettersAfterFillerRun("ERIKSSON<<ANNA<MARIA"))
        XCTAssertTrue(LineReader.hasLettersAfterFillerRun("ERIKSSON<<<ANNA"))
    }
}
