/// ICAO 9303 part 3, section 4.9: check digits with the repeating weights 7, 3, 1.
///
/// Character values: `0`–`9` are themselves, `A`–`Z` are 10–35, the filler `<` is 0.
public enum CheckDigit {
    /// The value of one MRZ character, or `nil` for a character outside the MRZ charset.
    @inlinable
    public static func value(of byte: UInt8) -> Int? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return Int(byte - UInt8(ascii: "0"))
        case UInt8(ascii: "A")...UInt8(ascii: "Z"): return Int(byte - UInt8(ascii: "A")) + 10
        case UInt8(ascii: "<"): return 0
        default: return nil
        }
    }

    /// The check digit (0–9) over a sequence of MRZ characters, or `nil` when one is not
    /// an MRZ character.
    @inlinable
    public static func compute<S: Sequence>(_ bytes: S) -> Int? where S.Element == UInt8 {
        var sum = 0
        var position = 0
        for byte in bytes {
            guard let value = value(of: byte) else { return nil }
            let weight = position == 0 ? 7 : (position == 1 ? 3 : 1)
            sum += value * weight
            position = position == 2 ? 0 : position + 1
        }
        return sum % 10
    }

    /// The check digit of a string of MRZ characters.
    public static func compute(_ text: String) -> Int? {
        compute(Array(text.utf8))
    }
}
