import Foundation
import IDCommon
import Imaging
import XCTest

@testable import MRZScanning

/// The committed OCR-B model loads and reads the committed fixture lines (drawn by a
/// different renderer than its training data, see tools/train-ocrb/evaluate.py) within
/// the accuracy measured when it was trained (tessdata/README.md).
final class OCRModelTests: XCTestCase {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures")

    /// Maximum character error rate per level on the fixtures (measured value plus margin).
    static let maximumCER: [String: Double] = ["clean": OCRModelBaseline.clean, "mild": OCRModelBaseline.mild]

    func testModelLoadsAndMeetsItsAccuracy() throws {
        let tessdata = try XCTUnwrap(Tessdata.directory(), "tessdata/ocrb.traineddata must be committed")
        let engine = try XCTUnwrap(OCREngine.forCurrentThread(tessdata: tessdata))
        for (level, limit) in Self.maximumCER {
            var errors = 0, characters = 0
            for n in 0..<10 {
                let base = Self.fixtures.appendingPathComponent(String(format: "%@-%02d", level, n))
                let truth = try String(contentsOf: base.appendingPathExtension("gt.txt"), encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines)
                // read as the line reader reads: the line (text about half its height, like
                // LineReader.View.primary) scaled to the network's input height, one raw line
                let raw = try ImageLoader().load(path: base.appendingPathExtension("png").path)
                let image = raw.scaled(by: Double(engine.inputHeight) / Double(raw.height))
                let read = engine.lines(in: image, mode: OCREngine.rawLine).map(\.text).joined()
                errors += levenshteinDistance(Array(read), Array(truth))
                characters += truth.count
            }
            let cer = Double(errors) / Double(characters)
            XCTAssertLessThanOrEqual(cer, limit, "\(level): CER \(cer)")
        }
    }

    func testTheNetworkInputHeightIsReadFromTheModel() throws {
        let tessdata = try XCTUnwrap(Tessdata.directory())
        let model = try Data(contentsOf: URL(fileURLWithPath: tessdata + "/ocrb.traineddata"))
        // the spec the model card names, as stored in the file
        let card = try String(contentsOf: URL(fileURLWithPath: tessdata + "/README.md"), encoding: .utf8)
        let spec = try XCTUnwrap(card.range(of: #"\[1,\d+,0,1 "#, options: .regularExpression).map { card[$0] })
        let height = Int(spec.dropFirst(3).prefix { $0.isNumber })
        XCTAssertEqual(OCREngine.networkInputHeight(model: model), height)
        XCTAssertEqual(OCREngine.networkInputHeight(model: Data("xx[1,[1,24,0,1 Ct3,3,16]".utf8)), 24)
        XCTAssertNil(OCREngine.networkInputHeight(model: Data("[1,2x,0,1 and [1,".utf8)))
        XCTAssertNil(OCREngine.networkInputHeight(model: Data()))
    }
}
