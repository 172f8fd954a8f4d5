import DocumentModel
import Foundation
import IDCommon
import XCTest

@testable import IDReader
@testable import Imaging

/// `location` and `side` of the documents read from pictures, against ground truth that
/// does not come from the reader: ../shared/tools/idphoto-gen's `mrz_quad`,
/// `barcode_quad` and `document_quad` (seed 3, one page per MRZ format and tier, one
/// licence per tier, generated into a temporary folder).
final class DocumentLocationTests: XCTestCase {
    static let generated = AnnotationTests.generate("location", ["--mrz-per", "1", "--dl-per", "1"])

    override class func tearDown() {
        if case .success(let url) = generated { try? FileManager.default.removeItem(at: url) }
        super.tearDown()
    }

    /// Clean and mild MRZ pages whose outline lies within 1.5 % of the page's diagonal of
    /// the generator's, when this test was written (all 10): a floor.
    static let outlinedWithinTolerance = 10

    static func quadrilateral(_ value: Any?) throws -> Quadrilateral {
        try XCTUnwrap(AnnotationTests.points(value).flatMap(Quadrilateral.init), "a quadrilateral of four points")
    }

    /// The mean distance of corresponding corners over the mean diagonal of `truth`.
    static func cornerError(_ found: Quadrilateral, _ truth: Quadrilateral) -> Double {
        let diagonal = (AnnotationTests.distance(truth.topLeft, truth.bottomRight) + AnnotationTests.distance(truth.topRight, truth.bottomLeft)) / 2
        return zip(found.corners, truth.corners).map { AnnotationTests.distance($0, $1) }.reduce(0, +) / 4 / diagonal
    }

    func testMRZBandAndOutlineSitOnTheGeneratorsQuadrilaterals() throws {
        var outlined = 0, cleanAndMild = 0
        for (image, truth) in try AnnotationTests.cases("mrz", of: Self.generated) {
            let lines = try XCTUnwrap(truth["mrz_lines"] as? [String])
            let result = DocumentReader().read(imageAt: image, options: ReadOptions(only: .mrz))
            guard let document = result.documents.first(where: { $0.mrz?.lines == lines }) else { continue }
            let location = try XCTUnwrap(document.location, "\(image): a document read from a picture has a location")
            let band = try XCTUnwrap(location.mrz, image)
            XCTAssertEqual(band.lines.count, lines.count, image)
            XCTAssertNil(location.barcode, image)
            // the band is the ink; the generator's quadrilateral its layout box, a little larger
            let mrzTruth = try Self.quadrilateral(truth["mrz_quad"])
            let pitch = try XCTUnwrap((truth["render"] as? [String: Any])?["mrz_char_pitch_px"] as? Double)
            for (found, expected) in zip(band.corners.quadrilateral.corners, mrzTruth.corners) {
                XCTAssertLessThan(AnnotationTests.distance(found, expected), 1.5 * pitch, "\(image): MRZ corner")
            }
            let outline = try XCTUnwrap(location.outline, "\(image): an ICAO page has an outline")
            XCTAssertFalse(outline.partial, "\(image): the generator draws the whole page")
            if truth["tier"] as? String != "hard" {
                cleanAndMild += 1
                if Self.cornerError(outline.corners.quadrilateral, try Self.quadrilateral(truth["document_quad"])) <= 0.015 { outlined += 1 }
            }
            XCTAssertEqual(document.side, truth["format"] as? String == "TD1" ? .back : nil, image)
        }
        XCTAssertEqual(cleanAndMild, 10, "every clean and mild page read")
        XCTAssertGreaterThanOrEqual(outlined, Self.outlinedWithinTolerance)
    }

    func testLicenceSymbolAndCardOutline() throws {
        var read = 0
        for (image, truth) in try AnnotationTests.cases("dl", of: Self.generated) {
            let payload = try XCTUnwrap(truth["payload"] as? String)
            let result = DocumentReader().read(imageAt: image, options: ReadOptions(only: .pdf417))
            guard let document = result.documents.first(where: { $0.barcode?.text == payload }) else { continue }
            read += 1
            XCTAssertEqual(document.side, .back, image)
            let location = try XCTUnwrap(document.location, image)
            XCTAssertNil(location.mrz, image)
            let symbol = try XCTUnwrap(location.barcode, image)
            XCTAssertLessThan(Self.cornerError(symbol.corners.quadrilateral, try Self.quadrilateral(truth["barcode_quad"])), 0.02, image)
            let outline = try XCTUnwrap(location.outline, "\(image): a licence back has an outline")
            if truth["tier"] as? String != "hard" {
                // the card's edges, found around a symbol the generator places off centre at times
                XCTAssertLessThanOrEqual(
                    Self.cornerError(outline.corners.quadrilateral, try Self.quadrilateral(truth["document_quad"])), 0.015, image)
            }
        }
        XCTAssertGreaterThanOrEqual(read, 2, "the clean and mild licences read")
    }

    /// A page cut through above its MRZ: still read, and its outline says it goes on
    /// past the picture; the whole page's does not.
    func testOutlineOfAPageCutOffIsPartial() throws {
        let (image, truth) = try XCTUnwrap(try AnnotationTests.cases("mrz", of: Self.generated).first { $0.image.contains("td3_clean") })
        let lines = try XCTUnwrap(truth["mrz_lines"] as? [String])
        let picture = try ImageLoader().load(path: image)
        let whole = DocumentReader().read(image: picture, name: "whole", options: ReadOptions(only: .mrz))
        XCTAssertEqual(whole.documents.first?.location?.outline?.partial, false)
        let bottomHalf = picture.cropped(x: 0, y: picture.height / 2, width: picture.width, height: picture.height - picture.height / 2)
        let cut = DocumentReader().read(image: bottomHalf, name: "cut", options: ReadOptions(only: .mrz))
        let document = try XCTUnwrap(cut.documents.first { $0.mrz?.lines == lines }, "the MRZ is in the bottom half")
        XCTAssertEqual(document.location?.outline?.partial, true)
    }

    /// The JSON's shape: whole-pixel `[x, y]` corners, nulls where nothing was found, and
    /// the same value back when decoded.
    func testLocationJSON() throws {
        let band = try XCTUnwrap(
            MRZLocation(lines: [
                Quadrilateral(x0: 10.4, y0: 20, x1: 100.6, y1: 30), Quadrilateral(x0: 10, y0: 40, x1: 100, y1: 50.5),
            ]))
        let location = DocumentLocation(
            mrz: band, outline: DocumentOutline(corners: Quadrilateral(x0: 0, y0: 0, x1: 120, y1: 80), source: .edges, partial: false))
        let json = String(decoding: try ContractJSON.encoder(pretty: false).encode(location), as: UTF8.self)
        XCTAssertEqual(
            json,
            #"{"barcode":null,"mrz":{"corners":[[10,20],[101,20],[100,51],[10,51]],"lines":[[[10,20],[101,20],[101,30],[10,30]],[[10,40],[100,40],[100,51],[10,51]]]},"#
                + #""outline":{"corners":[[0,0],[120,0],[120,80],[0,80]],"partial":false,"source":"edges"},"portrait":null}"#)
        let decoded = try JSONDecoder().decode(DocumentLocation.self, from: Data(json.utf8))
        XCTAssertEqual(decoded.outline?.corners.quadrilateral, Quadrilateral(x0: 0, y0: 0, x1: 120, y1: 80))
        XCTAssertEqual(decoded.mrz?.lines.count, 2)
    }

    func testSideFromTheLayoutOfTextGiven() throws {
        let reader = DocumentReader()
        let td1 = try String(contentsOf: AnnotationTests.samples.appendingPathComponent("mrz/idcard-td1.txt"), encoding: .utf8)
        let td3 = try String(contentsOf: AnnotationTests.samples.appendingPathComponent("mrz/passport-td3.txt"), encoding: .utf8)
        XCTAssertEqual(try reader.read(mrzText: td1).side, .back)
        XCTAssertNil(try reader.read(mrzText: td3).side, "a passport's data page has no side to name")
    }
}
