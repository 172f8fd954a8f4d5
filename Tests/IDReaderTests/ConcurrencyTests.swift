import AAMVA
import DocumentModel
import Foundation
import Imaging
import XCTest

@testable import BarcodeScanning
@testable import IDReader
@testable import idreader

final class ConcurrencyTests: XCTestCase {
    static func json(_ d: IdentityDocument) -> String {
        let e = JSONEncoder()
        e.outputFormatting = .sortedKeys
        return String(decoding: try! e.encode(d), as: UTF8.self)
    }

    /// The same images read serially and by 8 concurrent callers give identical documents.
    func testConcurrentReadsAreDeterministic() throws {
        var generator = AAMVAGenerator(seed: 77)
        var images: [GrayImage] = []
        for i in 0..<24 {
            let symbol = try XCTUnwrap(PDF417Writer.image(bytes: generator.next().payload, width: 600, height: 200))
            images.append(i % 3 == 0 ? symbol.rotated(degrees: 7) : symbol)
        }
        let reader = DocumentReader()
        let options = IDReader.ReadOptions(only: .pdf417)
        let frozen = images
        let serial = frozen.map { reader.read(image: $0, options: options) }
        let results = ResultSlots<[String]>(count: images.count)
        DispatchQueue.concurrentPerform(iterations: 8) { worker in
            for i in stride(from: worker, to: frozen.count, by: 8) {
                let docs = reader.read(image: frozen[i], options: options)
                results.set(i, docs.map(ConcurrencyTests.json))
            }
        }
        var concurrent: [[String]] = []
        results.drain { _, r in concurrent.append(r) }
        XCTAssertEqual(concurrent, serial.map { $0.map(ConcurrencyTests.json) })
        XCTAssertEqual(serial.filter { !$0.isEmpty }.count, images.count)
    }

    func testTimeLimitAbandonsSlowWork() {
        let start = Date()
        let r = withTimeLimit(
            0.2,
            { () -> Int in
                Thread.sleep(forTimeInterval: 2); return 1
            }, onTimeout: { -1 })
        XCTAssertEqual(r, -1)
        XCTAssertLessThan(Date().timeIntervalSince(start), 1.5)
        XCTAssertEqual(withTimeLimit(5, { 7 }, onTimeout: { -1 }), 7)
    }
}
