import Imaging
import XCTest

@testable import MRZScanning

/// How print stripes are grouped into bands that may be an MRZ's (`StripeBands.bands`):
/// a card's three lines of unequal length, as blur leaves a TD1 MRZ whose fillers fade,
/// against uneven print that is not set like an MRZ.
final class StripeBandsTests: XCTestCase {
    /// Three stripes 30 px apart in a 640 px wide working copy, ending together at the
    /// right, the middle one `middleLength` long (the others 540).
    static func cardStripes(middleLength: Int, pitch: Int = 30) -> [PixelBox] {
        [
            PixelBox(x: 60, y: 500, width: 540, height: 14),
            PixelBox(x: 600 - middleLength, y: 500 + pitch, width: middleLength, height: 13),
            PixelBox(x: 55, y: 500 + 2 * pitch, width: 545, height: 14),
        ]
    }

    /// A TD1's middle line blurred short (its fillers faded: 300 of the others' 540 px)
    /// still makes a band of three, each line across the band's whole span; before
    /// `unevenCardLines` no band was made of these stripes.
    func testACardsThreeUnevenLinesMakeOneBand() throws {
        let bands = StripeBands.bands(from: Self.cardStripes(middleLength: 300), workingWidth: 640, workingHeight: 640, scale: 1)
        let band = try XCTUnwrap(bands.first { $0.count == 3 }, "the three lines make one band: \(bands)")
        for line in StripeBands.glyphLines(band) {
            XCTAssertEqual(line.x, 55)
            XCTAssertEqual(line.width, 545)
        }
    }

    /// Lines as uneven but not set like an MRZ's make no band: too short for their pitch
    /// (a paragraph with wide line spacing: 545 px lines 45 px apart, 12 pitches long), or
    /// only two of them (uneven pairs are everywhere in print).
    func testUnevenLinesNotSetLikeAnMRZMakeNoBand() {
        let spaced = Self.cardStripes(middleLength: 300, pitch: 45).map { PixelBox(x: $0.x, y: $0.y, width: $0.width, height: 20) }
        XCTAssertTrue(StripeBands.bands(from: spaced, workingWidth: 640, workingHeight: 640, scale: 1).isEmpty)
        let pair = Array(Self.cardStripes(middleLength: 300).prefix(2))
        XCTAssertTrue(StripeBands.bands(from: pair, workingWidth: 640, workingHeight: 640, scale: 1).isEmpty)
    }

    /// A middle stripe sharing no end with the others (print in the middle of the page
    /// between two long lines) makes no band.
    func testAMiddleStripeAlignedWithNeitherEndMakesNoBand() {
        var stripes = Self.cardStripes(middleLength: 300)
        stripes[1].x = 180
        XCTAssertTrue(StripeBands.bands(from: stripes, workingWidth: 640, workingHeight: 640, scale: 1).isEmpty)
    }

    /// A faint two-line MRZ blurred by 0.45 of its characters' height: stripes 17 and 19 px
    /// thick, 50 px apart (0.34 of the pitch, as ag_visa-gbr's lines in the real corpus),
    /// make a band; before `leastThicknessPerPitch` came down from 0.35 they made none.
    /// Ruled lines 0.3 of the pitch thick still make none.
    func testFaintLinesAThirdOfTheirPitchThickMakeABandAndRulesNone() {
        let faint = [PixelBox(x: 67, y: 474, width: 741, height: 17), PixelBox(x: 62, y: 523, width: 746, height: 19)]
        XCTAssertEqual(StripeBands.bands(from: faint, workingWidth: 890, workingHeight: 630, scale: 1).map(\.count), [2])
        let rules = faint.map { PixelBox(x: $0.x, y: $0.y + ($0.height - 15) / 2, width: $0.width, height: 15) }
        XCTAssertTrue(StripeBands.bands(from: rules, workingWidth: 890, workingHeight: 630, scale: 1).isEmpty)
    }

    /// At most `BandSearch.maximumBandsPerOrientation` bands at one thickness, the longest.
    func testOnlyTheLongestBandsAreKept() {
        let pairs = (0..<5).flatMap { i in
            [PixelBox(x: 20, y: 40 + 100 * i, width: 400 + 20 * i, height: 14), PixelBox(x: 20, y: 70 + 100 * i, width: 400 + 20 * i, height: 14)]
        }
        let bands = StripeBands.bands(from: pairs, workingWidth: 640, workingHeight: 640, scale: 1)
        XCTAssertEqual(bands.map { $0[0].width }, [480, 460, 440])
    }

    /// A card's middle line faded thinner than the others (0.3 of the pitch, as ag_id-esp's
    /// blurred by 0.45 h) still makes the band of three; before
    /// `leastMiddleThicknessPerPitch` it made none.  Thin outer lines (rules around a
    /// caption) make none.
    func testAThinMiddleLineMakesABandAndThinOuterLinesNone() {
        var thinMiddle = Self.cardStripes(middleLength: 300)
        thinMiddle[1].height = 9
        let bands = StripeBands.bands(from: thinMiddle, workingWidth: 640, workingHeight: 640, scale: 1)
        XCTAssertEqual(bands.map(\.count), [3])
        var thinOuter = Self.cardStripes(middleLength: 300)
        thinOuter[0].height = 9
        thinOuter[2].height = 9
        XCTAssertTrue(StripeBands.bands(from: thinOuter, workingWidth: 640, workingHeight: 640, scale: 1).isEmpty)
    }
}
