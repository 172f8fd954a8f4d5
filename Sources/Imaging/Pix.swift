import CLeptonica

/// Owns one Leptonica `PIX` and destroys it when released: the only place a `PIX`
/// pointer lives.
final class Pix {
    let pointer: UnsafeMutablePointer<PIX>

    /// Takes ownership of `pointer`; `nil` when Leptonica returned no image.
    init?(_ pointer: UnsafeMutablePointer<PIX>?) {
        guard let pointer else { return nil }
        self.pointer = pointer
    }

    deinit {
        var p: UnsafeMutablePointer<PIX>? = pointer
        pixDestroy(&p)
    }

    var width: Int { Int(pixGetWidth(pointer)) }
    var height: Int { Int(pixGetHeight(pointer)) }
    var depth: Int { Int(pixGetDepth(pointer)) }

    /// An 8-bit PIX holding a grey image.
    convenience init?(gray: GrayImage) {
        guard let p = pixCreate(Int32(gray.width), Int32(gray.height), 8) else { return nil }
        self.init(p)
        let wpl = Int(pixGetWpl(pointer))
        let data = UnsafeMutableRawPointer(pixGetData(pointer)!).assumingMemoryBound(to: UInt8.self)
        gray.pixels.withUnsafeBufferPointer { src in
            for y in 0..<gray.height {
                let row = data + y * wpl * 4
                for x in 0..<gray.width {
                    // Leptonica keeps bytes in 32-bit words, most significant first
                    row[x ^ 3] = src[y * gray.width + x]
                }
            }
        }
    }

    /// The pixels of an 8-bit PIX.
    func grayImage() -> GrayImage {
        precondition(depth == 8, "grayImage() needs an 8-bit PIX")
        let w = width, h = height
        let wpl = Int(pixGetWpl(pointer))
        let data = UnsafeMutableRawPointer(pixGetData(pointer)!).assumingMemoryBound(to: UInt8.self)
        var pixels = [UInt8](repeating: 0, count: w * h)
        pixels.withUnsafeMutableBufferPointer { dst in
            for y in 0..<h {
                let row = data + y * wpl * 4
                for x in 0..<w { dst[y * w + x] = row[x ^ 3] }
            }
        }
        return GrayImage(width: w, height: h, pixels: pixels)
    }
}
