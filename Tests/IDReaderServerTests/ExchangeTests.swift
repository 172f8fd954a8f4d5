import XCTest

@testable import IDReaderServer

/// How the multipart chunks libmicrohttpd hands over become uploads.
final class ExchangeTests: XCTestCase {
    func exchange() -> Exchange {
        // the connection is only kept to resume it when answered; these tests never answer
        let exchange = Exchange(id: "t", method: "POST", path: "/v1/read", connection: OpaquePointer(bitPattern: 1)!)
        exchange.bodyKind = .multipart
        return exchange
    }

    func append(_ exchange: Exchange, _ name: String, offset: UInt64, _ bytes: [UInt8]) {
        bytes.withUnsafeBytes { exchange.appendPart(key: "file", filename: name, offset: offset, data: $0) }
    }

    func testPartsInChunksBecomeOneUploadEach() {
        let e = exchange()
        append(e, "a.png", offset: 0, [1, 2])
        append(e, "a.png", offset: 2, [3])
        append(e, "b.png", offset: 0, [4])
        XCTAssertEqual(e.uploads().map(\.name), ["a.png", "b.png"])
        XCTAssertEqual(e.uploads().map(\.bytes), [[1, 2, 3], [4]])
    }

    /// A part announced by an empty chunk at offset 0 and then sent from offset 0 is one
    /// part (the flaky 9-for-8 answer of ServerTests' multipart test).
    func testAnAnnouncedPartIsNotCountedTwice() {
        let e = exchange()
        append(e, "a.png", offset: 0, [])
        append(e, "a.png", offset: 0, [1, 2])
        append(e, "b.png", offset: 0, [])
        append(e, "b.png", offset: 0, [3])
        XCTAssertEqual(e.uploads().map(\.name), ["a.png", "b.png"])
        XCTAssertEqual(e.uploads().map(\.bytes), [[1, 2], [3]])
    }
}
