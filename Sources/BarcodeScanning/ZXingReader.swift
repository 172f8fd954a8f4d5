import CZXing
import Imaging

/// zxing-cpp through the `CZXing` shim (PDF417, and whatever formats are asked for).
enum ZXingReader {
    /// zxing-cpp 1.4 BarcodeFormat bits and our names for them.
    static let formats: [(bit: Int32, name: String)] = [
        (1 << 0, "Aztec"), (1 << 1, "Codabar"), (1 << 2, "Code39"), (1 << 3, "Code93"), (1 << 4, "Code128"),
        (1 << 5, "DataBar"), (1 << 6, "DataBarExpanded"), (1 << 7, "DataMatrix"), (1 << 8, "EAN8"), (1 << 9, "EAN13"),
        (1 << 10, "ITF"), (1 << 11, "MaxiCode"), (1 << 12, "PDF417"), (1 << 13, "QRCode"), (1 << 14, "UPCA"),
        (1 << 15, "UPCE"), (1 << 16, "MicroQRCode"),
    ]
    static let pdf417: Int32 = 1 << 12

    static func read(_ image: GrayImage, formats mask: Int32, tryHarder: Bool = true, tryRotate: Bool = true, pass: String) -> [Barcode] {
        guard image.width > 0, image.height > 0 else { return [] }
        var results: UnsafeMutablePointer<czx_result>? = nil
        let count = image.pixels.withUnsafeBufferPointer { buf in
            czx_read(
                buf.baseAddress, Int32(image.width), Int32(image.height), Int32(image.width), mask,
                tryHarder ? 1 : 0, tryRotate ? 1 : 0, &results)
        }
        defer { czx_free(results, count) }
        guard count > 0, let results else { return [] }
        return (0..<Int(count)).map { i in
            let r = results[i]
            let bytes = r.length > 0 && r.bytes != nil ? Array(UnsafeBufferPointer(start: r.bytes, count: Int(r.length))) : []
            let c = r.corners
            let corners = [[Int(c.0), Int(c.1)], [Int(c.2), Int(c.3)], [Int(c.4), Int(c.5)], [Int(c.6), Int(c.7)]]
            let name = formats.first { $0.bit == r.format }?.name ?? "Unknown"
            let text = r.text.map { String(cString: $0) }
            return Barcode(format: name, bytes: bytes, corners: corners, pass: pass, decodedText: text)
        }
    }
}
