import Foundation

/// A mistake on the command line; the message says what to type instead (exit code 2).
struct UsageError: Error, Equatable, CustomStringConvertible {
    let description: String
    init(_ message: String) { description = message }
}

/// Output formats of the JSON contract.
enum OutputFormat: String, CaseIterable {
    case json, jsonl, text
}

/// What the user asked for.
enum Command: Equatable {
    case help(topic: String?)
    case version
    case read(ReadOptions)
    case barcodes(ReadOptions)
    case mrz(input: [String], format: OutputFormat)
    case aamva(input: String?, format: OutputFormat)
    case generateMRZ(GenerateOptions)
    case generateAAMVA(GenerateOptions)
    /// `idreader serve`: its arguments, parsed by IDReaderServer.
    case serve([String])
}

struct ReadOptions: Equatable {
    var format: OutputFormat = .json
    var jobs: Int? = nil
    var only: Set<String> = []
    var paths: [String] = []
    var maxPixels: Int? = nil
    var timeLimit: Double? = nil
    /// `read --annotate DIR`: where the annotated pictures and index.html go.
    var annotate: String? = nil
}

struct GenerateOptions: Equatable {
    var count = 1
    var seed: UInt64 = 1
    var type: String? = nil
    var version: Int? = nil
    var mutate: Double = 0
}

/// User text shown inside a message: control characters escaped, so that a message
/// stays one line whatever was typed.
func shown(_ text: String) -> String {
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

/// Hand-written parser for `idreader`'s arguments (no outside package can be fetched).
enum ArgumentParser {
    static let commands = ["read", "mrz", "aamva", "barcodes", "generate", "serve", "help"]

    /// `mrzTypes`: the names `generate mrz --type` takes — the CLI gives the format table's
    /// (`MRZFormat.allCases`); this file needs no MRZ module, so the argument fuzz harness
    /// compiles it alone.
    static func parse(_ arguments: [String], mrzTypes: [String] = []) throws(UsageError) -> Command {
        guard let first = arguments.first else { return .help(topic: nil) }
        let rest = Array(arguments.dropFirst())
        switch first {
        case "--help", "-h": return .help(topic: nil)
        case "--version", "-V": return .version
        case "help":
            guard rest.count <= 1 else { throw UsageError("'help' takes one command name, e.g. 'idreader help read'.") }
            if let topic = rest.first, !commands.contains(topic) {
                throw UsageError("There is no command '\(shown(topic))'; commands are: \(commands.joined(separator: ", ")).")
            }
            return .help(topic: rest.first)
        case "read", "barcodes":
            if rest.contains("--help") || rest.contains("-h") { return .help(topic: first) }
            let options = try parseRead(rest, command: first)
            return first == "read" ? .read(options) : .barcodes(options)
        case "mrz":
            var format = OutputFormat.json
            var positional: [String] = []
            var i = 0
            while i < rest.count {
                let arg = rest[i]
                if arg == "--help" || arg == "-h" { return .help(topic: "mrz") }
                if arg == "--format" || arg.hasPrefix("--format=") {
                    format = try formatValue(arg, rest, &i)
                } else if arg.hasPrefix("--") {
                    throw unknownOption(arg, command: "mrz", known: ["--format"])
                } else {
                    positional.append(arg)
                }
                i += 1
            }
            return .mrz(input: positional, format: format)
        case "aamva":
            var format = OutputFormat.json
            var positional: [String] = []
            var i = 0
            while i < rest.count {
                let arg = rest[i]
                if arg == "--help" || arg == "-h" { return .help(topic: "aamva") }
                if arg == "--format" || arg.hasPrefix("--format=") {
                    format = try formatValue(arg, rest, &i)
                } else if arg.hasPrefix("--") {
                    throw unknownOption(arg, command: "aamva", known: ["--format"])
                } else {
                    positional.append(arg)
                }
                i += 1
            }
            guard positional.count <= 1 else { throw UsageError("'idreader aamva' reads one payload: give one FILE, or '-' for standard input.") }
            return .aamva(input: positional.first, format: format)
        case "serve":
            if rest.contains("--help") || rest.contains("-h") { return .help(topic: "serve") }
            return .serve(rest)
        case "generate":
            guard let kind = rest.first else {
                throw UsageError("'idreader generate' needs what to generate: 'idreader generate mrz' or 'idreader generate aamva'.")
            }
            if kind == "--help" || kind == "-h" { return .help(topic: "generate") }
            guard kind == "mrz" || kind == "aamva" else {
                throw UsageError("'idreader generate' makes 'mrz' or 'aamva', not '\(shown(kind))'.")
            }
            let options = try parseGenerate(Array(rest.dropFirst()), kind: kind, mrzTypes: mrzTypes)
            switch kind {
            case "mrz": return .generateMRZ(options)
            case "aamva": return .generateAAMVA(options)
            default: throw UsageError("'idreader generate' makes 'mrz' or 'aamva', not '\(shown(kind))'.")
            }
        default:
            if first.hasPrefix("-") { throw UsageError("Unknown option '\(shown(first))'; try 'idreader --help'.") }
            throw UsageError("Unknown command '\(shown(first))'; commands are: \(commands.joined(separator: ", ")). Try 'idreader --help'.")
        }
    }

    static func parseRead(_ args: [String], command: String) throws(UsageError) -> ReadOptions {
        var options = ReadOptions()
        var i = 0
        var onlyOptions = false
        while i < args.count {
            let arg = args[i]
            if onlyOptions || arg == "-" || !arg.hasPrefix("-") {
                options.paths.append(arg)
            } else if arg == "--" {
                onlyOptions = true
            } else if arg == "--format" || arg.hasPrefix("--format=") {
                options.format = try formatValue(arg, args, &i)
            } else if arg == "--jobs" || arg.hasPrefix("--jobs=") || arg == "-j" {
                let value = try optionValue(arg, args, &i)
                guard let n = Int(value), n >= 1, n <= 256 else {
                    throw UsageError("--jobs takes a whole number from 1 to 256, e.g. '--jobs 4'; got '\(shown(value))'.")
                }
                options.jobs = n
            } else if arg == "--only" || arg.hasPrefix("--only=") {
                let value = try optionValue(arg, args, &i)
                let kinds = Set(value.split(separator: ",").map { String($0).trimmingCharacters(in: .whitespaces) })
                let allowed: Set<String> = ["mrz", "pdf417", "barcodes"]
                guard !kinds.isEmpty, kinds.isSubset(of: allowed) else {
                    throw UsageError("--only takes a comma-separated list of mrz, pdf417, barcodes, e.g. '--only pdf417'; got '\(shown(value))'.")
                }
                options.only = kinds
            } else if arg == "--max-pixels" || arg.hasPrefix("--max-pixels=") {
                let value = try optionValue(arg, args, &i)
                guard let n = Int(value), n > 0 else {
                    throw UsageError("--max-pixels takes a positive whole number, e.g. '--max-pixels 100000000'; got '\(shown(value))'.")
                }
                options.maxPixels = n
            } else if arg == "--time-limit" || arg.hasPrefix("--time-limit=") {
                let value = try optionValue(arg, args, &i)
                guard let n = Double(value), n > 0, n <= 86_400 else {
                    throw UsageError("--time-limit takes seconds per image, up to 86400, e.g. '--time-limit 30'; got '\(shown(value))'.")
                }
                options.timeLimit = n
            } else if command == "read", arg == "--annotate" || arg.hasPrefix("--annotate=") {
                let value = try optionValue(arg, args, &i)
                guard !value.isEmpty else { throw UsageError("--annotate takes a directory for the annotated pictures, e.g. '--annotate out/'.") }
                options.annotate = value
            } else {
                throw unknownOption(
                    arg, command: command, known: ["--format", "--jobs", "--only", "--max-pixels", "--time-limit"] + (command == "read" ? ["--annotate"] : []))
            }
            i += 1
        }
        if options.paths.isEmpty {
            throw UsageError("'idreader \(command)' needs at least one PATH: an image file, a directory, or '-' for an image on standard input.")
        }
        return options
    }

    static func parseGenerate(_ args: [String], kind: String, mrzTypes: [String]) throws(UsageError) -> GenerateOptions {
        var options = GenerateOptions()
        var i = 0
        while i < args.count {
            let arg = args[i]
            if arg == "--count" || arg.hasPrefix("--count=") {
                let v = try optionValue(arg, args, &i)
                guard let n = Int(v), n >= 0, n <= 10_000_000 else { throw UsageError("--count takes a whole number from 0 to 10000000; got '\(shown(v))'.") }
                options.count = n
            } else if arg == "--seed" || arg.hasPrefix("--seed=") {
                let v = try optionValue(arg, args, &i)
                guard let n = UInt64(v) else { throw UsageError("--seed takes a non-negative whole number, e.g. '--seed 42'; got '\(shown(v))'.") }
                options.seed = n
            } else if arg == "--mutate" || arg.hasPrefix("--mutate=") {
                let v = try optionValue(arg, args, &i)
                guard let r = Double(v), r >= 0, r <= 1 else { throw UsageError("--mutate takes a rate from 0 to 1, e.g. '--mutate 0.05'; got '\(shown(v))'.") }
                options.mutate = r
            } else if kind == "mrz", arg == "--type" || arg.hasPrefix("--type=") {
                let v = try optionValue(arg, args, &i).uppercased()
                let allowed = mrzTypes
                guard allowed.contains(v) else { throw UsageError("--type takes one of \(allowed.joined(separator: ", ")); got '\(shown(v))'.") }
                options.type = v
            } else if kind == "aamva", arg == "--version" || arg.hasPrefix("--version=") {
                let v = try optionValue(arg, args, &i)
                guard let n = Int(v), (1...10).contains(n) else { throw UsageError("--version takes an AAMVA version from 1 to 10; got '\(shown(v))'.") }
                options.version = n
            } else {
                let known = kind == "mrz" ? ["--count", "--seed", "--type", "--mutate"] : ["--count", "--seed", "--version", "--mutate"]
                throw unknownOption(arg, command: "generate \(kind)", known: known)
            }
            i += 1
        }
        return options
    }

    private static func optionValue(_ arg: String, _ args: [String], _ i: inout Int) throws(UsageError) -> String {
        if let eq = arg.firstIndex(of: "=") { return String(arg[arg.index(after: eq)...]) }
        guard i + 1 < args.count else { throw UsageError("\(arg) needs a value, e.g. '\(arg) \(example(arg))'.") }
        i += 1
        return args[i]
    }

    private static func formatValue(_ arg: String, _ args: [String], _ i: inout Int) throws(UsageError) -> OutputFormat {
        let value = try optionValue(arg, args, &i)
        guard let format = OutputFormat(rawValue: value) else {
            throw UsageError("--format takes json, jsonl or text; got '\(shown(value))'.")
        }
        return format
    }

    private static func example(_ option: String) -> String {
        switch option {
        case "--format": return "json"
        case "--jobs", "-j": return "4"
        case "--only": return "mrz"
        case "--count": return "100"
        case "--seed": return "42"
        case "--mutate": return "0.05"
        case "--type": return "TD3"
        case "--version": return "10"
        case "--annotate": return "out/"
        default: return "VALUE"
        }
    }

    private static func unknownOption(_ arg: String, command: String, known: [String]) -> UsageError {
        UsageError(
            "Unknown option '\(shown(arg))' for 'idreader \(command)'; it accepts \(known.joined(separator: ", ")). See 'idreader help \(command.split(separator: " ").first!)'."
        )
    }
}
