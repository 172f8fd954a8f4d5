import AAMVA
import BarcodeScanning
import DocumentModel
import Foundation
import Imaging

extension DocumentReader {
    /// Whether decoded PDF417 bytes are structurally sound: a payload that claims to be
    /// AAMVA must parse with a consistent directory; anything else is taken as it is.
    public static let acceptPDF417: @Sendable ([UInt8]) -> Bool = { PayloadVerdict(judging: $0, with: AAMVAParser()).isAcceptable }
}

/// A decoded barcode payload judged by parsing it: what the acceptance check of the PDF417
/// passes decides, and what the licence is then made of, from one parse.
enum PayloadVerdict {
    /// The payload does not claim to be AAMVA in its first 64 bytes; taken as it is.
    case notAAMVA
    /// An AAMVA payload whose subfile directory holds.
    case sound(AAMVAResult)
    /// An AAMVA payload with a broken directory (`nil`: it did not parse at all); kept only
    /// when nothing better is found, with its failing checks.
    case broken(AAMVAResult?)

    init(judging bytes: [UInt8], with parser: AAMVAParser) {
        let head = String(decoding: bytes.prefix(64), as: UTF8.self)
        guard head.contains("ANSI") || head.contains("AAMVA") else {
            self = .notAAMVA
            return
        }
        guard let result = try? parser.parse(bytes) else {
            self = .broken(nil)
            return
        }
        let directoryHolds = result.checks.first { $0.name == "subfileDirectory" }?.valid ?? false
        self = directoryHolds ? .sound(result) : .broken(result)
    }

    var isAcceptable: Bool {
        switch self {
        case .notAAMVA, .sound: return true
        case .broken: return false
        }
    }
}

/// The verdicts of one read's payloads, so that each distinct payload is parsed once: by
/// the passes' acceptance check, and the licence is made from the same parse.
final class PayloadVerdicts: @unchecked Sendable {
    private let parser: AAMVAParser
    private let lock = NSLock()
    private var verdicts: [[UInt8]: PayloadVerdict] = [:]
    /// How many payloads were parsed (each distinct one once).
    private(set) var parses = 0

    init(parser: AAMVAParser) { self.parser = parser }

    func verdict(_ bytes: [UInt8]) -> PayloadVerdict {
        if let known = lock.withLock({ verdicts[bytes] }) { return known }
        let verdict = PayloadVerdict(judging: bytes, with: parser)
        lock.withLock {
            verdicts[bytes] = verdict
            parses += 1
        }
        return verdict
    }
}

/// The licence side of a read: the PDF417 passes in their one order (`PDF417Passes`), each
/// step at most once, and the licences made from what they decode.
final class LicenceSearch {
    private let image: GrayImage
    private let reader: DocumentReader
    let verdicts: PayloadVerdicts
    let passes: PDF417Passes
    /// Licences from other barcode formats (`readOtherBarcodes`).
    private var fromOtherBarcodes: [(document: IdentityDocument, symbol: Barcode)] = []

    init(image: GrayImage, reader: DocumentReader) {
        self.image = image
        self.reader = reader
        let verdicts = PayloadVerdicts(parser: reader.aamvaParser)
        self.verdicts = verdicts
        let scanner = BarcodeScanner(includeOtherFormats: false) { verdicts.verdict($0).isAcceptable }
        passes = PDF417Passes(scanner: scanner, image: image)
    }

    /// The licences found so far, and the symbol each was read from.
    private(set) var found: [(document: IdentityDocument, symbol: Barcode)] = []
    var documents: [IdentityDocument] { found.map(\.document) }
    var symbols: [Barcode] { found.map(\.symbol) }

    func runFirstPasses() { passes.runFirstPasses(); refresh() }
    func runRescuePasses() { passes.runRescuePasses(); refresh() }
    func lookInLocatedRegions() { passes.lookInLocatedRegionsOnly(); refresh() }
    /// What the picture shows of a licence symbol (`SymbolDiagnosis.examine`), taking what
    /// the rescue passes found.
    func examine() -> SymbolFinding { passes.examine() }

    /// Licence payloads in barcodes of other formats than PDF417.
    func readOtherBarcodes() {
        for code in BarcodeScanner(includeOtherFormats: true).scan(image) where code.format != .pdf417 {
            if let doc = document(from: code, source: .barcode) { fromOtherBarcodes.append((doc, code)) }
        }
        refresh()
    }

    /// `found` after a step: the PDF417 passes' symbols, then the other formats'.
    private func refresh() {
        let fromPDF417 = passes.found.compactMap { code in document(from: code, source: .pdf417).map { (document: $0, symbol: code) } }
        found = fromPDF417 + fromOtherBarcodes
    }

    /// The licence a decoded symbol holds, from its one parse.
    private func document(from code: Barcode, source: DocumentSource) -> IdentityDocument? {
        let section = BarcodeSection(format: code.format, text: code.text)
        switch verdicts.verdict(code.bytes) {
        case .sound(let result), .broken(.some(let result)): return IdentityDocument(aamva: result, source: source, barcode: section)
        case .broken(.none): return nil
        // no AAMVA header near the start: the parser may still find one further in
        case .notAAMVA: return try? reader.read(aamvaPayload: code.bytes, source: source, barcode: section)
        }
    }
}
