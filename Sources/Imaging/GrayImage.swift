/// An 8-bit grey image, row-major without padding: the value that crosses module
/// boundaries (scanners and OCR take it; apps can build one from their own camera frames).
public struct GrayImage: Sendable, Equatable {
    public let width: Int
    public let height: Int
    /// `width * height` bytes, 0 black … 255 white.
    public var pixels: [UInt8]

    /// - Precondition: `pixels.count == width * height`.
    public init(width: Int, height: Int, pixels: [UInt8]) {
        precondition(pixels.count == width * height, "GrayImage needs width * height pixels")
        self.width = width
        self.height = height
        self.pixels = pixels
    }

    public var pixelCount: Int { width * height }
}

/// Why an image could not be read.  Descriptions are one sentence a person can act on.
public enum ImageError: Error, Equatable, Sendable, CustomStringConvertible {
    case empty
    /// Not an image, an unsupported format, or a damaged or truncated file.
    case unreadable(reason: String)
    /// The header declares more pixels than the configured limit.
    case tooLarge(width: Int, height: Int, limit: Int)

    public var description: String {
        switch self {
        case .empty: return "The image is empty (0 bytes)."
        case .unreadable(let reason): return "The image cannot be read: \(reason)."
        case .tooLarge(let w, let h, let limit):
            return "The image is \(w) × \(h) pixels, more than the limit of \(limit) pixels; scale it down or raise --max-pixels."
        }
    }
}
