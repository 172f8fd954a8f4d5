/// A mistake on the command line; the message says what to type instead (exit code 2).
public struct UsageError: Error, Equatable, CustomStringConvertible {
    /// One line a person can act on.
    public let description: String
    public init(_ message: String) { description = message }
}

/// User text shown inside a message: control characters escaped and at most 80 characters
/// kept, so that a message stays one line whatever was typed.
public func shown(_ text: String) -> String {
    var out = ""
    for scalar in text.unicodeScalars.prefix(80) {
        if scalar.value < 0x20 || scalar.value == 0x7F || (0x80...0x9F).contains(scalar.value) || scalar == "\u{2028}" || scalar == "\u{2029}" {
            out += "\\u{" + String(scalar.value, radix: 16) + "}"
        } else {
            out.unicodeScalars.append(scalar)
        }
    }
    return out
}
