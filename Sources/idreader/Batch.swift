import Foundation
import IDReader

/// Expands PATH arguments into inputs and runs them in parallel, emitting results in input order.
enum Batch {
    static let imageExtensions: Set<String> = ["png", "jpg", "jpeg", "tif", "tiff", "bmp", "pnm", "pgm", "ppm", "pbm", "gif", "webp"]

    /// An input: a path, `-` (stdin), or a path that could not be expanded (with its error).
    enum Input {
        case file(String)
        case stdin
        case failed(String, ReadError)
        var name: String {
            switch self {
            case .file(let p), .failed(let p, _): return p
            case .stdin: return "-"
            }
        }
    }

    /// Files as given; directories recursed for image files (sorted, symlink loops cut).
    static func expand(_ paths: [String]) -> [Input] {
        var out: [Input] = []
        for path in paths {
            if path == "-" { out.append(.stdin); continue }
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
                out.append(.failed(path, ReadError(.fileNotFound, "No file at '\(path)'; check the path.")))
                continue
            }
            if !isDirectory.boolValue { out.append(.file(path)); continue }
            var files: [String] = []
            var unreadable: [String] = []
            var visited = Set<String>()
            walk(path, &files, &unreadable, &visited)
            out += files.sorted().map { .file($0) }
            out += unreadable.sorted().map {
                .failed($0, ReadError(.fileNotFound, "'\($0)' is listed in the directory but cannot be opened; its name may not be valid UTF-8."))
            }
            if files.isEmpty && unreadable.isEmpty {
                out.append(.failed(path, ReadError(.noDocumentFound, "The directory '\(path)' holds no image files (PNG, JPEG, TIFF, BMP, PNM, GIF, WebP).")))
            }
        }
        return out
    }

    private static func walk(_ directory: String, _ files: inout [String], _ unreadable: inout [String], _ visited: inout Set<String>) {
        let real =
            (try? FileManager.default.destinationOfSymbolicLink(atPath: directory)).map {
                URL(fileURLWithPath: $0, relativeTo: URL(fileURLWithPath: directory).deletingLastPathComponent()).standardizedFileURL.path
            } ?? URL(fileURLWithPath: directory).resolvingSymlinksInPath().path
        guard visited.insert(URL(fileURLWithPath: real).resolvingSymlinksInPath().path).inserted else { return }
        guard let entries = try? FileManager.default.contentsOfDirectory(atPath: directory) else { return }
        for entry in entries {
            let path = (directory as NSString).appendingPathComponent(entry)
            var isDirectory: ObjCBool = false
            let isImageName = imageExtensions.contains((entry as NSString).pathExtension.lowercased())
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
                if isImageName { unreadable.append(path) }
                continue
            }
            if isDirectory.boolValue {
                walk(path, &files, &unreadable, &visited)
            } else if isImageName {
                files.append(path)
            }
        }
    }

    /// Runs `work` on every input with `jobs` workers; `emit` gets results in input order,
    /// as soon as each one and all before it are done.
    static func run<R: Sendable>(
        _ inputs: [Input], jobs: Int, progress: ((Int, Int) -> Void)?,
        work: @escaping @Sendable (Input) -> R, emit: (Int, R) -> Void
    ) {
        let results = ResultSlots<R>(count: inputs.count)
        let queue = DispatchQueue(label: "idreader.batch", attributes: .concurrent)
        let semaphore = DispatchSemaphore(value: max(1, jobs))
        let group = DispatchGroup()
        let sendableInputs = UncheckedBox(inputs)
        for index in inputs.indices {
            semaphore.wait()
            group.enter()
            queue.async {
                results.set(index, work(sendableInputs.value[index]))
                semaphore.signal()
                group.leave()
            }
            results.drain(emit)
            progress?(results.done, inputs.count)
        }
        group.wait()
        results.drain(emit)
        progress?(inputs.count, inputs.count)
    }
}

/// Runs `work` with a time limit: after `seconds` the caller gets `onTimeout()` and the
/// work is abandoned (it finishes in the background; the process exit ends it).  A
/// pathological image therefore cannot hang a batch.
func withTimeLimit<R: Sendable>(_ seconds: Double, _ work: @escaping @Sendable () -> R, onTimeout: () -> R) -> R {
    let box = ResultSlots<R>(count: 1)
    let done = DispatchSemaphore(value: 0)
    DispatchQueue.global().async {
        box.set(0, work())
        done.signal()
    }
    if done.wait(timeout: .now() + seconds) == .timedOut { return onTimeout() }
    var result: R?
    box.drain { _, r in result = r }
    return result ?? onTimeout()
}

/// Results filled by workers and drained in order.
final class ResultSlots<R>: @unchecked Sendable {
    private var slots: [R?]
    private var next = 0
    private let lock = NSLock()
    private(set) var done = 0
    init(count: Int) { slots = Array(repeating: nil, count: count) }
    func set(_ i: Int, _ value: R) { lock.lock(); slots[i] = value; done += 1; lock.unlock() }
    func drain(_ emit: (Int, R) -> Void) {
        while true {
            lock.lock()
            guard next < slots.count, let value = slots[next] else { lock.unlock(); return }
            slots[next] = nil
            let i = next
            next += 1
            lock.unlock()
            emit(i, value)
        }
    }
}

struct UncheckedBox<T>: @unchecked Sendable { let value: T; init(_ v: T) { value = v } }
