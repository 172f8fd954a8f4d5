import CZBar
import CZXing
import Foundation
import IDCommon
import Imaging
import XCTest

@testable import BarcodeScanning

/// The decoders' identifiers are mapped to ours once, at their boundary: the shim's table
/// for zxing-cpp, `ZBarReader.format` for zbar; the passes are one enum.
final class TypedIdentifierTests: XCTestCase {
    /// Every name `BarcodeFormat` has (but `Unknown`) is one the shim's table knows, and a
    /// name it does not have is refused rather than read as "every format".
    func testTheShimKnowsEveryFormatByItsContractName() {
        let blank = [UInt8](repeating: 255, count: 64 * 64)
        func status(_ names: String) -> Int32 {
            var results: UnsafeMutablePointer<czx_result>? = nil
            let count = blank.withUnsafeBufferPointer { czx_read($0.baseAddress, 64, 64, 64, names, 0, 0, &results) }
            czx_free(results, count)
            return count
        }
        for format in BarcodeFormat.allCases where format != .unknown {
            XCTAssertEqual(status(format.rawValue), 0, "\(format.rawValue): known, nothing found on a blank image")
        }
        XCTAssertEqual(status(BarcodeFormat.allCases.filter { $0 != .unknown }.map(\.rawValue).joined(separator: ",")), 0)
        for unknown in ["Unknown", "PDF-417", "", "PDF417,", "pdf417"] {
            XCTAssertEqual(status(unknown), -2, "'\(unknown)' is not a name of the table")
        }
    }

    /// A PDF417 written by the shim is read back as `.pdf417` (through the shim's names),
    /// with whole-pixel corners inside the image.
    func testAWrittenSymbolReadsBackAsPDF417() throws {
        let payload = Array("@\n\u{1E}\rANSI 636014040002DL00410278ZC03190008DLDAQD1234562\n".utf8)
        let symbol = try XCTUnwrap(PDF417Writer.image(bytes: payload, width: 600, height: 200))
        let found = ZXingReader.read(symbol, formats: [.pdf417], pass: .plain)
        XCTAssertEqual(found.map(\.format), [.pdf417])
        XCTAssertEqual(found.first?.bytes, payload)
        XCTAssertEqual(found.first?.pass, .plain)
        let corners = try XCTUnwrap(found.first?.corners).corners
        for corner in corners {
            XCTAssertEqual(corner.x, corner.x.rounded())
            XCTAssertTrue((0...Double(symbol.width)).contains(corner.x) && (0...Double(symbol.height)).contains(corner.y), "\(corner)")
        }
        XCTAssertTrue(ZXingReader.read(symbol, formats: [.qrCode], pass: .plain).isEmpty, "only the formats asked for")
    }

    /// zbar's symbologies land on the contract's names (ISBNs are EAN-13 symbols).
    func testZBarSymbologiesMapToContractNames() {
        XCTAssertEqual(ZBarReader.format(ZBAR_CODE128), .code128)
        XCTAssertEqual(ZBarReader.format(ZBAR_QRCODE).rawValue, "QRCode")
        XCTAssertEqual(ZBarReader.format(ZBAR_ISBN13), .ean13)
        XCTAssertEqual(ZBarReader.format(ZBAR_UPCA).rawValue, "UPCA")
        XCTAssertEqual(ZBarReader.format(ZBAR_PDF417), .unknown, "zbar's PDF417 decoder is not used")
    }

    /// The rescue passes run in the order `BarcodePass` lists them, each once.
    func testRescuePassesAreTheEnumsInOrder() {
        let rescue = BarcodeScanner.rescuePasses.map(\.pass)
        XCTAssertEqual(rescue, Array(BarcodePass.allCases.drop { $0 != .deskew }.prefix { $0 != .zbar }))
        XCTAssertEqual(Set(rescue).count, rescue.count)
    }
}
