import IDCommon
import IDReader
import XCTest

@testable import IDReaderServer

/// The service's error bodies: the contract's error object, with the reader's cause.
final class HTTPResponseTests: XCTestCase {
    func body(_ error: HTTPError) throws -> [String: Any] {
        let object = try JSONSerialization.jsonObject(with: Data(HTTPResponse.error(error).body)) as? [String: Any]
        return try XCTUnwrap(object?["error"] as? [String: Any])
    }

    func testAReadersErrorKeepsItsCause() throws {
        let error = try body(HTTPError(ReadError(.noDocumentFound, "Glare covers the barcode.", cause: .glare)))
        XCTAssertEqual(error["code"] as? String, "noDocumentFound")
        XCTAssertEqual(error["cause"] as? String, "glare")
    }

    func testAnErrorWithoutACauseHasNoCauseKey() throws {
        let error = try body(HTTPError(ReadError(.unreadableImage, "The bytes are no image.")))
        XCTAssertEqual(Set(error.keys), ["code", "message"])
        XCTAssertEqual(Set(try body(.notFound).keys), ["code", "message"])
    }
}
