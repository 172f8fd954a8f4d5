/// C40 text as visible digital seals use it (ICAO 9303-13 §2.4, the DataMatrix C40 set):
/// two bytes hold three characters of the set space, 0–9, A–Z.
enum C40 {
    /// The text of `bytes`, or nil when they are not C40. `filler` replaces a space (the MRZ
    /// and country fields write `<` where C40 has a space).
    static func decode(_ bytes: [UInt8], spaceAs filler: Character = " ") -> String? {
        var text = ""
        var index = 0
        while index < bytes.count {
            guard index + 1 < bytes.count else { return nil }  // C40 comes in pairs
            let (first, second) = (bytes[index], bytes[index + 1])
            index += 2
            if first == 0xFE {
                // one ASCII character after an unlatch (TR-03137: the last lone character)
                guard second >= 1, second <= 128 else { return nil }
                text.append(character(UInt8(second - 1), filler: filler))
                continue
            }
            let value = Int(first) * 256 + Int(second) - 1
            guard value >= 0, value < 64000 else { return nil }
            for code in [value / 1600, (value / 40) % 40, value % 40] {
                switch code {
                case 0, 1, 2: continue  // shift values: only ever padding at the end of a seal field
                case 3: text.append(filler)
                case 4...13: text.append(Character(Unicode.Scalar(UInt8(48 + code - 4))))
                default: text.append(Character(Unicode.Scalar(UInt8(65 + code - 14))))
                }
            }
        }
        return text
    }

    private static func character(_ ascii: UInt8, filler: Character) -> Character {
        ascii == 0x20 ? filler : Character(Unicode.Scalar(ascii))
    }

    /// The C40 bytes of `text` (space, digits, capitals; `<` is written as a space), for the
    /// generator. A last lone character is written as 0xFE, ASCII + 1; a last pair is padded
    /// with the shift value 0.
    static func encode(_ text: String) -> [UInt8] {
        let codes: [Int] = text.unicodeScalars.map { scalar in
            switch scalar {
            case "0"..."9": return Int(scalar.value) - 48 + 4
            case "A"..."Z": return Int(scalar.value) - 65 + 14
            default: return 3
            }
        }
        var bytes: [UInt8] = []
        var index = 0
        while index < codes.count {
            let left = codes.count - index
            if left == 1 {
                let ascii = codes[index] == 3 ? 0x20 : (codes[index] < 14 ? codes[index] - 4 + 48 : codes[index] - 14 + 65)
                bytes += [0xFE, UInt8(ascii + 1)]
                index += 1
                continue
            }
            let third = left >= 3 ? codes[index + 2] : 0
            let value = 1600 * codes[index] + 40 * codes[index + 1] + third + 1
            bytes += [UInt8(value / 256), UInt8(value % 256)]
            index += 3
        }
        return bytes
    }
}
