import CZBar
import Imaging

/// zbar for 1D codes and QR (Debian's zbar has no PDF417 decoder).
enum ZBarReader {
    static func read(_ image: GrayImage) -> [Barcode] {
        guard image.width > 0, image.height > 0, let scanner = zbar_image_scanner_create() else { return [] }
        defer { zbar_image_scanner_destroy(scanner) }
        zbar_image_scanner_set_config(scanner, ZBAR_NONE, ZBAR_CFG_ENABLE, 1)
        zbar_image_scanner_set_config(scanner, ZBAR_PDF417, ZBAR_CFG_ENABLE, 0)
        guard let zimage = zbar_image_create() else { return [] }
        defer { zbar_image_destroy(zimage) }
        let fourcc: UInt = UInt(UInt8(ascii: "Y")) | UInt(UInt8(ascii: "8")) << 8 | UInt(UInt8(ascii: "0")) << 16 | UInt(UInt8(ascii: "0")) << 24
        zbar_image_set_format(zimage, UInt(fourcc))
        zbar_image_set_size(zimage, UInt32(image.width), UInt32(image.height))
        return image.pixels.withUnsafeBufferPointer { buf -> [Barcode] in
            // zbar only reads the buffer during the scan; no cleanup handler needed
            zbar_image_set_data(zimage, buf.baseAddress, UInt(buf.count), nil)
            guard zbar_scan_image(scanner, zimage) > 0 else { return [] }
            var out: [Barcode] = []
            var symbol = zbar_image_first_symbol(zimage)
            while let s = symbol {
                let length = Int(zbar_symbol_get_data_length(s))
                let bytes =
                    zbar_symbol_get_data(s).map { p in
                        p.withMemoryRebound(to: UInt8.self, capacity: length) { Array(UnsafeBufferPointer(start: $0, count: length)) }
                    } ?? []
                var xs: [Int] = [], ys: [Int] = []
                for k in 0..<zbar_symbol_get_loc_size(s) {
                    xs.append(Int(zbar_symbol_get_loc_x(s, k))); ys.append(Int(zbar_symbol_get_loc_y(s, k)))
                }
                let corners = xs.isEmpty ? [] : [[xs.min()!, ys.min()!], [xs.max()!, ys.min()!], [xs.max()!, ys.max()!], [xs.min()!, ys.max()!]]
                out.append(Barcode(format: name(zbar_symbol_get_type(s)), bytes: bytes, corners: corners, pass: "zbar"))
                symbol = zbar_symbol_next(s)
            }
            return out
        }
    }

    static func name(_ type: zbar_symbol_type_t) -> String {
        switch type {
        case ZBAR_EAN8: return "EAN8"
        case ZBAR_UPCE: return "UPCE"
        case ZBAR_ISBN10, ZBAR_ISBN13, ZBAR_EAN13: return "EAN13"
        case ZBAR_UPCA: return "UPCA"
        case ZBAR_I25: return "ITF"
        case ZBAR_CODE39: return "Code39"
        case ZBAR_CODE93: return "Code93"
        case ZBAR_CODE128: return "Code128"
        case ZBAR_QRCODE: return "QRCode"
        case ZBAR_CODABAR: return "Codabar"
        case ZBAR_DATABAR: return "DataBar"
        case ZBAR_DATABAR_EXP: return "DataBarExpanded"
        default: return "Unknown"
        }
    }
}
