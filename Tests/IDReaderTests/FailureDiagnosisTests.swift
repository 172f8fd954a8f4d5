import BarcodeScanning
import IDCommon
import MRZScanning
import XCTest

@testable import IDReader
@testable import Imaging

/// One cause per read that found nothing, chosen by what the picture shows
/// (`FailureDiagnosis`): a symbol-like region gives the licence's cause, an MRZ-like band
/// the MRZ's, neither "no document" unless the whole picture is too dark or blurred.
final class FailureDiagnosisTests: XCTestCase {
    /// A picture measured neither dark nor blurred.
    static let clearPicture = PictureMeasures(brightest: 220, edgeWidth: 1)

    /// The licence diagnosis of a picture showing no symbol.
    static let noSymbol = SymbolFinding(.noSymbol, evidence: .none)

    func testASymbolsStartAndStopPatternsAreTheStrongerEvidence() {
        let symbol = SymbolFinding(.tooSmall, evidence: .startStopPatterns)
        let diagnosis = FailureDiagnosis.choose(mrz: .glare, pdf417: symbol) {
            XCTFail("the whole picture is measured only when no document was seen")
            return Self.clearPicture
        }
        XCTAssertEqual(diagnosis, FailureDiagnosis(cause: .tooSmall, message: PDF417Failure.tooSmall.message))
    }

    /// An MRZ band whose glyphs run off the picture outweighs start and stop patterns
    /// around rows that keep little of a symbol's detail (a line of bold capitals matches
    /// them by chance), but not patterns around a sharp symbol's rows; patterns around
    /// faint rows still outweigh a band measured glared.
    func testAnMRZBandRunningOffOutweighsFaintPatternsOnly() {
        let faint = SymbolFinding(.glare, evidence: .faintPatterns)
        let licence = FailureDiagnosis(cause: .glare, message: PDF417Failure.glare.message)
        XCTAssertEqual(FailureDiagnosis.choose(mrz: .cutOff, pdf417: faint) { Self.clearPicture }, FailureDiagnosis(mrz: .cutOff))
        XCTAssertEqual(FailureDiagnosis.choose(mrz: .blurred, pdf417: faint) { Self.clearPicture }, licence)
        let sharp = SymbolFinding(.glare, evidence: .startStopPatterns)
        XCTAssertEqual(FailureDiagnosis.choose(mrz: .cutOff, pdf417: sharp) { Self.clearPicture }, licence)
    }

    /// A picture too dark as a whole is too dark whatever a band or a located region in it
    /// seems to show (a darkened licence's print showed an MRZ band too dark or blurred);
    /// only a sharp symbol's outline is named before it.
    func testAPictureTooDarkAsAWholeOutweighsABandOrRegion() {
        let dark = PictureMeasures(brightest: 8, edgeWidth: 1)
        let wholePicture = FailureDiagnosis(cause: .tooDark, message: FailureDiagnosis.tooDark)
        for mrz in [MRZScanFailure.tooDark, .blurred, .cutOff] {
            XCTAssertEqual(FailureDiagnosis.choose(mrz: mrz, pdf417: Self.noSymbol) { dark }, wholePicture)
        }
        XCTAssertEqual(FailureDiagnosis.choose(mrz: .noMRZ, pdf417: SymbolFinding(.glare, evidence: .locatedRegion)) { dark }, wholePicture)
        let sharp = SymbolFinding(.tooDark, evidence: .startStopPatterns)
        XCTAssertEqual(FailureDiagnosis.choose(mrz: .noMRZ, pdf417: sharp) { dark }, FailureDiagnosis(cause: .tooDark, message: PDF417Failure.tooDark.message))
    }

    /// A region only the locator found (two wide bars, no start and stop patterns) is
    /// weaker evidence than an MRZ band measured blurred, glared or too dark (a blurred
    /// MRZ's lines show such bars, a dark page's print dark stripes), stronger than a band
    /// too small (a symbol's rows under a pixel chain as tiny glyphs do) or than no band.
    func testARegionOnlyLocatedWeighsAgainstTheMRZBandsMeasures() {
        let located = SymbolFinding(.glare, evidence: .locatedRegion)
        let licence = FailureDiagnosis(cause: .glare, message: PDF417Failure.glare.message)
        for smeared in [MRZScanFailure.blurred, .glare, .tooDark] {
            XCTAssertEqual(FailureDiagnosis.choose(mrz: smeared, pdf417: located) { Self.clearPicture }, FailureDiagnosis(mrz: smeared))
        }
        XCTAssertEqual(FailureDiagnosis.choose(mrz: .tooSmall, pdf417: located) { Self.clearPicture }, licence)
        XCTAssertEqual(FailureDiagnosis.choose(mrz: .noMRZ, pdf417: located) { Self.clearPicture }, licence)
    }

    /// The second look's lines (`MRZScanner.secondLook`) name the MRZ's cause only where
    /// nothing stronger is seen.
    func testTheSecondLooksLinesAreTheWeakestEvidence() {
        let lone = UnreadLines(.tooSmall, stacked: false)
        XCTAssertEqual(FailureDiagnosis.choose(mrz: .noMRZ, unread: { lone }, pdf417: Self.noSymbol) { Self.clearPicture }, FailureDiagnosis(mrz: .tooSmall))
        let located = SymbolFinding(.blurred, evidence: .locatedRegion)
        XCTAssertEqual(
            FailureDiagnosis.choose(mrz: .noMRZ, unread: { lone }, pdf417: located) { Self.clearPicture },
            FailureDiagnosis(cause: .blurred, message: PDF417Failure.blurred.message))
        // where stronger evidence decides, the second look (a search of its own) is not asked
        let outlined = SymbolFinding(.glare, evidence: .startStopPatterns)
        let decided = FailureDiagnosis.choose(
            mrz: .noMRZ,
            unread: {
                XCTFail("the second look was asked")
                return lone
            }, pdf417: outlined
        ) { Self.clearPicture }
        XCTAssertEqual(decided.cause, PDF417Failure.glare.cause)
    }

    func testAFindingWithoutASymbolHasNoEvidence() {
        XCTAssertEqual(SymbolFinding(.noSymbol, evidence: .startStopPatterns).evidence, SymbolEvidence.none)
    }

    func testAnMRZBandWithoutASymbolGivesTheMRZsCause() {
        for failure in [MRZScanFailure.tooSmall, .blurred, .glare, .cutOff, .undecodable] {
            let diagnosis = FailureDiagnosis.choose(mrz: failure, pdf417: Self.noSymbol) { Self.clearPicture }
            XCTAssertEqual(diagnosis, FailureDiagnosis(cause: failure.cause, message: failure.message))
        }
    }

    func testNeitherIsNoDocumentUnlessTheWholePictureIsTooDarkOrBlurred() {
        let none = FailureDiagnosis.choose(mrz: .noMRZ, pdf417: Self.noSymbol) { Self.clearPicture }
        XCTAssertEqual(none, FailureDiagnosis(cause: .noDocument, message: FailureDiagnosis.neitherFound))
        XCTAssertEqual(FailureDiagnosis.choose(mrz: .noMRZ, pdf417: nil) { Self.clearPicture }.message, MRZScanFailure.noMRZ.message)
        XCTAssertEqual(FailureDiagnosis.choose(mrz: nil, pdf417: Self.noSymbol) { Self.clearPicture }.message, PDF417Failure.noSymbol.message)
        let dark = FailureDiagnosis.choose(mrz: .noMRZ, pdf417: Self.noSymbol) { PictureMeasures(brightest: 20, edgeWidth: 1) }
        XCTAssertEqual(dark, FailureDiagnosis(cause: .tooDark, message: FailureDiagnosis.tooDark))
        let blurred = FailureDiagnosis.choose(mrz: .noMRZ, pdf417: Self.noSymbol) { PictureMeasures(brightest: 220, edgeWidth: 100) }
        XCTAssertEqual(blurred, FailureDiagnosis(cause: .blurred, message: FailureDiagnosis.tooBlurred))
    }

    func testAMissingModelNamesNoCause() {
        let diagnosis = FailureDiagnosis.choose(mrz: .modelMissing, pdf417: Self.noSymbol) { Self.clearPicture }
        XCTAssertNil(diagnosis.cause)
        XCTAssertEqual(diagnosis.message, MRZScanFailure.modelMissing.message)
    }

    /// Every message says its cause in words a person reads as that cause.
    func testEveryMessageSaysItsCause() {
        let words: [ReadFailureCause: String] = [
            .noDocument: "no ", .tooSmall: "too small", .blurred: "blurred", .glare: "glare", .cutOff: "runs off the edge",
            .tooDark: "too dark", .undecodable: "could not be",
        ]
        var said: [(ReadFailureCause?, String)] = PDF417Failure.allCases.map { ($0.cause, $0.message) }
        said += [MRZScanFailure.tooSmall, .blurred, .glare, .cutOff, .undecodable, .noMRZ].map { ($0.cause, $0.message) }
        said += [(.tooDark, FailureDiagnosis.tooDark), (.blurred, FailureDiagnosis.tooBlurred), (.noDocument, FailureDiagnosis.neitherFound)]
        for (cause, message) in said {
            let cause = try? XCTUnwrap(cause)
            XCTAssertTrue(message.lowercased().contains(words[cause ?? .noDocument] ?? "?"), "\(String(describing: cause)): \(message)")
        }
        XCTAssertEqual(Set(said.compactMap(\.0)), Set(ReadFailureCause.allCases), "every cause has a sentence")
    }

    // MARK: - one picture of each cause, read whole

    func read(_ image: GrayImage, only: DocumentKinds = .standard) throws -> ReadError {
        let bytes = try XCTUnwrap(image.jpegData(quality: 95))
        let result = DocumentReader().read(imageData: bytes, name: "picture.jpg", options: ReadOptions(only: only))
        XCTAssertTrue(result.documents.isEmpty, "the picture must not be read")
        return try XCTUnwrap(result.error)
    }

    func testAPictureWithoutADocumentSaysNoDocument() throws {
        // blotches of grey: edges and texture, nothing like a document
        let error = try read(Self.blotches(seed: 36))
        XCTAssertEqual(error.cause, .noDocument)
        XCTAssertEqual(error.message, FailureDiagnosis.neitherFound)
    }

    /// Blotches of grey, as `testAPictureWithoutADocumentSaysNoDocument` draws them.
    static func blotches(seed: UInt64, darkening: UInt8 = 1) -> GrayImage {
        var random = SeededRandom(seed: seed)
        let levels = (0..<48).map { _ in UInt8(truncatingIfNeeded: random.next() >> 56) / darkening }
        return GrayImage(width: 640, height: 480, pixels: (0..<640 * 480).map { i in levels[(i % 640) / 80 + 8 * ((i / 640) / 80)] })
    }

    func testAPictureTooDarkToSeeAnythingIsTooDark() throws {
        let error = try read(Self.blotches(seed: 36, darkening: 8))
        XCTAssertEqual(error.cause, .tooDark)
        XCTAssertEqual(error.message, FailureDiagnosis.tooDark)
    }

    func testASymbolOfModulesUnderAPixelIsTooSmall() throws {
        let (image, module) = try SymbolDiagnosisTests.card(width: 1100)
        let error = try read(image.scaled(by: 0.7 / module))
        XCTAssertEqual(error.cause, .tooSmall)
        XCTAssertEqual(error.message, PDF417Failure.tooSmall.message)
    }

    func testAGlaredSymbolIsGlare() throws {
        var (image, _) = try SymbolDiagnosisTests.card(width: 1100)
        for y in image.height * 2 / 5..<image.height * 3 / 5 {
            for x in image.width * 2 / 5..<image.width * 3 / 5 { image.pixels[y * image.width + x] = 255 }
        }
        let error = try read(image)
        XCTAssertEqual(error.cause, .glare)
        XCTAssertEqual(error.message, PDF417Failure.glare.message)
    }

    func testASymbolCutThroughRunsOff() throws {
        let (image, _) = try SymbolDiagnosisTests.card(width: 1100)
        // the left 60 %: the start pattern and half the rows' codewords, no stop pattern
        let cut = image.cropped(x: 0, y: 0, width: image.width * 3 / 5, height: image.height)
        let error = try read(cut)
        XCTAssertEqual(error.cause, .cutOff)
        XCTAssertEqual(error.message, PDF417Failure.cutOff.message)
    }

    func testASharpWholeSymbolThatDoesNotDecodeIsUndecodable() throws {
        var (image, module) = try SymbolDiagnosisTests.card(width: 1100)
        // scramble the codewords: every row's data columns shifted by a random amount
        // of modules, the start and stop patterns (the first and last 17 modules) kept
        var random = SeededRandom(seed: 5)
        let w = image.width
        let first = w / 6 + Int(20 * module), last = w - w / 6 - Int(20 * module)
        for y in image.height / 6..<(image.height - image.height / 6) where y % Int(3 * module) == 0 {
            let shift = Int(module) * Int(random.next() % 9 + 1)
            let band = min(Int(3 * module), image.height - y)
            for row in y..<(y + band) {
                let original = Array(image.pixels[(row * w + first)..<(row * w + last)])
                for x in first..<last { image.pixels[row * w + x] = original[(x - first + shift) % original.count] }
            }
        }
        let error = try read(image)
        XCTAssertEqual(error.cause, .undecodable)
        XCTAssertEqual(error.message, PDF417Failure.undecodable.message)
    }
}

/// The MRZ's causes, on a generated passport page whose MRZ is read: the same page made
/// to fail one way at a time, where the band is.
final class MRZFailureCauseTests: XCTestCase {
    static let passport = "samples/passports/td3-clean-000-r0.png"

    /// The page and the outline of its MRZ (the first line's top-left to the last line's
    /// bottom-right, as the reader drew it).
    func pageAndBand() throws -> (page: GrayImage, minX: Int, maxX: Int, minY: Int, maxY: Int) {
        let page = try ImageLoader().load(path: Self.passport)
        let result = DocumentReader().read(imageAt: Self.passport)
        let lines = try XCTUnwrap(result.diagnostics?.mrz.first?.lines, "the page's MRZ is read")
        let xs = lines.flatMap(\.corners).map(\.x), ys = lines.flatMap(\.corners).map(\.y)
        return (page, Int(xs.min()!), Int(xs.max()!), Int(ys.min()!), Int(ys.max()!))
    }

    func read(_ image: GrayImage) throws -> ReadError {
        let bytes = try XCTUnwrap(image.jpegData(quality: 95))
        let result = DocumentReader().read(imageData: bytes, name: "page.jpg")
        XCTAssertTrue(result.documents.isEmpty, "the page must not be read")
        return try XCTUnwrap(result.error)
    }

    func testAnMRZCutThroughRunsOff() throws {
        let (page, minX, maxX, _, _) = try pageAndBand()
        let error = try read(page.cropped(x: 0, y: 0, width: minX + (maxX - minX) * 7 / 10, height: page.height))
        XCTAssertEqual(error.cause, .cutOff)
        XCTAssertEqual(error.message, MRZScanFailure.cutOff.message)
    }

    func testAnMRZUnderGlareIsGlare() throws {
        var (page, minX, maxX, minY, maxY) = try pageAndBand()
        // a washed-out patch over the middle two fifths of the lines
        let h = maxY - minY
        for y in max(0, minY - h / 4)..<min(page.height, maxY + h / 4) {
            for x in (minX + (maxX - minX) * 3 / 10)..<(minX + (maxX - minX) * 7 / 10) { page.pixels[y * page.width + x] = 255 }
        }
        let error = try read(page)
        XCTAssertEqual(error.cause, .glare)
        XCTAssertEqual(error.message, MRZScanFailure.glare.message)
    }

    /// The height of the MRZ's characters on the page, from the first line's outline.
    func glyphHeight() throws -> Double {
        let result = DocumentReader().read(imageAt: Self.passport)
        let line = try XCTUnwrap(result.diagnostics?.mrz.first?.lines.first)
        return hypot(line.bottomLeft.x - line.topLeft.x, line.bottomLeft.y - line.topLeft.y)
    }

    /// 2.5 px characters: at 3.5 px the deblurred view reads this clean page (not valid,
    /// most fields uncertain), so the cause is asked of a page smaller still.
    func testAnMRZOfTinyCharactersIsTooSmall() throws {
        let page = try ImageLoader().load(path: Self.passport)
        let error = try read(page.scaled(by: 2.5 / (try glyphHeight())))
        XCTAssertEqual(error.cause, .tooSmall)
        XCTAssertEqual(error.message, MRZScanFailure.tooSmall.message)
    }

    func testABlurredMRZIsBlurred() throws {
        var page = try ImageLoader().load(path: Self.passport)
        // three box blurs of radius r: a Gaussian of sigma sqrt(r (r + 1)), a fifth of the
        // characters' height
        let r = Int((0.2 * (try glyphHeight())).rounded())
        for _ in 0..<3 { page = page.blurred(radius: r) }
        let error = try read(page)
        XCTAssertEqual(error.cause, .blurred)
        XCTAssertEqual(error.message, MRZScanFailure.blurred.message)
    }
}
