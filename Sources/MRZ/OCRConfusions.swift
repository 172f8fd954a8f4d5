/// The characters OCR of OCR-B confuses, both directions: one table for the mutator, the
/// corrector (text without OCR alternatives) and the reader's doubt rules.
///
/// The classic OCR-B look-alikes, and `U`/`J`, `P`/`F`, `H`/`N`, which were read so on
/// real prints (`../shared/corpus/mrz`; issue 20).  Pairs whose values are equal modulo
/// 10 (`0 A K U`, `1 B L V`, ...) are a matter for the check digits, not for this table.
public enum OCRConfusions {
    public static let table: [Character: [Character]] = [
        "0": ["O", "D", "Q"], "O": ["0", "D", "Q"], "D": ["0", "O"], "Q": ["0", "O"], "U": ["V", "J"],
        "1": ["I", "L", "T"], "I": ["1", "L"], "L": ["1", "I"], "T": ["1", "7"], "7": ["T"],
        "2": ["Z"], "Z": ["2"], "5": ["S"], "S": ["5"], "6": ["G"], "G": ["6", "C"], "C": ["G"],
        "8": ["B"], "B": ["8"], "4": ["A"], "A": ["4"], "<": ["K", "C"], "K": ["<"], "V": ["U"], "J": ["U"],
        "M": ["N"], "N": ["M", "H"], "H": ["N"], "E": ["F"], "F": ["E", "P"], "P": ["F"],
    ]

    /// Whether OCR is known to read `a` for `b` or `b` for `a`.
    public static func areConfusable(_ a: Character, _ b: Character) -> Bool {
        table[a]?.contains(b) == true || table[b]?.contains(a) == true
    }
}
