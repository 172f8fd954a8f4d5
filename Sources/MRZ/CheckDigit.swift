/// ICAO 9303 part 3, section 4.9: check digits with the repeating weights 7, 3, 1.
///
/// Character values: `0`–`9` are themselves, `A`–`Z` are 10–35, the filler `<` is 0.
public enum CheckDigit {
    /// Per byte: its value in the low 6 bits, plus `letter`, `digit` or `filler`; 0 for a
    /// byte outside the MRZ charset.  One table lookup replaces three range tests in the
    /// hot loops.
    static let info: [UInt16] = (0...255).map { b in
        switch UInt8(b) {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return UInt16(b - 48) | digitFlag
        case UInt8(ascii: "A")...UInt8(ascii: "Z"): return UInt16(b - 55) | letterFlag
        case UInt8(ascii: "<"): return fillerFlag
        default: return 0
        }
    }
    static let letterFlag: UInt16 = 0x100, digitFlag: UInt16 = 0x200, fillerFlag: UInt16 = 0x400

    /// One pass over a field: its weighted sum mod 10 (nil if a byte is not an MRZ
    /// character), whether every byte has one of `allowed`'s flags, and whether all are fillers.
    static func scan(
        _ line: [UInt8], _ range: Range<Int>, allowed: UInt16, startPosition: Int = 0
    )
        -> (sum: Int, mrz: Bool, conforms: Bool, allFiller: Bool)
    {
        info.withUnsafeBufferPointer { table in
            line.withUnsafeBufferPointer { buffer in
                // Branch-free over the bytes: flags are combined with & and |, the weights
                // are applied three at a time once the 7-3-1 cycle is aligned.
                var sum = 0
                var all: UInt16 = 0xFFFF, any: UInt16 = 0, missing: UInt16 = 0
                var index = range.lowerBound
                var position = startPosition % 3
                @inline(__always) func entry(_ i: Int) -> UInt16 {
                    let e = table[Int(buffer[i])]
                    all &= e; any |= e
                    missing |= (e == 0 ? 1 : 0) | (e & allowed == 0 ? 2 : 0)
                    return e & 0x3F
                }
                while position != 0 && index < range.upperBound {
                    sum += Int(entry(index)) * (position == 1 ? 3 : 1)
                    position = position == 2 ? 0 : position + 1
                    index += 1
                }
                while index + 3 <= range.upperBound {
                    sum += Int(entry(index)) * 7 + Int(entry(index + 1)) * 3 + Int(entry(index + 2))
                    index += 3
                }
                let weights = [7, 3]
                var k = 0
                while index < range.upperBound { sum += Int(entry(index)) * weights[k]; k += 1; index += 1 }
                let allFiller = !range.isEmpty && all == fillerFlag && any == fillerFlag
                return (sum, missing & 1 == 0, missing == 0, allFiller)
            }
        }
    }

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
    public static func compute(_ bytes: ArraySlice<UInt8>) -> Int? {
        bytes.withUnsafeBufferPointer { buffer in
            var sum = 0
            var position = 0
            for byte in buffer {
                guard let value = value(of: byte) else { return nil }
                sum += value * (position == 0 ? 7 : (position == 1 ? 3 : 1))
                position = position == 2 ? 0 : position + 1
            }
            return sum % 10
        }
    }

    /// The check digit over any sequence of MRZ characters.
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
