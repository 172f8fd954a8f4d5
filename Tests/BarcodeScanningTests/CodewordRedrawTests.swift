import IDCommon
import Imaging
import XCTest

@testable import BarcodeScanning

/// The redraw pass (`CodewordRedraw`): its patterns, and a small, blurred, noisy symbol in
/// perspective that it redraws so that zxing-cpp reads it.
final class CodewordRedrawTests: XCTestCase {
    func testThePatternsAreTheCodewordShapesOfEachCluster() {
        var seen = Set<[Int]>()
        for (cluster, number) in zip(CodewordRedraw.clusters, [0, 3, 6]) {
            // the standard's 929 codewords of a cluster are among them
            XCTAssertGreaterThanOrEqual(cluster.widths.count, 929)
            XCTAssertEqual(cluster.templates.count, cluster.widths.count * CodewordRedraw.chunks)
            for widths in cluster.widths {
                XCTAssertEqual(widths.count, 8)
                XCTAssertEqual(widths.reduce(0, +), 17)
                XCTAssertTrue(widths.allSatisfy { (1...6).contains($0) })
                XCTAssertEqual((widths[0] - widths[2] + widths[4] - widths[6] + 9) % 9, number)
                XCTAssertTrue(seen.insert(widths).inserted, "\(widths) in one cluster only")
            }
        }
    }

    func testAPatternMatchesItsOwnGreyBest() throws {
        let cluster = CodewordRedraw.clusters[1]
        for index in [0, 100, cluster.widths.count - 1] {
            // the pattern drawn at 2 px a module, blurred a little
            let drawn = CodewordRedraw.drawnLine([cluster.widths[index]], quiet: 2, pixelsPerModule: 2)
            let line = drawn.indices.map { i in Float(drawn[max(0, i - 1)]) / 4 + Float(drawn[i]) / 2 + Float(drawn[min(drawn.count - 1, i + 1)]) / 4 }
            let observed = try XCTUnwrap(CodewordRedraw.sampled(line, from: 4, module: 2))
            XCTAssertEqual(CodewordRedraw.bestMatch(observed, in: cluster)?.index, index)
        }
        // a flat line has nothing to match
        XCTAssertNil(CodewordRedraw.sampled([Float](repeating: 128, count: 60), from: 2, module: 2))
    }

    func testASmallBlurredNoisySymbolReadsRedrawn() throws {
        // under 2 px a module, turned and in perspective, blurred, with noise
        let truth = [Point(x: 40, y: 80), Point(x: 340, y: 50), Point(x: 346, y: 150), Point(x: 48, y: 170)]
        let (photo, module) = try SymbolEdgesTests.photographed(corners: truth, size: (400, 220))
        XCTAssertLessThan(module, 2)
        var random = SeededRandom(seed: 35)
        let noisy = GrayImage(
            width: photo.width, height: photo.height,
            pixels: photo.blurred(radius: 1).pixels.map { UInt8(clamping: Int($0) + Int.random(in: -30...30, using: &random)) })
        let edges = try XCTUnwrap(SymbolEdges.find(in: noisy))
        let view = try XCTUnwrap(edges.upright(noisy, pixelsPerModule: 3))
        let redrawn = try XCTUnwrap(
            CodewordRedraw.redrawn(view.image, from: view.symbolX.lowerBound, to: view.symbolX.upperBound, viewPixelsPerModule: 3))
        // black and white only
        XCTAssertTrue(redrawn.image.pixels.allSatisfy { $0 == 0 || $0 == 255 })
        let decoded = try XCTUnwrap(ZXingReader.read(redrawn.image, formats: [.pdf417], pass: .redraw).first)
        XCTAssertEqual(decoded.bytes, SymbolEdgesTests.payload)
        // its corners map back to the photo's symbol, within a few modules
        let corners = try XCTUnwrap(decoded.withCorners(mappedBy: { view.toPicture(redrawn.toView($0)) }).corners).corners
        for (found, expected) in zip(corners, truth) {
            XCTAssertLessThanOrEqual(distance(found, expected), 4 * module, "corner \(found) for \(expected)")
        }
    }

    /// `image` smeared along its lines over `length` pixels, as a camera moved sideways
    /// smears it: the mean of each pixel and the `length - 1` to its right.
    static func smearedSideways(_ image: GrayImage, length: Int) -> GrayImage {
        var pixels = image.pixels
        for y in 0..<image.height {
            for x in 0..<image.width {
                let run = (x..<min(image.width, x + length)).map { Int(image.pixels[y * image.width + $0]) }
                pixels[y * image.width + x] = UInt8(run.reduce(0, +) / run.count)
            }
        }
        return GrayImage(width: image.width, height: image.height, pixels: pixels)
    }

    func testAMotionBlurredSymbolReadsRedrawnRowByRowOnly() throws {
        // under 2 px a module, turned, smeared sideways over 1.5 modules, with strong noise
        // (on other draws of the noise the line redraw reads and this one does not: the
        // passes run one after the other)
        let truth = [Point(x: 40, y: 80), Point(x: 340, y: 50), Point(x: 346, y: 150), Point(x: 48, y: 170)]
        let (photo, module) = try SymbolEdgesTests.photographed(corners: truth, size: (400, 220))
        var random = SeededRandom(seed: 37)
        let smeared = Self.smearedSideways(photo, length: Int((1.5 * module).rounded()))
        let noisy = GrayImage(
            width: photo.width, height: photo.height,
            pixels: smeared.pixels.map { UInt8(clamping: Int($0) + Int.random(in: -45...45, using: &random)) })
        let edges = try XCTUnwrap(SymbolEdges.find(in: noisy))
        let view = try XCTUnwrap(edges.upright(noisy, pixelsPerModule: 3))
        // line by line, too few codewords are right to read
        let byLines = try XCTUnwrap(
            CodewordRedraw.redrawn(view.image, from: view.symbolX.lowerBound, to: view.symbolX.upperBound, viewPixelsPerModule: 3))
        XCTAssertTrue(ZXingReader.read(byLines.image, formats: [.pdf417], pass: .redraw).isEmpty)
        let byRows = try XCTUnwrap(
            CodewordRedraw.redrawnByRows(view.image, symbolX: view.symbolX, symbolY: view.symbolY, viewPixelsPerModule: 3))
        XCTAssertTrue(byRows.image.pixels.allSatisfy { $0 == 0 || $0 == 255 })
        let decoded = try XCTUnwrap(ZXingReader.read(byRows.image, formats: [.pdf417], pass: .redrawRows).first)
        XCTAssertEqual(decoded.bytes, SymbolEdgesTests.payload)
    }

    func testAViewWhoseMarginsTakeAllItsHeightHasAnEmptySymbolAndIsNotRedrawn() throws {
        // an outline of no height to speak of, at 3.3 px a module: the view's whole
        // numbers of pixels hold less than its margins (the range must not be reversed)
        let edges = SymbolEdges(
            outline: Quadrilateral(
                topLeft: Point(x: 10, y: 10), topRight: Point(x: 30, y: 10), bottomRight: Point(x: 30, y: 10.001),
                bottomLeft: Point(x: 10, y: 10.001)),
            module: 1)
        let picture = GrayImage(width: 60, height: 30, pixels: [UInt8](repeating: 200, count: 1800))
        let view = try XCTUnwrap(edges.upright(picture, pixelsPerModule: 3.3))
        XCTAssertEqual(view.symbolY.lowerBound, view.symbolY.upperBound)
        XCTAssertNil(CodewordRedraw.redrawnByRows(view.image, symbolX: view.symbolX, symbolY: view.symbolY, viewPixelsPerModule: 3.3))
    }

    func testTheRowCountIsTheOneWhoseClustersTheLinesMatch() {
        // 7 rows of 10 lines from y = 0, each line scoring 1 in its row's cluster, 0.2 elsewhere
        let lines = (0..<70).map { y in (y: y, totals: (0..<3).map { Float($0 == (y / 10) % 3 ? 1 : 0.2) }) }
        XCTAssertEqual(CodewordRedraw.rowCount(of: lines, in: 0...70, minimumHeight: 6), 7)
        XCTAssertNil(CodewordRedraw.rowCount(of: [], in: 0...70, minimumHeight: 6))
    }

    func testAViewOfNoPlausibleWidthIsNotRedrawn() {
        let view = GrayImage(width: 100, height: 30, pixels: [UInt8](repeating: 200, count: 3000))
        // 30 modules: narrower than a symbol of one data column (86)
        XCTAssertNil(CodewordRedraw.redrawn(view, from: 5, to: 95, viewPixelsPerModule: 3))
    }
}
