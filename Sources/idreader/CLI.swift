import AAMVA
import CommandLineDeclarations
import DocumentModel
import Foundation
import IDReader
import IDReaderServer
import MRZ
import VDS

/// The `idreader` command line: parses arguments, runs the command, returns the exit code.
struct CLI {
    let console: Console
    let reader = DocumentReader()

    /// Standard input beyond this is not read (an MRZ or AAMVA payload is a few KB).
    static let stdinLimit = 16 << 20

    /// Runs one command line; the process exit code.
    func run(_ arguments: [String]) -> Int32 { execute(arguments).rawValue }

    func execute(_ arguments: [String]) -> ExitCode {
        let command: Command
        do {
            command = try ArgumentParser.parse(arguments, mrzTypes: Help.mrzTypes)
        } catch {
            console.err("idreader: \(error.description)\n")
            return .usage
        }
        switch command {
        case .help(let topic):
            console.out(Help.text(for: topic))
            return .success
        case .version:
            console.out("idreader \(Help.version)\n")
            return .success
        case .mrz(let input, let format):
            return runMRZ(input, format: format)
        case .generateMRZ(let options):
            return generateMRZ(options)
        case .aamva(let input, let format):
            return runAAMVA(input, format: format)
        case .generateAAMVA(let options):
            return generateAAMVA(options)
        case .vds(let options):
            return runSeal(options)
        case .generateVDS(let options):
            return generateSeals(options)
        case .read(let options):
            return runRead(options)
        case .barcodes(let options):
            return runBarcodes(options)
        case .serve(let options):
            return Serve.run(options, version: Help.version)
        }
    }

    // MARK: mrz

    private func runMRZ(_ input: [String], format: OutputFormat) -> ExitCode {
        let name: String
        let text: String
        if input.isEmpty || input == ["-"] {
            name = "-"
            guard let data = console.readStandardInput(limit: Self.stdinLimit), !data.isEmpty else {
                return emit(
                    [
                        ReadResult(
                            input: name, documents: [],
                            error: ReadError(.emptyInput, "Standard input is empty; pipe the MRZ lines in or give them as an argument."))
                    ], format: format)
            }
            text = String(decoding: data, as: UTF8.self)
        } else {
            name = "argument"
            text = input.joined(separator: "\n")
        }
        let result: ReadResult
        do {
            result = ReadResult(input: name, documents: [try reader.read(mrzText: text)])
        } catch {
            result = ReadResult(input: name, documents: [], error: error)
        }
        return emit([result], format: format)
    }

    // MARK: read, barcodes

    private func stdinImage() -> [UInt8]? {
        guard let data = console.readStandardInput(limit: 512 << 20), !data.isEmpty else { return nil }
        return [UInt8](data)
    }

    private func progress(_ enabled: Bool) -> ((Int, Int) -> Void)? {
        guard enabled, console.stderrIsTerminal else { return nil }
        let console = self.console
        return { done, total in console.err("\r\(done)/\(total) images\(done == total ? "\n" : "")") }
    }

    /// Where one image comes from.
    enum ImageSource: Sendable {
        case path(String)
        case bytes([UInt8])
    }

    /// The batch machinery `read` and `barcodes` share: expand the paths, read standard
    /// input once, run `read` on every input in parallel under the time limit, stream
    /// jsonl or print the json array, and return the results in input order.
    func runImages<R: Encodable & Sendable>(
        _ options: ReadOptions,
        printing: Bool = true,
        read: @escaping @Sendable (String, ImageSource) -> R,
        failed: @escaping @Sendable (String, ReadError) -> R
    ) -> [R] {
        let inputs = Batch.expand(options.paths)
        let stdinBytes =
            inputs.contains {
                if case .stdin = $0 { return true }; return false
            } ? stdinImage() : nil
        let timeLimit = options.timeLimit
        var all: [R] = []
        Batch.run(inputs, jobs: options.jobs ?? ProcessInfo.processInfo.activeProcessorCount, progress: progress(inputs.count > 1)) { input in
            let name = input.name
            let source: ImageSource
            switch input {
            case .failed(let path, let error): return failed(path, error)
            case .file(let path): source = .path(path)
            case .stdin:
                guard let bytes = stdinBytes else {
                    return failed(name, ReadError(.emptyInput, "Standard input is empty or closed; pipe an image in."))
                }
                source = .bytes(bytes)
            }
            return withTimeLimit(timeLimit, { read(name, source) }) {
                failed(
                    name,
                    ReadError(
                        .timeLimitExceeded,
                        "Reading '\(name)' took longer than \(Int(timeLimit)) s and was abandoned; raise --time-limit or check the image."))
            }
        } emit: { _, result in
            all.append(result)
            if printing, options.format == .jsonl { console.out(Output.jsonLine(result)) }
        }
        if printing, options.format == .json { console.out(Output.json(all)) }
        return all
    }

    private func runRead(_ options: ReadOptions) -> ExitCode {
        if let directory = options.crop, let problem = CropWriter.prepare(directory) {
            console.err(problem)
            return .usage
        }
        guard let frozen = libraryReadOptions(options) else { return .unreadableInput }
        if let directory = options.annotate { return runAnnotatedRead(options, frozen, into: directory) }
        let reader = self.reader
        let crops = options.crop.map {
            CropWriter(directory: $0, names: AnnotationNames(Batch.expand(options.paths).map(\.name)))
        }
        let all = runImages(
            options, printing: !options.consensus,
            read: { name, source -> ReadResult in
                switch source {
                case .path(let path):
                    guard let crops else { return reader.read(imageAt: path, options: frozen) }
                    switch DocumentReader.loadFile(path) {
                    case .success(let bytes):
                        let (result, image) = reader.readKeepingPicture(imageData: bytes, name: path, options: frozen)
                        return crops.write(result, image: image)
                    case .failure(let error): return ReadResult(input: path, documents: [], error: error)
                    }
                case .bytes(let bytes):
                    guard let crops else { return reader.read(imageData: bytes, name: name, options: frozen) }
                    let (result, image) = reader.readKeepingPicture(imageData: bytes, name: name, options: frozen)
                    return crops.write(result, image: image)
                }
            }, failed: { ReadResult(input: $0, documents: [], error: $1) })
        if options.consensus { return emitConsensus(of: all, format: options.format, options: frozen) }
        if options.format == .text { for r in all { console.out(Output.text(r)) } }
        return Output.exitCode(all)
    }

    /// The library's options of a read, with the seal certificates loaded; nil (the error
    /// told) when a certificate directory cannot be read.
    func libraryReadOptions(_ options: ReadOptions) -> IDReader.ReadOptions? {
        var readOptions = IDReader.ReadOptions(only: IDReader.DocumentKinds(checkedNames: options.only))
        readOptions.maximumPixels = options.maxPixels
        readOptions.locatesOutline = options.locatesOutline
        do {
            readOptions.sealVerifier = try SealVerifier(certificateDirectory: options.certificates, caCertificateDirectory: options.caCertificates)
        } catch {
            console.err("idreader: \(error.description)\n")
            return nil
        }
        return readOptions
    }

    /// `read --consensus`: the frames' readings (in input order) voted into one result.
    private func emitConsensus(of frames: [ReadResult], format: OutputFormat, options: IDReader.ReadOptions) -> ExitCode {
        let consensus = FrameConsensus(reader: reader, options: options)
        for frame in frames { _ = consensus.add(frame) }
        let result = ConsensusResult(consensus, results: frames)
        switch format {
        case .json: console.out(Output.json([result]))  // one object, as a read of one picture prints
        case .jsonl: console.out(Output.jsonLine(result))
        case .text: console.out(Output.text(result))
        }
        if frames.contains(where: { $0.error?.code.isUnreadable == true }) { return .unreadableInput }
        return Output.exitCode([result.readResult])
    }

    private func runBarcodes(_ options: ReadOptions) -> ExitCode {
        let reader = self.reader
        let maxPixels = options.maxPixels
        let all = runImages(
            options,
            read: { name, source -> BarcodesResult in
                switch source {
                case .path(let path): return reader.barcodes(imageAt: path, maximumPixels: maxPixels)
                case .bytes(let bytes): return reader.barcodes(imageData: bytes, name: name, maximumPixels: maxPixels)
                }
            }, failed: { BarcodesResult(input: $0, barcodes: [], error: $1) })
        if options.format == .text {
            for r in all {
                console.out("\(r.input)\n")
                if let e = r.error { console.out("  error (\(e.code.rawValue)): \(e.message)\n") }
                for b in r.barcodes { console.out("  \(b.format.rawValue): \(b.text.debugDescription)\n") }
            }
        }
        if all.contains(where: { $0.error?.code.isUnreadable == true }) { return .unreadableInput }
        return all.contains(where: { $0.barcodes.isEmpty }) ? .failure : .success
    }

    // MARK: aamva

    private func runAAMVA(_ input: String?, format: OutputFormat) -> ExitCode {
        let name = input ?? "-"
        let bytes: [UInt8]
        if name == "-" {
            guard let data = console.readStandardInput(limit: Self.stdinLimit), !data.isEmpty else {
                return emit(
                    [ReadResult(input: name, documents: [], error: ReadError(.emptyInput, "Standard input is empty; pipe the payload in or give a FILE."))],
                    format: format)
            }
            bytes = Array(data)
        } else {
            switch DocumentReader.loadFile(name, limit: Self.stdinLimit, tooLarge: .invalidAAMVA) {
            case .success(let data): bytes = data
            case .failure(let error): return emit([ReadResult(input: name, documents: [], error: error)], format: format)
            }
        }
        let result: ReadResult
        do {
            result = ReadResult(input: name, documents: [try reader.read(aamvaPayload: bytes)])
        } catch {
            result = ReadResult(input: name, documents: [], error: error)
        }
        return emit([result], format: format)
    }

    private func generateAAMVA(_ options: GenerateOptions) -> ExitCode {
        var generator = AAMVAGenerator(seed: options.seed)
        var mutator = AAMVAMutator(seed: options.seed ^ 0x5EED, rate: options.mutate)
        var chunk = ""
        for _ in 0..<options.count {
            let g = generator.next(version: options.version)
            var payload = g.payload
            var mutations: [AAMVAMutation] = []
            if options.mutate > 0 { (payload, mutations) = mutator.mutate(payload) }
            // Payload bytes are ASCII here; damaged ones may not be UTF-8, so map bytes 1:1 (Latin-1).
            let text = String(payload.map { Character(UnicodeScalar($0)) })
            chunk += Output.jsonLine(GeneratedRecord(text: text, fields: g.expected, mutations: mutations))
            if chunk.utf8.count > 1 << 16 { console.out(chunk); chunk = "" }
        }
        console.out(chunk)
        return .success
    }

    private func emit(_ results: [ReadResult], format: OutputFormat) -> ExitCode {
        switch format {
        case .json: console.out(Output.json(results))
        case .jsonl: for r in results { console.out(Output.jsonLine(r)) }
        case .text: for r in results { console.out(Output.text(r)) }
        }
        return Output.exitCode(results)
    }

    // MARK: generate mrz

    struct GeneratedRecord<Fields: Encodable, Mutation: Encodable>: Encodable {
        let text: String
        let fields: Fields
        let mutations: [Mutation]
    }

    private func generateMRZ(_ options: GenerateOptions) -> ExitCode {
        var generator = MRZGenerator(seed: options.seed)
        var mutator = MRZMutator(seed: options.seed ^ 0x5EED, rate: options.mutate)
        let format = options.type.flatMap(MRZFormat.init(rawValue:))
        var chunk = ""
        for _ in 0..<options.count {
            let mrz = generator.next(format: format)
            var lines = mrz.lines
            var mutations: [MRZMutation] = []
            if options.mutate > 0 { (lines, mutations) = mutator.mutate(lines) }
            chunk += Output.jsonLine(GeneratedRecord(text: lines.joined(separator: "\n"), fields: mrz, mutations: mutations))
            if chunk.utf8.count > 1 << 16 { console.out(chunk); chunk = "" }
        }
        console.out(chunk)
        return .success
    }
}
