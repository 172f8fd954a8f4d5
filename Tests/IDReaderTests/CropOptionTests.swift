import Foundation
import XCTest

@testable import IDReader
@testable import Imaging
@testable import idreader

/// `idreader read --crop DIR`: the straightened documents written at their nominal size,
/// their paths in the JSON, and a folder that cannot be written refused before any read.
final class CropOptionTests: XCTestCase {
    func run(_ args: [String]) -> (Int32, String, String) {
        let console = RecordingConsole()
        let code = CLI(console: console).run(args)
        return (code, console.stdout, console.stderr)
    }

    func temporaryDirectory() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("idreader-crop-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(at: url) }
        return url
    }

    func testAFolderThatCannotBeMadeIsAUsageErrorBeforeAnyRead() throws {
        let file = try temporaryDirectory().appendingPathComponent("a-file")
        try Data("x".utf8).write(to: file)
        let (code, stdout, stderr) = run(["read", "--crop", file.appendingPathComponent("crops").path, "samples/passports/td3-mild-000-r4.jpg"])
        XCTAssertEqual(code, ExitCode.usage.rawValue)
        XCTAssertEqual(stdout, "", "nothing read")
        XCTAssertTrue(stderr.contains("--crop cannot create the directory"), stderr)
    }

    /// A TD3 page at 300 dpi is 125 × 88 mm: 1476 × 1039 pixels; a licence back (ID-1,
    /// 85.6 × 54 mm) 1011 × 638.
    func testCropsAtNominalSizeWithTheirPathsInTheJSON() throws {
        let directory = try temporaryDirectory()
        let samples = AnnotationTests.samples.appendingPathComponent("passports/td3-mild-000-r4.jpg").path
        let licence = AnnotationTests.samples.appendingPathComponent("licences/licence-mild-000-r8.jpg").path
        let (code, stdout, _) = run(["read", "--format", "jsonl", "--crop", directory.path, samples, licence])
        XCTAssertEqual(code, ExitCode.success.rawValue)
        let results = try stdout.split(separator: "\n").map { try XCTUnwrap(JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]) }
        XCTAssertEqual(results.count, 2)
        for (result, size) in zip(results, [(1476, 1039), (1011, 638)]) {
            let document = try XCTUnwrap((result["documents"] as? [[String: Any]])?.first)
            let crops = try XCTUnwrap((document["location"] as? [String: Any])?["crops"] as? [String: Any])
            let path = try XCTUnwrap(crops["document"] as? String)
            XCTAssertTrue(path.hasSuffix("-document.png"), path)
            let image = try ImageLoader().load(path: path)
            XCTAssertEqual(image.width, size.0, path)
            XCTAssertEqual(image.height, size.1, path)
        }
    }
}
