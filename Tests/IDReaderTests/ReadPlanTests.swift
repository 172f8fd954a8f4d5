import BarcodeScanning
import DocumentModel
import Foundation
import IDCommon
import Imaging
import XCTest

@testable import IDReader

/// The read plan: `only` picks the stages that run, in their order, and each document
/// records the stage that found it.
final class ReadPlanTests: XCTestCase {
    static let samples = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("samples")

    func testKindsParseFromTheContractsNames() {
        XCTAssertEqual(DocumentKinds(names: []), .standard)
        XCTAssertEqual(DocumentKinds(names: ["mrz"]), .mrz)
        XCTAssertEqual(DocumentKinds(names: ["pdf417", "barcodes"]), [.pdf417, .otherBarcodes])
        XCTAssertNil(DocumentKinds(names: ["qr"]))
        XCTAssertEqual(DocumentKinds.contractNames, ["mrz", "pdf417", "barcodes", "vds"])
        XCTAssertEqual(DocumentKinds(names: ["vds"]), .vds)
        XCTAssertTrue(DocumentKinds.standard.contains(.vds), "seals are looked for unless told otherwise")
    }

    func testAPassportRunsTheMRZStagesItNeedsAndSaysWhichFoundIt() throws {
        let image = try ImageLoader().load(path: Self.samples.appendingPathComponent("passports/td3-clean-000-r0.png").path)
        let (documents, _, diagnostics, _) = DocumentReader().readWithDiagnosis(image: image, options: ReadOptions(only: .mrz))
        XCTAssertEqual(documents.count, 1)
        XCTAssertEqual(diagnostics.mrz.first?.stage, .mrzGlyphChains)
        // the stages for MRZs only, in the plan's order; later ones have nothing to do
        XCTAssertEqual(diagnostics.stages, [.mrzGlyphChains, .mrzMorphology, .mrzLayoutAnalysis])
        let everything = DocumentReader().readWithDiagnosis(image: image, options: ReadOptions()).diagnostics
        XCTAssertEqual(everything.stages, [.mrzGlyphChains, .mrzMorphology, .pdf417, .pdf417Rescue, .vds, .mrzLayoutAnalysis, .vdsRescue])
    }

    func testOnlyPDF417LooksForNoMRZ() throws {
        let image = try ImageLoader().load(path: Self.samples.appendingPathComponent("passports/td3-clean-000-r0.png").path)
        let (documents, _, diagnostics, _) = DocumentReader().readWithDiagnosis(image: image, options: ReadOptions(only: .pdf417))
        XCTAssertTrue(documents.isEmpty)
        XCTAssertEqual(diagnostics.stages, [.pdf417, .pdf417Rescue])
    }

    /// `barcodes` reads a licence payload from a QR code (Aztec and Data Matrix symbols zxing-cpp 1.4 writes of a payload with control characters do not read back: not claimed); the standard
    /// read (MRZ and PDF417) does not look for them.
    func testOtherBarcodesCarryLicences() throws {
        let payload = Array(try Data(contentsOf: Self.samples.appendingPathComponent("aamva/licence-v10.txt")))
        for format in [BarcodeFormat.qrCode] {
            let symbol = try XCTUnwrap(PDF417Writer.image(format: format, bytes: payload, width: 600, height: 600), "\(format)")
            let page = symbol.padded(by: 100, value: 255)
            let found = DocumentReader().read(image: page, options: ReadOptions(only: .otherBarcodes))
            XCTAssertEqual(found.count, 1, "\(format)")
            XCTAssertEqual(found.first?.source, .barcode, "\(format)")
            XCTAssertEqual(found.first?.barcode?.format, format, "\(format)")
            XCTAssertEqual(found.first?.valid, true, "\(format)")
            XCTAssertTrue(DocumentReader().read(image: page).isEmpty, "\(format) read by the standard plan")
        }
    }
}
