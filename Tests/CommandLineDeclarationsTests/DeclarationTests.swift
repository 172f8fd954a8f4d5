import CommandLineDeclarations
import XCTest

/// A toy program declared here, as a new command would be: one declaration each, and
/// parsing, help and messages follow with no other code.
enum Toy: Equatable {
    case copy(source: [String], level: Int, mode: Mode, tag: String?)
    case pack(Int)
    case unpack

    enum Mode: String, CaseIterable, Sendable { case fast, slow }

    static let level = Option<Int>("--level", "-l", valueName: "N", defaultValue: 3, example: "5", help: "how hard to try") {
        text throws(UsageError) in
        guard let n = Int(text), (1...9).contains(n) else { throw UsageError("--level takes 1 to 9; got '\(shown(text))'.") }
        return n
    }
    static let mode = Option<Mode>(choosing: "--mode", valueName: "MODE", defaultValue: .fast, help: "how to copy")
    static let tag = Option<String?>(
        "--tag", valueName: "TAG", defaultValue: nil, example: "x", isHidden: true, help: "kept for old scripts"
    ) { text throws(UsageError) in text }
    static let size = Option<Int>("--size", valueName: "BYTES", defaultValue: 512, example: "1024", help: "block size") {
        text throws(UsageError) in
        guard let n = Int(text) else { throw UsageError("--size takes a number; got '\(shown(text))'.") }
        return n
    }

    static let program = ProgramDeclaration<Toy>(
        name: "toy", abstract: "toy — a program declared in a test.", epilogue: "Exit codes: none to speak of.\n",
        commands: [
            CommandDeclaration(
                "copy", abstract: "Copy SOURCE somewhere.", options: [level.declaration, mode.declaration, tag.declaration],
                positionals: PositionalDeclaration(
                    synopsis: "SOURCE...", minimum: 1, maximum: 2, missingMessage: "'toy copy' needs a SOURCE.", tooManyMessage: "At most two SOURCEs.")
            ) { arguments throws(UsageError) in
                .copy(source: arguments.positionals, level: arguments[level], mode: arguments[mode], tag: arguments[tag])
            },
            CommandDeclaration(
                "archive", abstract: "Pack or unpack.",
                subcommands: [
                    CommandDeclaration("pack", abstract: "Pack.", options: [size.declaration]) { arguments throws(UsageError) in .pack(arguments[size]) },
                    CommandDeclaration("unpack", abstract: "Unpack.") { _ throws(UsageError) in .unpack },
                ], missingSubcommandMessage: "'toy archive' needs 'pack' or 'unpack'."),
        ])
}

final class DeclarationTests: XCTestCase {
    func parse(_ arguments: [String]) throws(UsageError) -> ParseOutcome<Toy> { try Toy.program.parse(arguments) }

    func run(_ arguments: [String]) throws -> Toy {
        guard case .run(let toy) = try parse(arguments) else {
            XCTFail("\(arguments) did not make a command")
            throw UsageError("not a command")
        }
        return toy
    }

    func message(_ arguments: [String]) -> String {
        do {
            _ = try parse(arguments)
            return "(no error)"
        } catch {
            return error.description
        }
    }

    func helpPath(_ arguments: [String]) throws -> [String]? {
        if case .help(let path) = try parse(arguments) { return path }
        return nil
    }

    func testOptionsInAnyOrderBothSpellingsDefaultsAndLastOneWins() throws {
        XCTAssertEqual(try run(["copy", "a"]), .copy(source: ["a"], level: 3, mode: .fast, tag: nil))
        XCTAssertEqual(try run(["copy", "--level", "5", "a", "--mode=slow"]), .copy(source: ["a"], level: 5, mode: .slow, tag: nil))
        XCTAssertEqual(try run(["copy", "-l", "7", "a", "-l=8"]), .copy(source: ["a"], level: 8, mode: .fast, tag: nil))
        XCTAssertEqual(try run(["copy", "--tag", "t", "-"]), .copy(source: ["-"], level: 3, mode: .fast, tag: "t"), "a hidden option is accepted")
        XCTAssertEqual(try run(["copy", "--", "--level", "-x"]), .copy(source: ["--level", "-x"], level: 3, mode: .fast, tag: nil))
        XCTAssertEqual(try run(["archive", "pack", "--size", "4"]), .pack(4))
        XCTAssertEqual(try run(["archive", "unpack"]), .unpack)
    }

    func testValuesAreCheckedByTheirDeclaration() {
        XCTAssertEqual(message(["copy", "--level", "0", "a"]), "--level takes 1 to 9; got '0'.")
        XCTAssertEqual(message(["copy", "--mode", "medium", "a"]), "--mode takes fast or slow; got 'medium'.")
        XCTAssertEqual(message(["copy", "a", "--level"]), "--level needs a value, e.g. '--level 5'.")
        XCTAssertEqual(message(["copy", "a", "-l"]), "-l needs a value, e.g. '-l 5'.")
        XCTAssertEqual(message(["copy", "--level", "1\n2", "a"]), "--level takes 1 to 9; got '1\\u{a}2'.")
    }

    func testArgumentCountsHaveTheirMessages() {
        XCTAssertEqual(message(["copy"]), "'toy copy' needs a SOURCE.")
        XCTAssertEqual(message(["copy", "a", "b", "c"]), "At most two SOURCEs.")
        XCTAssertEqual(
            message(["archive", "unpack", "x"]), "'toy archive unpack' takes no argument like 'x'. See 'toy help archive unpack'.")
        XCTAssertEqual(message(["archive"]), "'toy archive' needs 'pack' or 'unpack'.")
    }

    func testUnknownNamesSayWhatIsAcceptedAndWhatWasProbablyMeant() {
        XCTAssertEqual(
            message(["copy", "--levle", "2", "a"]),
            "Unknown option '--levle' for 'toy copy'; it accepts --level, --mode. Did you mean '--level'? See 'toy help copy'.")
        XCTAssertEqual(
            message(["copy", "--colour", "a"]), "Unknown option '--colour' for 'toy copy'; it accepts --level, --mode. See 'toy help copy'.",
            "no near miss: no guess; the hidden option is not listed")
        XCTAssertEqual(
            message(["cpoy"]), "Unknown command 'cpoy'; commands are: copy, archive, help. Did you mean 'copy'? Try 'toy --help'.")
        XCTAssertEqual(message(["zzz"]), "Unknown command 'zzz'; commands are: copy, archive, help. Try 'toy --help'.")
        XCTAssertEqual(message(["--hlep"]), "Unknown option '--hlep'; did you mean '--help'? Try 'toy --help'.")
        XCTAssertEqual(message(["archive", "pakc"]), "'toy archive' takes 'pack' or 'unpack', not 'pakc'. Did you mean 'pack'?")
        XCTAssertEqual(message(["help", "archiv"]), "There is no command 'archiv'; commands are: copy, archive, help. Did you mean 'archive'?")
        XCTAssertEqual(message(["help", "copy", "x"]), "'help' takes one command name, e.g. 'toy help copy'.")
    }

    func testHelpIsAskedForEverywhere() throws {
        XCTAssertEqual(try helpPath([]), [])
        XCTAssertEqual(try helpPath(["--help"]), [])
        XCTAssertEqual(try helpPath(["help"]), [])
        XCTAssertEqual(try helpPath(["help", "copy"]), ["copy"])
        XCTAssertEqual(try helpPath(["copy", "--level", "0", "-h"]), ["copy"], "help wins over a mistake")
        XCTAssertEqual(try helpPath(["help", "archive", "pack"]), ["archive", "pack"])
        XCTAssertEqual(try helpPath(["archive", "--help"]), ["archive"])
        XCTAssertEqual(try helpPath(["archive", "pack", "--help"]), ["archive", "pack"])
        XCTAssertEqual(try helpPath(["help", "--help"]), ["help"])
        XCTAssertEqual(try run(["copy", "--", "--help"]), .copy(source: ["--help"], level: 3, mode: .fast, tag: nil), "after --, an argument")
        guard case .version = try parse(["--version"]) else { return XCTFail("--version") }
    }

    func testHelpTextsComeFromTheDeclarations() {
        let help = HelpText(Toy.program, width: 60)
        XCTAssertEqual(
            help.text(for: ["copy"]),
            """
            toy copy [--level N] [--mode fast|slow] SOURCE...

            Copy SOURCE somewhere.

            Options:
              --level N, -l N  how hard to try (default: 3)
              --mode MODE      how to copy (default: fast)

            """)
        XCTAssertEqual(
            help.text(for: ["archive"]),
            """
            toy archive pack [--size BYTES]
            toy archive unpack

            Pack or unpack.

            Options:
              --size BYTES  block size (toy archive pack only; default:
                            512)

            """, "the options of the subcommands, each marked with who takes it; wrapped at the width")
        XCTAssertEqual(
            help.overview,
            """
            toy — a program declared in a test.

            Usage:
              toy copy [--level N] [--mode fast|slow] SOURCE...
              toy archive pack [--size BYTES]
              toy archive unpack
              toy help [COMMAND] | --help | --version

            See 'toy help COMMAND' for the options of a command.

            Exit codes: none to speak of.

            """)
        XCTAssertEqual(help.text(for: ["help"]).split(separator: "\n").first, "toy help [COMMAND [SUBCOMMAND]]")
    }

    func testLongSynopsesWrapUnderTheirFirstOption() {
        let options = (1...8).map { n in
            Option<Int>("--option-\(n)", valueName: "VALUE", defaultValue: 0, example: "1", help: "number \(n)") { _ throws(UsageError) in n }.declaration
        }
        let program = ProgramDeclaration<Int>(
            name: "p", abstract: "", epilogue: "", commands: [CommandDeclaration("run", abstract: "", options: options) { _ throws(UsageError) in 0 }])
        let lines = HelpText(program, width: 64).text(for: ["run"]).split(separator: "\n")
        XCTAssertEqual(lines[0], "p run [--option-1 VALUE] [--option-2 VALUE] [--option-3 VALUE]")
        XCTAssertEqual(lines[1], "      [--option-4 VALUE] [--option-5 VALUE] [--option-6 VALUE]")
        XCTAssertEqual(lines[2], "      [--option-7 VALUE] [--option-8 VALUE]")
        XCTAssertTrue(lines.allSatisfy { $0.count <= 64 }, "\(lines)")
    }
}
