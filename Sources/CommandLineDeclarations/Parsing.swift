extension ProgramDeclaration {
    /// The options every command understands, and the program alone.
    static var helpNames: [String] { ["--help", "-h"] }
    static var versionNames: [String] { ["--version", "-V"] }

    /// Parses a command line (without the program name).
    ///
    /// Options are `--name VALUE` or `--name=VALUE`, in any order among the other
    /// arguments; the last of a repeated option counts; `--` ends the options; `-` is an
    /// argument (standard input).  `--help` or `-h` anywhere before `--` asks for the
    /// command's help.  Mistakes are thrown as one-line messages that say what the program
    /// accepts and, for a near miss, what was probably meant.
    public func parse(_ arguments: [String]) throws(UsageError) -> ParseOutcome<Result> {
        guard let first = arguments.first else { return .help([]) }
        let rest = Array(arguments.dropFirst())
        if Self.helpNames.contains(first) { return .help([]) }
        if Self.versionNames.contains(first) { return .version }
        if first == "help" { return try helpTopic(rest) }
        guard let command = commands.first(where: { $0.name == first }) else {
            if first.hasPrefix("-") {
                let guess = suggestion(for: first, among: Self.helpNames + Self.versionNames).map { "; did you mean '\($0)'? Try" } ?? "; try"
                throw UsageError("Unknown option '\(shown(first))'\(guess) '\(name) --help'.")
            }
            let guess = suggestion(for: first, among: commandNames).map { " Did you mean '\($0)'?" } ?? ""
            throw UsageError(
                "Unknown command '\(shown(first))'; commands are: \(commandNames.joined(separator: ", ")).\(guess) Try '\(name) --help'.")
        }
        return try parse(rest, for: command, path: [first])
    }

    private func parse(_ arguments: [String], for command: CommandDeclaration<Result>, path: [String]) throws(UsageError) -> ParseOutcome<Result> {
        let invocation = ([name] + path).joined(separator: " ")
        if !command.subcommands.isEmpty {
            guard let word = arguments.first else { throw UsageError(command.missingSubcommandMessage) }
            if Self.helpNames.contains(word) { return .help(path) }
            guard let sub = command.subcommands.first(where: { $0.name == word }) else {
                let names = command.subcommands.map { "'\($0.name)'" }
                let listed = names.count > 1 ? names.dropLast().joined(separator: ", ") + " or " + names.last! : names.joined()
                let guess = suggestion(for: word, among: command.subcommands.map(\.name)).map { " Did you mean '\($0)'?" } ?? ""
                throw UsageError("'\(invocation)' takes \(listed), not '\(shown(word))'.\(guess)")
            }
            return try parse(Array(arguments.dropFirst()), for: sub, path: path + [word])
        }
        if arguments.prefix(while: { $0 != "--" }).contains(where: Self.helpNames.contains) { return .help(path) }

        var values: [String: any Sendable] = [:]
        var positionals: [String] = []
        var onlyPositionals = false
        var i = 0
        while i < arguments.count {
            let argument = arguments[i]
            i += 1
            if onlyPositionals || argument == "-" || !argument.hasPrefix("-") {
                positionals.append(argument)
                continue
            }
            if argument == "--" {
                onlyPositionals = true
                continue
            }
            let equals = argument.firstIndex(of: "=")
            let typedName = equals.map { String(argument[..<$0]) } ?? argument
            guard let option = command.option(named: typedName) else {
                throw unknownOption(argument, typedName: typedName, of: command, invocation: invocation, helpPath: path)
            }
            if option.isFlag {
                guard equals == nil else { throw UsageError("\(shown(typedName)) takes no value; give it alone, e.g. '\(typedName)'.") }
                values[option.name] = true
                continue
            }
            let value: String
            if let equals {
                value = String(argument[argument.index(after: equals)...])
            } else {
                guard i < arguments.count else {
                    throw UsageError("\(shown(typedName)) needs a value, e.g. '\(typedName) \(option.example)'.")
                }
                value = arguments[i]
                i += 1
            }
            values[option.name] = try option.convert(value)
        }
        let accepted = command.positionals
        if let first = positionals.first, accepted == nil {
            throw UsageError(
                "'\(invocation)' takes no argument like '\(shown(first))'\(acceptsClause(command)). See '\(name) help \(path.joined(separator: " "))'.")
        }
        if let accepted {
            if positionals.count < accepted.minimum { throw UsageError(accepted.missingMessage) }
            if let maximum = accepted.maximum, positionals.count > maximum { throw UsageError(accepted.tooManyMessage) }
        }
        return .run(try command.build(ParsedArguments(values: values, positionals: positionals)))
    }

    private func acceptsClause(_ command: CommandDeclaration<Result>) -> String {
        let names = command.visibleOptions.map(\.name)
        return names.isEmpty ? "" : "; it accepts \(names.joined(separator: ", "))"
    }

    private func unknownOption(
        _ argument: String, typedName: String, of command: CommandDeclaration<Result>, invocation: String, helpPath: [String]
    ) -> UsageError {
        let guess = suggestion(for: typedName, among: command.visibleOptions.flatMap(\.names)).map { " Did you mean '\($0)'?" } ?? ""
        return UsageError(
            "Unknown option '\(shown(argument))' for '\(invocation)'\(acceptsClause(command)).\(guess) See '\(name) help \(helpPath.joined(separator: " "))'.")
    }

    /// `help`, `help COMMAND` or `help COMMAND SUBCOMMAND`.
    private func helpTopic(_ words: [String]) throws(UsageError) -> ParseOutcome<Result> {
        guard let first = words.first else { return .help([]) }
        if words.count == 1, Self.helpNames.contains(first) || first == "help" { return .help(["help"]) }
        guard let command = commands.first(where: { $0.name == first }) else {
            guard words.count == 1 else { throw UsageError("'help' takes one command name, e.g. '\(name) help \(commands[0].name)'.") }
            let guess = suggestion(for: first, among: commandNames).map { " Did you mean '\($0)'?" } ?? ""
            throw UsageError("There is no command '\(shown(first))'; commands are: \(commandNames.joined(separator: ", ")).\(guess)")
        }
        if words.count == 2, command.subcommands.contains(where: { $0.name == words[1] }) { return .help(words) }
        guard words.count == 1 else { throw UsageError("'help' takes one command name, e.g. '\(name) help \(commands[0].name)'.") }
        return .help([command.name])
    }
}
