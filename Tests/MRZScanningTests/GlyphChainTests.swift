import Foundation
import IDCommon
import Imaging
import MRZ
import XCTest

@testable import MRZScanning

/// The glyph-chain search: lines of glyphs found at any angle, bands of them straightened,
/// and pages read whatever their angle, perspective, or the lines drawn around and through
/// their MRZ.
final class GlyphChainTests: XCTestCase {
    /// Boxes of `count` glyphs 20 px high at a pitch of 17 px along `degrees`, from `origin`.
    func line(count: Int, degrees: Double, origin: Point, height: Double = 20) -> [GlyphBlob] {
        let a = degrees * .pi / 180, pitch = 0.85 * height
        // an upright 0.6 h × h glyph turned by the angle has this bounding box
        let w = 0.6 * height * abs(cos(a)) + height * abs(sin(a)), h = 0.6 * height * abs(sin(a)) + height * abs(cos(a))
        return (0..<count).map { i in
            let cx = origin.x + Double(i) * pitch * cos(a), cy = origin.y + Double(i) * pitch * sin(a)
            return GlyphBlob(PixelBox(x: Int(cx - w / 2), y: Int(cy - h / 2), width: Int(w), height: Int(h)))
        }
    }

    func testLinesAreFoundAtAnyAngle() {
        for degrees in stride(from: 0.0, to: 360, by: 37) {
            let blobs = line(count: 44, degrees: degrees, origin: Point(x: 800, y: 800))
            let chains = GlyphChains(blobs: blobs).lines(minimumGlyphs: 24)
            XCTAssertEqual(chains.count, 1, "\(degrees)°")
            guard let chain = chains.first else { continue }
            XCTAssertEqual(chain.members.count, 44, "\(degrees)°")
            XCTAssertEqual(chain.glyphCount, 44, accuracy: 1.5, "\(degrees)°")
            XCTAssertEqual(chain.pitch, 17, accuracy: 1, "\(degrees)°")
            // the direction is the line's, one way or the other
            XCTAssertLessThan(chain.direction.sine(to: Direction(cos(degrees * .pi / 180), sin(degrees * .pi / 180))!), 0.02, "\(degrees)°")
        }
    }

    /// A line broken where a guilloche joins its glyphs to the background: its pieces make
    /// one chain; pieces of two lines do not.
    func testPiecesOfOneLineJoin() {
        let a = 7 * Double.pi / 180
        let whole = line(count: 36, degrees: 7, origin: Point(x: 200, y: 300))
        let chains = GlyphChains(blobs: Array(whole[0..<19]) + Array(whole[27...])).lines(minimumGlyphs: 24)
        XCTAssertEqual(chains.count, 1)
        XCTAssertEqual(chains.first?.glyphCount ?? 0, 36, accuracy: 1.5)
        XCTAssertEqual(chains.first?.members.count, 28)
        // the second piece on the next line down: two short pieces, no line
        let lower = line(count: 36, degrees: 7, origin: Point(x: 200 - 32 * sin(a), y: 300 + 32 * cos(a)))
        XCTAssertTrue(GlyphChains(blobs: Array(whole[0..<19]) + Array(lower[27...])).lines(minimumGlyphs: 24).isEmpty)
    }

    func testShortRunsAndScatteredBlobsAreNoLine() {
        var blobs = line(count: 12, degrees: 5, origin: Point(x: 100, y: 100))
        // specks scattered over the page at random
        var random = SystemRandomNumberGenerator()
        for _ in 0..<300 {
            blobs.append(GlyphBlob(PixelBox(x: Int.random(in: 0..<1500, using: &random), y: Int.random(in: 300..<1500, using: &random), width: 14, height: 20)))
        }
        XCTAssertTrue(GlyphChains(blobs: blobs).lines(minimumGlyphs: 24).allSatisfy { $0.glyphCount < 35 })
    }

    func testTwoParallelLinesStackIntoABand() {
        for degrees in [0.0, 12, 97, 183, 271] {
            let a = degrees * .pi / 180
            // the second line 1.6 glyph heights below the first, across the lines' direction
            let below = Point(x: 800 - 32 * sin(a), y: 800 + 32 * cos(a))
            let chains = GlyphChains(blobs: line(count: 44, degrees: degrees, origin: Point(x: 800, y: 800)) + line(count: 44, degrees: degrees, origin: below))
                .lines(minimumGlyphs: 24)
            XCTAssertEqual(chains.count, 2, "\(degrees)°")
            guard chains.count == 2 else { continue }
            XCTAssertNotNil(
                ChainBandFinder.stacked(chains[1], after: chains[0]) ?? ChainBandFinder.stacked(chains[1], after: ChainBandFinder.reversed(chains[0])),
                "\(degrees)°")
        }
    }

    /// Pictures with nothing to read, of odd shapes and content: no crash, no valid MRZ.
    func testDegenerateImagesGiveNoMRZ() {
        var random = SystemRandomNumberGenerator()
        func image(_ w: Int, _ h: Int, _ pixel: (Int, Int) -> UInt8) -> GrayImage {
            GrayImage(width: w, height: h, pixels: (0..<(w * h)).map { pixel($0 % w, $0 / w) })
        }
        let pictures: [(String, GrayImage)] = [
            ("1×1", image(1, 1) { _, _ in 0 }),
            ("a 3 px stripe", image(3000, 3) { x, _ in x % 2 == 0 ? 0 : 255 }),
            ("a 3 px column", image(3, 3000) { _, y in y % 2 == 0 ? 0 : 255 }),
            ("black", image(500, 400) { _, _ in 0 }),
            ("noise", image(800, 600) { _, _ in UInt8.random(in: 0...255, using: &random) }),
            ("a checkerboard", image(640, 480) { x, y in (x + y) % 2 == 0 ? 0 : 255 }),
            ("rows of dots at a glyph's pitch", image(1200, 400) { x, y in x % 17 < 9 && y % 30 < 20 ? 20 : 235 }),
        ]
        for (name, picture) in pictures {
            let reading = MRZScanner().scan(picture).readings.first
            XCTAssertFalse(reading.map { $0.result.isValid && $0.confidenceCheck.valid } ?? false, name)
        }
    }

    // MARK: pages

    static let samples = ScannerTests.samples

    func samplePage(_ name: String) throws -> (image: GrayImage, truth: [String]) {
        let truth = try String(contentsOf: Self.samples.appendingPathComponent((name as NSString).deletingPathExtension + ".txt"), encoding: .utf8)
            .split(whereSeparator: \.isNewline).map(String.init)
        return (try ImageLoader().load(path: Self.samples.appendingPathComponent(name).path), truth)
    }

    /// `image` reads as `truth` with every check digit holding and, when
    /// `confidently`, no field in doubt.
    func assertReadsExactly(
        _ image: GrayImage, _ truth: [String], _ message: String, confidently: Bool = true, file: StaticString = #filePath, line: UInt = #line
    ) {
        let reading = MRZScanner().scan(image).readings.first
        XCTAssertEqual(reading?.result.lines, truth, message, file: file, line: line)
        XCTAssertEqual(reading?.result.isValid, true, "\(message): checks failed", file: file, line: line)
        if confidently {
            XCTAssertEqual(reading?.confidenceCheck.valid, true, "\(message): uncertain \(reading?.uncertainFields ?? [])", file: file, line: line)
        }
    }

    /// Angles no quarter turn and deskew reach: the chains need no orientation.
    func testPagesTurnedByAnyAngleRead() throws {
        for (name, degrees) in [("td3-clean-000-r0.png", 37.0), ("td1-clean-001-r0.png", 128), ("mrva-clean-002-r0.png", 211), ("td3-clean-000-r0.png", 307)] {
            let page = try samplePage(name)
            let padded = page.image.padded(by: max(page.image.width, page.image.height) / 3)
            assertReadsExactly(padded.rotated(degrees: degrees), page.truth, "\(name) turned \(degrees)°")
        }
    }

    /// A page seen in perspective (one side 14 % shorter than the other, as a phone held
    /// at an angle sees it) and turned.
    func testPagesInPerspectiveRead() throws {
        for name in ["td3-clean-000-r0.png", "td1-clean-001-r0.png"] {
            let page = try samplePage(name)
            let w = Double(page.image.width), h = Double(page.image.height)
            // the output rectangle's corners sampled from a trapezoid: the far side shrinks
            let keystone = [Point(x: -0.07 * w, y: 0), Point(x: 1.07 * w, y: 0), Point(x: w, y: h), Point(x: 0, y: h)]
            guard let seen = page.image.rectified(corners: Quadrilateral(keystone)!, width: Int(w), height: Int(h), border: Int(h / 6)) else {
                return XCTFail("no perspective image")
            }
            assertReadsExactly(seen.rotated(degrees: 8), page.truth, "\(name) in perspective")
        }
    }

    /// Frames drawn around the MRZ and ruled lines between and under its lines, as old
    /// identity cards print them.
    func testFramesAndRuledLinesDoNotHideTheMRZ() throws {
        for name in ["td3-clean-000-r0.png", "td1-clean-001-r0.png"] {
            let page = try samplePage(name)
            let found = try XCTUnwrap(MRZScanner().scan(page.image).readings.first, name)
            let quads = found.lineQuadrilaterals.map(\.corners)
            let height = hypot(quads[0][3].x - quads[0][0].x, quads[0][3].y - quads[0][0].y)
            let left = quads.flatMap { $0 }.map(\.x).min()!, right = quads.flatMap { $0 }.map(\.x).max()!
            let top = quads.flatMap { $0 }.map(\.y).min()!, bottom = quads.flatMap { $0 }.map(\.y).max()!
            var framed = page.image
            // a 3 px frame 0.7 glyph heights around the band
            let m = 0.7 * height
            framed.fill(x: left - m, y: top - m, width: right - left + 2 * m, height: 3)
            framed.fill(x: left - m, y: bottom + m, width: right - left + 2 * m, height: 3)
            framed.fill(x: left - m, y: top - m, width: 3, height: bottom - top + 2 * m)
            framed.fill(x: right + m, y: top - m, width: 3, height: bottom - top + 2 * m)
            // (the TD1 number `M972I1WQ5` may be left in doubt: `I` and `1` side by side)
            assertReadsExactly(framed, page.truth, "\(name) framed", confidently: false)
            var ruled = page.image
            // a 2 px line midway between each two lines and one just under the last
            for (a, b) in zip(quads, quads.dropFirst()) { ruled.fill(x: left - m, y: (a[3].y + b[0].y) / 2 - 1, width: right - left + 2 * m, height: 2) }
            ruled.fill(x: left - m, y: bottom + 0.15 * height, width: right - left + 2 * m, height: 2)
            assertReadsExactly(ruled, page.truth, "\(name) ruled", confidently: false)
        }
    }
}

extension GrayImage {
    /// The rectangle painted black (clipped to the image).
    mutating func fill(x: Double, y: Double, width w: Double, height h: Double) {
        for row in max(0, Int(y))..<min(height, Int(y + h)) {
            for column in max(0, Int(x))..<min(width, Int(x + w)) { pixels[row * width + column] = 20 }
        }
    }
}
