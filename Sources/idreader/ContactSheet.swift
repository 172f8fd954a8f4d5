import CommandLineDeclarations
import Dispatch
import DocumentModel
import Foundation
import IDReader
import Imaging

/// One input's result as `read --annotate` keeps it: the result (printed exactly as
/// without `--annotate`), the picture's file name, the time it took.
struct AnnotatedRead: Encodable, Sendable {
    let result: ReadResult
    /// The annotated picture's file name in the output directory (`NAME.png`).
    let picture: String
    /// Milliseconds spent loading and reading the input; `nil` when it was not read.
    let milliseconds: Int?

    func encode(to encoder: any Encoder) throws { try result.encode(to: encoder) }
}

/// File names for the annotated pictures: an input's file name without its extension,
/// `-2`, `-3`, ... added in input order when another input already has that name (the
/// same path given twice keeps one name).
struct AnnotationNames: Sendable {
    private var byInput: [String: String] = [:]

    init(_ inputs: [String]) {
        var used: Set<String> = ["index"]
        for input in inputs where byInput[input] == nil {
            let base = Self.base(of: input)
            var name = base, n = 1
            while used.contains(name) {
                n += 1
                name = "\(base)-\(n)"
            }
            used.insert(name)
            byInput[input] = name
        }
    }

    /// `NAME.png` for an input listed at `init`.
    func file(for input: String) -> String { (byInput[input] ?? Self.base(of: input)) + ".png" }

    /// The file name without folders and extension, with characters that would make a
    /// poor file name replaced; `stdin` for `-`.
    static func base(of input: String) -> String {
        if input == "-" { return "stdin" }
        let last = (input as NSString).lastPathComponent
        // no hidden files: leading dots go
        let stem = String((last as NSString).deletingPathExtension.drop { $0 == "." })
        let cleaned = String(stem.unicodeScalars.map { $0.value < 0x20 || $0 == "/" || $0 == "\\" || $0.value == 0x7F ? "_" : Character($0) })
        return cleaned.isEmpty ? "input" : cleaned
    }
}

/// Writes the annotated pictures and their thumbnails, each once: a timed-out input gets
/// its caption-only picture, and the abandoned read does not overwrite it later.
final class PictureWriter: @unchecked Sendable {
    let directory: String
    let maximumPixels: Int
    private var claimed: Set<String> = []
    private(set) var failures: [String] = []
    private let lock = NSLock()

    static let thumbnailWidth = 160
    static let thumbnails = "thumbnails"

    init(directory: String, maximumPixels: Int) {
        self.directory = directory
        self.maximumPixels = maximumPixels
    }

    func write(_ result: ReadResult, imageData: [UInt8]?, as file: String) {
        lock.lock()
        let first = claimed.insert(file).inserted
        lock.unlock()
        guard first else { return }
        let canvas = result.annotationCanvas(on: imageData, maximumPixels: maximumPixels)
        save(canvas.pngData(), to: (directory as NSString).appendingPathComponent(file))
        let thumbnail = canvas.width > Self.thumbnailWidth ? canvas.scaled(toWidth: Self.thumbnailWidth) : canvas
        save(thumbnail?.pngData(), to: ((directory as NSString).appendingPathComponent(Self.thumbnails) as NSString).appendingPathComponent(file))
    }

    private func save(_ bytes: [UInt8]?, to path: String) {
        do {
            guard let bytes else { throw CocoaError(.fileWriteUnknown) }
            try Data(bytes).write(to: URL(fileURLWithPath: path), options: .atomic)
        } catch {
            lock.lock()
            failures.append(path)
            lock.unlock()
        }
    }
}

extension CLI {
    /// `idreader read --annotate DIR`: the read as usual (same output, same exit code),
    /// and for every input an annotated picture, then `DIR/index.html`.
    func runAnnotatedRead(_ options: ReadOptions, _ frozen: IDReader.ReadOptions, into directory: String) -> ExitCode {
        do {
            try FileManager.default.createDirectory(
                atPath: (directory as NSString).appendingPathComponent(PictureWriter.thumbnails),
                withIntermediateDirectories: true)
        } catch {
            console.err("idreader: --annotate cannot create the directory '\(shown(directory))'; give a directory you can write to.\n")
            return .usage
        }
        let names = AnnotationNames(Batch.expand(options.paths).map(\.name))
        let writer = PictureWriter(directory: directory, maximumPixels: frozen.maximumPixels)
        let crops = options.crop.map { CropWriter(directory: $0, names: names) }
        let reader = self.reader
        let all = runImages(
            options,
            read: { name, source -> AnnotatedRead in
                let start = DispatchTime.now().uptimeNanoseconds
                let bytes: [UInt8]?
                let result: ReadResult, image: GrayImage?
                switch source {
                case .path(let path):
                    switch DocumentReader.loadFile(path) {
                    case .success(let data):
                        bytes = data
                        (result, image) = reader.readKeepingPicture(imageData: data, name: path, options: frozen)
                    case .failure(let error):
                        bytes = nil
                        (result, image) = (ReadResult(input: path, documents: [], error: error), nil)
                    }
                case .bytes(let data):
                    bytes = data
                    (result, image) = reader.readKeepingPicture(imageData: data, name: name, options: frozen)
                }
                let milliseconds = Int((DispatchTime.now().uptimeNanoseconds - start) / 1_000_000)
                let file = names.file(for: name)
                writer.write(result, imageData: bytes, as: file)
                return AnnotatedRead(result: crops?.write(result, image: image) ?? result, picture: file, milliseconds: milliseconds)
            },
            failed: { name, error in
                let result = ReadResult(input: name, documents: [], error: error)
                let file = names.file(for: name)
                writer.write(result, imageData: nil, as: file)
                return AnnotatedRead(result: result, picture: file, milliseconds: nil)
            })
        let results = all.map(\.result)
        if options.format == .text { for r in results { console.out(Output.text(r)) } }
        let sheet = (directory as NSString).appendingPathComponent("index.html")
        do {
            try Data(ContactSheet.html(all, in: directory).utf8).write(to: URL(fileURLWithPath: sheet), options: .atomic)
        } catch {
            console.err("idreader: the contact sheet '\(shown(sheet))' could not be written; check that the directory is writable.\n")
        }
        if !writer.failures.isEmpty {
            console.err(
                "idreader: \(writer.failures.count) annotated picture(s) could not be written in '\(shown(directory))'; check the free space and permissions.\n"
            )
        }
        return Output.exitCode(results)
    }
}

/// `DIR/index.html` of `read --annotate`: one self-contained page (inline style, the
/// thumbnails beside it), a summary line, then a row per input, failures first.
enum ContactSheet {
    /// The summary: inputs, documents, valid inputs, errors by code.
    static func summary(_ reads: [AnnotatedRead]) -> String {
        let results = reads.map(\.result)
        let documents = results.reduce(0) { $0 + $1.documents.count }
        let valid = results.filter(\.hasValidDocument).count
        var errors: [String: Int] = [:]
        for r in results { if let e = r.error { errors[e.code.rawValue, default: 0] += 1 } }
        let errorText = errors.isEmpty ? "no errors" : "errors: " + errors.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }.joined(separator: ", ")
        return "\(results.count) input\(results.count == 1 ? "" : "s"), \(documents) document\(documents == 1 ? "" : "s"), \(valid) valid, \(errorText)"
    }

    /// Why an input is not valid, or `valid`.
    static func verdict(_ result: ReadResult) -> String {
        if let error = result.error { return "\(error.headline): \(error.message)" }
        if result.hasValidDocument { return "valid" }
        let failed = result.documents.flatMap { $0.checks.filter { !$0.valid }.map(\.name) }
        return failed.isEmpty ? "no valid document" : "checks failed: " + unique(failed).joined(separator: ", ")
    }

    /// `html(_:)` of a contact sheet in `directory`: with `read --crop`, each read's crops
    /// (`location.crops`) are shown beside its picture, linked relative to the sheet.
    static func html(_ reads: [AnnotatedRead]) -> String { html(reads, in: nil) }

    static func html(_ reads: [AnnotatedRead], in directory: String?) -> String {
        let showsCrops = reads.contains { $0.result.documents.contains { $0.location?.crops != nil } }
        // failures first, in input order within each group
        let rows = reads.enumerated().sorted { a, b in
            let av = a.element.result.hasValidDocument, bv = b.element.result.hasValidDocument
            return av != bv ? !av : a.offset < b.offset
        }.map(\.element)
        var page = """
            <!DOCTYPE html>
            <html lang="en"><head><meta charset="utf-8"><title>idreader: what the reader saw</title>
            <style>
            body{font:14px/1.4 system-ui,sans-serif;margin:1.5em;color:#222;background:#fff}
            h1{font-size:1.3em;margin:0 0 .3em}
            #summary{font-size:1.1em;margin:0 0 1em;padding:.5em .8em;background:#f2f2f2;border-left:4px solid #555}
            table{border-collapse:collapse}
            td,th{border-bottom:1px solid #ddd;padding:.4em .6em;text-align:left;vertical-align:middle}
            th{background:#fafafa}
            tr.fail td.verdict{color:#b00020}
            tr.ok td.verdict{color:#0a7a2a}
            td.ms{text-align:right;font-variant-numeric:tabular-nums}
            img{display:block;max-width:160px;border:1px solid #ccc}
            td.crops img{display:inline-block;max-height:110px;margin-right:.3em}
            </style></head><body>
            <h1>What the reader saw</h1>
            <p id="summary">\(escape(summary(reads)))</p>
            <table>
            <tr><th>picture</th>\(showsCrops ? "<th>crops</th>" : "")<th>file</th><th>document</th><th>result</th><th>uncertain fields</th><th>ms</th></tr>

            """
        for read in rows {
            let r = read.result
            let href = escape(percentEncoded(read.picture))
            let thumbnail = escape(percentEncoded(PictureWriter.thumbnails + "/" + read.picture))
            let kinds = r.documents.map { "\($0.kind.rawValue) (\($0.source.rawValue))" }.joined(separator: ", ")
            let uncertain = unique(r.documents.flatMap { document -> [String] in document.quality?.uncertainFields ?? [] })
            page += "<tr class=\"\(r.hasValidDocument ? "ok" : "fail")\">"
            page += "<td><a href=\"\(href)\"><img src=\"\(thumbnail)\" alt=\"annotated \(escape(read.picture))\"></a></td>"
            if showsCrops {
                let files = r.documents.compactMap(\.location?.crops).flatMap { [$0.document, $0.portrait].compactMap { $0 } }
                let images = files.map { file -> String in
                    let link = escape(percentEncoded(relativePath(of: file, from: directory)))
                    return "<a href=\"\(link)\"><img src=\"\(link)\" alt=\"crop \(escape((file as NSString).lastPathComponent))\"></a>"
                }
                page += "<td class=\"crops\">\(images.joined())</td>"
            }
            page += "<td>\(escape(r.input))</td><td>\(escape(kinds.isEmpty ? "none" : kinds))</td>"
            page += "<td class=\"verdict\">\(escape(verdict(r)))</td><td>\(escape(uncertain.joined(separator: ", ")))</td>"
            page += "<td class=\"ms\">\(read.milliseconds.map(String.init) ?? "-")</td></tr>\n"
        }
        page += "</table>\n</body></html>\n"
        return page
    }

    /// `file` as a path relative to `directory` (both as given, relative to the working
    /// directory or absolute); `file` unchanged without a directory.
    static func relativePath(of file: String, from directory: String?) -> String {
        guard let directory else { return file }
        let from = URL(fileURLWithPath: directory).standardizedFileURL.pathComponents
        let to = URL(fileURLWithPath: file).standardizedFileURL.pathComponents
        let shared = zip(from, to).prefix { $0 == $1 }.count
        return (Array(repeating: "..", count: from.count - shared) + to[shared...]).joined(separator: "/")
    }

    /// `items` without repeats, in their first order.
    static func unique(_ items: [String]) -> [String] {
        var seen: Set<String> = []
        return items.filter { seen.insert($0).inserted }
    }

    static func escape(_ text: String) -> String {
        var out = ""
        for c in text {
            switch c {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&#39;"
            default: out.append(c)
            }
        }
        return out
    }

    /// A relative URL for a file name (spaces, `#`, `?`, `%` and the like escaped).
    static func percentEncoded(_ path: String) -> String {
        var allowed = CharacterSet.urlPathAllowed
        allowed.remove(charactersIn: "?#%;")
        return path.addingPercentEncoding(withAllowedCharacters: allowed) ?? path
    }
}
