import Foundation
import Imaging
import XCTest

@_spi(Evaluation) @testable import MRZScanning

/// `MRZScanner.jointCells`, the measure of both recognisers misreading one cell alike
/// (bench/joint_quality.py): the band's quality and each line's first-view length come
/// with the cells.
final class JointCellsTests: XCTestCase {
    /// A clean sample page: one line of cells per MRZ line, each read by the first view at
    /// the layout's length, the band's glyph height the scan's character height, and its
    /// edges sharp (`BandMeasures.edgeWidth` about 0.1).
    func testACleanPagesCellsComeWithItsBandsQualityAndFirstViewLengths() throws {
        let url = ScannerTests.samples.appendingPathComponent("td3-clean-000-r0.png")
        let truth = try String(contentsOf: url.deletingPathExtension().appendingPathExtension("txt"), encoding: .utf8)
            .split(whereSeparator: \.isNewline).map(String.init)
        let image = try ImageLoader().load(path: url.path)
        let scanner = MRZScanner()
        let joint = try XCTUnwrap(scanner.jointCells(of: image, expected: truth))
        XCTAssertEqual(joint.lines.map { $0?.count }, truth.map(\.count))
        XCTAssertEqual(joint.firstViewLengths, truth.map(\.count))
        XCTAssertEqual(joint.glyphHeight, scanner.scan(image).quality.characterHeight)
        XCTAssertGreaterThan(joint.glyphHeight ?? 0, 20)
        let edge = try XCTUnwrap(joint.edgeWidth)
        XCTAssertLessThan(edge, 0.15)
    }
}
