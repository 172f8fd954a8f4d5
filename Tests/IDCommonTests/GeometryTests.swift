import Foundation
import IDCommon
import XCTest

final class GeometryTests: XCTestCase {
    let square = Quadrilateral(x0: 1, y0: 2, x1: 11, y1: 22)

    func testCornersAreInReadingOrder() {
        XCTAssertEqual(square.corners, [Point(x: 1, y: 2), Point(x: 11, y: 2), Point(x: 11, y: 22), Point(x: 1, y: 22)])
        XCTAssertEqual(Quadrilateral(square.corners), square)
        XCTAssertNil(Quadrilateral(Array(square.corners.prefix(3))))
        XCTAssertNil(Quadrilateral(square.corners + [Point(x: 0, y: 0)]))
    }

    func testMapMovesEachCornerAndKeepsTheirRoles() {
        let moved = square.map { Point(x: $0.x + 100, y: $0.y * 2) }
        XCTAssertEqual(moved.topLeft, Point(x: 101, y: 4))
        XCTAssertEqual(moved.topRight, Point(x: 111, y: 4))
        XCTAssertEqual(moved.bottomRight, Point(x: 111, y: 44))
        XCTAssertEqual(moved.bottomLeft, Point(x: 101, y: 44))
    }

    /// `BarcodeFormat` encodes as the contract's name; a JSON with a format the enum does
    /// not know is refused (no silent renaming).
    func testBarcodeFormatEncodesAsTheContractName() throws {
        let json = try JSONEncoder().encode([BarcodeFormat.pdf417, .qrCode, .ean13, .upcA])
        XCTAssertEqual(String(decoding: json, as: UTF8.self), #"["PDF417","QRCode","EAN13","UPCA"]"#)
        XCTAssertThrowsError(try JSONDecoder().decode([BarcodeFormat].self, from: Data(#"["EAN-13"]"#.utf8)))
    }
}
