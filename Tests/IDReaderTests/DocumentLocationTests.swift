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

    /// Clean and mild MRZ pages with a portrait whose portrait overlaps the generator's
    /// by an intersection over union of 0.8 or more, when this test was written (all 8): a floor.
    static let portraitsFound = 8

    func testMRZBandOutlineAndPortraitSitOnTheGeneratorsQuadrilaterals() throws {
        var outlined = 0, cleanAndMild = 0, portraits = 0
        for (image, truth) in try AnnotationTests.cases("mrz", of: Self.generated) {
            let lines = try XCTUnwrap(truth["mrz_lines"] as? [String])
            let result = DocumentReader().read(imageAt: image, options: ReadOptions(only: .mrz, locatesOutline: true))
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
                if truth["portrait_quad"] is NSNull {
                    XCTAssertNil(location.portrait, "\(image): the generator drew no portrait")
                } else if let portrait = location.portrait,
                    Self.intersectionOverUnion(portrait.quadrilateral, try Self.quadrilateral(truth["portrait_quad"])) >= 0.8
                {
                    portraits += 1
                }
            }
            XCTAssertEqual(document.side, truth["format"] as? String == "TD1" ? .back : nil, image)
        }
        XCTAssertEqual(cleanAndMild, 10, "every clean and mild page read")
        XCTAssertGreaterThanOrEqual(outlined, Self.outlinedWithinTolerance)
        XCTAssertGreaterThanOrEqual(portraits, Self.portraitsFound)
    }

    /// Clean and mild MRZ pages whose frame outline lies within 5 % of the page's diagonal of
    /// the generator's, when this test was written (9 of 10; at seed 5, 58 of 59): a floor.
    static let framesOutlinedWithinFivePercent = 9

    /// `frameView`'s outline, from the MRZ band the frame state sees and the layout alone
    /// (no OCR, no edges), against the generator's `document_quad`.
    func testFrameViewOutlineSitsOnTheGeneratorsPage() throws {
        var outlined = 0, cleanAndMild = 0
        for (image, truth) in try AnnotationTests.cases("mrz", of: Self.generated) where truth["tier"] as? String != "hard" {
            cleanAndMild += 1
            let view = DocumentReader().frameView(image: try ImageLoader().load(path: image))
            XCTAssertEqual(view.state, .good, image)
            let outline = try XCTUnwrap(view.outline, "\(image): a band seen gives an outline")
            XCTAssertEqual(outline.source, .layout, image)
            if Self.cornerError(outline.corners.quadrilateral, try Self.quadrilateral(truth["document_quad"])) <= 0.05 { outlined += 1 }
        }
        XCTAssertEqual(cleanAndMild, 10)
        XCTAssertGreaterThanOrEqual(outlined, Self.framesOutlinedWithinFivePercent)
    }

    /// `frameView`'s outline of a licence back (no decoding): the card around the symbol
    /// its start and stop patterns outline, within 5 % of the diagonal of the generator's
    /// `document_quad` on the clean and mild licences.
    func testFrameViewOutlinesALicenceBack() throws {
        var cleanAndMild = 0
        for (image, truth) in try AnnotationTests.cases("dl", of: Self.generated) where truth["tier"] as? String != "hard" {
            cleanAndMild += 1
            let view = DocumentReader().frameView(image: try ImageLoader().load(path: image))
            XCTAssertEqual(view.state, .good, image)
            let outline = try XCTUnwrap(view.outline, "\(image): a symbol seen gives the card's outline")
            XCTAssertLessThanOrEqual(Self.cornerError(outline.corners.quadrilateral, try Self.quadrilateral(truth["document_quad"])), 0.05, image)
        }
        XCTAssertEqual(cleanAndMild, 2)
    }

    /// A band's layout: three lines a TD1; two, by their length in glyph heights, a TD3's
    /// 44 characters or a TD2's 36; one line none.
    func testLayoutOfABandSeenButNotRead() {
        func lines(_ count: Int, characters: Double) -> [Quadrilateral] {
            (0..<count).map { Quadrilateral(x0: 10, y0: 20 + 15 * Double($0), x1: 10 + 10 * characters, y1: 30 + 15 * Double($0)) }
        }
        XCTAssertEqual(DocumentLayout.icao(mrzLines: lines(3, characters: 29.75)), .td1)
        XCTAssertEqual(DocumentLayout.icao(mrzLines: lines(2, characters: 43.75)), .td3)
        XCTAssertEqual(DocumentLayout.icao(mrzLines: lines(2, characters: 35.75)), .td2)
        XCTAssertNil(DocumentLayout.icao(mrzLines: lines(1, characters: 43.75)))
    }

    /// No band and no symbol, no outline: a frame of blotches.
    func testNoFrameOutlineWithoutABand() {
        XCTAssertNil(DocumentReader().frameView(image: FailureDiagnosisTests.blotches(seed: 36)).outline)
    }

    /// Without being asked, a read gives the MRZ's and the symbol's locations, no outline
    /// and no portrait (they cost a few ms per document).
    func testOutlineAndPortraitOnlyWhenAsked() throws {
        let (image, _) = try XCTUnwrap(try AnnotationTests.cases("mrz", of: Self.generated).first { $0.image.contains("td3_clean") })
        let plain = try XCTUnwrap(DocumentReader().read(imageAt: image, options: ReadOptions(only: .mrz)).documents.first?.location)
        XCTAssertNotNil(plain.mrz)
        XCTAssertNil(plain.outline)
        XCTAssertNil(plain.portrait)
        let asked = try XCTUnwrap(DocumentReader().read(imageAt: image, options: ReadOptions(only: .mrz, locatesOutline: true)).documents.first?.location)
        XCTAssertEqual(asked.mrz, plain.mrz)
        XCTAssertNotNil(asked.outline)
        XCTAssertNotNil(asked.portrait, "a TD3 page's portrait")
    }

    /// A page of the guilloche alone (no portrait drawn) has none found: the search
    /// reports what it sees, never a nominal box.
    func testNoPortraitOnABlankPage() {
        var pixels = [UInt8](repeating: 232, count: 300 * 400)
        for i in pixels.indices where (i / 300 + i % 300) % 23 < 2 { pixels[i] = 205 }  // fine diagonal lines
        XCTAssertNil(PortraitLocating.portraitBox(in: GrayImage(width: 300, height: 400, pixels: pixels)))
        // and a dark rectangle of a portrait's size (20 × 26 mm at 6 px/mm) is found where drawn
        for y in 60..<216 { for x in 30..<150 { pixels[y * 300 + x] = 70 } }
        XCTAssertEqual(PortraitLocating.portraitBox(in: GrayImage(width: 300, height: 400, pixels: pixels)), .init(x0: 30, y0: 60, x1: 150, y1: 216))
    }

    /// The area of the intersection of two convex quadrilaterals over their union's
    /// (Sutherland–Hodgman clipping, then the shoelace formula).
    static func intersectionOverUnion(_ a: Quadrilateral, _ b: Quadrilateral) -> Double {
        func area(_ p: [Point]) -> Double {
            abs(p.indices.map { p[$0].x * p[($0 + 1) % p.count].y - p[($0 + 1) % p.count].x * p[$0].y }.reduce(0, +)) / 2
        }
        func side(_ p: Point, _ s: Point, _ e: Point) -> Double { (e.x - s.x) * (p.y - s.y) - (e.y - s.y) * (p.x - s.x) }
        let clipper = b.corners
        let orientation: Double = side(clipper[2], clipper[0], clipper[1]) >= 0 ? 1 : -1
        var polygon = a.corners
        for i in clipper.indices where !polygon.isEmpty {
            let s = clipper[i], e = clipper[(i + 1) % clipper.count]
            let input = polygon
            polygon = []
            for j in input.indices {
                let p = input[j], q = input[(j + 1) % input.count]
                let pIn = orientation * side(p, s, e) >= 0, qIn = orientation * side(q, s, e) >= 0
                if pIn { polygon.append(p) }
                if pIn != qIn {
                    let t = side(p, s, e) / (side(p, s, e) - side(q, s, e))
                    polygon.append(Point(x: p.x + t * (q.x - p.x), y: p.y + t * (q.y - p.y)))
                }
            }
        }
        let shared = polygon.count >= 3 ? area(polygon) : 0
        let union = area(a.corners) + area(b.corners) - shared
        return union > 0 ? shared / union : 0
    }

    func testLicenceSymbolAndCardOutline() throws {
        var read = 0
        for (image, truth) in try AnnotationTests.cases("dl", of: Self.generated) {
            let payload = try XCTUnwrap(truth["payload"] as? String)
            let result = DocumentReader().read(imageAt: image, options: ReadOptions(only: .pdf417, locatesOutline: true))
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
        let whole = DocumentReader().read(image: picture, name: "whole", options: ReadOptions(only: .mrz, locatesOutline: true))
        XCTAssertEqual(whole.documents.first?.location?.outline?.partial, false)
        let bottomHalf = picture.cropped(x: 0, y: picture.height / 2, width: picture.width, height: picture.height - picture.height / 2)
        let cut = DocumentReader().read(image: bottomHalf, name: "cut", options: ReadOptions(only: .mrz, locatesOutline: true))
        let document = try XCTUnwrap(cut.documents.first { $0.mrz?.lines == lines }, "the MRZ is in the bottom half")
        XCTAssertEqual(document.location?.outline?.partial, true)
    }

    /// France's national identity card of the corpus (read as `FRENCH_ID`) is outlined as
    /// the ID-2 card it is: 105 × 74 mm around its MRZ (it had no outline when the
    /// national layouts had no geometry).
    func testFrenchIdentityCardIsOutlined() throws {
        let picture = AnnotationTests.corpus.appendingPathComponent("ij_id-fra-cni.jpg").path
        let document = try XCTUnwrap(DocumentReader().read(imageAt: picture, options: ReadOptions(only: .mrz, locatesOutline: true)).documents.first)
        XCTAssertEqual(document.mrz?.format, "FRENCH_ID")
        let outline = try XCTUnwrap(document.location?.outline, "the card's outline")
        let corners = outline.corners.quadrilateral
        let width = AnnotationTests.distance(corners.topLeft, corners.topRight)
        let height = AnnotationTests.distance(corners.topLeft, corners.bottomLeft)
        XCTAssertEqual(width / height, 105.0 / 74.0, accuracy: 0.15, "an ID-2 card's proportions")
        let band = try XCTUnwrap(document.location?.mrz?.corners.quadrilateral)
        XCTAssertTrue(band.corners.allSatisfy { Self.inside($0, corners) }, "the MRZ lies on the card")
    }

    /// Whether `point` lies inside the convex quadrilateral `shape` (on the same side of
    /// each of its edges, corners in order).
    static func inside(_ point: Point, _ shape: Quadrilateral) -> Bool {
        let corners = shape.corners
        let sides = corners.indices.map { index -> Double in
            let a = corners[index], b = corners[(index + 1) % corners.count]
            return (b.x - a.x) * (point.y - a.y) - (b.y - a.y) * (point.x - a.x)
        }
        return sides.allSatisfy { $0 > 0 } || sides.allSatisfy { $0 < 0 }
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
