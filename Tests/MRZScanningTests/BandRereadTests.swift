import Foundation
import IDCommon
import Imaging
import MRZ
import XCTest

@testable import MRZScanning

/// The search reads a band's lines once (`BandSearch.readAlready`): a later stage's band of
/// the same lines, upright or turned, and a band of some of the lines of a band read as an
/// MRZ cost no LSTM read; nor does a band's turned reading where its first reading holds
/// the check digits of its number and dates (`BandSearch.readUpright`).
final class BandRereadTests: XCTestCase {
    /// Three lines of 30 glyphs, 20 px high, 40 px apart.
    static let lines = (0..<3).map { Quadrilateral(x0: 100, y0: 200 + Double($0) * 40, x1: 700, y1: 220 + Double($0) * 40) }

    func testTwoOfABandsThreeLinesArePartOfIt() {
        XCTAssertTrue(BandSearch.isPart(Array(Self.lines[1...2]), of: Self.lines))
        XCTAssertTrue(BandSearch.isPart([Self.lines[2], Self.lines[0]], of: Self.lines), "in any order: the band turned")
    }

    func testTheWholeBandOneLineOrOtherLinesAreNot() {
        XCTAssertFalse(BandSearch.isPart(Self.lines, of: Self.lines), "as many lines: the band itself, read in its other direction")
        XCTAssertFalse(BandSearch.isPart([Self.lines[0]], of: Self.lines), "one line: a one-line layout (FRENCH_DL)")
        let below = Quadrilateral(x0: 100, y0: 320, x1: 700, y1: 340)
        XCTAssertFalse(BandSearch.isPart([Self.lines[2], below], of: Self.lines), "a line the band does not hold")
    }

    /// ICAO 9303's specimen passport (no person's data), its second line with the given
    /// check digits of the document number, the birth date and the expiry date.
    static func specimen(number: Character, birth: Character, expiry: Character) throws -> MRZResult {
        var second = Array("L898902C36UTO7408122F1204159ZE184226B<<<<<10")
        second[9] = number
        second[19] = birth
        second[27] = expiry
        return try MRZParser().parse(lines: ["P<UTOERIKSSON<<ANNA<MARIA<<<<<<<<<<<<<<<<<<<", String(second)])
    }

    func testTwoCheckDigitsOfNumberAndDatesHoldingMeanReadUpright() throws {
        let expiryWrong = try Self.specimen(number: "6", birth: "2", expiry: "1")
        XCTAssertFalse(expiryWrong.isValid)
        XCTAssertTrue(BandSearch.readUpright(expiryWrong), "number and birth date hold")
        XCTAssertFalse(BandSearch.readUpright(try Self.specimen(number: "1", birth: "5", expiry: "9")), "only the expiry date holds")
        XCTAssertFalse(BandSearch.readUpright(try Self.specimen(number: "<", birth: "<", expiry: "<")), "none holds")
    }

    /// A real TD2 whose reading fails one check digit (`pe_id-rou`, read exactly): its
    /// number and dates hold, so it was read the right way up, and reading it turned (7
    /// LSTM line reads on main 955e343, 11 in all) finds nothing.
    func testABandReadUprightIsNotReadTurned() throws {
        let (scan, reads, truth) = try Self.scan("pe_id-rou")
        XCTAssertLessThanOrEqual(reads, 6, "LSTM line reads")
        XCTAssertEqual(scan.readings.first?.result.lines, truth, "read exactly, as before")
    }

    /// The scan of a corpus picture (`name`.jpg), with its LSTM line reads and its truth.
    static func scan(_ name: String) throws -> (scan: MRZScan, reads: Int, truth: [String]) {
        let path = CorpusTests.corpus.appendingPathComponent(name + ".jpg").path
        let truth = try String(contentsOfFile: CorpusTests.corpus.appendingPathComponent(name + ".txt").path, encoding: .utf8)
            .split(whereSeparator: \.isNewline).map(String.init)
        let image = try ImageLoader().load(path: path)
        let (scan, profile) = StepProfile.recording { MRZScanner().scan(image) }
        let reads = [ProfiledStep.ocrFirstView, .ocrConfirmingView, .ocrRefitView].map { profile.counts[$0] ?? 0 }.reduce(0, +)
        return (scan, reads, truth)
    }

    /// A real TD1 whose reading fails its checks (`pe_id-usa-prc`): its chain band is read
    /// both ways, then two-line bands of its lines and the morphology's bands of the same
    /// lines turned were read again, 37 LSTM line reads in all (main 955e343); the reading
    /// shown stays the same.
    func testAnMRZReadInvalidIsNotReadAgainInPartsOrTurned() throws {
        let (scan, reads, truth) = try Self.scan("pe_id-usa-prc")
        XCTAssertLessThanOrEqual(reads, 12, "LSTM line reads")
        XCTAssertEqual(scan.readings.first?.result.lines, truth, "read exactly, as before")
        XCTAssertEqual(scan.readings.first?.result.isValid, false)
    }
}
