import CLeptonica
import Foundation
import IDCommon

/// A colour, 8 bits per channel.
public struct RGB: Sendable, Equatable {
    public var red: UInt8, green: UInt8, blue: UInt8
    /// The colour of these red, green and blue intensities (0–255).
    public init(_ red: UInt8, _ green: UInt8, _ blue: UInt8) { self.red = red; self.green = green; self.blue = blue }

    /// Black, `RGB(0, 0, 0)`.
    public static let black = RGB(0, 0, 0)
    /// White, `RGB(255, 255, 255)`.
    public static let white = RGB(255, 255, 255)

    /// Leptonica's 32-bit pixel value (`0xrrggbb00`).
    var pixel: UInt32 { UInt32(red) << 24 | UInt32(green) << 16 | UInt32(blue) << 8 }
}

/// One of Leptonica's bitmap fonts (generated from the tables compiled into the library,
/// no font directory needed).  Owns its `L_BMF`.
public final class BitmapFont {
    let pointer: UnsafeMutablePointer<L_BMF>
    /// The size asked for, in points at 300 ppi (Leptonica has 4, 6, ... 20).
    public let size: Int

    /// The font nearest `size` points (4–20, even); `nil` when Leptonica cannot make it.
    public init?(size: Int) {
        _ = ImageLoader(maximumPixels: 1)  // silences Leptonica's own messages
        let even = max(4, min(20, size / 2 * 2))
        guard let p = bmfCreate(nil, Int32(even)) else { return nil }
        pointer = p
        self.size = even
    }

    deinit {
        var p: UnsafeMutablePointer<L_BMF>? = pointer
        bmfDestroy(&p)
    }

    /// Height of one line of text in pixels.
    public var lineHeight: Int { Int(pointer.pointee.lineheight) }

    /// Width of `text` in pixels, as `Canvas.drawText` draws it.
    public func width(of text: String) -> Int {
        var w: Int32 = 0
        let shown = Self.printable(text)
        guard !shown.isEmpty, bmfGetStringWidth(pointer, shown, &w) == 0 else { return 0 }
        return Int(w)
    }

    /// The font has printable ASCII only: other characters are replaced by a look-alike or `?`.
    static func printable(_ text: String) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case " "..."~": out.unicodeScalars.append(scalar)
            case "×": out += "x"
            case "—", "–": out += "-"
            case "‘", "’": out += "'"
            case "“", "”": out += "\""
            case "…": out += "..."
            case "≥": out += ">="
            case "≤": out += "<="
            default: out += "?"
            }
        }
        return out
    }
}

/// A colour picture to draw on: outlines, boxes, text.  Owns a 32-bit Leptonica image.
/// Drawing clips at the edges; nothing outside the marks changes.
public final class Canvas {
    let pix: Pix

    init(pix: Pix) { self.pix = pix }

    /// Width in pixels.
    public var width: Int { pix.width }
    /// Height in pixels.
    public var height: Int { pix.height }

    /// A canvas of one colour.
    public convenience init?(width: Int, height: Int, background: RGB = .white) {
        guard width > 0, height > 0, width * height <= 100_000_000, let p = Pix(pixCreate(Int32(width), Int32(height), 32)) else { return nil }
        self.init(pix: p)
        pixSetAllArbitrary(p.pointer, background.pixel)
    }

    /// A grey image as a colour canvas.
    public convenience init?(gray: GrayImage) {
        guard gray.width > 0, gray.height > 0, let g = Pix(gray: gray), let p = Pix(pixConvertTo32(g.pointer)) else { return nil }
        self.init(pix: p)
    }

    /// An image file's bytes decoded in colour, with a JPEG's EXIF orientation applied: the
    /// picture `ImageLoader.load(data:)` reads, before it is turned grey.  The same checks
    /// (size limit, truncation) and errors as `ImageLoader`.
    public convenience init(imageData data: [UInt8], maximumPixels: Int = 100_000_000) throws(ImageError) {
        let loader = ImageLoader(maximumPixels: maximumPixels)
        try loader.checkHeader(data)
        let decoded = data.withUnsafeBufferPointer { buf in Pix(pixReadMem(buf.baseAddress, buf.count)) }
        guard let pix = decoded else { throw .unreadable(reason: "the file is damaged or truncated") }
        guard var colour = Self.toColour(pix) else { throw .unreadable(reason: "its pixel format cannot be converted to colour") }
        let orientation = ExifOrientation.read(data)
        if orientation > 1, let oriented = ImageLoader.orient(colour, orientation) { colour = oriented }
        self.init(pix: colour)
    }

    /// Any depth, palette, alpha or 16-bit image to 32-bit RGB (alpha blended over white).
    static func toColour(_ pix: Pix) -> Pix? {
        var current = pix
        if pixGetColormap(current.pointer) != nil {
            guard let p = Pix(pixRemoveColormap(current.pointer, 2 /* REMOVE_CMAP_TO_FULL_COLOR */)) else { return nil }
            current = p
        }
        if pixGetSpp(current.pointer) == 4, current.depth == 32 {
            guard let p = Pix(pixAlphaBlendUniform(current.pointer, 0xFFFFFF00)) else { return nil }
            current = p
        }
        if current.depth == 16, let p = Pix(pixConvert16To8(current.pointer, 1 /* L_MS_BYTE */)) { current = p }
        if current.depth == 32 {
            // a well-defined alpha byte, so that equal pictures compare equal
            pixSetSpp(current.pointer, 3)
            return current
        }
        return Pix(pixConvertTo32(current.pointer))
    }

    /// The outline of a closed polygon (corners in pixels), `lineWidth` pixels wide;
    /// `opacity` below 1 blends the colour with the picture.
    public func strokePolygon(_ corners: [Point], color: RGB, lineWidth: Int, opacity: Double = 1) {
        guard corners.count >= 2, corners.allSatisfy({ $0.x.isFinite && $0.y.isFinite && abs($0.x) < 1e6 && abs($0.y) < 1e6 }),
            let pta = ptaCreate(Int32(corners.count))
        else { return }
        defer {
            var p: UnsafeMutablePointer<PTA>? = pta
            ptaDestroy(&p)
        }
        for c in corners { ptaAddPt(pta, Float(c.x.rounded()), Float(c.y.rounded())) }
        if opacity >= 1 {
            pixRenderPolylineArb(pix.pointer, pta, Int32(max(1, lineWidth)), color.red, color.green, color.blue, 1)
        } else {
            pixRenderPolylineBlend(
                pix.pointer, pta, Int32(max(1, lineWidth)), color.red, color.green, color.blue,
                Float(max(0, opacity)), 1, 1)
        }
    }

    /// The outline of a rectangle, drawn inside it.
    public func strokeRect(x: Int, y: Int, width: Int, height: Int, color: RGB, lineWidth: Int, opacity: Double = 1) {
        guard width > 0, height > 0, let box = boxCreate(Int32(x), Int32(y), Int32(width), Int32(height)) else { return }
        defer {
            var b: UnsafeMutablePointer<BOX>? = box
            boxDestroy(&b)
        }
        if opacity >= 1 {
            pixRenderBoxArb(pix.pointer, box, Int32(max(1, lineWidth)), color.red, color.green, color.blue)
        } else {
            pixRenderBoxBlend(pix.pointer, box, Int32(max(1, lineWidth)), color.red, color.green, color.blue, Float(max(0, opacity)))
        }
    }

    /// A filled rectangle; `opacity` below 1 blends it with the picture.
    public func fillRect(x: Int, y: Int, width: Int, height: Int, color: RGB, opacity: Double = 1) {
        // clipped here: Leptonica's blend does not clip a box that starts outside
        let x0 = max(0, x), y0 = max(0, y), x1 = min(self.width, x + width), y1 = min(self.height, y + height)
        guard x1 > x0, y1 > y0, let box = boxCreate(Int32(x0), Int32(y0), Int32(x1 - x0), Int32(y1 - y0)) else { return }
        defer {
            var b: UnsafeMutablePointer<BOX>? = box
            boxDestroy(&b)
        }
        if opacity >= 1 {
            pixSetInRectArbitrary(pix.pointer, box, color.pixel)
        } else {
            // Leptonica's fract is the weight of the colour
            pixBlendInRect(pix.pointer, box, color.pixel, Float(max(0, opacity)))
        }
    }

    /// One line of text with its top-left corner at (`x`, `y`), clipped at the edges.
    /// Returns the width drawn.
    @discardableResult
    public func drawText(_ text: String, x: Int, y: Int, font: BitmapFont, color: RGB) -> Int {
        let shown = BitmapFont.printable(text)
        guard !shown.isEmpty else { return 0 }
        var width: Int32 = 0, overflow: Int32 = 0
        // Leptonica places text by its baseline; the tallest glyphs reach `baseline2` above it
        let baseline = Int(font.pointer.pointee.baseline2)
        pixSetTextline(pix.pointer, font.pointer, shown, color.pixel, Int32(x), Int32(y + baseline), &width, &overflow)
        return Int(width)
    }

    /// A copy scaled to `width` pixels wide (the height in proportion), smoothed.
    public func scaled(toWidth target: Int) -> Canvas? {
        guard target > 0, width > 0 else { return nil }
        let h = max(1, Int((Double(height) * Double(target) / Double(width)).rounded()))
        guard let p = Pix(pixScaleToSize(pix.pointer, Int32(target), Int32(h))) else { return nil }
        pixSetSpp(p.pointer, 3)
        return Canvas(pix: p)
    }

    /// The picture as PNG bytes (RGB, 8 bits per channel), or `nil` if encoding fails.
    public func pngData() -> [UInt8]? {
        var data: UnsafeMutablePointer<UInt8>? = nil
        var size = 0
        guard pixWriteMemPng(&data, &size, pix.pointer, 0) == 0, let data else { return nil }
        defer { free(data) }
        return Array(UnsafeBufferPointer(start: data, count: size))
    }

    /// The pixels as `width * height * 3` bytes, R G B, row-major (for checking pictures).
    public func rgbPixels() -> [UInt8] {
        let w = width, h = height, wpl = Int(pixGetWpl(pix.pointer))
        guard let base = pixGetData(pix.pointer) else { return [] }
        var out = [UInt8](repeating: 0, count: w * h * 3)
        for y in 0..<h {
            for x in 0..<w {
                let v = base[y * wpl + x]
                let i = (y * w + x) * 3
                out[i] = UInt8(v >> 24 & 0xFF); out[i + 1] = UInt8(v >> 16 & 0xFF); out[i + 2] = UInt8(v >> 8 & 0xFF)
            }
        }
        return out
    }
}
