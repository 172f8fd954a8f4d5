import Foundation
import IDReader

/// Reading input files with typed, one-sentence errors.
enum FileInput {
    static func read(path: String, limit: Int) -> Result<Data, ReadError> {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            return .failure(ReadError(.fileNotFound, "No file at '\(path)'; check the path."))
        }
        if isDirectory.boolValue {
            return .failure(ReadError(.unreadableImage, "'\(path)' is a directory; give a file."))
        }
        guard let handle = FileHandle(forReadingAtPath: path) else {
            return .failure(ReadError(.unreadableImage, "'\(path)' cannot be opened; check its permissions."))
        }
        defer { try? handle.close() }
        let data = (try? handle.read(upToCount: limit + 1)) ?? Data()
        if data.isEmpty { return .failure(ReadError(.emptyInput, "'\(path)' is empty.")) }
        if data.count > limit { return .failure(ReadError(.invalidAAMVA, "'\(path)' is larger than \(limit) bytes; give only the payload.")) }
        return .success(data)
    }
}
