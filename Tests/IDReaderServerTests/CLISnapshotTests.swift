import Foundation
import XCTest

/// What users script against, pinned: the `idreader` binary's help texts and the JSON (and
/// text) it prints for the samples, compared byte for byte with files in `Snapshots/`.
///
/// The files were captured from the binary before issue 18 moved the CLI options into
/// declarations and the barcode format, pass and corners into typed values; a difference
/// is either a regression or a deliberate change, reviewed in the diff of the snapshot and
/// written in CHANGELOG.md.  The JSON and text outputs have not changed since;
/// the help texts changed once, deliberately, when they came to be made from the
/// declarations (every option listed with its default, `barcodes` and `generate` too).
final class CLISnapshotTests: XCTestCase {
    static let snapshots = packageRoot.appendingPathComponent("Tests/IDReaderServerTests/Snapshots")

    /// Runs `idreader` in the package root and compares its standard output with a snapshot.
    func assertOutput(
        _ arguments: [String], stdin: String? = nil, matches snapshot: String, exitCode: Int32,
        file: StaticString = #filePath, line: UInt = #line
    ) throws {
        let expectedURL = Self.snapshots.appendingPathComponent(snapshot)
        let expected = try XCTUnwrap(try? Data(contentsOf: expectedURL), "no snapshot \(snapshot)", file: file, line: line)
        let finished = try cli(arguments, stdin: stdin.map { packageRoot.appendingPathComponent($0) })
        XCTAssertEqual(finished.status, exitCode, "exit code of idreader \(arguments.joined(separator: " "))", file: file, line: line)
        if finished.stdout != expected {
            let actual = String(decoding: finished.stdout, as: UTF8.self)
            let firstDifference = zip(
                actual.split(separator: "\n", omittingEmptySubsequences: false),
                String(decoding: expected, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
            )
            .enumerated().first { $0.element.0 != $0.element.1 }
            XCTFail(
                "idreader \(arguments.joined(separator: " ")) differs from \(snapshot)"
                    + (firstDifference.map { " at line \($0.offset + 1): got '\($0.element.0)', expected '\($0.element.1)'" } ?? " in length"),
                file: file, line: line)
        }
    }

    /// Image files of `samples/` (the folder a new sample lands in has to have snapshots too).
    func sampleImages() throws -> [String] {
        let imageExtensions: Set<String> = ["png", "jpg", "jpeg", "tif", "tiff", "pnm", "bmp", "gif", "webp"]
        let root = packageRoot.appendingPathComponent("samples")
        var images: [String] = []
        for folder in try FileManager.default.contentsOfDirectory(atPath: root.path).sorted() {
            let files = (try? FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent(folder).path)) ?? []
            for name in files.sorted() where imageExtensions.contains((name as NSString).pathExtension.lowercased()) {
                images.append("samples/\(folder)/\(name)")
            }
        }
        return images
    }

    /// `samples/passports/x.png` → `passports-x.png`, the naming of the snapshot files.
    func snapshotName(_ path: String) -> String {
        path.dropFirst("samples/".count).replacingOccurrences(of: "/", with: "-")
    }

    func testHelpTexts() throws {
        for arguments in [[], ["--help"], ["-h"], ["help"]] {
            try assertOutput(arguments, matches: "help/help-overview.txt", exitCode: 0)
        }
        for command in ["read", "barcodes", "mrz", "aamva", "vds", "generate", "serve"] {
            try assertOutput(["help", command], matches: "help/help-\(command).txt", exitCode: 0)
            try assertOutput([command, "--help"], matches: "help/help-\(command).txt", exitCode: 0)
        }
        for arguments in [["help", "help"], ["help", "--help"]] {
            try assertOutput(arguments, matches: "help/help-help.txt", exitCode: 0)
        }
        for kind in ["mrz", "aamva", "vds"] {
            try assertOutput(["help", "generate", kind], matches: "help/help-generate-\(kind).txt", exitCode: 0)
            try assertOutput(["generate", kind, "--help"], matches: "help/help-generate-\(kind).txt", exitCode: 0)
        }
    }

    func testReadJSONOfEverySampleImage() throws {
        let images = try sampleImages()
        XCTAssertGreaterThanOrEqual(images.count, 8)
        for image in images {
            try assertOutput(["read", image], matches: "json/read-\(snapshotName(image)).json", exitCode: 0)
        }
        try assertOutput(["read", "samples/passports", "samples/licences"], matches: "json/read-all.json", exitCode: 0)
        try assertOutput(["read", "--format", "text", "samples/passports", "samples/licences"], matches: "json/read-all.txt", exitCode: 0)
    }

    func testBarcodesJSONOfEverySampleImage() throws {
        for image in try sampleImages() {
            // the passports carry no barcode: exit code 1
            let exitCode: Int32 = image.hasPrefix("samples/passports/") ? 1 : 0
            try assertOutput(["barcodes", image], matches: "json/barcodes-\(snapshotName(image)).json", exitCode: exitCode)
        }
        try assertOutput(["barcodes", "--format", "jsonl", "samples"], matches: "json/barcodes-all.jsonl", exitCode: 1)
        try assertOutput(["barcodes", "--format", "text", "samples"], matches: "json/barcodes-all.txt", exitCode: 1)
    }

    func testTextSamplesJSON() throws {
        let root = packageRoot.appendingPathComponent("samples")
        for name in try FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent("mrz").path).sorted() {
            let base = (name as NSString).deletingPathExtension
            try assertOutput(
                ["mrz", "-"], stdin: "samples/mrz/\(name)", matches: "json/mrz-\(base).json", exitCode: base.hasSuffix("bad-check") ? 1 : 0)
        }
        for name in try FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent("aamva").path).sorted() {
            let base = (name as NSString).deletingPathExtension
            try assertOutput(["aamva", "samples/aamva/\(name)"], matches: "json/aamva-\(base).json", exitCode: base.hasSuffix("damaged") ? 1 : 0)
        }
    }
}
