import IDCommon
import Imaging
import XCTest

@testable import BarcodeScanning

/// The first pass's located regions (`BarcodeScanner.locatedSymbols`): a region that does
/// not look like a PDF417 does not send a read that found its symbol on to the whole picture.
final class LocatedRegionsTests: XCTestCase {
    /// A licence-like photo: `SymbolEdgesTests.payload`'s PDF417 and, beside it, a block of
    /// marks like small print (lines of random bars, edges across and down, as the locator
    /// looks for), on a light card.
    static func cardWithA1DBarcode() throws -> (picture: GrayImage, barcode: (x: Int, y: Int, width: Int, height: Int)) {
        let symbol = try XCTUnwrap(PDF417Writer.image(bytes: SymbolEdgesTests.payload, width: 600, height: 200, margin: 0))
        let width = 1200, height = 700
        var pixels = [UInt8](repeating: 210, count: width * height)
        for y in 0..<symbol.height {
            for x in 0..<symbol.width { pixels[(60 + y) * width + 60 + x] = symbol.pixels[y * symbol.width + x] < 128 ? 30 : 210 }
        }
        // lines 7 px tall, 7 px apart, of bars and spaces of 3 to 10 px
        var random = SeededRandom(seed: 7)
        let bars = (x: 700, y: 400, width: 420, height: 180)
        for top in stride(from: bars.y, to: bars.y + bars.height, by: 14) {
            var x = bars.x, dark = true
            while x < bars.x + bars.width {
                let run = Int.random(in: 3...10, using: &random)
                for column in x..<min(bars.x + bars.width, x + run) where dark {
                    for y in top..<(top + 7) { pixels[y * width + column] = 30 }
                }
                x += run
                dark.toggle()
            }
        }
        return (GrayImage(width: width, height: height, pixels: pixels), bars)
    }

    func testABarcodeRegionBesideTheSymbolLeavesTheReadToTheRegions() throws {
        let (picture, bars) = try Self.cardWithA1DBarcode()
        let boxes = SymbolLocator.locateAll(picture)
        // both are located, and only the symbol's region shows start and stop patterns
        XCTAssertEqual(boxes.count, 2)
        let barsBox = try XCTUnwrap(boxes.first { $0.x <= bars.x && $0.x + $0.width >= bars.x + bars.width })
        XCTAssertFalse(BarcodeScanner.showsStartStopPatterns(picture, around: barsBox))
        let symbolBox = try XCTUnwrap(boxes.first { $0.x < 100 })
        XCTAssertTrue(BarcodeScanner.showsStartStopPatterns(picture, around: symbolBox))
        // the symbol is read in its region, not by the whole-picture pass
        let found = BarcodeScanner(includeOtherFormats: false).pdf417FirstPasses(picture).accepted
        XCTAssertEqual(found.map(\.bytes), [SymbolEdgesTests.payload])
        XCTAssertEqual(found.first?.pass, .located)
    }
}
