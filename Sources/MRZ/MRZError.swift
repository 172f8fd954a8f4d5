/// Why a text is not an MRZ.  Every case has a one-sentence description a person can act on.
public enum MRZError: Error, Equatable, Sendable, CustomStringConvertible {
    /// No MRZ characters at all.
    case empty
    /// The text is far longer than any MRZ; it is refused before any work is done.
    case tooLong(characters: Int)
    /// The number of lines matches no known layout.
    case wrongLineCount(Int)
    /// A line (1-based) has the wrong length for the layout the other lines suggest.
    case wrongLineLength(line: Int, length: Int, expected: [Int])
    /// A character outside `A`–`Z`, `0`–`9`, `<` (line and column 1-based).
    case invalidCharacter(line: Int, column: Int, character: String)
    /// `MRZFormat.register(_:)` was given a name that is taken.
    case formatAlreadyRegistered(String)

    public var description: String {
        switch self {
        case .empty:
            return "The MRZ text is empty; give its lines of A-Z, 0-9 and '<'."
        case .tooLong(let n):
            return "The MRZ text has \(n) characters, far more than the 90 of the longest MRZ; give only the MRZ lines."
        case .wrongLineCount(let n):
            return "The MRZ has \(n) line\(n == 1 ? "" : "s"); give \(Self.layoutsByLineCount), or one string of \(Self.singleStringLengths) characters."
        case .wrongLineLength(let line, let length, let expected):
            let list = expected.map(String.init).joined(separator: " or ")
            return "MRZ line \(line) has \(length) characters but this layout needs \(list); check for missing or extra characters."
        case .invalidCharacter(let line, let column, let character):
            return "MRZ line \(line), column \(column) holds '\(character)', which is not an MRZ character (A-Z, 0-9, '<')."
        case .formatAlreadyRegistered(let name):
            return "An MRZ format named '\(name)' is already registered; give the new layout another name."
        }
    }

    /// "1 line (FRENCH_DL), 2 lines (TD2, TD3, ...) or 3 lines (TD1, SWISS_DL)", from the table.
    static var layoutsByLineCount: String {
        let groups = Dictionary(grouping: MRZFormat.allCases, by: \.lineLengths.count).sorted { $0.key < $1.key }
        let parts = groups.map { count, formats in "\(count) line\(count == 1 ? "" : "s") (\(formats.map(\.rawValue).joined(separator: ", ")))" }
        return parts.count > 1 ? parts.dropLast().joined(separator: ", ") + " or " + parts.last! : parts.joined()
    }

    /// "30, 69, 72, 88 or 90": the total lengths an MRZ given as one string may have.
    static var singleStringLengths: String {
        let totals = MRZInput.singleStringSplits.keys.sorted().map(String.init)
        return totals.count > 1 ? totals.dropLast().joined(separator: ", ") + " or " + totals.last! : totals.joined()
    }
}
