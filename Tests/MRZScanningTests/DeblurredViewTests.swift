import Foundation
import IDCommon
import Imaging
import MRZ
import XCTest

@testable import MRZScanning

/// A band blurred by the test itself is read exactly in the deblurred view
/// (`LineReader.View.deblurredBand`) and in none of the views before it.
final class DeblurredViewTests: XCTestCase {
    static let package = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// Finland's passport page of ../shared/corpus/mrz (11 px characters), its straightened
    /// band blurred by a Gaussian of 0.11 character heights (`sharpened` with an amount of
    /// −1 leaves its blur): the plain, sharpened and stretched views misread it.
    func testABlurredBandIsReadExactlyOnlyWithItsBlurUndone() throws {
        let tessdata = try XCTUnwrap(Tessdata.directory())
        let engine = try XCTUnwrap(OCREngine.forCurrentThread(tessdata: tessdata))
        let folder = Self.package.appendingPathComponent("../shared/corpus/mrz")
        let page = try ImageLoader().load(path: folder.appendingPathComponent("pe_pass-fin.png").path)
        let truth = try String(contentsOf: folder.appendingPathComponent("pe_pass-fin.txt"), encoding: .utf8)
        let expected = truth.split(whereSeparator: \.isWhitespace).map(String.init)
        let reading = try XCTUnwrap(MRZScanner().scan(page).readings.first, "the sharp page is read")
        XCTAssertEqual(reading.result.lines, expected)
        let source = try XCTUnwrap(reading.source)
        let blurred = source.image.sharpened(sigma: 0.11 * Double(source.band[0].height), amount: -1)
        let reader = LineReader(corrector: MRZCorrector(parser: MRZParser()), engine: engine, image: blurred)
        XCTAssertTrue(reader.isBlurred(source.band[0]))
        for view in [LineReader.View.primary, .sharpened, .stretchedBand] {
            XCTAssertNotEqual(reader.read(source.band, view: view)?.result.lines, expected, "\(view)")
        }
        XCTAssertEqual(reader.read(source.band, view: .deblurredBand)?.result.lines, expected)
    }
}
