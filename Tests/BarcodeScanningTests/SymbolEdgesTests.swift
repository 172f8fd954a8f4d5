import IDCommon
import Imaging
import XCTest

@_spi(Evaluation) @testable import BarcodeScanning

/// The start-stop edge finder (`StartStopPatterns`, `SymbolEdges`) on a written symbol
/// photographed in perspective at 2 px a module and blurred, where the true corners are
/// known, and on pictures that hold no symbol.
final class SymbolEdgesTests: XCTestCase {
    static let payload = Array("@\n\u{1E}\rANSI 636014040002DL00410278ZC03190008DLDAQD1234562\nDCSSAMPLE\nDACJANE\nDBB19800101\n".utf8)

    /// The map of the unit square onto a quadrilateral (Heckbert 1989, as `Imaging` uses),
    /// and its inverse for single points: written here again so that the test does not
    /// take the code under test's geometry on trust.
    struct Projective {
        let a, b, c, d, e, f, g, h: Double
        init(_ q: [Point]) {
            let dx1 = q[1].x - q[2].x, dx2 = q[3].x - q[2].x, dx3 = q[0].x - q[1].x + q[2].x - q[3].x
            let dy1 = q[1].y - q[2].y, dy2 = q[3].y - q[2].y, dy3 = q[0].y - q[1].y + q[2].y - q[3].y
            let det = dx1 * dy2 - dx2 * dy1
            g = (dx3 * dy2 - dx2 * dy3) / det
            h = (dx1 * dy3 - dx3 * dy1) / det
            a = q[1].x - q[0].x + g * q[1].x; b = q[3].x - q[0].x + h * q[3].x; c = q[0].x
            d = q[1].y - q[0].y + g * q[1].y; e = q[3].y - q[0].y + h * q[3].y; f = q[0].y
        }
        /// (u, v) of the unit square that lands on (x, y): two linear equations.
        func inverse(_ x: Double, _ y: Double) -> (u: Double, v: Double) {
            let a11 = a - x * g, a12 = b - x * h, a21 = d - y * g, a22 = e - y * h
            let r1 = x - c, r2 = y - f, det = a11 * a22 - a12 * a21
            return ((r1 * a22 - a12 * r2) / det, (a11 * r2 - r1 * a21) / det)
        }
    }

    /// The symbol of `payload` drawn into a `size` grey picture so that its corners land on
    /// `corners` (bilinear), blurred; and its module width there.
    static func photographed(corners: [Point], size: (width: Int, height: Int)) throws -> (image: GrayImage, module: Double) {
        let symbol = try XCTUnwrap(PDF417Writer.image(bytes: payload, width: 900, height: 300, margin: 0))
        // the writer's module: the start pattern's first bar is 8 modules wide
        let firstRow = symbol.pixels[(symbol.height / 2 * symbol.width)..<(symbol.height / 2 * symbol.width + symbol.width)]
        let startBar = Double(firstRow.prefix { $0 < 128 }.count) / 8
        XCTAssertGreaterThan(startBar, 1)
        let map = Projective(corners)
        var pixels = [UInt8](repeating: 200, count: size.width * size.height)
        for y in 0..<size.height {
            for x in 0..<size.width {
                let (u, v) = map.inverse(Double(x) + 0.5, Double(y) + 0.5)
                guard u >= 0, u < 1, v >= 0, v < 1 else { continue }
                let sx = min(symbol.width - 1, Int(u * Double(symbol.width))), sy = min(symbol.height - 1, Int(v * Double(symbol.height)))
                // print on a light grey card, not pure white and black
                pixels[y * size.width + x] = symbol.pixels[sy * symbol.width + sx] < 128 ? 40 : 200
            }
        }
        let top = ((corners[1].x - corners[0].x) * (corners[1].x - corners[0].x) + (corners[1].y - corners[0].y) * (corners[1].y - corners[0].y)).squareRoot()
        let module = top / Double(symbol.width) * startBar
        return (GrayImage(width: size.width, height: size.height, pixels: pixels).blurred(radius: 1), module)
    }

    func testFindsTheCornersOfATurnedSymbolInPerspectiveToAModule() throws {
        // turned by about 8°, the right side 8 % shorter than the left (perspective)
        let truth = [Point(x: 60, y: 100), Point(x: 400, y: 52), Point(x: 410, y: 172), Point(x: 72, y: 230)]
        let (image, module) = try Self.photographed(corners: truth, size: (480, 280))
        XCTAssertTrue((1.6...2.6).contains(module), "the test draws 2 px modules, not \(module)")
        let edges = try XCTUnwrap(SymbolEdges.find(in: image))
        XCTAssertEqual(edges.module, module, accuracy: 0.35 * module)
        for (found, expected) in zip(edges.outline.corners, truth) {
            let error = ((found.x - expected.x) * (found.x - expected.x) + (found.y - expected.y) * (found.y - expected.y)).squareRoot()
            XCTAssertLessThanOrEqual(error, 1.2 * module, "corner \(found) for \(expected)")
        }
        // and the upright views read back, their corners (zxing-cpp's, whole pixels) mapped back
        let decoded = edges.uprightVariants(image).lazy.compactMap { view in
            ZXingReader.read(view.image, formats: [.pdf417], pass: .startStop).first { $0.bytes == Self.payload }?.withCorners(mappedBy: view.toPicture)
        }.first
        let corners = try XCTUnwrap(try XCTUnwrap(decoded).corners).corners
        for (found, expected) in zip(corners, truth) {
            let error = ((found.x - expected.x) * (found.x - expected.x) + (found.y - expected.y) * (found.y - expected.y)).squareRoot()
            XCTAssertLessThanOrEqual(error, 3 * module, "decoded corner \(found) for \(expected)")
        }
    }

    func testAnUpsideDownSymbolIsOutlinedToo() throws {
        let truth = [Point(x: 420, y: 230), Point(x: 70, y: 250), Point(x: 62, y: 110), Point(x: 410, y: 90)]
        let (image, module) = try Self.photographed(corners: truth, size: (480, 300))
        let edges = try XCTUnwrap(SymbolEdges.find(in: image))
        // the outline goes clockwise as the picture shows it: the symbol's bottom-right first
        let expected = [truth[2], truth[3], truth[0], truth[1]]
        for (found, corner) in zip(edges.outline.corners, expected) {
            let error = ((found.x - corner.x) * (found.x - corner.x) + (found.y - corner.y) * (found.y - corner.y)).squareRoot()
            XCTAssertLessThanOrEqual(error, 1.2 * module, "corner \(found) for \(corner)")
        }
    }

    func testPicturesWithoutASymbolGiveNoEdgesQuickly() {
        var random = SeededRandom(seed: 19)
        let noise = GrayImage(width: 300, height: 200, pixels: (0..<60_000).map { _ in UInt8.random(in: 0...255, using: &random) })
        let pictures: [GrayImage] = [
            GrayImage(width: 1, height: 1, pixels: [0]),
            GrayImage(width: 0, height: 0, pixels: []),
            GrayImage(width: 200, height: 100, pixels: [UInt8](repeating: 0, count: 20_000)),
            GrayImage(width: 200, height: 100, pixels: [UInt8](repeating: 255, count: 20_000)),
            GrayImage(width: 500, height: 3, pixels: (0..<1500).map { $0 % 500 < 250 ? 0 : 255 }),
            noise,
            // vertical stripes 3 px wide, and a checkerboard of 4 px squares
            GrayImage(width: 240, height: 120, pixels: (0..<28_800).map { ($0 % 240) / 3 % 2 == 0 ? 0 : 255 }),
            GrayImage(width: 240, height: 120, pixels: (0..<28_800).map { (($0 % 240) / 4 + ($0 / 240) / 4) % 2 == 0 ? 0 : 255 }),
        ]
        let start = Date()
        for picture in pictures {
            XCTAssertNil(SymbolEdges.find(in: picture), "\(picture.width)×\(picture.height)")
            XCTAssertNil(BarcodeScanner.startStopOutline(picture))
        }
        XCTAssertLessThan(Date().timeIntervalSince(start), 2, "degenerate pictures are cheap")
        // a found outline that is degenerate does not draw an upright picture
        let point = SymbolEdges(outline: Quadrilateral(x0: 5, y0: 5, x1: 5, y1: 5), module: 2)
        XCTAssertNil(point.rectified(noise, pixelsPerModule: 3))
        XCTAssertNil(SymbolEdges(outline: Quadrilateral(x0: 0, y0: 0, x1: 100, y1: 50), module: 0).rectified(noise, pixelsPerModule: 3))
    }
}
