import CZXing
import IDCommon
import Imaging

/// zxing-cpp through the `CZXing` shim (PDF417, and whatever formats are asked for).  The
/// shim names the formats as `BarcodeFormat`'s raw values: its table is the only mapping.
enum ZXingReader {
    static func read(
        _ image: GrayImage, formats: [BarcodeFormat], tryHarder: Bool = true, tryRotate: Bool = true, pass: BarcodePass
    ) -> [Barcode] {
        guard image.width > 0, image.height > 0, !formats.isEmpty else { return [] }
        var results: UnsafeMutablePointer<czx_result>? = nil
        let names = formats.map(\.rawValue).joined(separator: ",")
        let count = image.pixels.withUnsafeBufferPointer { buf in
            czx_read(
                buf.baseAddress, Int32(image.width), Int32(image.height), Int32(image.width), names,
                tryHarder ? 1 : 0, tryRotate ? 1 : 0, &results)
        }
        precondition(count != -2, "zxing-cpp's shim does not know one of the formats \(names)")
        defer { czx_free(results, count) }
        guard count > 0, let results else { return [] }
        return (0..<Int(count)).map { i in
            let r = results[i]
            let bytes = r.length > 0 && r.bytes != nil ? Array(UnsafeBufferPointer(start: r.bytes, count: Int(r.length))) : []
            let c = r.corners
            let corners = Quadrilateral(
                topLeft: Point(x: Double(c.0), y: Double(c.1)), topRight: Point(x: Double(c.2), y: Double(c.3)),
                bottomRight: Point(x: Double(c.4), y: Double(c.5)), bottomLeft: Point(x: Double(c.6), y: Double(c.7)))
            let format = r.format.flatMap { BarcodeFormat(rawValue: String(cString: $0)) } ?? .unknown
            let text = r.text.map { String(cString: $0) }
            return Barcode(format: format, bytes: bytes, corners: corners, pass: pass, decodedText: text)
        }
    }
}
