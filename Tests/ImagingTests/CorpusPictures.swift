import Foundation

/// Real pictures for the bit-exactness tests of the Swift image operations.
enum CorpusPictures {
    /// The paths listed in the file the variable `environment` names (for checking many),
    /// else every seventh picture of ../shared/corpus/mrz.
    static func listedOrSampled(environment: String) throws -> [String] {
        if let list = ProcessInfo.processInfo.environment[environment] {
            return try String(contentsOfFile: list, encoding: .utf8).split(separator: "\n").map(String.init)
        }
        let corpus = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../../shared/corpus/mrz").standardized
        let files = try FileManager.default.contentsOfDirectory(atPath: corpus.path).filter { $0.hasSuffix(".png") || $0.hasSuffix(".jpg") }.sorted()
        return stride(from: 0, to: files.count, by: 7).map { corpus.appendingPathComponent(files[$0]).path }
    }
}
