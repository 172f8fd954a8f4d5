/// How a seal may be handed over as text: its bytes as they are, or written as hex or
/// base64, the forms seals are printed in (a standard's annex, a test vector, a JSON field).
/// One rule for the CLI's `idreader vds` and the service's `POST /v1/vds`.
public enum SealInput {
    /// The seal bytes `input` holds:
    /// - as they are when they start with the seal's magic 0xDC, or are JSON text (a VDS-NC);
    /// - else, blanks and line breaks left out, decoded from hex (an even number of hex
    ///   digits, either case), else from base64 or base64url (padding optional) when that
    ///   gives a seal's first byte (0xDC, or `{`);
    /// - else as they are, so that the parser says why they are no seal.
    /// A raw seal never reads as text: its first byte, 0xDC, is no ASCII character.
    public static func decode(_ input: [UInt8]) -> [UInt8] {
        if input.first == magic { return input }
        let text = input.filter { !blanks.contains($0) }
        if text.first == UInt8(ascii: "{") { return input }
        if let bytes = hex(text) { return bytes }
        if let bytes = Base64.decode(String(decoding: text, as: UTF8.self)), bytes.first == magic || bytes.first == UInt8(ascii: "{") {
            return bytes
        }
        return input
    }

    private static let magic: UInt8 = 0xDC
    private static let blanks: Set<UInt8> = [0x20, 0x09, 0x0A, 0x0D]

    /// The bytes of an even, non-zero number of hex digits; nil for anything else.
    private static func hex(_ text: [UInt8]) -> [UInt8]? {
        guard !text.isEmpty, text.count % 2 == 0 else { return nil }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.count / 2)
        for index in stride(from: 0, to: text.count, by: 2) {
            guard let high = digit(text[index]), let low = digit(text[index + 1]) else { return nil }
            bytes.append(high << 4 | low)
        }
        return bytes
    }

    private static func digit(_ character: UInt8) -> UInt8? {
        switch character {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return character - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return character - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return character - UInt8(ascii: "A") + 10
        default: return nil
        }
    }
}
