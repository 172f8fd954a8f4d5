import AAMVA
import Foundation
import IDReader
import IDReaderServer
import MRZ
import XCTest

/// The README's examples, kept true: every `$ idreader ...` command it shows runs (exit 0)
/// and, where a JSON block follows it, prints at least what the block shows; the `serve`
/// command's options parse and every `curl` request it shows is answered 200; its Swift
/// example is the code of `testTheLibraryExampleRunsAsShown`, which runs it.
final class ReadmeExamplesTests: XCTestCase {
    /// A fenced block of a Markdown text: its info string (`sh`, `json`, `swift`) and its lines.
    struct FencedBlock {
        let language: String
        let text: String
    }

    static func fencedBlocks(of markdown: String) -> [FencedBlock] {
        var blocks: [FencedBlock] = []
        var open: (language: String, lines: [String])?
        for line in markdown.split(separator: "\n", omittingEmptySubsequences: false) {
            guard line.hasPrefix("```") else {
                open?.lines.append(String(line))
                continue
            }
            if let block = open {
                blocks.append(FencedBlock(language: block.language, text: block.lines.joined(separator: "\n")))
                open = nil
            } else {
                open = (String(line.dropFirst(3)).trimmingCharacters(in: .whitespaces), [])
            }
        }
        return blocks
    }

    static func readme() throws -> String {
        try String(contentsOf: packageRoot.appendingPathComponent("README.md"), encoding: .utf8)
    }

    /// The words of a shown command line, as a POSIX shell splits them: single and double
    /// quotes, an unquoted `#` starting a comment.  Redirections and pipes are refused, so
    /// that what the README shows is exactly what runs.
    static func words(of command: String) throws -> [String] {
        var words: [String] = []
        var word: String?
        var quote: Character?
        for character in command {
            if let open = quote {
                if character == open { quote = nil } else { word?.append(character) }
            } else if character == "'" || character == "\"" {
                quote = character
                word = word ?? ""
            } else if character == " " {
                if let finished = word { words.append(finished) }
                word = nil
            } else if character == "#" && word == nil {
                break
            } else if "<>|;&".contains(character) {
                throw ShownCommandError(description: "'\(command)' uses the shell ('\(character)'); show a command the test can run as it is.")
            } else {
                word = (word ?? "") + String(character)
            }
        }
        if let finished = word { words.append(finished) }
        return words
    }

    struct ShownCommandError: Error, CustomStringConvertible {
        let description: String
    }

    /// Where `printed` lacks what `shown` shows: an object's keys with their values, an
    /// array's elements in order (an empty array shown means an empty one printed), equal
    /// scalars.  Each mismatch is a JSON path and what differs.
    static func mismatches(shown: Any, printed: Any, at path: String = "$") -> [String] {
        switch shown {
        case let object as [String: Any]:
            guard let printedObject = printed as? [String: Any] else { return ["\(path): an object is shown, not printed"] }
            return object.keys.sorted().flatMap { key in
                guard let value = printedObject[key] else { return ["\(path).\(key): shown, not printed"] }
                return mismatches(shown: object[key]!, printed: value, at: "\(path).\(key)")
            }
        case let array as [Any]:
            guard let printedArray = printed as? [Any] else { return ["\(path): an array is shown, not printed"] }
            if array.isEmpty { return printedArray.isEmpty ? [] : ["\(path): shown empty, printed with \(printedArray.count) elements"] }
            var next = printedArray.startIndex
            for (index, element) in array.enumerated() {
                guard let found = printedArray[next...].firstIndex(where: { mismatches(shown: element, printed: $0).isEmpty }) else {
                    let nearest = next < printedArray.endIndex ? mismatches(shown: element, printed: printedArray[next], at: "\(path)[\(index)]") : []
                    return ["\(path)[\(index)]: no printed element after the previous one matches it"] + nearest
                }
                next = printedArray.index(after: found)
            }
            return []
        default:
            return encoded(shown) == encoded(printed) ? [] : ["\(path): shown \(encoded(shown)), printed \(encoded(printed))"]
        }
    }

    /// A JSON scalar as JSON text, so that `true` and `1`, `"1"` and `1` differ.
    static func encoded(_ scalar: Any) -> String {
        let data = try? JSONSerialization.data(withJSONObject: [scalar], options: [.fragmentsAllowed])
        return data.map { String(decoding: $0, as: UTF8.self) } ?? "\(scalar)"
    }

    func testEveryShownCommandRunsAndPrintsWhatFollowsIt() throws {
        let blocks = Self.fencedBlocks(of: try Self.readme())
        var commandsRun = 0
        var outputsCompared = 0
        for (index, block) in blocks.enumerated() where block.language == "sh" {
            let commands = block.text.split(separator: "\n").filter { $0.hasPrefix("$ idreader ") }
            for command in commands {
                let words = try Self.words(of: String(command.dropFirst("$ ".count)))
                guard words.count > 1, words[1] != "serve" else { continue }  // the service runs until stopped
                let finished = try cli(Array(words.dropFirst()))
                XCTAssertEqual(finished.status, 0, "\(command): \(String(decoding: finished.stderr, as: UTF8.self))")
                commandsRun += 1
                guard commands.count == 1, index + 1 < blocks.count, blocks[index + 1].language == "json" else { continue }
                let shown = try JSONSerialization.jsonObject(with: Data(blocks[index + 1].text.utf8))
                let printed = try JSONSerialization.jsonObject(with: finished.stdout)
                XCTAssertEqual(Self.mismatches(shown: shown, printed: printed), [], "\(command): the README's JSON differs from the output")
                outputsCompared += 1
            }
        }
        XCTAssertGreaterThanOrEqual(commandsRun, 5, "the README shows the CLI's commands")
        XCTAssertGreaterThanOrEqual(outputsCompared, 1, "the README shows a command's JSON output")
    }

    func testTheShownServiceCommandParsesAndEveryShownRequestIsAnswered() throws {
        let lines = Self.fencedBlocks(of: try Self.readme()).filter { $0.language == "sh" }.flatMap { $0.text.split(separator: "\n") }
        let serveLines = lines.filter { $0.hasPrefix("$ idreader serve") }
        XCTAssertEqual(serveLines.count, 1, "the README shows how to start the service")
        let token = FileManager.default.temporaryDirectory.appendingPathComponent("readme-token-\(UUID().uuidString)")
        try Data("secret".utf8).write(to: token)
        defer { try? FileManager.default.removeItem(at: token) }
        for line in serveLines {
            var arguments = Array(try Self.words(of: String(line.dropFirst("$ ".count))).dropFirst(2))
            if let file = arguments.firstIndex(of: "--token-file"), file + 1 < arguments.count { arguments[file + 1] = token.path }
            XCTAssertNoThrow(try ServeOptions.parse(arguments), String(line))
        }

        let server = try ServerProcess()
        let shownBase = "http://127.0.0.1:8080"
        var requests = 0
        for line in lines where line.hasPrefix("curl ") {
            let words = try Self.words(of: String(line)).dropFirst()
            let url = try XCTUnwrap(words.first { $0.hasPrefix(shownBase) }, "\(line) names no URL of the service")
            let reply = try server.curl(String(url.dropFirst(shownBase.count)), words.filter { $0 != url })
            XCTAssertEqual(reply.status, 200, "\(line): \(reply.text)")
            requests += 1
        }
        XCTAssertGreaterThanOrEqual(requests, 2, "the README shows requests to the service")
    }

    /// The comparison catches an example that drifted: another value, a key the output lacks,
    /// array elements out of order, a list shown empty that is not.
    func testADriftedExampleIsCaught() throws {
        let printed = try JSONSerialization.jsonObject(with: Data(#"{"a": {"b": "X", "c": [1, 2, 3]}, "d": [4]}"#.utf8))
        let abridged = try JSONSerialization.jsonObject(with: Data(#"{"a": {"c": [1, 3]}}"#.utf8))
        XCTAssertEqual(Self.mismatches(shown: abridged, printed: printed), [])
        for drifted in [#"{"a": {"b": "Y"}}"#, #"{"a": {"e": 1}}"#, #"{"a": {"c": [3, 1]}}"#, #"{"d": []}"#] {
            let shown = try JSONSerialization.jsonObject(with: Data(drifted.utf8))
            XCTAssertFalse(Self.mismatches(shown: shown, printed: printed).isEmpty, drifted)
        }
        XCTAssertThrowsError(try Self.words(of: "idreader read x > out.json"))
        XCTAssertEqual(try Self.words(of: #"idreader mrz 'A<B' "C D" # comment"#), ["idreader", "mrz", "A<B", "C D"])
    }

    /// The README's Swift block: its imports, which this file makes, then exactly the code
    /// between the markers of `testTheLibraryExampleRunsAsShown`.
    func testTheReadmeShowsTheLibraryExampleThisFileRuns() throws {
        let swiftBlocks = Self.fencedBlocks(of: try Self.readme()).filter { $0.language == "swift" }
        XCTAssertEqual(swiftBlocks.count, 1, "the README shows one Swift example")
        let shown = try XCTUnwrap(swiftBlocks.first).text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let imports = shown.prefix { $0.hasPrefix("import ") }
        let code = shown.dropFirst(imports.count).drop { $0.isEmpty }

        let source = try String(contentsOf: URL(fileURLWithPath: #filePath), encoding: .utf8)
        let lines = source.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        for line in imports { XCTAssertTrue(lines.contains(line), "this file does not '\(line)'") }
        let begin = try XCTUnwrap(lines.firstIndex { $0.hasSuffix("// README example begins") })
        let end = try XCTUnwrap(lines.firstIndex { $0.hasSuffix("// README example ends") })
        let indentation = lines[begin].prefix { $0 == " " }.count
        let ran = lines[(begin + 1)..<end].map { String($0.dropFirst(min(indentation, $0.prefix { $0 == " " }.count))) }
        let firstDifference = zip(code, ran).enumerated().first { $0.element.0 != $0.element.1 }
        XCTAssertEqual(
            Array(code), ran,
            "README.md's Swift example differs from the code this test runs"
                + (firstDifference.map { " at its line \($0.offset + 1): '\($0.element.0)' against '\($0.element.1)'" } ?? " in length"))
    }

    func testTheLibraryExampleRunsAsShown() throws {
        // the example names the samples relative to the package root
        XCTAssertTrue(FileManager.default.changeCurrentDirectoryPath(packageRoot.path))
        // README example begins
        // An image: every document in it.  Never throws; a failure is in result.error.
        let result = DocumentReader().read(imageAt: "samples/passports/td3-clean-000-r0.png")
        let passport = result.documents.first
        let surname = passport?.fields.surname  // "DUBOIS LOPEZ"
        let valid = passport?.valid  // true: every check holds

        // MRZ text
        let mrz = try MRZParser().parse(
            """
            P<UTOERIKSSON<<ANNA<MARIA<<<<<<<<<<<<<<<<<<<
            L898902C36UTO7408122F1204159ZE184226B<<<<<10
            """)
        let birthDate = mrz.birthDate?.iso  // "1974-08-12"
        let chipKey = NFCAccess(mrz)?.kEnc  // the BAC key for the chip

        // OCR output with confusions: fixed only where the check digits prove it
        let fixed = MRZCorrector().correct(lines: [
            "P<UTOERIKSSON<<ANNA<MARIA<<<<<<<<<<<<<<<<<<<",
            "L8989O2C36UTO74O8122F1204159ZE184226B<<<<<10",
        ])
        let changed = fixed?.changes.count  // 2: the O read for 0, twice

        // A licence's raw AAMVA payload, tolerant of real-world damage
        let payload = try Data(contentsOf: URL(fileURLWithPath: "samples/aamva/licence-v10.txt"))
        let licence = try AAMVAParser().parse([UInt8](payload))
        let lastName = licence.fields.lastName  // "JOHNSON"
        // README example ends

        // what the README's comments say (the samples' values; ICAO 9303's specimen)
        XCTAssertNil(result.error)
        XCTAssertEqual(surname, "DUBOIS LOPEZ")
        XCTAssertEqual(valid, true)
        XCTAssertEqual(birthDate, "1974-08-12")
        XCTAssertEqual(chipKey?.count, 32)
        XCTAssertEqual(changed, 2)
        XCTAssertEqual(fixed?.result.raw(.documentNumber), "L898902C3")
        XCTAssertTrue(licence.isValid)
        XCTAssertEqual(lastName, "JOHNSON")  // DCSJOHNSON in the sample
    }
}
