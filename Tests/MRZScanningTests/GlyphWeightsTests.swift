import Foundation
import XCTest

@_spi(Evaluation) @testable import MRZScanning

/// Another weights file than the shipped one, read by the benches only (`GlyphWeights`,
/// `idreader-bench … --glyph-weights`): the document folds' models.
final class GlyphWeightsTests: XCTestCase {
    /// The bytes of a weights file (the format glyphs.py writes) whose network reads every
    /// cell as `always`: no weights, one hidden unit, the output biases favouring it.
    func weights(readingEveryCellAs always: Character) -> Data {
        let charset = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789<")
        let inputs = LineCells.glyphWidth * LineCells.glyphHeight
        var bytes = Data("MRZG".utf8)
        func uint32(_ v: Int) { withUnsafeBytes(of: UInt32(v).littleEndian) { bytes.append(contentsOf: $0) } }
        func floats(_ values: [Float]) { for v in values { withUnsafeBytes(of: v.bitPattern.littleEndian) { bytes.append(contentsOf: $0) } } }
        for v in [1, LineCells.glyphWidth, LineCells.glyphHeight, inputs, 1, charset.count] { uint32(v) }
        bytes.append(contentsOf: String(charset).utf8)
        floats(Array(repeating: 0, count: inputs))
        floats([1])
        bytes.append(contentsOf: Array(repeating: 0, count: inputs))
        floats([1])
        floats([1])
        bytes.append(contentsOf: Array(repeating: 0, count: charset.count))
        floats(charset.map { $0 == always ? 10 : 0 })
        return bytes
    }

    func file(_ data: Data) throws -> String {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("glyph-weights-\(UUID().uuidString).bin")
        try data.write(to: url)
        addTeardownBlock { try? FileManager.default.removeItem(at: url) }
        return url.path
    }

    func testLineReadersUseTheGivenWeightsOnlyWhileReadingWithThem() throws {
        let blank = [Float](repeating: 0, count: LineCells.glyphWidth * LineCells.glyphHeight)
        let x = try GlyphWeights(contentsOf: file(weights(readingEveryCellAs: "X")))
        let inside = x.whileReading { GlyphClassifier.inUse?.ranked(blank).first?.character }
        XCTAssertEqual(inside, "X")
        let shipped = try XCTUnwrap(GlyphClassifier.shipped)
        XCTAssertEqual(GlyphClassifier.inUse?.ranked(blank).first?.character, shipped.ranked(blank).first?.character)
        XCTAssertNotEqual(shipped.ranked(blank).first?.character, "X", "the test needs weights that read otherwise than the shipped ones")
    }

    func testAMissingFileOrAnotherFormatIsATypedError() throws {
        XCTAssertThrowsError(try GlyphWeights(contentsOf: "/nonexistent/fold-0.bin")) { error in
            XCTAssertEqual(error as? GlyphWeightsError, .unreadable(path: "/nonexistent/fold-0.bin"))
        }
        let truncated = try file(weights(readingEveryCellAs: "X").dropLast())
        XCTAssertThrowsError(try GlyphWeights(contentsOf: truncated)) { error in
            XCTAssertEqual(error as? GlyphWeightsError, .notWeights(path: truncated))
            XCTAssertTrue(String(describing: error).contains("glyphs.py"), "the message says how to make one")
        }
    }
}
