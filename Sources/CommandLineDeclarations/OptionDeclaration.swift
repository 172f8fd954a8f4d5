/// One option of a command, as parsing, help and messages see it: its names, the value it
/// takes, its help, and the check that turns the typed text into a value.
///
/// Made by `Option`, which adds the value's type; the parser and the help text work on
/// this type-erased form.
public struct OptionDeclaration: Sendable {
    /// The names it answers to, the canonical one first: `["--jobs", "-j"]`.
    public let names: [String]
    /// What the value is called in help: `N`, `DIR`, `RATE`.
    public let valueName: String
    /// The values it accepts, shown in the synopsis instead of `valueName`; empty when any
    /// value that passes the check is accepted.  Asked when shown (a list that can grow).
    public let allowedValues: @Sendable () -> [String]
    /// The value is a comma-separated list of `allowedValues` (shown `a,b,c`, not `a|b|c`).
    public let takesList: Bool
    /// A value for messages: `'--jobs 4'`.
    public let example: String
    /// What it does, one or more sentences; wrapped when shown.
    public let help: String
    /// The default as shown in help (`(default: ...)`); `nil`: no default is mentioned.
    public internal(set) var defaultDescription: String?
    /// Accepted but left out of help and messages (kept for scripts that pass it).
    public let isHidden: Bool
    /// A switch: named alone, it takes no value (`--consensus`).
    public internal(set) var isFlag = false
    /// Checks the text typed after the option and makes its value.
    let convert: @Sendable (String) throws(UsageError) -> any Sendable

    /// The name the option is known by: the first of `names`.
    public var name: String { names[0] }

    /// The value as the synopsis shows it: `json|jsonl|text`, `mrz,pdf417,barcodes` or
    /// the value name; empty for a switch.
    public var valueSynopsis: String {
        guard !isFlag else { return "" }
        let allowed = allowedValues()
        return allowed.isEmpty ? valueName : allowed.joined(separator: takesList ? "," : "|")
    }
}

/// A declared option whose value has the type `Value`; read from `ParsedArguments` by
/// subscript, `defaultValue` when it was not given.
public struct Option<Value: Sendable>: Sendable {
    /// Names, help and check, for the parser and the help text.
    public let declaration: OptionDeclaration
    /// The value when the option is not on the command line.
    public let defaultValue: Value

    /// - Parameters:
    ///   - names: the canonical name first, then aliases (`"--jobs", "-j"`).
    ///   - valueName: what the value is called in help.
    ///   - defaultValue: the value when the option is absent; shown in help unless it is
    ///     `nil`, or `defaultDescription` says it in words.
    ///   - example: a value that is accepted, for the message of a missing value.
    ///   - convert: checks the text and makes the value; its error is the message shown.
    public init(
        _ names: String..., valueName: String, defaultValue: Value, defaultDescription: String? = nil, example: String,
        allowedValues: @escaping @Sendable () -> [String] = { [] }, takesList: Bool = false, isHidden: Bool = false, help: String,
        convert: @escaping @Sendable (String) throws(UsageError) -> Value
    ) {
        self.init(
            names: names, valueName: valueName, defaultValue: defaultValue, defaultDescription: defaultDescription, example: example,
            allowedValues: allowedValues, takesList: takesList, isHidden: isHidden, help: help, convert: convert)
    }

    init(
        names: [String], valueName: String, defaultValue: Value, defaultDescription: String?, example: String,
        allowedValues: @escaping @Sendable () -> [String], takesList: Bool, isHidden: Bool, help: String,
        convert: @escaping @Sendable (String) throws(UsageError) -> Value
    ) {
        precondition(!names.isEmpty && names.allSatisfy { $0.hasPrefix("-") }, "an option has a name starting with '-'")
        declaration = OptionDeclaration(
            names: names, valueName: valueName, allowedValues: allowedValues, takesList: takesList, example: example, help: help,
            defaultDescription: defaultDescription ?? Self.describe(defaultValue), isHidden: isHidden,
            convert: { text throws(UsageError) in try convert(text) })
        self.defaultValue = defaultValue
    }

    /// A default as help shows it: nothing for `nil`, the raw value of an enum, a whole
    /// number without `.0`.
    static func describe(_ value: Any) -> String? {
        var value = value
        let mirror = Mirror(reflecting: value)
        if mirror.displayStyle == .optional {
            guard let wrapped = mirror.children.first?.value else { return nil }
            value = wrapped
        }
        if let raw = value as? any RawRepresentable { return "\(raw.rawValue)" }
        if let number = value as? Double, number == number.rounded(), abs(number) < 1e15 { return String(Int(number)) }
        return "\(value)"
    }
}

/// The arguments of a command that are not options: how many it takes, how help shows
/// them, and what to say when there are too few or too many.
public struct PositionalDeclaration: Sendable {
    /// As the synopsis shows them: `PATH...`, `[TEXT | -]`.
    public let synopsis: String
    /// At least this many.
    public let minimum: Int
    /// At most this many; `nil`: no limit.
    public let maximum: Int?
    /// The message when there are fewer than `minimum`.
    public let missingMessage: String
    /// The message when there are more than `maximum`.
    public let tooManyMessage: String

    public init(synopsis: String, minimum: Int = 0, maximum: Int? = nil, missingMessage: String = "", tooManyMessage: String = "") {
        self.synopsis = synopsis; self.minimum = minimum; self.maximum = maximum
        self.missingMessage = missingMessage; self.tooManyMessage = tooManyMessage
    }
}

extension Option where Value == Bool {
    /// A switch: `false` unless named; named, it takes no value.
    public init(flag names: String..., help: String) {
        self.init(
            names: names, valueName: "", defaultValue: false, defaultDescription: nil, example: "", allowedValues: { [] }, takesList: false,
            isHidden: false, help: help, convert: { _ in true })
        var declaration = self.declaration
        declaration.isFlag = true
        declaration.defaultDescription = nil  // off unless named: nothing to show
        self = Option(declaration: declaration, defaultValue: false)
    }

    private init(declaration: OptionDeclaration, defaultValue: Bool) {
        self.declaration = declaration
        self.defaultValue = defaultValue
    }
}

extension Option where Value: CaseIterable & RawRepresentable, Value.RawValue == String {
    /// An option whose values are the cases of `Value` (by raw value); a value outside them
    /// is refused with `"NAME takes a, b or c; got 'x'."`.
    public init(choosing names: String..., valueName: String, defaultValue: Value, help: String) {
        let values = Value.allCases.map(\.rawValue)
        let listed = values.count > 1 ? values.dropLast().joined(separator: ", ") + " or " + values.last! : values.joined()
        let name = names[0]
        self.init(
            names: names, valueName: valueName, defaultValue: defaultValue, defaultDescription: nil, example: values.first ?? "VALUE",
            allowedValues: { values }, takesList: false, isHidden: false, help: help
        ) { text throws(UsageError) in
            guard let value = Value(rawValue: text) else { throw UsageError("\(name) takes \(listed); got '\(shown(text))'.") }
            return value
        }
    }
}
