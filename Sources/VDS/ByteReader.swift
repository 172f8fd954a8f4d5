/// A cursor over a seal's bytes that never reads past the end: every read either returns
/// the bytes asked for or throws `SealError`.
struct ByteReader {
    let bytes: [UInt8]
    private(set) var offset: Int

    init(_ bytes: [UInt8], offset: Int = 0) {
        self.bytes = bytes
        self.offset = offset
    }

    var remaining: Int { bytes.count - offset }
    var isAtEnd: Bool { offset >= bytes.count }

    func peek() -> UInt8? { isAtEnd ? nil : bytes[offset] }

    mutating func byte(_ part: String) throws(SealError) -> UInt8 {
        try take(1, part)[0]
    }

    mutating func take(_ count: Int, _ part: String) throws(SealError) -> [UInt8] {
        guard count <= remaining else { throw .truncated(part: part, needed: count, available: remaining) }
        defer { offset += count }
        return Array(bytes[offset..<offset + count])
    }

    /// A DER length (X.690 8.1.3): one byte under 0x80, or 0x81–0x83 followed by that many
    /// bytes. A lone 0x80 (DER's indefinite form, never valid in a seal) is read as 128, as
    /// some issuers write it; `quirk` is then set.
    mutating func derLength(_ part: String) throws(SealError) -> (length: Int, quirk: Bool) {
        let start = offset
        let first = try byte(part)
        switch first {
        case 0..<0x80: return (Int(first), false)
        case 0x80: return (128, true)
        case 0x81...0x83:
            var length = 0
            for byte in try take(Int(first - 0x80), part) { length = length << 8 | Int(byte) }
            return (length, false)
        default: throw .invalidLength(offset: start, firstByte: first)
        }
    }
}
