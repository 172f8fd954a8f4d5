import CZBar
import IDCommon
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
                // zbar gives the points where the scan lines crossed the symbol: their bounding box
                let corners =
                    xs.isEmpty ? nil : Quadrilateral(x0: Double(xs.min()!), y0: Double(ys.min()!), x1: Double(xs.max()!), y1: Double(ys.max()!))
                out.append(Barcode(format: format(zbar_symbol_get_type(s)), bytes: bytes, corners: corners, pass: .zbar))
                symbol = zbar_symbol_next(s)
            }
            return out
        }
    }

    /// zbar's symbologies as ours: the one mapping (ISBNs are EAN-13 symbols).
    static func format(_ type: zbar_symbol_type_t) -> BarcodeFormat {
        switch type {
        case ZBAR_EAN8: return .ean8
        case ZBAR_UPCE: return .upcE
        case ZBAR_ISBN10, ZBAR_ISBN13, ZBAR_EAN13: return .ean13
        case ZBAR_UPCA: return .upcA
        case ZBAR_I25: return .itf
        case ZBAR_CODE39: return .code39
        case ZBAR_CODE93: return .code93
        case ZBAR_CODE128: return .code128
        case ZBAR_QRCODE: return .qrCode
        case ZBAR_CODABAR: return .codabar
        case ZBAR_DATABAR: return .dataBar
        case ZBAR_DATABAR_EXP: return .dataBarExpanded
        default: return .unknown
        }
    }
}
