import BarcodeScanning
import DocumentModel
import Foundation
import Imaging
import VDS
import XCTest

@testable import IDReader

/// Seals in pictures (`read` with the seal stages): a visa page composed here, the corpus
/// visa seal drawn as its DataMatrix beside an MRZ printed in OCR-B from the seal's own MRZ
/// text; the printed MRZ is held against the signed one (`sealMatchesMRZ`).
final class SealPictureTests: XCTestCase {
    static let corpus = SealDocumentTests.corpus

    struct DrawingUnavailable: Error, CustomStringConvertible {
        let reason: String
        var description: String { "the MRZ cannot be drawn here: \(reason); run scripts/setup.sh (python3-pil, fonts-ocr-b)." }
    }

    /// A 1500 × 1000 white page with `lines` in OCR-B at 44 px near the bottom (the geometry
    /// of tools/mrz-samples), drawn by PIL, and the seal's DataMatrix at 6 px a module in the
    /// top right.
    func visaPage(printing lines: [String], seal: [UInt8]) throws -> GrayImage {
        let out = FileManager.default.temporaryDirectory.appendingPathComponent("idreader-seal-page-\(UUID().uuidString).png")
        addTeardownBlock { try? FileManager.default.removeItem(at: out) }
        let script = """
            import sys
            from PIL import Image, ImageDraw, ImageFont
            img = Image.new("L", (1500, 1000), 250)
            d = ImageDraw.Draw(img)
            f = ImageFont.truetype("/usr/share/fonts/opentype/ocr-b/OCRB.otf", 44)
            lines = sys.argv[2:]
            top = 1000 - 59 * len(lines) - 40
            for i, line in enumerate(lines):
                d.text((40, top + i * 59), line, fill=15, font=f)
            img.save(sys.argv[1])
            """
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-c", script, out.path] + lines
        let errors = Pipe()
        process.standardError = errors
        do { try process.run() } catch { throw DrawingUnavailable(reason: "python3 cannot be run") }
        let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { throw DrawingUnavailable(reason: String(message.split(separator: "\n").last ?? "")) }
        var page = try ImageLoader().load(path: out.path)
        let symbol = try XCTUnwrap(PDF417Writer.image(format: .dataMatrix, bytes: seal, width: 0, height: 0, margin: 4)).scaled(by: 6)
        let left = page.width - symbol.width - 80
        for y in 0..<symbol.height {
            for x in 0..<symbol.width { page.pixels[(60 + y) * page.width + left + x] = symbol.pixels[y * symbol.width + x] }
        }
        return page
    }

    func read(_ page: GrayImage) throws -> ReadResult {
        let options = ReadOptions(sealVerifier: try SealDocumentTests.verifier())
        return DocumentReader().read(image: page, name: "visa-page", options: options)
    }

    func visaSeal() throws -> (bytes: [UInt8], lines: [String]) {
        let bytes = try SealDocumentTests.bytes("li-visa.bin")
        let lines = try XCTUnwrap(VisibleDigitalSeal.parse(bytes).mrzLines)
        // MRV-B: the printed second line is 36 characters; the seal signs its first 28
        return (bytes, [lines[0], lines[1] + String(repeating: "<", count: 36 - lines[1].count)])
    }

    func testAPrintedMRZThatMatchesItsSealLeavesBothValid() throws {
        let (bytes, printed) = try visaSeal()
        let result = try read(try visaPage(printing: printed, seal: bytes))
        let seal = try XCTUnwrap(result.documents.first { $0.source == .vds }, "\(result)")
        let mrz = try XCTUnwrap(result.documents.first { $0.source == .mrz }, "\(result.documents.map(\.source))")
        XCTAssertEqual(mrz.mrz?.lines, printed)
        XCTAssertEqual(seal.checks.first { $0.name == "sealMatchesMRZ" }?.valid, true)
        XCTAssertEqual(mrz.checks.first { $0.name == "sealMatchesMRZ" }?.valid, true)
        XCTAssertTrue(seal.valid, "\(seal.checks)")
        XCTAssertTrue(mrz.valid, "\(mrz.checks)")
        // the seal's outline is drawn on annotated pictures: its symbol's corners, in the top right
        let outline = try XCTUnwrap(result.diagnostics?.barcodes.first { $0.documentIndex == result.documents.firstIndex(of: seal) })
        XCTAssertEqual(outline.format, .dataMatrix)
        let corners = try XCTUnwrap(outline.corners?.corners)
        XCTAssertTrue(corners.allSatisfy { $0.x > 1000 && $0.y < 500 }, "\(corners)")
    }

    func testTheAnnotatedPictureOutlinesTheSeal() throws {
        let (bytes, printed) = try visaSeal()
        let png = try XCTUnwrap(Canvas(gray: try visaPage(printing: printed, seal: bytes))?.pngData())
        let result = DocumentReader().read(imageData: png, name: "visa-page", options: ReadOptions(sealVerifier: try SealDocumentTests.verifier()))
        let sealIndex = try XCTUnwrap(result.documents.firstIndex { $0.source == .vds })
        let corners = try XCTUnwrap(result.diagnostics?.barcodes.first { $0.documentIndex == sealIndex }?.corners?.corners)
        let picture = try Canvas(imageData: try XCTUnwrap(result.annotated(on: png)))
        let rgb = picture.rgbPixels()
        let colour = AnnotationPlan.barcode
        // the outline's colour along the symbol's edges, within a few pixels of its corners' box
        let (x0, x1) = (Int(corners.map(\.x).min()!) - 4, Int(corners.map(\.x).max()!) + 4)
        let (y0, y1) = (Int(corners.map(\.y).min()!) - 4, Int(corners.map(\.y).max()!) + 4)
        var outlined = 0
        for y in max(0, y0)..<min(picture.height, y1) {
            for x in max(0, x0)..<min(picture.width, x1) {
                let i = 3 * (y * picture.width + x)
                if abs(Int(rgb[i]) - Int(colour.red)) < 30, abs(Int(rgb[i + 1]) - Int(colour.green)) < 30, abs(Int(rgb[i + 2]) - Int(colour.blue)) < 30 {
                    outlined += 1
                }
            }
        }
        XCTAssertGreaterThan(outlined, 4 * (x1 - x0), "the outline runs along the symbol's four edges")
    }

    func testAPrintedMRZWithOneChangedCharacterIsNeverValid() throws {
        let (bytes, printed) = try visaSeal()
        // DENT → DENS: a name, under no check digit, so only the seal can tell
        let forged = [printed[0].replacingOccurrences(of: "DENT", with: "DENS"), printed[1]]
        let result = try read(try visaPage(printing: forged, seal: bytes))
        let seal = try XCTUnwrap(result.documents.first { $0.source == .vds }, "\(result)")
        let mrz = try XCTUnwrap(result.documents.first { $0.source == .mrz }, "\(result.documents.map(\.source))")
        XCTAssertEqual(mrz.mrz?.lines, forged)
        XCTAssertEqual(mrz.checks.first { $0.name == "sealMatchesMRZ" }?.valid, false)
        XCTAssertEqual(seal.checks.first { $0.name == "sealMatchesMRZ" }?.valid, false)
        XCTAssertFalse(mrz.valid)
        XCTAssertFalse(seal.valid)
        XCTAssertEqual(seal.vds?.signature.status, "verified", "the seal itself is genuine")
    }

    func testTheCorpusSealPictureReadsAsAValidDocument() throws {
        let result = DocumentReader().read(
            imageAt: Self.corpus.appendingPathComponent("bsi-sic-annexD.png").path, options: ReadOptions(sealVerifier: try SealDocumentTests.verifier()))
        XCTAssertEqual(result.documents.map(\.kind), [.socialInsuranceCard])
        XCTAssertTrue(result.hasValidDocument)
        XCTAssertEqual(result.diagnostics?.stages.contains(.vds), true)
    }

    func testOnlyVDSLooksForNothingElse() throws {
        let result = DocumentReader().read(
            imageAt: Self.corpus.appendingPathComponent("bsi-sic-annexD.png").path, options: ReadOptions(only: .vds))
        XCTAssertEqual(result.diagnostics?.stages, [.vds, .vdsRescue])
        XCTAssertEqual(result.documents.first?.vds?.signature.status, "unknownSigner")
        XCTAssertFalse(result.hasValidDocument)
    }
}
