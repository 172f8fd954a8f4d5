import Foundation
import IDCommon
import XCTest

@testable import IDReader

/// `DocumentReader.barcodes` (the `idreader barcodes` command and `POST /v1/barcodes`) on
/// the corpus's seal pictures: the DataMatrix with the seal's exact bytes, in base64.
final class BarcodesResultSealTests: XCTestCase {
    static let corpus = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("../shared/corpus/vds").standardizedFileURL

    func testTheSealPicturesGiveTheirDataMatrixBytes() throws {
        let expected = try Data(contentsOf: Self.corpus.appendingPathComponent("bsi-sic-annexD.bin")).base64EncodedString()
        for name in ["bsi-sic-annexD.png", "bsi-sic-annexD.jpg"] {
            let result = DocumentReader().barcodes(imageAt: Self.corpus.appendingPathComponent(name).path)
            XCTAssertNil(result.error, name)
            let dataMatrix = result.barcodes.filter { $0.format == .dataMatrix }
            XCTAssertEqual(dataMatrix.map(\.bytes), [expected], name)
            XCTAssertEqual(dataMatrix.first?.corners.count, 4, name)
        }
    }
}
