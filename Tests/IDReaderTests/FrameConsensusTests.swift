import DocumentModel
import Foundation
import IDCommon
import Imaging
import MRZ
import XCTest

@testable import IDReader
@testable import idreader

/// `FrameConsensus`: several frames' readings voted into one document, never valid where
/// the frames leave a character in doubt, never two documents merged.
final class FrameConsensusTests: XCTestCase {
    /// ICAO 9303 part 4's specimen passport.
    static let specimen = ["P<UTOERIKSSON<<ANNA<MARIA<<<<<<<<<<<<<<<<<<<", "L898902C36UTO7408122F1204159ZE184226B<<<<<10"]
    /// Another passport: another holder, number and dates (check digits computed by hand,
    /// ICAO 9303 part 3 §4.9).
    static let other = ["P<UTOMUSTERMANN<<ERIKA<<<<<<<<<<<<<<<<<<<<<<", "C01X00T478UTO6408125F2010315<<<<<<<<<<<<<<04"]

    static let package = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let corpus = package.appendingPathComponent("../shared/corpus/mrz").standardizedFileURL

    /// One frame's reading of `lines` as an image read reports it: with the fields the
    /// frame doubted and the `ocrConfidence` check.
    func frame(_ lines: [String], uncertain: [MRZFieldName] = [], name: String = "frame") throws -> ReadResult {
        var document = IdentityDocument(mrz: try MRZParser().parse(lines: lines), source: .mrz)
        document.checks.append(DocumentCheck(name: "ocrConfidence", valid: uncertain.isEmpty))
        document.quality = ImageQualitySection(characterHeight: 20, sharpness: 300, glare: 0, uncertainFields: uncertain.map(\.rawValue))
        return ReadResult(input: name, documents: [document])
    }

    /// `lines` with the character at `column` of line `line` replaced.
    func misread(_ lines: [String], line: Int, column: Int, as character: Character) -> [String] {
        var copy = lines
        var text = Array(copy[line])
        text[column] = character
        copy[line] = String(text)
        return copy
    }

    func consensus(_ frames: [ReadResult]) -> [ConsensusDocument] {
        let consensus = FrameConsensus()
        for frame in frames { _ = consensus.add(frame) }
        return consensus.documents
    }

    func testTheOtherPassportsCheckDigitsHold() throws {
        XCTAssertTrue(try MRZParser().parse(lines: Self.other).isValid)
    }

    func testMisreadsOfDifferentFramesAreOutvoted() throws {
        // one frame misreads the number (its digit fails), another the nationality's `U`
        let frames = [
            try frame(misread(Self.specimen, line: 1, column: 2, as: "8")),
            try frame(misread(Self.specimen, line: 1, column: 10, as: "V"), uncertain: [.nationality]),
            try frame(Self.specimen),
        ]
        let documents = consensus(frames)
        XCTAssertEqual(documents.count, 1)
        let voted = try XCTUnwrap(documents.first)
        XCTAssertEqual(voted.document.mrz?.lines, Self.specimen)
        XCTAssertTrue(voted.document.valid)
        XCTAssertTrue(voted.isStable)
        XCTAssertEqual(voted.frames, [0, 1, 2])
        XCTAssertEqual(voted.agreement.first { $0.field == "documentNumber" }.map { [$0.read, $0.agree] }, [3, 2])
        XCTAssertEqual(voted.agreement.first { $0.field == "nationality" }.map { [$0.read, $0.agree] }, [3, 2])
    }

    func testANameEveryFrameDoubtsIsProvenOnlyByThreeFramesReadingItAlike() throws {
        let wrong = misread(Self.specimen, line: 0, column: 8, as: "F")  // ERIKSSON read ERIFSSON
        let two = consensus([try frame(Self.specimen, uncertain: [.name]), try frame(wrong, uncertain: [.name]), try frame(Self.specimen, uncertain: [.name])])
        XCTAssertEqual(two.first?.document.mrz?.lines, Self.specimen)
        XCTAssertFalse(two.first?.document.valid ?? true, "two doubtful frames alike do not prove a name")
        XCTAssertEqual(two.first?.document.quality?.uncertainFields, ["name"])
        XCTAssertFalse(two.first?.isStable ?? true)

        let three = consensus([
            try frame(Self.specimen, uncertain: [.name]), try frame(wrong, uncertain: [.name]), try frame(Self.specimen, uncertain: [.name]),
            try frame(Self.specimen, uncertain: [.name]),
        ])
        XCTAssertEqual(three.first?.document.mrz?.lines, Self.specimen)
        XCTAssertTrue(three.first?.isStable ?? false)
    }

    func testACharacterTheFramesSplitOnStaysUncertain() throws {
        // two frames, each sure of itself, read the name two ways: no majority
        let documents = consensus([try frame(Self.specimen), try frame(misread(Self.specimen, line: 0, column: 8, as: "F"))])
        XCTAssertEqual(documents.count, 1)
        XCTAssertFalse(documents[0].document.valid)
        XCTAssertEqual(documents[0].document.quality?.uncertainFields, ["name"])
        XCTAssertFalse(documents[0].isStable)
    }

    func testOneFrameIsItsOwnReading() throws {
        let documents = consensus([try frame(Self.specimen, uncertain: [.name])])
        XCTAssertEqual(documents.count, 1)
        XCTAssertFalse(documents[0].isStable)
        XCTAssertEqual(documents[0].document.quality?.uncertainFields, ["name"])
    }

    func testReadingsOfTwoDocumentsAreNeverMerged() throws {
        let frames = [try frame(Self.specimen), try frame(Self.other), try frame(Self.specimen), try frame(Self.other)]
        let documents = consensus(frames)
        XCTAssertEqual(documents.map(\.frames), [[0, 2], [1, 3]])
        XCTAssertEqual(documents.map { $0.document.mrz?.lines ?? [] }, [Self.specimen, Self.other])
        XCTAssertTrue(documents.allSatisfy(\.isStable))
    }

    func testAnotherProvenNumberIsAnotherDocumentHoweverAlikeTheRest() throws {
        // the same holder's renewed passport: another number whose own check digit holds
        var renewed = Self.specimen
        renewed[1] = "L898903C33UTO7408122F1204159ZE184226B<<<<<16"
        XCTAssertTrue(try MRZParser().parse(lines: renewed).isValid)
        let documents = consensus([try frame(Self.specimen), try frame(renewed)])
        XCTAssertEqual(documents.count, 2)
    }

    func testALicenceIsStableWhenTwoFramesDecodeTheSamePayload() throws {
        let payload = try Data(contentsOf: Self.package.appendingPathComponent("samples/aamva/licence-v10.txt"))
        let text = String(decoding: payload, as: UTF8.self)
        let licence = try DocumentReader().read(
            aamvaPayload: Array(payload), source: .pdf417, barcode: BarcodeSection(format: .pdf417, text: text))
        let one = ReadResult(input: "a", documents: [licence])
        let nothing = ReadResult(input: "b", documents: [], error: ReadError(.noDocumentFound, "Glare.", cause: .glare))
        let consensus = FrameConsensus()
        XCTAssertEqual(consensus.add(one).consensus.first?.isStable, false)
        let report = consensus.add(nothing)
        XCTAssertEqual(report.state, .unusable(.glare))
        XCTAssertEqual(report.consensus.count, 1)
        let last = consensus.add(one)
        XCTAssertEqual(last.state, .good)
        XCTAssertEqual(last.consensus.first?.isStable, true)
        XCTAssertEqual(last.consensus.first?.frames, [0, 2])
        XCTAssertEqual(consensus.frameStates.map(\.name), ["good", "glare", "good"])
    }

    func testEveryStateHasItsOwnGuidance() {
        let states = [FrameState.good] + ReadFailureCause.allCases.map(FrameState.unusable)
        XCTAssertEqual(Set(states.map(\.guidance)).count, states.count)
        XCTAssertEqual(FrameState.unusable(.tooSmall).guidance, "Move closer.")
    }

    func testNoFrameWithADocumentReportsTheCauseMostFramesShowed() {
        let failures = [ReadFailureCause.blurred, .glare, .glare].enumerated().map { index, cause in
            ReadResult(input: "\(index)", documents: [], error: ReadError(.noDocumentFound, cause.rawValue, cause: cause))
        }
        let consensus = FrameConsensus()
        for failure in failures { _ = consensus.add(failure) }
        let result = ConsensusResult(consensus, results: failures)
        XCTAssertTrue(result.documents.isEmpty)
        XCTAssertEqual(result.error?.cause, .glare)
        XCTAssertEqual(result.frames.map(\.state), ["blurred", "glare", "glare"])
    }

    /// Real frames: one Czech passport photographed under four EXIF orientations, and
    /// another Czech passport among them.
    func testRealFramesOfOneScene() throws {
        let names = ["db_pass-cze-orient1.jpg", "db_pass-cze-orient2.jpg", "pe_pass-cze.jpg", "db_pass-cze-orient3.jpg", "db_pass-cze-orient6.jpg"]
        let reader = DocumentReader()
        let results = names.map { reader.read(imageAt: Self.corpus.appendingPathComponent($0).path, options: ReadOptions(only: .mrz)) }
        let consensus = FrameConsensus(reader: reader)
        for result in results { _ = consensus.add(result) }
        let expected = try String(contentsOf: Self.corpus.appendingPathComponent("db_pass-cze-orient1.txt"), encoding: .utf8)
            .split(whereSeparator: \.isWhitespace).map(String.init)
        let czech = try XCTUnwrap(consensus.documents.first { $0.document.mrz?.lines == expected })
        let exact = results.indices.filter { results[$0].documents.first?.mrz?.lines == expected }
        XCTAssertTrue(Set(exact).isSubset(of: czech.frames))
        XCTAssertGreaterThanOrEqual(czech.frames.count, 3)
        XCTAssertFalse(czech.frames.contains(2), "another passport's frame is never merged into it")
        XCTAssertTrue(czech.document.valid)
    }

    func testGreyFramesAndEncodedFramesAreReadAlike() throws {
        let path = Self.package.appendingPathComponent("samples/passports/td3-clean-000-r0.png").path
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
        let consensus = FrameConsensus()
        let encoded = consensus.add(imageData: bytes, name: "a.png")
        let grey = consensus.add(image: try ImageLoader().load(path: path), name: "b")
        XCTAssertEqual(encoded.result.documents, grey.result.documents)
        XCTAssertEqual(grey.consensus.first?.frames, [0, 1])
        XCTAssertEqual(grey.consensus.first?.isStable, true)
    }

    func testTheCLIPrintsOneResultForAllFrames() throws {
        let paths = ["samples/passports/td3-clean-000-r0.png", "samples/passports/td3-mild-000-r4.jpg", "samples/licences/licence-clean-000-r0.png"]
            .map { Self.package.appendingPathComponent($0).path }
        let console = RecordingConsole()
        let code = CLI(console: console).run(["read", "--consensus", "--jobs", "1"] + paths)
        XCTAssertEqual(code, 0)
        // one result, printed as the object a read of one picture prints
        let result = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(console.stdout.utf8)) as? [String: Any])
        XCTAssertEqual(result["input"] as? String, "consensus of 3 frames")
        let frames = try XCTUnwrap(result["frames"] as? [[String: Any]])
        XCTAssertEqual(frames.map { $0["state"] as? String }, ["good", "good", "good"])
        let documents = try XCTUnwrap(result["documents"] as? [[String: Any]])
        // two passport pages of different generated documents and one licence
        XCTAssertEqual(documents.count, 3)
        let votes = try XCTUnwrap(result["consensus"] as? [[String: Any]])
        XCTAssertEqual(votes.map { $0["frames"] as? [Int] ?? [] }, [[0], [1], [2]])

        let text = RecordingConsole()
        XCTAssertEqual(CLI(console: text).run(["read", "--consensus", "--format", "text", paths[0], paths[0]]), 0)
        XCTAssertTrue(text.stdout.contains("read in frames 1, 2 — STABLE"), text.stdout)
        XCTAssertTrue(text.stdout.contains("2 of 2 frames agree"))
    }

    func testConsensusAndAnnotateAreRefusedTogether() {
        let console = RecordingConsole()
        XCTAssertEqual(CLI(console: console).run(["read", "--consensus", "--annotate", "/tmp/x", "a.png"]), 2)
        XCTAssertTrue(console.stderr.contains("--consensus and --annotate"))
    }
}
