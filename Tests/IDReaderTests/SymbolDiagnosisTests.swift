import AAMVA
import IDCommon
import MRZScanning
import XCTest

@testable import BarcodeScanning
@testable import IDReader
@testable import Imaging

/// Why no licence was decoded (`SymbolDiagnosis`): a symbol seen but too small, blurred
/// or glared says so; a picture with no symbol says that none was found.
final class SymbolDiagnosisTests: XCTestCase {
    /// A generated licence symbol on grey card paper, and its module width in pixels (the
    /// start pattern's first bar is 8 modules wide, ISO/IEC 15438).
    static func card(width: Int) throws -> (image: GrayImage, module: Double) {
        var generator = AAMVAGenerator(seed: 21)
        let symbol = try XCTUnwrap(PDF417Writer.image(bytes: generator.next().payload, width: width, height: width / 3, margin: 0))
        let row = symbol.height / 2
        let firstBar = (0..<symbol.width).prefix { symbol.pixels[row * symbol.width + $0] < 128 }.count
        // paper a little darker than white, as in a photo
        let paper = GrayImage(width: symbol.width, height: symbol.height, pixels: symbol.pixels.map { $0 > 128 ? 215 : 40 })
        return (paper.padded(by: width / 6, value: 215), Double(firstBar) / 8)
    }

    func testTheModuleIsMeasuredFromTheStartAndStopBars() throws {
        let (image, module) = try Self.card(width: 1100)
        let measured = try XCTUnwrap(SymbolDiagnosis.measure(image))
        XCTAssertEqual(measured.moduleWidth, module, accuracy: 0.25 * module)
        XCTAssertGreaterThan(measured.detail, SymbolDiagnosis.leastDetail)
        XCTAssertLessThan(measured.glare, SymbolDiagnosis.mostGlare)
        let turned = try XCTUnwrap(SymbolDiagnosis.measure(image.rotated(degrees: 7)), "a turned symbol is straightened first")
        XCTAssertEqual(turned.moduleWidth, module, accuracy: 0.3 * module)
    }

    /// A located region's bars run through many rows: a licence symbol is tens of rows
    /// of 3 or more modules tall, at least `leastHeightInBars` start bars (the dark
    /// surroundings beyond both ends of a blurred visa page's MRZ, 2.2 bar widths tall,
    /// were taken for a blurred symbol's bars, idphoto-gen seed 37).
    func testBarsTooShortForALicenceSymbolAreNoSymbol() throws {
        let (image, module) = try Self.card(width: 1100)
        let bar = 8 * module
        // a strip of the symbol's middle rows, `bars` start bars tall
        func strip(_ bars: Double) -> GrayImage {
            let rows = Int(bars * bar)
            return image.cropped(x: 0, y: (image.height - rows) / 2, width: image.width, height: rows)
        }
        XCTAssertNotNil(SymbolDiagnosis.measureUpright(strip(3.5)), "rows as many as a licence symbol's")
        XCTAssertNil(SymbolDiagnosis.measureUpright(strip(2.5)))
    }

    /// A crop around a symbol near the card's edge reaches the dark table beyond the
    /// card on both sides: when no end bars show otherwise, the stripes running into the
    /// crop's edges are taken for the table and the bars looked for inside them (a
    /// licence at 0.9 px modules, idphoto-gen seed 39, went unseen as its outer stripes
    /// were taken from the table).
    func testEndBarsShowInsideTheDarkBeyondTheCardAndAtABareSymbolsEdges() throws {
        let (card, module) = try Self.card(width: 1100)
        let table = 20, width = card.width + 2 * table
        var pixels = [UInt8](repeating: 30, count: width * card.height)
        for y in 0..<card.height {
            for x in 0..<card.width { pixels[y * width + table + x] = card.pixels[y * card.width + x] }
        }
        let onTable = GrayImage(width: width, height: card.height, pixels: pixels)
        let measured = try XCTUnwrap(SymbolDiagnosis.measureUpright(onTable), "the start and stop bars inside the table's stripes")
        XCTAssertEqual(measured.moduleWidth, module, accuracy: 0.25 * module)
        // the crop's outermost columns paler than the table (a small photo, seed 40)
        for y in 0..<card.height { (pixels[y * width], pixels[(y + 1) * width - 1]) = (200, 200) }
        let paleEdges = GrayImage(width: width, height: card.height, pixels: pixels)
        let measuredPale = try XCTUnwrap(SymbolDiagnosis.measureUpright(paleEdges), "the table's stripes a column off the crop's edges")
        XCTAssertEqual(measuredPale.moduleWidth, module, accuracy: 0.25 * module)
        // a symbol printed without a quiet zone has its own bars at the crop's edges
        let bare = card.cropped(x: 1100 / 6, y: 0, width: 1100, height: card.height)
        let measuredBare = try XCTUnwrap(SymbolDiagnosis.measureUpright(bare), "the start and stop bars at the crop's edges")
        XCTAssertEqual(measuredBare.moduleWidth, module, accuracy: 0.25 * module)
    }

    /// A start pattern seen through every row while blur took the stop pattern's thin
    /// bars: the symbol is blurred, not cut off (its rows keep less than a sharp symbol's
    /// detail); the same symbol sharp and cut through its middle is cut off.
    func testASymbolWhoseStopPatternBlurredAwayIsBlurred() throws {
        let symbolWidth = 1100
        let (card, module) = try Self.card(width: symbolWidth)
        var image = card
        // three box blurs of radius 4: a Gaussian of 1.1 modules
        for _ in 0..<3 { image = image.blurred(radius: 4) }
        // the start pattern (17 modules) and its quiet zone sharp again (`card` pads the
        // symbol by a sixth of its width)
        let sharpColumns = symbolWidth / 6 + Int(17 * module)
        for y in 0..<card.height {
            for x in 0..<sharpColumns { image.pixels[y * card.width + x] = card.pixels[y * card.width + x] }
        }
        XCTAssertEqual(SymbolDiagnosis.oneSidedCause(BarcodeScanner.RescueInput(image), sparsely: false), .blurred)
        let cut = card.cropped(x: 0, y: 0, width: card.width / 2, height: card.height)
        XCTAssertEqual(SymbolDiagnosis.oneSidedCause(BarcodeScanner.RescueInput(cut), sparsely: false), .cutOff)
    }

    func testASymbolOfModulesUnderAPixelIsTooSmall() throws {
        let (image, module) = try Self.card(width: 1100)
        let small = image.scaled(by: 0.7 / module)
        XCTAssertEqual(SymbolDiagnosis.diagnose(small), .tooSmall)
        XCTAssertEqual(
            DocumentReader().read(imageData: try XCTUnwrap(small.jpegData(quality: 95)), name: "far.png").error?.message, PDF417Failure.tooSmall.message)
    }

    /// Licence photos of another generator (idphoto-gen seed 3, the hard tier: 1.6–2.4 px
    /// modules, blur, glare, JPEG): every photo not read says why, with the cause the
    /// generator put in — glare where it glared the symbol, blur where it blurred it most.
    func testUnreadLicencePhotosSayWhy() throws {
        let set = AnnotationTests.generate("diagnosis", ["--only", "dl", "--dl-per", "8"])
        defer { if case .success(let url) = set { try? FileManager.default.removeItem(at: url) } }
        var unread = 0
        for (image, truth) in try AnnotationTests.cases("dl", of: set) where truth["tier"] as? String == "hard" {
            let result = DocumentReader().read(imageAt: image, options: ReadOptions(only: .pdf417))
            guard result.documents.isEmpty else { continue }
            unread += 1
            let render = try XCTUnwrap(truth["render"] as? [String: Any])
            let glare = (render["glare"] as? [String: Any])?["max_over_target"] as? Double ?? 0
            let blur = render["blur_sigma"] as? Double ?? 0
            let message = try XCTUnwrap(result.error?.message, image)
            XCTAssertNotEqual(message, PDF417Failure.noSymbol.message, "\(image): the symbol is in the picture")
            if glare >= 0.5 {
                XCTAssertEqual(message, PDF417Failure.glare.message, "\(image): glare \(glare)")
            } else if blur >= 1.0 {
                XCTAssertEqual(message, PDF417Failure.blurred.message, "\(image): blur \(blur)")
            }
        }
        XCTAssertGreaterThanOrEqual(unread, 2, "the hard tier keeps some photos unread, or this test proves nothing")
    }

    func testAWashedOutPatchIsGlare() throws {
        var (image, _) = try Self.card(width: 1100)
        // a saturated patch over a fifth of the symbol's columns and most of its rows
        for y in image.height * 2 / 5..<image.height * 3 / 5 {
            for x in image.width * 2 / 5..<image.width * 3 / 5 { image.pixels[y * image.width + x] = 255 }
        }
        XCTAssertEqual(SymbolDiagnosis.diagnose(image), .glare, "\(String(describing: SymbolDiagnosis.measure(image)))")
    }

    /// A symbol its start and stop patterns outline is the strongest evidence of a
    /// licence (`FailureDiagnosis` weighs it above an MRZ band); outlined rows that keep
    /// less than a sharp symbol's detail are fainter evidence (print can match the
    /// patterns by chance); a picture without one shows none.
    func testAnOutlinedSymbolIsStartAndStopEvidence() throws {
        let (card, _) = try Self.card(width: 1100)
        var image = card
        for y in image.height * 2 / 5..<image.height * 3 / 5 {
            for x in image.width * 2 / 5..<image.width * 3 / 5 { image.pixels[y * image.width + x] = 255 }
        }
        let glared = SymbolDiagnosis.examine(image)
        XCTAssertEqual(glared.failure, .glare)
        XCTAssertEqual(glared.evidence, .startStopPatterns)
        // five box blurs of radius 2: a Gaussian of 0.8 modules, the patterns still seen
        let blurred = (0..<5).reduce(card) { picture, _ in picture.blurred(radius: 2) }
        let faint = SymbolDiagnosis.examine(blurred)
        XCTAssertEqual(faint.failure, .blurred)
        XCTAssertEqual(faint.evidence, .faintPatterns)
        let passport = try ImageLoader().load(path: "samples/passports/td3-clean-000-r0.png")
        XCTAssertEqual(SymbolDiagnosis.examine(passport), SymbolFinding(.noSymbol, evidence: .none))
        XCTAssertNil(SymbolDiagnosis.examine(passport).corners)
    }

    /// The start and stop patterns' outline is where the symbol was drawn (`card` pads
    /// it by a sixth of its width on every side), in reading order, within two modules.
    /// The glance's sparse lines outline this drawn symbol with a side inside its bars:
    /// the frame view draws no card from that shape, rather than a wrong one.
    func testTheFindingOutlinesTheSymbolWhereDrawn() throws {
        let (image, module) = try Self.card(width: 1100)
        let pad = Double(1100 / 6)
        let drawn = Quadrilateral(x0: pad, y0: pad, x1: Double(image.width) - pad, y1: Double(image.height) - pad)
        let corners = try XCTUnwrap(SymbolDiagnosis.examine(image).corners, "an outlined symbol has corners")
        for (found, expected) in zip(corners.corners, drawn.corners) {
            XCTAssertLessThan(((found.x - expected.x) * (found.x - expected.x) + (found.y - expected.y) * (found.y - expected.y)).squareRoot(), 2 * module)
        }
        XCTAssertTrue(DocumentReader.isSymbolShaped(corners))
        if let card = DocumentReader().frameView(image: image).outline?.corners.quadrilateral {
            let left = min(card.topLeft.x, card.bottomLeft.x), right = max(card.topRight.x, card.bottomRight.x)
            XCTAssertTrue(drawn.corners.allSatisfy { $0.x > left && $0.x < right }, "a card drawn around the symbol holds it")
        }
    }

    /// A side less than half the one facing it is no symbol's outline.
    func testAnOutlineWithASideCollapsedIsNoSymbolsShape() {
        func symbol(topRight: Point) -> Quadrilateral {
            Quadrilateral(topLeft: Point(x: 0, y: 0), topRight: topRight, bottomRight: Point(x: 400, y: 100), bottomLeft: Point(x: 0, y: 100))
        }
        XCTAssertFalse(DocumentReader.isSymbolShaped(symbol(topRight: Point(x: 400, y: 90))), "a right side of 10 beside a left side of 100")
        XCTAssertTrue(DocumentReader.isSymbolShaped(symbol(topRight: Point(x: 390, y: 20))), "a right side of 80: perspective")
    }

    func testPicturesWithoutASymbolSayNoneWasFound() throws {
        let blank = GrayImage(width: 640, height: 480, pixels: [UInt8](repeating: 200, count: 640 * 480))
        var noise = SeededRandom(seed: 3)
        let random = GrayImage(width: 640, height: 480, pixels: (0..<640 * 480).map { _ in UInt8(truncatingIfNeeded: noise.next() >> 56) })
        let passport = try ImageLoader().load(path: "samples/passports/td3-clean-000-r0.png")
        for (name, image) in [("blank", blank), ("noise", random), ("passport", passport)] {
            XCTAssertEqual(SymbolDiagnosis.diagnose(image), .noSymbol, name)
        }
        let options = ReadOptions(only: .pdf417)
        XCTAssertEqual(
            DocumentReader().read(imageData: try XCTUnwrap(blank.jpegData(quality: 95)), name: "blank.png", options: options).error?.message,
            PDF417Failure.noSymbol.message)
    }
}
