/// Help texts made from a `ProgramDeclaration`: the overview, and one per command.  Each
/// ends with a newline.  Synopses and option help are wrapped at `width` columns; the
/// abstracts and epilogues are shown as written.
public struct HelpText<Result> {
    public let program: ProgramDeclaration<Result>
    /// Where lines are wrapped.
    public let width: Int

    public init(_ program: ProgramDeclaration<Result>, width: Int = 100) {
        self.program = program; self.width = width
    }

    /// The help of the command at `path` (`[]`: the overview; `["help"]`: of `help`).
    public func text(for path: [String]) -> String {
        if path.isEmpty { return overview }
        if path == ["help"] { return helpOfHelp }
        guard let command = program.command(at: path) else { return overview }
        return text(of: command, path: path)
    }

    /// The program's line, every command's synopsis, then the epilogue.
    public var overview: String {
        var out = program.abstract + "\n\nUsage:\n"
        for command in program.commands {
            for (path, leaf) in leaves(command, path: [command.name]) {
                out += wrappedSynopsis(of: leaf, path: path, indent: 2) + "\n"
            }
        }
        out += "  \(program.name) help [COMMAND] | --help | --version\n"
        out += "\nSee '\(program.name) help COMMAND' for the options of a command.\n"
        if !program.epilogue.isEmpty { out += "\n" + program.epilogue }
        return out
    }

    var helpOfHelp: String {
        """
        \(program.name) help [COMMAND [SUBCOMMAND]]

        Show the help of a command (as '\(program.name) COMMAND --help' does), or without COMMAND the
        overview.  Commands: \(program.commandNames.joined(separator: ", ")).

        """
    }

    /// The synopses (each subcommand's, for a command that has them), the abstract, the
    /// options, the epilogue.
    func text(of command: CommandDeclaration<Result>, path: [String]) -> String {
        let leaves = leaves(command, path: path)
        var out = leaves.map { wrappedSynopsis(of: $0.command, path: $0.path, indent: 0) + "\n" }.joined()
        if !command.abstract.isEmpty { out += "\n" + command.abstract + (command.abstract.hasSuffix("\n") ? "" : "\n") }
        // options of several subcommands: each once, marked when not all take it
        var options: [(option: OptionDeclaration, takenBy: [String])] = []
        for (leafPath, leaf) in leaves {
            for option in leaf.visibleOptions {
                if let index = options.firstIndex(where: { $0.option.name == option.name }) {
                    options[index].takenBy.append(leafPath.joined(separator: " "))
                } else {
                    options.append((option, [leafPath.joined(separator: " ")]))
                }
            }
        }
        if !options.isEmpty {
            out += "\nOptions:\n"
            let only = { (takenBy: [String]) -> String? in
                takenBy.count == leaves.count ? nil : takenBy.map { "\(program.name) \($0)" }.joined(separator: ", ") + " only"
            }
            out += optionList(options.map { ($0.option, only($0.takenBy)) })
        }
        if !command.epilogue.isEmpty { out += "\n" + command.epilogue + (command.epilogue.hasSuffix("\n") ? "" : "\n") }
        return out
    }

    /// `idreader read [--format json|jsonl|text] [--jobs N] ... PATH...`
    public func synopsis(of command: CommandDeclaration<Result>, path: [String]) -> String {
        let parts = synopsisParts(of: command, path: path)
        return ([parts.head] + parts.items).joined(separator: " ")
    }

    /// The program and command words, then one item per option and the arguments.
    func synopsisParts(of command: CommandDeclaration<Result>, path: [String]) -> (head: String, items: [String]) {
        var items = command.visibleOptions.map { $0.isFlag ? "[\($0.name)]" : "[\($0.name) \($0.valueSynopsis)]" }
        if let positionals = command.positionals { items.append(positionals.synopsis) }
        return (([program.name] + path).joined(separator: " "), items)
    }

    /// The commands that run under `command` (itself when it has no subcommands), with their paths.
    func leaves(_ command: CommandDeclaration<Result>, path: [String]) -> [(path: [String], command: CommandDeclaration<Result>)] {
        command.subcommands.isEmpty ? [(path, command)] : command.subcommands.flatMap { leaves($0, path: path + [$0.name]) }
    }

    /// One entry per option: `  --jobs N, -j N   help (default: ...)`, help aligned in a
    /// column and wrapped under itself.
    func optionList(_ options: [(option: OptionDeclaration, note: String?)]) -> String {
        let labels = options.map { entry in
            entry.option.names.map { entry.option.isFlag ? $0 : "\($0) \(entry.option.valueName)" }.joined(separator: ", ")
        }
        let column = min(labels.map(\.count).max() ?? 0, 26) + 4
        var out = ""
        for (label, entry) in zip(labels, options) {
            let remarks = [entry.note, entry.option.defaultDescription.map { "default: \($0)" }].compactMap { $0 }
            let help = entry.option.help + (remarks.isEmpty ? "" : " (" + remarks.joined(separator: "; ") + ")")
            let lead = "  " + label
            let first = lead.count + 2 <= column ? lead + String(repeating: " ", count: column - lead.count) : lead + "  "
            out += wrap(help, firstLine: first, indent: column) + "\n"
        }
        return out
    }

    /// A synopsis indented by `indent`, broken before an item that would pass `width`
    /// and continued under the first item.
    func wrappedSynopsis(of command: CommandDeclaration<Result>, path: [String], indent: Int) -> String {
        let parts = synopsisParts(of: command, path: path)
        let first = String(repeating: " ", count: indent) + parts.head
        return parts.items.isEmpty ? first : wrap(parts.items, firstLine: first + " ", indent: first.count + 1)
    }

    /// Words of `text` after `firstLine`, new lines indented by `indent` spaces.
    func wrap(_ text: String, firstLine: String, indent: Int) -> String {
        wrap(text.split(separator: " ").map(String.init), firstLine: firstLine, indent: indent)
    }

    /// `words` after `firstLine`, new lines indented by `indent` spaces.
    func wrap(_ words: [String], firstLine: String, indent: Int) -> String {
        var lines: [String] = []
        var line = firstLine
        var lineHasWord = false
        for word in words {
            if lineHasWord, line.count + 1 + word.count > width {
                lines.append(line)
                line = String(repeating: " ", count: indent) + word
            } else {
                line += (lineHasWord ? " " : "") + word
            }
            lineHasWord = true
        }
        lines.append(line)
        return lines.joined(separator: "\n")
    }
}
