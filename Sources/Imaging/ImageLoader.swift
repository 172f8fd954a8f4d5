import CLeptonica
import Foundation

/// Loads PNG, JPEG, TIFF, BMP, PNM, GIF and WebP (what Debian's Leptonica reads) into a
/// `GrayImage`, applying a JPEG's EXIF orientation, after checking the declared size.
public struct ImageLoader: Sendable {
    /// Images whose header declares more pixels are refused before decoding (100 MP by default).
    public var maximumPixels: Int

    public init(maximumPixels: Int = 100_000_000) {
        self.maximumPixels = maximumPixels
        Self.silenceLeptonica
    }

    /// Leptonica reports errors on stderr; we report them as typed errors instead.
    private static let silenceLeptonica: Void = { _ = setMsgSeverity(Int32(L_SEVERITY_NONE)) }()

    public func load(path: String) throws(ImageError) -> GrayImage {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw .unreadable(reason: "the file cannot be opened")
        }
        return try load(data: [UInt8](data))
    }

    public func load(data: [UInt8]) throws(ImageError) -> GrayImage {
        let format = try checkHeader(data)
        let decoded = data.withUnsafeBufferPointer { buf -> Pix? in
            // a colour JPEG decoded to its luminance only: no chroma upsampling or colour
            // conversion, about twice as fast on a phone photo (the same grey a BT.601
            // conversion of its colours gives)
            if format == Int32(IFF_JFIF_JPEG) {
                var warnings: Int32 = 0
                if let grey = Pix(pixReadMemJpeg(buf.baseAddress, buf.count, 0, 1, &warnings, Int32(L_JPEG_READ_LUMINANCE))) { return grey }
            }
            return Pix(pixReadMem(buf.baseAddress, buf.count))
        }
        guard let pix = decoded else { throw .unreadable(reason: "the file is damaged or truncated") }
        guard var gray = Self.toGray(pix) else { throw .unreadable(reason: "its pixel format cannot be converted to grey") }
        let orientation = ExifOrientation.read(data)
        if orientation > 1, let oriented = Self.orient(gray, orientation) { gray = oriented }
        return gray.grayImage()
    }

    /// The checks before decoding: not empty, a supported format, within `maximumPixels`,
    /// not truncated.  Returns Leptonica's file format.
    @discardableResult
    func checkHeader(_ data: [UInt8]) throws(ImageError) -> Int32 {
        if data.isEmpty { throw .empty }
        var format: Int32 = 0, w: Int32 = 0, h: Int32 = 0, bps: Int32 = 0, spp: Int32 = 0, cmap: Int32 = 0
        let headerStatus = data.withUnsafeBufferPointer { buf in
            pixReadHeaderMem(buf.baseAddress, buf.count, &format, &w, &h, &bps, &spp, &cmap)
        }
        guard headerStatus == 0, w > 0, h > 0 else {
            throw .unreadable(reason: "it is not an image in a supported format (PNG, JPEG, TIFF, BMP, PNM, GIF, WebP)")
        }
        if Int(w) * Int(h) > maximumPixels { throw .tooLarge(width: Int(w), height: Int(h), limit: maximumPixels) }
        if let problem = Self.truncation(data) { throw .unreadable(reason: problem) }
        return format
    }

    /// JPEG and PNG files must end with their end markers; decoders otherwise fill the
    /// missing part silently.
    static func truncation(_ d: [UInt8]) -> String? {
        if d.count >= 2, d[0] == 0xFF, d[1] == 0xD8 {
            let tail = d.suffix(4096)
            var i = tail.startIndex
            while i + 1 < tail.endIndex { if tail[i] == 0xFF && tail[i + 1] == 0xD9 { return nil }; i += 1 }
            return "the JPEG data is truncated (no end-of-image marker)"
        }
        if d.count >= 8, d[0] == 0x89, d[1] == 0x50, d[2] == 0x4E, d[3] == 0x47 {
            let tail = Array(d.suffix(64))
            let iend: [UInt8] = [0x49, 0x45, 0x4E, 0x44]
            for i in 0..<max(0, tail.count - 3) where Array(tail[i..<i + 4]) == iend { return nil }
            return "the PNG data is truncated (no IEND chunk)"
        }
        return nil
    }

    /// Any depth, palette, alpha or 16-bit image to 8-bit grey (alpha blended over white).
    static func toGray(_ pix: Pix) -> Pix? {
        var current = pix
        if pixGetColormap(current.pointer) != nil {
            guard let p = Pix(pixRemoveColormap(current.pointer, Int32(REMOVE_CMAP_TO_GRAYSCALE))) else { return nil }
            current = p
        }
        if pixGetSpp(current.pointer) == 4, current.depth == 32 {
            guard let p = Pix(pixAlphaBlendUniform(current.pointer, 0xFFFFFF00)) else { return nil }
            current = p
        }
        switch current.depth {
        case 8: return current
        // 16 bits: the high byte is the picture (the low one is noise)
        case 16: return Pix(pixConvert16To8(current.pointer, Int32(L_MS_BYTE)))
        case 32: return Pix(pixConvertRGBToLuminance(current.pointer))
        default: return Pix(pixConvertTo8(current.pointer, 0))
        }
    }

    /// EXIF orientations 2–8 (TIFF tag 274) turned upright.
    static func orient(_ pix: Pix, _ orientation: Int) -> Pix? {
        switch orientation {
        case 2: return Pix(pixFlipLR(nil, pix.pointer))
        case 3: return Pix(pixRotateOrth(pix.pointer, 2))
        case 4: return Pix(pixFlipTB(nil, pix.pointer))
        case 5: return Pix(pixRotateOrth(pix.pointer, 1)).flatMap { Pix(pixFlipLR(nil, $0.pointer)) }
        case 6: return Pix(pixRotateOrth(pix.pointer, 1))
        case 7: return Pix(pixRotateOrth(pix.pointer, 3)).flatMap { Pix(pixFlipLR(nil, $0.pointer)) }
        case 8: return Pix(pixRotateOrth(pix.pointer, 3))
        default: return nil
        }
    }
}

/// Reads the orientation tag from a JPEG's EXIF (APP1) segment.
enum ExifOrientation {
    static func read(_ d: [UInt8]) -> Int {
        guard d.count > 4, d[0] == 0xFF, d[1] == 0xD8 else { return 1 }
        var i = 2
        while i + 4 <= d.count, d[i] == 0xFF {
            let marker = d[i + 1]
            let length = Int(d[i + 2]) << 8 | Int(d[i + 3])
            if marker == 0xDA || length < 2 { break }  // start of scan: no more metadata
            if marker == 0xE1, i + 10 <= d.count, d[i + 4..<i + 10].elementsEqual([0x45, 0x78, 0x69, 0x66, 0, 0]) {
                return tiffOrientation(d, start: i + 10, end: min(d.count, i + 2 + length)) ?? 1
            }
            i += 2 + length
        }
        return 1
    }

    private static func tiffOrientation(_ d: [UInt8], start: Int, end: Int) -> Int? {
        guard start + 8 <= end else { return nil }
        let little = d[start] == 0x49
        func u16(_ at: Int) -> Int? {
            guard at + 2 <= end else { return nil }
            return little ? Int(d[at]) | Int(d[at + 1]) << 8 : Int(d[at]) << 8 | Int(d[at + 1])
        }
        func u32(_ at: Int) -> Int? {
            guard let a = u16(at), let b = u16(at + 2) else { return nil }
            return little ? a | b << 16 : a << 16 | b
        }
        guard let ifd = u32(start + 4), let count = u16(start + ifd) else { return nil }
        for n in 0..<min(count, 200) {
            let entry = start + ifd + 2 + n * 12
            guard let tag = u16(entry) else { return nil }
            if tag == 0x0112, let value = u16(entry + 8), (1...8).contains(value) { return value }
        }
        return nil
    }
}
