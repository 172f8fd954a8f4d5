import XCTest

@testable import Imaging

final class BoxSumsTests: XCTestCase {
    /// Every box of a small grid against the sum of its cells counted one by one.
    func testEveryBoxSumsItsCells() {
        let width = 7, height = 5
        let values = (0..<width * height).map { Double(($0 * 37) % 11) - 3 }
        let sums = BoxSums(width: width, height: height, values: values)
        for x0 in -1...width {
            for x1 in x0...(width + 1) {
                for y0 in -1...height {
                    for y1 in y0...(height + 1) {
                        var expected = 0.0, cells = 0
                        for y in max(0, y0)..<max(max(0, y0), min(height, y1)) {
                            for x in max(0, x0)..<max(max(0, x0), min(width, x1)) {
                                expected += values[y * width + x]
                                cells += 1
                            }
                        }
                        let box = sums.sum(x: x0..<x1, y: y0..<y1)
                        XCTAssertEqual(box.sum, expected, "x \(x0)..<\(x1), y \(y0)..<\(y1)")
                        XCTAssertEqual(box.cells, cells)
                    }
                }
            }
        }
    }

    func testABoxAroundAPixelIsClippedToTheImage() {
        let image = GrayImage(width: 4, height: 3, pixels: [10, 20, 30, 40, 50, 60, 70, 80, 90, 100, 110, 120])
        let sums = BoxSums(image)
        // the corner pixel's 3 × 3 box holds the four pixels inside the image
        XCTAssertEqual(sums.sum(aroundX: 0, y: 0, radiusX: 1, radiusY: 1).sum, 10 + 20 + 50 + 60)
        XCTAssertEqual(sums.sum(aroundX: 0, y: 0, radiusX: 1, radiusY: 1).cells, 4)
        XCTAssertEqual(sums.sum(aroundX: 2, y: 1, radiusX: 0, radiusY: 0).sum, 70)
        XCTAssertEqual(sums.sum(aroundX: 9, y: 9, radiusX: 1, radiusY: 1).cells, 0)
        // an empty grid has no cells anywhere
        XCTAssertEqual(BoxSums(width: 0, height: 0, values: []).sum(aroundX: 0, y: 0, radiusX: 2, radiusY: 2).cells, 0)
    }
}
