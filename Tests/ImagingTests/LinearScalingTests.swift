import CLeptonica
import Foundation
import IDCommon
import XCTest

@testable import Imaging

/// `GrayImage.scaledLinearly` gives Leptonica's `pixScaleGeneral(pix, f, f, 0, 0)` (its
/// linear interpolation) pixel for pixel, reducing and enlarging, at odd sizes.
final class LinearScalingTests: XCTestCase {
    private func assertSame(_ image: GrayImage, _ factor: Float, _ name: String, file: StaticString = #filePath, line: UInt = #line) {
        guard let pix = Pix(gray: image), let theirs = Pix(pixScaleGeneral(pix.pointer, factor, factor, 0, 0)) else {
            return XCTFail("no scaling", file: file, line: line)
        }
        let reference = theirs.grayImage(), ours = image.scaledLinearly(by: factor)
        XCTAssertEqual(ours.width, reference.width, file: file, line: line)
        XCTAssertEqual(ours.height, reference.height, file: file, line: line)
        let differing = zip(ours.pixels, reference.pixels).filter { $0 != $1 }.count
        XCTAssertEqual(differing, 0, "\(name) \(image.width)×\(image.height) by \(factor): pixels differ", file: file, line: line)
    }

    func testNoiseAtSeveralFactors() {
        var random = SeededRandom(seed: 9)
        for (w, h) in [(2, 2), (3, 7), (41, 29), (640, 360), (1920, 1080)] {
            let image = GrayImage(width: w, height: h, pixels: (0..<(w * h)).map { _ in UInt8.random(in: 0...255, using: &random) })
            for factor: Float in [0.71, 0.75, 1600.0 / 1920, 0.9, 1.1, 1.5, 1.9, 3, 1600.0 / 1080] {
                assertSame(image, factor, "noise")
            }
        }
    }

    /// Pictures named by `SCALING_LIST` (one path a line) when set, for checking many; else
    /// every seventh real MRZ picture of the shared corpus.
    func testListedPictures() throws {
        let paths = try CorpusPictures.listedOrSampled(environment: "SCALING_LIST")
        let images = paths.compactMap { path in (try? ImageLoader().load(path: path)).map { (path, $0) } }
        XCTAssertFalse(images.isEmpty, "no picture to compare on")
        for (path, image) in images {
            assertSame(image, Float(1600 / Double(max(image.width, image.height))), path)
        }
    }
}
