import AAMVA
import XCTest

@testable import BarcodeScanning
@testable import IDReader
@testable import Imaging

/// The one order of PDF417 passes (`PDF417Passes`), and one parse per payload in a read.
final class PassPolicyTests: XCTestCase {
    func image(_ name: String) throws -> GrayImage {
        try ImageLoader().load(path: "samples/licences/\(name)")
    }

    func testRescuePassesRunOnlyWhenTheFirstPassesFindNothingAcceptable() throws {
        let upright = try image("licence-clean-000-r0.png")
        let passes = PDF417Passes(scanner: BarcodeScanner(includeOtherFormats: false), image: upright)
        passes.runFirstPasses()
        XCTAssertTrue(passes.foundAcceptable)
        passes.runRescuePasses()
        XCTAssertFalse(passes.rescuePassesRan, "an upright sample decodes in the first passes")
    }

    func testNoRescuePassesWhereNothingLooksLikeASymbol() {
        let blank = GrayImage(width: 400, height: 300, pixels: [UInt8](repeating: 230, count: 400 * 300))
        let nothing = PDF417Passes(scanner: BarcodeScanner(includeOtherFormats: false), image: blank)
        XCTAssertEqual(nothing.runAll(), [])
        XCTAssertEqual(nothing.progress, .rescuePasses, "both steps were asked for")
        XCTAssertEqual(nothing.examine().evidence, SymbolEvidence.none)
        XCTAssertFalse(nothing.rescuePassesRan, "a blank picture shows nothing of a symbol: the rescue passes must not run")
    }

    func testTheRescuePassesNeedTheFirstPassesToHaveRun() throws {
        let passes = PDF417Passes(scanner: BarcodeScanner(includeOtherFormats: false), image: try image("licence-clean-000-r0.png"))
        passes.runRescuePasses()
        XCTAssertEqual(passes.progress, .notStarted)
        XCTAssertEqual(passes.found, [])
    }

    func testAnUnacceptableDecodeIsKeptWhenNothingBetterTurnsUp() throws {
        let expected = try [UInt8](Data(contentsOf: URL(fileURLWithPath: "samples/licences/licence-clean-000-r0.bin")))
        let rejectAll = BarcodeScanner(includeOtherFormats: false) { _ in false }
        let passes = PDF417Passes(scanner: rejectAll, image: try image("licence-clean-000-r0.png"))
        let found = passes.runAll()
        XCTAssertTrue(passes.rescuePassesRan, "nothing acceptable: the rescue passes run")
        XCTAssertFalse(passes.foundAcceptable)
        XCTAssertEqual(found.first?.bytes, expected, "the first passes' decode, not lost")
        XCTAssertTrue([.located, .plain].contains(found.first?.pass), "the first passes' decode comes before the rescue passes'")
    }

    func testALookInTheLocatedRegionsReplacesBothSteps() throws {
        let passes = PDF417Passes(scanner: BarcodeScanner(includeOtherFormats: false), image: try image("licence-mild-000-r8.jpg"))
        passes.lookInLocatedRegionsOnly()
        passes.runFirstPasses()
        passes.runRescuePasses()
        XCTAssertEqual(passes.progress, .locatedRegionsOnly)
        XCTAssertFalse(passes.rescuePassesRan)
    }

    func testEachPayloadIsParsedOnceInARead() throws {
        for name in ["licence-clean-000-r0.png", "licence-mild-001-r-12.jpg"] {
            let search = LicenceSearch(image: try image(name), reader: DocumentReader())
            search.runFirstPasses()
            search.runRescuePasses()
            XCTAssertEqual(search.documents.count, 1, name)
            XCTAssertEqual(search.verdicts.parses, 1, "\(name): the acceptance check's parse makes the licence")
        }
    }

    func testTheVerdictOfAPayload() throws {
        var generator = AAMVAGenerator(seed: 5)
        let good = generator.next().payload
        guard case .sound = PayloadVerdict(judging: good, with: AAMVAParser()) else { return XCTFail("a generated payload is sound") }
        var broken = good
        broken.removeLast(min(40, broken.count / 3))
        XCTAssertFalse(PayloadVerdict(judging: broken, with: AAMVAParser()).isAcceptable, "a truncated payload breaks the directory")
        guard case .notAAMVA = PayloadVerdict(judging: Array("https://example.org".utf8), with: AAMVAParser()) else {
            return XCTFail("a URL is not AAMVA")
        }
    }
}
