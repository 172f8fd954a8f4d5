import CLeptonica
import Foundation
import IDCommon
import XCTest

@testable import Imaging

/// `GrayImage.rotatedByAreaMap` gives Leptonica's `pixRotate` by area mapping, white
/// brought in, pixel for pixel: on noise at odd sizes and at angles either way, small
/// (under the thousandth of a radian that is not turned, and just over it) and large.
final class AreaRotationTests: XCTestCase {
    private func assertSame(_ image: GrayImage, _ radians: Float, _ name: String, file: StaticString = #filePath, line: UInt = #line) {
        guard let pix = Pix(gray: image),
            let theirs = Pix(pixRotate(pix.pointer, radians, Int32(L_ROTATE_AREA_MAP), Int32(L_BRING_IN_WHITE), 0, 0))
        else { return XCTFail("no rotation", file: file, line: line) }
        let reference = theirs.grayImage(), ours = image.rotatedByAreaMap(radians: radians)
        XCTAssertEqual(ours.width, reference.width, file: file, line: line)
        XCTAssertEqual(ours.height, reference.height, file: file, line: line)
        let differing = zip(ours.pixels, reference.pixels).filter { $0 != $1 }.count
        XCTAssertEqual(differing, 0, "\(name) \(image.width)×\(image.height) by \(radians): pixels differ", file: file, line: line)
    }

    private static let angles: [Float] = [0.0009, 0.001, 0.0011, -0.0052, 0.0053, 0.07, -0.14, 0.2618, -0.2618, 0.8, 1.5708, -3.0]

    func testNoiseAtSeveralAngles() {
        var random = SeededRandom(seed: 13)
        for (w, h) in [(1, 1), (2, 3), (5, 2), (41, 29), (402, 192), (1466, 614)] {
            let image = GrayImage(width: w, height: h, pixels: (0..<(w * h)).map { _ in UInt8.random(in: 0...255, using: &random) })
            for radians in Self.angles { assertSame(image, radians, "noise") }
        }
    }

    /// Print-like structure (dark bars on light paper, a gradient of light) turned by the
    /// angles a symbol's crop is deskewed by.
    func testBarsAtSkewAngles() {
        let w = 613, h = 287
        let image = GrayImage(
            width: w, height: h, pixels: (0..<(w * h)).map { i in (i % w) % 7 < 3 ? UInt8(20 + (i / w) % 30) : UInt8(180 + (i % w) % 70) })
        for degrees in stride(from: -15.0, through: 15.0, by: 0.73) { assertSame(image, Float(degrees * .pi / 180), "bars") }
    }
}
