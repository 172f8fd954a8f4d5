import Foundation
import IDCommon
import Imaging
import MRZ
import XCTest

@testable import MRZScanning

/// A band whose lines' starts glare pales is read whole: the chains stop where the glare
/// begins, and the band is straightened again reaching the longest layout's length, its
/// pale glyphs looked for under light levelled along each line (`ChainBandFinder.rectify`).
final class GlareCutBandTests: XCTestCase {
    static let package = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// `image` under a glare spot: each pixel moved towards white by `strength` times a
    /// Gaussian centred on `centre`, of `along` and `across` pixels' spread along and
    /// across the unit direction `u` (a lamp's reflection on a laminated card).
    static func glared(_ image: GrayImage, centre: Point, u: Point, along: Double, across: Double, strength: Double) -> GrayImage {
        var out = image
        for y in 0..<image.height {
            for x in 0..<image.width {
                let dx = Double(x) - centre.x, dy = Double(y) - centre.y
                let a = dx * u.x + dy * u.y, b = -dx * u.y + dy * u.x
                let g = exp(-0.5 * ((a / along) * (a / along) + (b / across) * (b / across)))
                let v = Double(image.pixels[y * image.width + x])
                out.pixels[y * image.width + x] = UInt8(min(255, v + (255 - v) * strength * g))
            }
        }
        return out
    }

    /// Germany's 1987 identity card of ../shared/corpus/mrz and its MRZ's lines as printed.
    static func card() throws -> (page: GrayImage, lines: [String]) {
        let folder = package.appendingPathComponent("../shared/corpus/mrz")
        let page = try ImageLoader().load(path: folder.appendingPathComponent("sa_id-deu-1987.png").path)
        let truth = try String(contentsOf: folder.appendingPathComponent("sa_id-deu-1987.txt"), encoding: .utf8)
        return (page, truth.split(whereSeparator: \.isWhitespace).map(String.init))
    }

    /// The card's `page` under a glare spot of `strength` (`glared`) centred at `at` of its
    /// MRZ's length, a third of a line down, spreading `along` of the length and 0.9 of a
    /// line's height across.  The MRZ (a TD2-sized two-line MRZ of 36 glyphs) has its
    /// outline from (78, 551) to (926, 554) along the top and is 85 px tall.
    static func glaredCard(_ page: GrayImage, at: Double, along: Double, strength: Double) -> GrayImage {
        let topLeft = Point(x: 78, y: 551), topRight = Point(x: 926, y: 554), height = 85.0
        let length = hypot(topRight.x - topLeft.x, topRight.y - topLeft.y)
        let u = Point(x: (topRight.x - topLeft.x) / length, y: (topRight.y - topLeft.y) / length)
        let centre = Point(x: topLeft.x + u.x * at * length - u.y * 0.3 * height, y: topLeft.y + u.y * at * length + u.x * 0.3 * height)
        return glared(page, centre: centre, u: u, along: along * length, across: 0.9 * height, strength: strength)
    }

    /// The card (`card`) under glare of 0.7 centred at an eighth of its MRZ's length, a
    /// third down (`glaredCard`): the first third of
    /// each line is pale.  The chains cover only the lines' unglared glyphs, too few for an
    /// MRZ line: without reaching further the band is set aside and the page gives no
    /// reading at all.
    func testALineStartPaledByGlareIsReadWhole() throws {
        let (page, expected) = try Self.card()
        XCTAssertEqual(MRZScanner().scan(page).readings.first?.result.lines, expected, "the unglared page is read")
        let glared = Self.glaredCard(page, at: 0.12, along: 0.2, strength: 0.7)
        // the glare pales the first glyphs: the darkest level over the first line's start
        // rises far above the unglared page's
        func darkest(_ image: GrayImage) -> UInt8 {
            var level: UInt8 = 255
            for y in 555..<577 { for x in 80..<200 { level = min(level, image.pixels[y * image.width + x]) } }
            return level
        }
        XCTAssertGreaterThan(Int(darkest(glared)), Int(darkest(page)) + 80)
        let reading = try XCTUnwrap(MRZScanner().scan(glared).readings.first, "the glared page is read")
        XCTAssertEqual(reading.result.lines, expected)
    }

    /// The same card under glare of 0.85 over the last third of its MRZ (centred at 0.8 of
    /// the lines' length, a quarter of it in spread): each line chains only up to the
    /// glare, 20-odd glyphs, too few for an MRZ line, so no pass finds a band of
    /// full-length lines and, before half-chained bands (`ChainBandFinder.halfChainedBands`),
    /// the page gave no reading at all (`undecodable`).  Their band, read reaching farther,
    /// gives the lines' unglared glyphs, is not taken for a valid MRZ, and the cause named
    /// is what the band shows: glare.
    func testLinesChainedOnlyUpToGlareAreFoundAndNamedGlare() throws {
        let (page, expected) = try Self.card()
        let glared = Self.glaredCard(page, at: 0.8, along: 0.25, strength: 0.85)
        let scan = MRZScanner().scan(glared)
        let reading = try XCTUnwrap(scan.readings.first, "the glared page gives a reading")
        XCTAssertEqual(reading.result.lines.count, 2)
        // the glyphs before the glare (the first 20 of each line) are in the lines read
        for (read, line) in zip(reading.result.lines, expected) {
            XCTAssertTrue(read.contains(line.prefix(20)), "\(line.prefix(20)) read")
        }
        XCTAssertFalse(reading.result.isValid, "a line whose end glare hides is not read valid")
        XCTAssertEqual(scan.failure, .glare)
    }

    /// The same card under glare of 0.8 centred at a fifth of its MRZ's length, spreading
    /// over 0.4 of it: each line chains only past the glare, and the half-chained band read
    /// reaching farther gives lines whose check digits all hold over glyphs no chain saw
    /// (on the build of session 29, a reading that is not the card's: a look-alike of the
    /// same weight).  Such a reading is the answer where nothing reads valid, but never
    /// valid itself: every field uncertain, each doubted as `halfChained`.
    func testAHalfChainedBandsReadingIsNeverValid() throws {
        let glared = Self.glaredCard(try Self.card().page, at: 0.2, along: 0.4, strength: 0.8)
        let scan = MRZScanner().scan(glared)
        let reading = try XCTUnwrap(scan.readings.first, "the half-chained band gives a reading")
        XCTAssertTrue(reading.result.isValid, "its check digits hold")
        XCTAssertFalse(reading.isConfidentlyValid)
        XCTAssertEqual(Set(reading.uncertainFields), Set(reading.result.format.fieldPositions.map(\.name)))
        for field in reading.uncertainFields {
            XCTAssertTrue(reading.doubtRules[field]?.contains(.halfChained) == true, "\(field) doubted as half-chained")
        }
        XCTAssertNil(scan.failure)
    }

    /// A band read whole needs no farther reach; a band too short for every layout of its
    /// count reaches for the longest (44 glyphs for two lines, 30 for three) at either end.
    func testFartherReachIsForBandsShortOfEveryLayout() {
        XCTAssertEqual(ChainBandFinder.fartherReach(glyphs: 44, lines: 2), 0)
        XCTAssertEqual(ChainBandFinder.fartherReach(glyphs: 36, lines: 2), 0)
        XCTAssertEqual(ChainBandFinder.fartherReach(glyphs: 22, lines: 2), 23.5)
        XCTAssertEqual(ChainBandFinder.fartherReach(glyphs: 20, lines: 3), 11.5)
        XCTAssertEqual(ChainBandFinder.fartherReach(glyphs: 30, lines: 3), 0)
    }
}
