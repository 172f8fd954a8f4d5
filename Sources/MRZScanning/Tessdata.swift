import Foundation

/// Where `ocrb.traineddata` is: `$IDREADER_TESSDATA`, then `tessdata/` beside the
/// executable's package (for `.build/*/idreader`), the working directory, and the
/// install location.
public enum Tessdata {
    public static func directory() -> String? {
        var candidates: [String] = []
        if let env = ProcessInfo.processInfo.environment["IDREADER_TESSDATA"] { candidates.append(env) }
        let exe = URL(fileURLWithPath: CommandLine.arguments.first ?? "").resolvingSymlinksInPath().deletingLastPathComponent()
        var dir = exe
        for _ in 0..<5 {
            candidates.append(dir.appendingPathComponent("tessdata").path)
            dir = dir.deletingLastPathComponent()
        }
        candidates.append(FileManager.default.currentDirectoryPath + "/tessdata")
        // the package's own copy, for tests and tools run from anywhere
        let source = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        candidates.append(source.appendingPathComponent("tessdata").path)
        candidates.append("/usr/local/share/idreader/tessdata")
        return candidates.first { FileManager.default.fileExists(atPath: $0 + "/ocrb.traineddata") }
    }
}
