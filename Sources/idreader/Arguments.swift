import Foundation

#if canImport(CommandLineDeclarations)
import CommandLineDeclarations
#endif
#if canImport(IDReaderServer)
import IDReaderServer
#endif

// Every command and option of `idreader`, declared once: this table drives parsing,
// `--help`, `help COMMAND` and the usage messages.  A new command or option is one entry
// here (and the code that runs it in CLI.swift).  The file needs no MRZ module (the
// format names come as a parameter), so that the argument fuzz harness compiles it with
// the declarations alone.

/// Output formats of the JSON contract.
enum OutputFormat: String, CaseIterable, Sendable {
    case json, jsonl, text
}

/// What the user asked for.
enum Command: Equatable, Sendable {
    /// The help of a command (`"generate mrz"`), or the overview for `nil`.
    case help(topic: String?)
    case version
    case read(ReadOptions)
    case barcodes(ReadOptions)
    case mrz(input: [String], format: OutputFormat)
    case aamva(input: String?, format: OutputFormat)
    case generateMRZ(GenerateOptions)
    case generateAAMVA(GenerateOptions)
    case vds(SealOptions)
    case generateVDS(GenerateOptions)
    case serve(ServeOptions)
}

/// The options of `vds`.
struct SealOptions: Equatable, Sendable {
    /// A file, or `-` / nil for standard input.
    var input: String? = nil
    var format: OutputFormat = .json
    /// Directories of signer and CA certificates (DER or PEM files).
    var certificates: String? = nil
    var caCertificates: String? = nil
}

/// The options of `read` and `barcodes`.
struct ReadOptions: Equatable, Sendable {
    var format: OutputFormat = .json
    /// Inputs read at once; `nil`: one per core.
    var jobs: Int? = nil
    /// `mrz`, `pdf417`, `barcodes`, `vds`; empty: the standard set (all but `barcodes`).
    var only: Set<String> = []
    var paths: [String] = []
    var maxPixels = 100_000_000
    /// Seconds per image.
    var timeLimit: Double = 60
    /// `read --annotate DIR`: where the annotated pictures and index.html go.
    var annotate: String? = nil
    /// `read --consensus`: every input is a frame of one scene, read together.
    var consensus = false
    /// `read --certificates DIR`, `--ca-certificates DIR`: what seals are verified with.
    var certificates: String? = nil
    var caCertificates: String? = nil
    /// `read --crop DIR`: where the straightened documents go.
    var crop: String? = nil
    /// `read --outline`: find each document's outline and portrait (also with `--crop`,
    /// which cuts them out; `--annotate` draws them when found).
    var outline = false

    /// Whether the read finds outlines and portraits: asked for, or needed by a crop.
    var locatesOutline: Bool { outline || crop != nil }
}

/// The options of `generate mrz` and `generate aamva`.
struct GenerateOptions: Equatable, Sendable {
    var count = 1
    var seed: UInt64 = 1
    /// `generate mrz --type`: a format name of the MRZ table.
    var type: String? = nil
    /// `generate aamva --version`.
    var version: Int? = nil
    var mutate: Double = 0
    /// `generate vds --profile`: a document type of the seal profile table.
    var profile: String? = nil
    /// `generate vds --certificate-out`: where the test certificate goes (else stderr).
    var certificateOut: String? = nil
}

/// `idreader`'s arguments, parsed by the declarations below.
enum ArgumentParser {
    /// `mrzTypes`: the names `generate mrz --type` takes — the CLI gives the format table's
    /// (`MRZFormat.allCases`).
    static func parse(_ arguments: [String], mrzTypes: @escaping @Sendable () -> [String] = { [] }) throws(UsageError) -> Command {
        switch try program(mrzTypes: mrzTypes).parse(arguments) {
        case .run(let command): return command
        case .help(let path): return .help(topic: path.isEmpty ? nil : path.joined(separator: " "))
        case .version: return .version
        }
    }

    /// The version `--version` shows.
    static let version = "0.2.0"

    static func program(mrzTypes: @escaping @Sendable () -> [String]) -> ProgramDeclaration<Command> {
        ProgramDeclaration(
            name: "idreader",
            abstract: "idreader — read identity documents offline: passport/ID/visa MRZs and US/Canadian licence barcodes.",
            epilogue: """
                Exit codes: 0 every input gave a valid document, 1 some input gave none (or only invalid
                ones), 2 usage error, 3 some input could not be read at all.

                """,
            commands: [read, mrz, aamva, vds, barcodes, generate(mrzTypes: mrzTypes), ServeOptions.command.map { Command.serve($0) }])
    }

    // MARK: read, barcodes

    static let format = Option<OutputFormat>(
        choosing: "--format", valueName: "FORMAT", defaultValue: .json,
        help: "json: one object, or an array for several inputs; jsonl: one line per input, written as each finishes; text: a table")

    static let jobs = Option<Int?>(
        "--jobs", "-j", valueName: "N", defaultValue: nil, defaultDescription: "number of cores", example: "4",
        help: "inputs read in parallel; the output keeps the input order"
    ) { text throws(UsageError) in
        guard let n = Int(text), n >= 1, n <= 256 else {
            throw UsageError("--jobs takes a whole number from 1 to 256, e.g. '--jobs 4'; got '\(shown(text))'.")
        }
        return n
    }

    // `IDReader.DocumentKinds.contractNames` (not imported: the fuzz harness builds this file
    // without the library; CLITests.testTheOnlyNamesAreTheLibrarys ties the two); the server
    // reads the names from there
    static let onlyKinds = ["mrz", "pdf417", "barcodes", "vds"]

    static func only(isHidden: Bool) -> Option<Set<String>> {
        Option<Set<String>>(
            "--only", valueName: "LIST", defaultValue: [], defaultDescription: "mrz,pdf417,vds", example: "mrz", allowedValues: { onlyKinds }, takesList: true,
            isHidden: isHidden, help: "what to look for: a comma-separated list of mrz, pdf417, barcodes, vds"
        ) { text throws(UsageError) in
            let kinds = Set(text.split(separator: ",").map { String($0).trimmingCharacters(in: .whitespaces) })
            guard !kinds.isEmpty, kinds.isSubset(of: onlyKinds) else {
                throw UsageError("--only takes a comma-separated list of mrz, pdf417, barcodes, vds, e.g. '--only pdf417'; got '\(shown(text))'.")
            }
            return kinds
        }
    }

    static let readOnly = only(isHidden: false)
    /// `barcodes` always looks for every barcode; `--only` is accepted (as before) and ignored.
    static let barcodesOnly = only(isHidden: true)

    static let maxPixels = Option<Int>(
        "--max-pixels", valueName: "N", defaultValue: 100_000_000, example: "100000000", help: "images with more pixels are refused (imageTooLarge)"
    ) { text throws(UsageError) in
        guard let n = Int(text), n > 0 else {
            throw UsageError("--max-pixels takes a positive whole number, e.g. '--max-pixels 100000000'; got '\(shown(text))'.")
        }
        return n
    }

    static let timeLimit = Option<Double>(
        "--time-limit", valueName: "S", defaultValue: 60, example: "30", help: "seconds allowed per image; a slower one gives timeLimitExceeded"
    ) { text throws(UsageError) in
        guard let n = Double(text), n > 0, n <= 86_400 else {
            throw UsageError("--time-limit takes seconds per image, up to 86400, e.g. '--time-limit 30'; got '\(shown(text))'.")
        }
        return n
    }

    static let annotate = Option<String?>(
        "--annotate", valueName: "DIR", defaultValue: nil, example: "out/",
        help: """
            also write what the reader saw: DIR/NAME.png per input (NAME: the file name without extension; \
            inputs of the same name in other folders get NAME-2.png, NAME-3.png, ... in input order) \
            and DIR/index.html, a contact sheet
            """
    ) { text throws(UsageError) in
        guard !text.isEmpty else { throw UsageError("--annotate takes a directory for the annotated pictures, e.g. '--annotate out/'.") }
        return text
    }

    static let crop = Option<String?>(
        "--crop", valueName: "DIR", defaultValue: nil, example: "crops/",
        help: """
            also write each document read, straightened at its nominal size (300 dpi), as DIR/NAME-document.png \
            (NAME-document-2.png for a second document of one input) and its portrait, where found, as \
            DIR/NAME-portrait.png, and put the paths in the JSON (location.crops)
            """
    ) { text throws(UsageError) in
        guard !text.isEmpty else { throw UsageError("--crop takes a directory for the straightened documents, e.g. '--crop crops/'.") }
        return text
    }

    static let outline = Option<Bool>(
        flag: "--outline",
        help: """
            also find each document's outline and portrait (location.outline, location.portrait;             a few ms per document; --crop finds them too, --annotate draws them)
            """)

    static let consensus = Option<Bool>(
        flag: "--consensus",
        help: """
            every PATH is a frame of one scene (a burst of photos, a camera's frames): print one result, \
            the documents voted across the frames, with each frame's state and each field's agreement
            """)

    static func imagePaths(_ command: String) -> PositionalDeclaration {
        PositionalDeclaration(
            synopsis: "PATH...", minimum: 1,
            missingMessage: "'idreader \(command)' needs at least one PATH: an image file, a directory, or '-' for an image on standard input.")
    }

    static let read = CommandDeclaration<Command>(
        "read",
        abstract: """
            Read every document in each image. PATH is an image file (PNG, JPEG, TIFF, PNM, BMP,
            GIF, WebP), a directory (recursed, images only) or '-' (one image on standard input).
            """,
        options: [
            format.declaration, jobs.declaration, readOnly.declaration, maxPixels.declaration, timeLimit.declaration, annotate.declaration,
            crop.declaration, outline.declaration, consensus.declaration, certificates.declaration, caCertificates.declaration,
        ],
        positionals: imagePaths("read")
    ) { arguments throws(UsageError) in
        if arguments[consensus], arguments[annotate] != nil {
            throw UsageError("--consensus and --annotate cannot be used together; annotate the frames in a read without --consensus.")
        }
        if arguments[consensus], arguments[crop] != nil {
            throw UsageError("--consensus and --crop cannot be used together; crop the frames in a read without --consensus.")
        }
        return .read(
            ReadOptions(
                format: arguments[format], jobs: arguments[jobs], only: arguments[readOnly], paths: arguments.positionals,
                maxPixels: arguments[maxPixels], timeLimit: arguments[timeLimit], annotate: arguments[annotate], consensus: arguments[consensus],
                certificates: arguments[certificates], caCertificates: arguments[caCertificates], crop: arguments[crop],
                outline: arguments[outline]))
    }

    static let barcodes = CommandDeclaration<Command>(
        "barcodes",
        abstract: "Every barcode found in each image: format, text, exact bytes (base64), corners. No parsing.",
        options: [format.declaration, jobs.declaration, barcodesOnly.declaration, maxPixels.declaration, timeLimit.declaration],
        positionals: imagePaths("barcodes")
    ) { arguments throws(UsageError) in
        .barcodes(
            ReadOptions(
                format: arguments[format], jobs: arguments[jobs], paths: arguments.positionals, maxPixels: arguments[maxPixels],
                timeLimit: arguments[timeLimit]))
    }

    // MARK: mrz, aamva

    static let mrz = CommandDeclaration<Command>(
        "mrz",
        abstract: """
            Parse MRZ text: 2 or 3 lines separated by newlines, several arguments (one per line), or
            one string of the exact total length (72, 88 or 90 characters). '-' or no TEXT reads
            standard input. Lower case, spaces and '«' are tolerated. No OCR involved.
            Example: idreader mrz 'P<UTOERIKSSON<<ANNA<MARIA<<<<<<<<<<<<<<<<<<<' 'L898902C36UTO7408122F1204159ZE184226B<<<<<10'
            """,
        options: [format.declaration], positionals: PositionalDeclaration(synopsis: "[TEXT | -]")
    ) { arguments throws(UsageError) in
        .mrz(input: arguments.positionals, format: arguments[format])
    }

    static let aamva = CommandDeclaration<Command>(
        "aamva",
        abstract: """
            Parse a raw AAMVA DL/ID payload (the text a PDF417 reader returns), exact bytes.
            '-' or no FILE reads standard input.
            """,
        options: [format.declaration],
        positionals: PositionalDeclaration(
            synopsis: "[FILE | -]", maximum: 1, tooManyMessage: "'idreader aamva' reads one payload: give one FILE, or '-' for standard input.")
    ) { arguments throws(UsageError) in
        .aamva(input: arguments.positionals.first, format: arguments[format])
    }

    // MARK: vds

    static let certificates = Option<String?>(
        "--certificates", valueName: "DIR", defaultValue: nil, example: "certs/",
        help: "the signer certificates to verify with: .der, .cer, .crt or .pem files"
    ) { text throws(UsageError) in
        guard !text.isEmpty else { throw UsageError("--certificates takes a directory of certificates, e.g. '--certificates certs/'.") }
        return text
    }

    static let caCertificates = Option<String?>(
        "--ca-certificates", valueName: "DIR", defaultValue: nil, example: "csca/",
        help: "CA certificates the signer certificate must chain to (else the chain is notChecked)"
    ) { text throws(UsageError) in
        guard !text.isEmpty else { throw UsageError("--ca-certificates takes a directory of certificates, e.g. '--ca-certificates csca/'.") }
        return text
    }

    static let vds = CommandDeclaration<Command>(
        "vds",
        abstract: """
            Parse a visible digital seal's bytes (the payload of its DataMatrix, or a VDS-NC QR code's
            JSON) given as binary, hex or base64, and verify its signature. '-' or no FILE reads
            standard input. Exit 0 when the signature verifies.
            Example: idreader vds seal.bin --certificates certs/
            """,
        options: [format.declaration, certificates.declaration, caCertificates.declaration],
        positionals: PositionalDeclaration(
            synopsis: "[FILE | -]", maximum: 1, tooManyMessage: "'idreader vds' reads one seal: give one FILE, or '-' for standard input.")
    ) { arguments throws(UsageError) in
        .vds(
            SealOptions(
                input: arguments.positionals.first, format: arguments[format], certificates: arguments[certificates],
                caCertificates: arguments[caCertificates]))
    }

    // MARK: generate

    static let count = Option<Int>("--count", valueName: "N", defaultValue: 1, example: "100", help: "how many documents") { text throws(UsageError) in
        guard let n = Int(text), n >= 0, n <= 10_000_000 else { throw UsageError("--count takes a whole number from 0 to 10000000; got '\(shown(text))'.") }
        return n
    }

    static let seed = Option<UInt64>("--seed", valueName: "S", defaultValue: 1, example: "42", help: "the same seed gives the same output") {
        text throws(UsageError) in
        guard let n = UInt64(text) else { throw UsageError("--seed takes a non-negative whole number, e.g. '--seed 42'; got '\(shown(text))'.") }
        return n
    }

    static let mutate = Option<Double>(
        "--mutate", valueName: "RATE", defaultValue: 0, example: "0.05", help: "damage each document at this rate (0..1); the damage is listed in \"mutations\""
    ) { text throws(UsageError) in
        guard let r = Double(text), r >= 0, r <= 1 else { throw UsageError("--mutate takes a rate from 0 to 1, e.g. '--mutate 0.05'; got '\(shown(text))'.") }
        return r
    }

    static func mrzType(_ mrzTypes: @escaping @Sendable () -> [String]) -> Option<String?> {
        Option<String?>(
            "--type", valueName: "TYPE", defaultValue: nil, defaultDescription: "a random built-in one", example: "TD3",
            allowedValues: mrzTypes, help: "the MRZ format"
        ) { text throws(UsageError) in
            let value = text.uppercased()
            let allowed = mrzTypes()
            guard allowed.contains(value) else { throw UsageError("--type takes one of \(allowed.joined(separator: ", ")); got '\(shown(value))'.") }
            return value
        }
    }

    static let aamvaVersion = Option<Int?>(
        "--version", valueName: "1..10", defaultValue: nil, defaultDescription: "a random one", example: "10", help: "the AAMVA standard's version"
    ) { text throws(UsageError) in
        guard let n = Int(text), (1...10).contains(n) else { throw UsageError("--version takes an AAMVA version from 1 to 10; got '\(shown(text))'.") }
        return n
    }

    // the profile names are checked when the command runs (the table lives in VDS, which
    // this file does not import: the argument fuzz harness builds it alone)
    static let sealProfile = Option<String?>(
        "--profile", valueName: "TYPE", defaultValue: nil, defaultDescription: "a random one", example: "VISA",
        help: "the seal's document type (VISA, ARRIVAL_ATTESTATION, SOCIAL_INSURANCE_CARD, ...: docs/seals.md)"
    ) { text throws(UsageError) in
        guard !text.isEmpty else { throw UsageError("--profile takes a seal document type, e.g. '--profile VISA'.") }
        return text.uppercased()
    }

    static let certificateOut = Option<String?>(
        "--certificate-out", valueName: "FILE", defaultValue: nil, defaultDescription: "stderr", example: "test-signer.pem",
        help: "write the test signer's certificate (PEM) here"
    ) { text throws(UsageError) in
        guard !text.isEmpty else { throw UsageError("--certificate-out takes a file name, e.g. '--certificate-out test-signer.pem'.") }
        return text
    }

    static func generate(mrzTypes: @escaping @Sendable () -> [String]) -> CommandDeclaration<Command> {
        let type = mrzType(mrzTypes)
        return CommandDeclaration(
            "generate",
            abstract: """
                Emit valid documents — or, with --mutate RATE (0..1), deliberately damaged ones — as JSONL:
                {"text": "...", "fields": {...}, "mutations": [...]}. The same seed gives the same output.
                """,
            subcommands: [
                CommandDeclaration(
                    "mrz", abstract: "Emit MRZs as JSONL; see 'idreader help generate'.",
                    options: [count.declaration, seed.declaration, type.declaration, mutate.declaration]
                ) { arguments throws(UsageError) in
                    .generateMRZ(GenerateOptions(count: arguments[count], seed: arguments[seed], type: arguments[type], mutate: arguments[mutate]))
                },
                CommandDeclaration(
                    "aamva", abstract: "Emit AAMVA payloads as JSONL; see 'idreader help generate'.",
                    options: [count.declaration, seed.declaration, aamvaVersion.declaration, mutate.declaration]
                ) { arguments throws(UsageError) in
                    .generateAAMVA(
                        GenerateOptions(count: arguments[count], seed: arguments[seed], version: arguments[aamvaVersion], mutate: arguments[mutate]))
                },
                CommandDeclaration(
                    "vds",
                    abstract: """
                        Emit visible digital seals as JSONL, signed with a test key made from the seed; its
                        certificate goes to stderr or --certificate-out FILE. See 'idreader help generate'.
                        """,
                    options: [count.declaration, seed.declaration, sealProfile.declaration, mutate.declaration, certificateOut.declaration]
                ) { arguments throws(UsageError) in
                    .generateVDS(
                        GenerateOptions(
                            count: arguments[count], seed: arguments[seed], mutate: arguments[mutate], profile: arguments[sealProfile],
                            certificateOut: arguments[certificateOut]))
                },
            ],
            missingSubcommandMessage:
                "'idreader generate' needs what to generate: 'idreader generate mrz', 'idreader generate aamva' or 'idreader generate vds'.")
    }
}
