import AAMVA
import Foundation
import IDCommon
import XCTest

@testable import BarcodeScanning
@testable import IDReader
@testable import Imaging

final class BarcodeTests: XCTestCase {
    /// A generated licence payload on a white canvas, as a symbol of `moduleWidth`-ish size.
    func licenceImage(_ payload: [UInt8], width: Int) throws -> GrayImage {
        let symbol = try XCTUnwrap(PDF417Writer.image(bytes: payload, width: width, height: width / 3))
        return symbol.padded(by: 100, value: 235)
    }

    func testRoundTripsAtSizesRotationsAndBlur() throws {
        var generator = AAMVAGenerator(seed: 42)
        let reader = DocumentReader()
        for (n, width) in [500, 800, 1200].enumerated() {
            let g = generator.next()
            let base = try licenceImage(g.payload, width: width)
            for quarters in 0..<4 {
                var image = quarters == 0 ? base : base.rotatedOrthogonally(quarters)
                if n == 2 { image = image.blurred(radius: 1) }
                let found = BarcodeScanner(includeOtherFormats: false).pdf417(image)
                XCTAssertEqual(found.first?.bytes, g.payload, "width \(width), \(quarters * 90)°")
                let docs = reader.read(image: image)
                XCTAssertEqual(docs.first?.fields.documentNumber, g.expected.documentNumber)
                XCTAssertEqual(docs.first?.barcode?.format, .pdf417)
                XCTAssertEqual(docs.first?.source, .pdf417)
            }
        }
    }

    /// Generated payload → symbol → JPEG bytes (as a phone sends them) → read: same bytes.
    func testRoundTripThroughJPEG() throws {
        var generator = AAMVAGenerator(seed: 45)
        let reader = DocumentReader()
        for (width, quality) in [(600, 60), (900, 40)] {
            let g = generator.next()
            let image = try licenceImage(g.payload, width: width).rotated(degrees: 3)
            let jpeg = try XCTUnwrap(image.jpegData(quality: quality))
            XCTAssertEqual(Array(jpeg.prefix(2)), [0xFF, 0xD8], "not a JPEG")
            let result = reader.read(imageData: jpeg, name: "card.jpg")
            XCTAssertNil(result.error)
            XCTAssertEqual(result.documents.first?.aamva?.elements["DAQ"], g.expected.documentNumber)
            let found = BarcodeScanner(includeOtherFormats: false).pdf417(try ImageLoader().load(data: jpeg))
            XCTAssertEqual(found.first?.bytes, g.payload, "width \(width), quality \(quality)")
        }
    }

    func testSkewUpToFifteenDegreesIsStraightened() throws {
        var generator = AAMVAGenerator(seed: 43)
        let g = generator.next()
        let base = try licenceImage(g.payload, width: 900)
        for angle in [-15.0, -9, -5, 5, 9, 15] {
            let found = BarcodeScanner(includeOtherFormats: false).pdf417(base.rotated(degrees: angle))
            XCTAssertEqual(found.first?.bytes, g.payload, "\(angle)°")
            XCTAssertNotEqual(found.first?.pass, .plain, "\(angle)° needed a rescue pass")
        }
    }

    /// A symbol photographed at an angle (a trapezoid, small modules, blurred) is outlined by
    /// its start and stop patterns and drawn upright; a rotation alone does not straighten it.
    func testKeystonedSymbolIsRectifiedByItsCorners() throws {
        // a fixed payload (a sample's), so that the symbol does not change with the generator
        let payload = try [UInt8](Data(contentsOf: URL(fileURLWithPath: "samples/licences/licence-mild-000-r8.bin")))
        let flat = try licenceImage(payload, width: 700)
        // Drawing a quadrilateral larger at the bottom onto the frame shrinks the bottom of the
        // picture relative to the top: the symbol becomes a trapezoid, narrower at the bottom.
        let w = Double(flat.width), h = Double(flat.height)
        let quad = Quadrilateral(
            topLeft: Point(x: 0, y: 0), topRight: Point(x: w, y: 0), bottomRight: Point(x: w * 1.12, y: h), bottomLeft: Point(x: -w * 0.12, y: h))
        let keystoned = try XCTUnwrap(flat.warped(corners: quad, width: flat.width, height: flat.height, margin: 0)).blurred(radius: 1)
        XCTAssertNil(
            ZXingReader.read(keystoned, formats: [.pdf417], pass: .plain).first { $0.bytes == payload },
            "the distortion should defeat a plain decode, or this test proves nothing")
        let found = BarcodeScanner(includeOtherFormats: false, acceptPDF417: DocumentReader.acceptPDF417).pdf417(keystoned)
        XCTAssertEqual(found.first?.bytes, payload)
        XCTAssertEqual(found.first?.pass, .startStop)
    }

    /// The square-to-quadrilateral map sends the unit square's corners to the given corners.
    func testWarpMapsCornersExactly() {
        let quad = Quadrilateral(
            topLeft: Point(x: 10, y: 20), topRight: Point(x: 110, y: 15), bottomRight: Point(x: 120, y: 80), bottomLeft: Point(x: 5, y: 90))
        let map = SquareToQuad(quad)
        for (corner, (u, v)) in zip(quad.corners, [(0.0, 0.0), (1, 0), (1, 1), (0, 1)]) {
            let (x, y) = map.point(u: u, v: v)
            XCTAssertEqual(x, corner.x, accuracy: 1e-9)
            XCTAssertEqual(y, corner.y, accuracy: 1e-9)
        }
    }

    func testNoBarcodeMeansNoDocument() {
        let blank = GrayImage(width: 300, height: 200, pixels: Array(repeating: 200, count: 60_000))
        XCTAssertEqual(DocumentReader().read(image: blank), [])
    }

    func testAcceptPredicateRejectsBrokenAAMVAStructure() {
        var generator = AAMVAGenerator(seed: 44)
        let good = generator.next().payload
        XCTAssertTrue(DocumentReader.acceptPDF417(good))
        var bad = good
        bad.replaceSubrange(23..<27, with: Array("0000".utf8))  // first subfile offset
        XCTAssertFalse(DocumentReader.acceptPDF417(bad))
        XCTAssertTrue(DocumentReader.acceptPDF417(Array("not a licence".utf8)), "other PDF417 content is taken as it is")
    }
}
