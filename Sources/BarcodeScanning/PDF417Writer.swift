import CZXing
import IDCommon
import Imaging

/// Draws PDF417 symbols through zxing-cpp's writer (for samples and round-trip tests).
public enum PDF417Writer {
    /// A symbol of `format` (a 2D one zxing-cpp writes: QR, Data Matrix, Aztec, PDF417)
    /// for `bytes`, as `image(bytes:width:height:margin:eccLevel:)` makes PDF417s.
    public static func image(format: BarcodeFormat, bytes: [UInt8], width: Int, height: Int, margin: Int = 20, eccLevel: Int = -1) -> GrayImage? {
        var pixels: UnsafeMutablePointer<UInt8>? = nil
        var w: Int32 = 0, h: Int32 = 0
        let status = bytes.withUnsafeBufferPointer { buf in
            czx_write(format.rawValue, buf.baseAddress, Int32(buf.count), Int32(width), Int32(height), Int32(margin), Int32(eccLevel), &pixels, &w, &h)
        }
        defer { czx_free_image(pixels) }
        guard status == 0, let pixels, w > 0, h > 0 else { return nil }
        return GrayImage(width: Int(w), height: Int(h), pixels: Array(UnsafeBufferPointer(start: pixels, count: Int(w) * Int(h))))
    }

    /// The symbol for `bytes` (any byte values), at least `width` × `height` pixels with a
    /// quiet zone of `margin` pixels; `nil` if the content does not fit a symbol.
    public static func image(bytes: [UInt8], width: Int, height: Int, margin: Int = 20, eccLevel: Int = 3) -> GrayImage? {
        var pixels: UnsafeMutablePointer<UInt8>? = nil
        var w: Int32 = 0, h: Int32 = 0
        let status = bytes.withUnsafeBufferPointer { buf in
            czx_write_pdf417(buf.baseAddress, Int32(buf.count), Int32(width), Int32(height), Int32(margin), Int32(eccLevel), &pixels, &w, &h)
        }
        defer { czx_free_image(pixels) }
        guard status == 0, let pixels, w > 0, h > 0 else { return nil }
        return GrayImage(width: Int(w), height: Int(h), pixels: Array(UnsafeBufferPointer(start: pixels, count: Int(w) * Int(h))))
    }
}
