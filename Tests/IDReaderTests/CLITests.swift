import CommandLineDeclarations
import Foundation
import MRZ
import XCTest

@testable import IDReader
@testable import idreader

/// Records what the CLI writes.
final class RecordingConsole: Console {
    var stdout = ""
    var stderr = ""
    var stdin: Data?
    init(stdin: Data? = nil) { self.stdin = stdin }
    func out(_ text: String) { stdout += text }
    func err(_ text: String) { stderr += text }
    func readStandardInput(limit: Int) -> Data? { stdin }
    var stderrIsTerminal: Bool { false }
}

final class CLITests: XCTestCase {
    let td3 = ["P<UTOERIKSSON<<ANNA<MARIA<<<<<<<<<<<<<<<<<<<", "L898902C36UTO7408122F1204159ZE184226B<<<<<10"]

    func run(_ args: [String], stdin: String? = nil) -> (Int32, String, String) {
        let console = RecordingConsole(stdin: stdin.map { Data($0.utf8) })
        let code = CLI(console: console).run(args)
        return (code, console.stdout, console.stderr)
    }

    func object(_ text: String) throws -> [String: Any] {
        try XCTUnwrap(JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    }

    /// Issue 18: a format registered in a test is listed and handled by the CLI with no
    /// other change (five lines of ten: no real layout, nor another test's toy, has that shape).
    func testARegisteredFormatIsListedAndReadByTheCLI() throws {
        let layout = MRZLayout(
            name: "TOY_CLI", lineLengths: [10, 10, 10, 10, 10],
            fields: [
                .init(.documentCode, line: 0, 0..<1, .alphabetic), .init(.issuingCountry, line: 0, 1..<4, .alphabetic),
                .init(.documentNumber, line: 0, 4..<9, .alphanumeric, check: 9), .init(.birthDate, line: 1, 0..<6, .numeric, check: 6),
                .init(.sex, line: 1, 7..<8, .sex), .init(.name, line: 2, 0..<10, .alphabetic), .init(.optionalData, line: 3, 0..<10, .alphanumeric),
            ], composite: nil)
        let toy = (try? MRZFormat.register(layout)) ?? MRZFormat(rawValue: "TOY_CLI")!
        XCTAssertTrue(run(["help", "generate"]).1.contains("TOY_CLI"))
        let (code, out, err) = run(["generate", "mrz", "--type", "TOY_CLI", "--count", "2", "--seed", "1"])
        XCTAssertEqual(code, 0, err)
        XCTAssertEqual(out.split(separator: "\n").count, 2)
        let lines = MRZWriter.lines(
            format: toy,
            fields: [
                .documentCode: "T", .issuingCountry: "UTO", .documentNumber: "AB123",
                .birthDate: "740812", .sex: "F", .name: "DOE<<JANE",
            ])
        let (mrzCode, mrzOut, _) = run(["mrz", "--format", "text"] + lines)
        XCTAssertEqual(mrzCode, 0, mrzOut)
        XCTAssertTrue(mrzOut.contains("AB123"))
    }

    func testMRZFromArgumentsAndStdin() throws {
        let (code, out, _) = run(["mrz"] + td3)
        XCTAssertEqual(code, 0)
        let result = try object(out)
        XCTAssertTrue(result["error"] is NSNull)
        let docs = try XCTUnwrap(result["documents"] as? [[String: Any]])
        XCTAssertEqual((docs.first?["fields"] as? [String: Any])?["documentNumber"] as? String, "L898902C3")

        let (code2, out2, _) = run(["mrz", "-"], stdin: td3.joined(separator: "\r\n"))
        XCTAssertEqual(code2, 0)
        XCTAssertEqual(try object(out2)["input"] as? String, "-")
    }

    func testTheOnlyNamesAreTheLibrarys() {
        XCTAssertEqual(ArgumentParser.onlyKinds, IDReader.DocumentKinds.contractNames)
        XCTAssertEqual(IDReader.DocumentKinds(checkedNames: ["pdf417", "barcodes"]), [.pdf417, .otherBarcodes])
        XCTAssertEqual(IDReader.DocumentKinds(checkedNames: [String]()), .standard)
    }

    func testExitCodes() throws {
        var bad = td3
        bad[1] = "L898902C37UTO7408122F1204159ZE184226B<<<<<10"
        XCTAssertEqual(run(["mrz"] + bad).0, 1, "failed check")
        let (code, out, _) = run(["mrz", "NOT AN MRZ"])
        XCTAssertEqual(code, 1)
        let error = try XCTUnwrap(try object(out)["error"] as? [String: Any])
        XCTAssertEqual(error["code"] as? String, "invalidMRZ")
        XCTAssertEqual(run(["mrz"], stdin: "").0, 3, "empty stdin cannot be read")
        XCTAssertEqual(run(["frobnicate"]).0, 2)
        XCTAssertEqual(run(["mrz", "--formt", "json"]).0, 2)
        XCTAssertEqual(run(["generate", "mrz", "--count", "many"]).0, 2)
        XCTAssertEqual(run(["read"]).0, 2)
    }

    func testUsageErrorsSayWhatToType() {
        let (_, _, err) = run(["mrz", "--format", "yaml"])
        XCTAssertTrue(err.contains("--format takes json, jsonl or text"), err)
        let (_, _, err2) = run(["generate"])
        XCTAssertTrue(err2.contains("idreader generate mrz"), err2)
        let (_, _, err3) = run(["reed"])
        XCTAssertTrue(err3.contains("commands are"), err3)
    }

    func testFormats() throws {
        let (_, jsonl, _) = run(["mrz", "--format", "jsonl"] + td3)
        XCTAssertEqual(jsonl.split(separator: "\n").count, 1)
        XCTAssertNoThrow(try object(jsonl))
        let (_, text, _) = run(["mrz", "--format=text"] + td3)
        XCTAssertTrue(text.contains("VALID"))
        XCTAssertTrue(text.contains("ERIKSSON"))
    }

    func testHelpAndVersion() {
        XCTAssertEqual(run(["--version"]).1, "idreader \(Help.version)\n")
        XCTAssertTrue(run(["--help"]).1.contains("Exit codes"))
        XCTAssertTrue(run(["help", "mrz"]).1.contains("idreader mrz"))
        XCTAssertEqual(run(["help", "nope"]).0, 2)
        XCTAssertTrue(run(["read", "--help"]).1.contains("--jobs"))
    }

    func testNearMissesGetAGuess() {
        XCTAssertTrue(run(["reed"]).2.contains("Did you mean 'read'?"))
        XCTAssertTrue(run(["read", "--jbos", "2", "x"]).2.contains("Did you mean '--jobs'?"))
        XCTAssertTrue(run(["generate", "mzr"]).2.contains("Did you mean 'mrz'?"))
        XCTAssertTrue(run(["serve", "--prot", "1"]).2.contains("Did you mean '--port'?"))
        XCTAssertEqual(run(["serve", "--prot", "1"]).0, 2)
    }

    /// The table drives everything: each declared option is in its command's help, and its
    /// example value (used in the "needs a value" message) is accepted.
    func testEveryDeclaredOptionIsInItsHelpAndAcceptsItsExample() throws {
        let program = ArgumentParser.program(mrzTypes: Help.mrzTypes)
        for command in program.commands {
            for leaf in command.subcommands.isEmpty ? [command] : command.subcommands {
                let path = command.subcommands.isEmpty ? [command.name] : [command.name, leaf.name]
                let help = run(["help"] + path).1
                XCTAssertTrue(help.hasPrefix("idreader \(path.joined(separator: " "))"), help)
                let arguments = (leaf.positionals?.minimum ?? 0) > 0 ? ["x.png"] : []
                // --token-file reads its file: the example names none
                for option in leaf.visibleOptions where option.name != "--token-file" {
                    XCTAssertTrue(help.contains("  \(option.name) "), "\(option.name) in the help of \(path)")
                    XCTAssertNoThrow(try ArgumentParser.parse(path + [option.name, option.example] + arguments, mrzTypes: Help.mrzTypes), option.name)
                }
            }
        }
    }

    func testGenerateIsDeterministicAndParsesBack() throws {
        let (code, out, _) = run(["generate", "mrz", "--count", "50", "--seed", "9"])
        XCTAssertEqual(code, 0)
        XCTAssertEqual(out, run(["generate", "mrz", "--count", "50", "--seed", "9"]).1)
        XCTAssertNotEqual(out, run(["generate", "mrz", "--count", "50", "--seed", "10"]).1)
        let lines = out.split(separator: "\n")
        XCTAssertEqual(lines.count, 50)
        for line in lines {
            let record = try object(String(line))
            let text = try XCTUnwrap(record["text"] as? String)
            XCTAssertEqual(run(["mrz", text]).0, 0, text)
            XCTAssertEqual((record["mutations"] as? [Any])?.count, 0)
        }
        let (_, typed, _) = run(["generate", "mrz", "--count", "5", "--type", "TD1", "--mutate", "0.2"])
        for line in typed.split(separator: "\n") {
            let record = try object(String(line))
            XCTAssertEqual((record["fields"] as? [String: Any])?["format"] as? String, "TD1")
            XCTAssertFalse((record["mutations"] as? [Any] ?? []).isEmpty)
        }
    }

    /// Found by fuzz/cli_arguments: a newline typed as a command made a two-line message.
    func testUsageMessagesStayOneLine() {
        for args in [
            ["\n", "", "2", "-"], ["mrz", "--format", "a\nb"], ["help", "x\u{1B}[31m"], ["read", "--time-limit", "inf", "x"],
            ["generate", "re\n\nrad-ea", "d-c\u{4}"],
        ] {
            do {
                _ = try ArgumentParser.parse(args)
                XCTFail("\(args) should be a usage error")
            } catch {
                XCTAssertFalse(error.description.contains("\n"), error.description)
                XCTAssertFalse(error.description.contains("\u{1B}"), error.description)
            }
        }
    }

    func testArgumentParserNeverCrashesOnRandomArguments() {
        var rng = SystemRandomNumberGenerator()
        let pieces = [
            "read", "mrz", "aamva", "generate", "help", "--format", "json", "--jobs", "0", "-", "--", "=", "--only",
            "mrz,pdf417", "--count", "-1", "--seed", "x", "--type", "TD9", "--mutate", "2", "--version", "\u{0}", "é",
        ]
        for _ in 0..<5_000 {
            let args = (0..<Int.random(in: 0...6, using: &rng)).map { _ in pieces.randomElement(using: &rng)! }
            _ = try? ArgumentParser.parse(args)
        }
    }
}

final class AAMVACLITests: XCTestCase {
    static let corpus = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("../shared/corpus/aamva").standardizedFileURL

    func run(_ args: [String], stdin: Data? = nil) -> (Int32, String, String) {
        let console = RecordingConsole(stdin: stdin)
        let code = CLI(console: console).run(args)
        return (code, console.stdout, console.stderr)
    }

    func testAnnexExampleFromFileAndStdin() throws {
        let path = Self.corpus.appendingPathComponent("aamva2020_annexD_example_v10.txt").path
        let (code, out, _) = run(["aamva", path])
        XCTAssertEqual(code, 0)
        let object = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(out.utf8)) as? [String: Any])
        let doc = try XCTUnwrap((object["documents"] as? [[String: Any]])?.first)
        XCTAssertEqual(doc["kind"] as? String, "driverLicense")
        let fields = try XCTUnwrap(doc["fields"] as? [String: Any])
        XCTAssertEqual(fields["surname"] as? String, "SAMPLE")
        XCTAssertEqual(fields["givenNames"] as? String, "MICHAEL")
        XCTAssertEqual(fields["middleNames"] as? String, "JOHN")
        XCTAssertEqual(fields["nameSuffix"] as? String, "JR")
        XCTAssertEqual(fields["issuingJurisdiction"] as? String, "VA")
        XCTAssertEqual(fields["heightCm"] as? Int, 173)
        XCTAssertEqual((fields["address"] as? [String: Any])?["postalCode"] as? String, "23269")
        let aamva = try XCTUnwrap(doc["aamva"] as? [String: Any])
        XCTAssertEqual(aamva["version"] as? Int, 10)
        XCTAssertEqual((aamva["elements"] as? [String: String])?["DCF"], "2424244747474786102204")

        let (code2, _, _) = run(["aamva", "-"], stdin: try Data(contentsOf: URL(fileURLWithPath: path)))
        XCTAssertEqual(code2, 0)
    }

    func testBadInputs() throws {
        XCTAssertEqual(run(["aamva", "/no/such/file"]).0, 3)
        XCTAssertEqual(run(["aamva", "-"], stdin: Data()).0, 3)
        let (code, out, _) = run(["aamva", "-"], stdin: Data("hello world".utf8))
        XCTAssertEqual(code, 1)
        XCTAssertTrue(out.contains("invalidAAMVA"))
        XCTAssertEqual(run(["aamva", "-"], stdin: Data(repeating: 0, count: 100)).0, 3, "only NULs: empty")
        XCTAssertEqual(run(["aamva", "a", "b"]).0, 2)
    }

    func testGenerateAAMVAParsesBack() throws {
        let (code, out, _) = run(["generate", "aamva", "--count", "30", "--seed", "5"])
        XCTAssertEqual(code, 0)
        for line in out.split(separator: "\n") {
            let record = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            let text = try XCTUnwrap(record["text"] as? String)
            XCTAssertEqual(run(["aamva", "-"], stdin: Data(text.utf8)).0, 0, text)
        }
        XCTAssertEqual(run(["generate", "aamva", "--version", "12"]).0, 2)
    }
}
