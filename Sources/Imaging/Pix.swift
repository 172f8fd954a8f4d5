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
                Self.copyRow(from: src.baseAddress! + y * gray.width, to: data + y * wpl * 4, count: gray.width, intoLeptonica: true)
            }
        }
    }

    /// Copies one row of `count` pixels between a plain row and a Leptonica row, which
    /// keeps bytes in 32-bit words most significant first (on this little-endian host:
    /// each group of four reversed, which is its own inverse).  A word at a time.
    static func copyRow(from source: UnsafePointer<UInt8>, to destination: UnsafeMutablePointer<UInt8>, count: Int, intoLeptonica: Bool) {
        var x = 0
        while x + 4 <= count {
            let word = UnsafeRawPointer(source + x).loadUnaligned(as: UInt32.self)
            UnsafeMutableRawPointer(destination + x).storeBytes(of: word.byteSwapped, as: UInt32.self)
            x += 4
        }
        while x < count {
            if intoLeptonica { destination[x ^ 3] = source[x] } else { destination[x] = source[x ^ 3] }
            x += 1
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
                Self.copyRow(from: data + y * wpl * 4, to: dst.baseAddress! + y * w, count: w, intoLeptonica: false)
            }
        }
        return GrayImage(width: w, height: h, pixels: pixels)
    }
}
