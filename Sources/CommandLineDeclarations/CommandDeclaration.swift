/// One command of a program, declared once: its name, what help says about it, its
/// options and other arguments, and how the parsed arguments become a `Result`.  A command
/// with `subcommands` (`generate` with `mrz` and `aamva`) only dispatches to them.
public struct CommandDeclaration<Result>: Sendable {
    /// The word typed: `read`, or `mrz` in `generate mrz`.
    public let name: String
    /// The prose of its help, between the synopsis and the options, lines as written.
    public let abstract: String
    /// The options it takes, in the order help lists them.
    public let options: [OptionDeclaration]
    /// Its other arguments; `nil`: it takes none.
    public let positionals: PositionalDeclaration?
    /// Lines of help after the options.
    public let epilogue: String
    /// The commands it dispatches to; empty for a command that runs.
    public let subcommands: [CommandDeclaration<Result>]
    /// For a command with subcommands: the message when none is given.
    public let missingSubcommandMessage: String
    let build: @Sendable (ParsedArguments) throws(UsageError) -> Result

    /// A command that runs: `build` makes the result from the parsed arguments (read with
    /// the `Option`s the command declares) and may refuse a combination with a `UsageError`.
    public init(
        _ name: String, abstract: String, options: [OptionDeclaration] = [], positionals: PositionalDeclaration? = nil, epilogue: String = "",
        build: @escaping @Sendable (ParsedArguments) throws(UsageError) -> Result
    ) {
        let names = options.flatMap(\.names)
        precondition(Set(names).count == names.count, "'\(name)' declares an option name twice: \(names)")
        precondition(!names.contains { ["--help", "-h"].contains($0) }, "'\(name)': --help and -h are built in")
        self.name = name; self.abstract = abstract; self.options = options; self.positionals = positionals; self.epilogue = epilogue
        self.subcommands = []; self.missingSubcommandMessage = ""; self.build = build
    }

    /// A command that dispatches to `subcommands` (`idreader generate mrz`).
    public init(_ name: String, abstract: String, subcommands: [CommandDeclaration<Result>], missingSubcommandMessage: String) {
        self.name = name; self.abstract = abstract; self.options = []; self.positionals = nil; self.epilogue = ""
        self.subcommands = subcommands; self.missingSubcommandMessage = missingSubcommandMessage
        self.build = { _ throws(UsageError) in throw UsageError(missingSubcommandMessage) }
    }

    private init(
        copying other: CommandDeclaration<some Any>, subcommands: [CommandDeclaration<Result>],
        build: @escaping @Sendable (ParsedArguments) throws(UsageError) -> Result
    ) {
        name = other.name; abstract = other.abstract; options = other.options; positionals = other.positionals; epilogue = other.epilogue
        missingSubcommandMessage = other.missingSubcommandMessage; self.subcommands = subcommands; self.build = build
    }

    /// The same command making another result: a command declared by a library (whose
    /// result is its options) used in a program's table.
    public func map<Other>(_ transform: @escaping @Sendable (Result) -> Other) -> CommandDeclaration<Other> {
        let build = self.build
        return CommandDeclaration<Other>(
            copying: self, subcommands: subcommands.map { $0.map(transform) }, build: { arguments throws(UsageError) in transform(try build(arguments)) })
    }

    /// The declared option (visible or hidden) one of whose names is `name`.
    func option(named name: String) -> OptionDeclaration? { options.first { $0.names.contains(name) } }

    /// The options help and messages mention.
    public var visibleOptions: [OptionDeclaration] { options.filter { !$0.isHidden } }
}

/// A program: its commands, the line that introduces it, and the help after the usage
/// lines (exit codes, say).  `--help`/`-h`, `--version`/`-V` and `help [COMMAND]` are
/// built in.
public struct ProgramDeclaration<Result>: Sendable {
    /// `idreader`.
    public let name: String
    /// The first line of the overview.
    public let abstract: String
    /// Lines of the overview after the usage lines.
    public let epilogue: String
    /// Its commands, in the order the overview and messages list them.
    public let commands: [CommandDeclaration<Result>]

    public init(name: String, abstract: String, epilogue: String, commands: [CommandDeclaration<Result>]) {
        self.name = name; self.abstract = abstract; self.epilogue = epilogue; self.commands = commands
    }

    /// The names `help` and messages list: the commands, then `help`.
    public var commandNames: [String] { commands.map(\.name) + ["help"] }

    /// The command at `path` (`["generate", "mrz"]`), if there is one.
    public func command(at path: [String]) -> CommandDeclaration<Result>? {
        guard let first = path.first, var command = commands.first(where: { $0.name == first }) else { return nil }
        for name in path.dropFirst() {
            guard let sub = command.subcommands.first(where: { $0.name == name }) else { return nil }
            command = sub
        }
        return command
    }
}

/// What a command line asks for.
public enum ParseOutcome<Result> {
    /// Run the command: its result.
    case run(Result)
    /// Show the help of the command at this path (empty: the overview).
    case help([String])
    /// Show the version.
    case version
}

/// The arguments of one command after parsing: the value of each option given, and the
/// other arguments in order.
public struct ParsedArguments: Sendable {
    /// Converted values by canonical option name.
    let values: [String: any Sendable]
    /// The arguments that are not options, in order.
    public let positionals: [String]

    /// The option's value, or its default when it was not given.
    public subscript<Value>(option: Option<Value>) -> Value {
        (values[option.declaration.name] as? Value) ?? option.defaultValue
    }

    /// Whether the option was on the command line.
    public func contains<Value>(_ option: Option<Value>) -> Bool { values[option.declaration.name] != nil }
}
