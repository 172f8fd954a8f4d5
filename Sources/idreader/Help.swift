import IDReaderServer
import MRZ

/// Help texts; each ends with a newline.
enum Help {
    /// The MRZ formats `generate mrz --type` takes, from the format table.
    static var mrzTypes: String { MRZFormat.allCases.map(\.rawValue).joined(separator: "|") }

    static let version = "0.2.0"

    static var overview: String {
        """
        idreader — read identity documents offline: passport/ID/visa MRZs and US/Canadian licence barcodes.

        Usage:
          idreader read [--format json|jsonl|text] [--jobs N] [--only mrz,pdf417,barcodes] PATH...
          idreader mrz [--format ...] [TEXT | -]
          idreader aamva [--format ...] [FILE | -]
          idreader barcodes [--format ...] PATH...
          idreader generate mrz   [--count N] [--seed S] [--type \(mrzTypes)] [--mutate RATE]
          idreader generate aamva [--count N] [--seed S] [--version 1..10] [--mutate RATE]
          idreader serve [--host 127.0.0.1] [--port 8080] [--workers N] [--token-file FILE] ...
          idreader help COMMAND | --help | --version

        Exit codes: 0 every input gave a valid document, 1 some input gave none (or only invalid
        ones), 2 usage error, 3 some input could not be read at all.

        """
    }

    static func text(for topic: String?) -> String {
        switch topic {
        case "read":
            return """
                idreader read [--format json|jsonl|text] [--jobs N] [--only mrz,pdf417,barcodes] PATH...

                Read every document in each image. PATH is an image file (PNG, JPEG, TIFF, PNM, BMP,
                GIF, WebP), a directory (recursed, images only) or '-' (one image on standard input).
                  --format      json (default: one object, or an array for several inputs), jsonl, text
                  --jobs N      inputs read in parallel (default: number of cores); output keeps input order
                  --only LIST   restrict to mrz, pdf417 and/or barcodes
                  --max-pixels  refuse larger images (default 100000000)
                  --time-limit  seconds allowed per image (default 60)
                  --annotate DIR  also write what the reader saw: DIR/NAME.png per input (NAME: the file
                                name without extension; inputs of the same name in other folders get
                                NAME-2.png, NAME-3.png, ... in input order) and DIR/index.html, a contact sheet

                """
        case "barcodes":
            return """
                idreader barcodes [--format json|jsonl|text] [--jobs N] PATH...

                Every barcode found in each image: format, text, exact bytes (base64), corners. No parsing.

                """
        case "mrz":
            return """
                idreader mrz [--format json|jsonl|text] [TEXT | -]

                Parse MRZ text: 2 or 3 lines separated by newlines, several arguments (one per line), or
                one string of the exact total length (72, 88 or 90 characters). '-' or no TEXT reads
                standard input. Lower case, spaces and '«' are tolerated. No OCR involved.
                Example: idreader mrz 'P<UTOERIKSSON<<ANNA<MARIA<<<<<<<<<<<<<<<<<<<' 'L898902C36UTO7408122F1204159ZE184226B<<<<<10'

                """
        case "aamva":
            return """
                idreader aamva [--format json|jsonl|text] [FILE | -]

                Parse a raw AAMVA DL/ID payload (the text a PDF417 reader returns), exact bytes.
                '-' or no FILE reads standard input.

                """
        case "generate":
            return """
                idreader generate mrz   [--count N] [--seed S] [--type \(mrzTypes)] [--mutate RATE]
                idreader generate aamva [--count N] [--seed S] [--version 1..10] [--mutate RATE]

                Emit valid documents — or, with --mutate RATE (0..1), deliberately damaged ones — as JSONL:
                {"text": "...", "fields": {...}, "mutations": [...]}. The same seed gives the same output.

                """
        case "serve": return ServeOptions.help
        case "help": return "idreader help COMMAND — show the help of one command.\n"
        default: return overview
        }
    }
}
