import IDCommon
import Imaging
import XCTest

@testable import BarcodeScanning

/// The cheaper forms of the start-stop and diagnosis arithmetic (`LocalMean`'s integer
/// table, `SymbolDiagnosis.ranked`) give what the forms they replaced gave.
final class FrameStateSpeedupTests: XCTestCase {
    private func noise(width: Int, height: Int, seed: UInt64) -> GrayImage {
        var random = SeededRandom(seed: seed)
        return GrayImage(width: width, height: height, pixels: (0..<(width * height)).map { _ in UInt8.random(in: 0...255, using: &random) })
    }

    /// The integer table's means are `BoxSums`' means, inside the picture and at its edges.
    func testLocalMeanMatchesBoxSums() {
        let image = noise(width: 97, height: 61, seed: 7)
        let sums = BoxSums(image)
        for (rx, ry) in [(5, 2), (12, 6), (0, 0), (120, 80)] {
            let means = LocalMean(image, radiusX: rx, radiusY: ry)
            for y in stride(from: 0, to: image.height, by: 3) {
                for x in stride(from: 0, to: image.width, by: 2) {
                    let box = sums.sum(aroundX: x, y: y, radiusX: rx, radiusY: ry)
                    XCTAssertEqual(means.value(x: x, y: y), Int(box.sum) / box.cells, "(\(x), \(y)) radii \(rx), \(ry)")
                    let mean = means.value(x: x, y: y)
                    for grey in [0, 1, mean - 3, mean - 2, mean - 1, mean, mean + 1, mean + 2, 254, 255] {
                        for margin in [-2, 2] {
                            XCTAssertEqual(means.isBelow(grey, x: x, y: y, by: margin), grey < mean - margin, "grey \(grey), margin \(margin)")
                        }
                    }
                }
            }
        }
    }

    /// A rank of a histogram is the value sorting puts there.
    func testRankedIsTheSortedValue() {
        var random = SeededRandom(seed: 11)
        for count in [1, 8, 577, 10_000] {
            let values = (0..<count).map { _ in UInt8.random(in: 40...220, using: &random) }
            var histogram = [Int](repeating: 0, count: 256)
            for v in values { histogram[Int(v)] += 1 }
            let sorted = values.sorted()
            for rank in [0, count / 20, count / 10, count / 2, count * 9 / 10, count * 19 / 20, count - 1] {
                XCTAssertEqual(SymbolDiagnosis.ranked(rank, histogram), sorted[rank], "rank \(rank) of \(count)")
            }
        }
    }
}
