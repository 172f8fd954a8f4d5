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

    /// The start-stop correlation summed stretch by stretch is the one summed pixel by
    /// pixel but for rounding far inside the allowance, so `mayExceed` rules out no try
    /// the pixel sum would take: on noise, and on a line drawn with each pattern (blurred
    /// by a box of 3), at anchors and modules across it.
    func testStretchCorrelationIsThePixelCorrelation() {
        var random = SeededRandom(seed: 5)
        var lines = [(0..<400).map { _ in UInt8.random(in: 0...255, using: &random) }]
        for template in StartStopPatterns.templates {
            lines.append(drawn(template, anchor: 150.3, module: 3.7, width: 400))
        }
        var passed = 0
        for pixels in lines {
            pixels.withUnsafeBufferPointer { line in
                let sums = StartStopPatterns.LineSums(line)
                for template in StartStopPatterns.templates {
                    for anchor in stride(from: 20.0, to: 380, by: 3.3) {
                        for module in stride(from: 1.25, to: 6, by: 0.37) {
                            let exact = StartStopPatterns.correlation(line, sums, template, anchor: anchor, module: module)
                            guard let (fast, scale) = StartStopPatterns.stretchCorrelation(line, sums, template, anchor: anchor, module: module)
                            else {
                                XCTAssertEqual(exact, 0, "anchor \(anchor), module \(module)")
                                continue
                            }
                            XCTAssertLessThan(abs(fast - exact), 1e-3 * StartStopPatterns.roundingAllowance * scale)
                            for cutoff in [exact - 1e-12, exact - 0.01, StartStopPatterns.minimumCorrelation] where exact > cutoff {
                                XCTAssertTrue(StartStopPatterns.mayExceed(cutoff, line, sums, template, anchor: anchor, module: module))
                            }
                            if exact > StartStopPatterns.minimumCorrelation { passed += 1 }
                        }
                    }
                }
            }
        }
        // the drawn patterns match where they were drawn
        XCTAssertGreaterThan(passed, 4)
    }

    /// A line with `template` drawn at `anchor` (dark 30, light 220), blurred by a box of 3.
    private func drawn(_ template: StartStopPatterns.Template, anchor: Double, module: Double, width: Int) -> [UInt8] {
        let sharp = (0..<width).map { x -> Double in
            let m = (Double(x) + 0.5 - anchor) / module
            return template.stretches.contains { $0.dark && $0.from <= m && m < $0.to } ? 30 : 220
        }
        return (0..<width).map { x -> UInt8 in
            let sum: Double = sharp[max(0, x - 1)] + sharp[x] + sharp[min(width - 1, x + 1)]
            return UInt8(sum / 3)
        }
    }

    /// The locator's edge energy summed a picture row at a time is the energy summed cell
    /// by cell, at sizes whose last cells lack a right or lower neighbour and not.
    func testEdgeEnergyIsSummedCellByCell() {
        for (w, h, seed) in [(97, 89, 3), (96, 88, 4), (161, 123, 5)] {
            let image = noise(width: w, height: h, seed: UInt64(seed))
            let grid = SymbolLocator.EdgeEnergy(image)
            XCTAssertEqual(grid.width, w / 4)
            XCTAssertEqual(grid.values, cellByCell(image, across: w / 4, down: h / 4), "\(w)×\(h)")
        }
    }

    /// The edge energy as the locator first summed it, cell by cell.
    private func cellByCell(_ image: GrayImage, across w: Int, down h: Int) -> [Float] {
        let f = 4, p = image.pixels
        var energy = [Float](repeating: 0, count: w * h)
        for cy in 0..<h {
            for cx in 0..<w {
                var across = 0, down = 0
                for y in cy * f..<min(cy * f + f, image.height - 1) {
                    for x in cx * f..<min(cx * f + f, image.width - 1) {
                        across += abs(Int(p[y * image.width + x + 1]) - Int(p[y * image.width + x]))
                        down += abs(Int(p[(y + 1) * image.width + x]) - Int(p[y * image.width + x]))
                    }
                }
                energy[cy * w + cx] = Float(across * down).squareRoot()
            }
        }
        return energy
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
