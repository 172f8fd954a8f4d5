import BarcodeScanning
import DocumentModel
import Imaging
import MRZ
import VDS

/// The seal side of a read: the seal symbols' passes (`BarcodeScanner.sealsByFirstPasses`,
/// then, when asked, its rescue passes), and the documents made from the seals they
/// decode, each verified with the read's certificates.
final class SealSearch {
    private let image: GrayImage
    private let verifier: SealVerifier
    private let parser: MRZParser
    private let scanner = BarcodeScanner(includeOtherFormats: false)

    /// The seals read so far, and the symbol each was read from.
    private(set) var found: [(document: IdentityDocument, symbol: Barcode)] = []
    var documents: [IdentityDocument] { found.map(\.document) }
    var symbols: [Barcode] { found.map(\.symbol) }

    init(image: GrayImage, verifier: SealVerifier, parser: MRZParser) {
        self.image = image
        self.verifier = verifier
        self.parser = parser
    }

    func runFirstPasses() { take(scanner.sealsByFirstPasses(image)) }

    /// The rescue passes, only when the first passes found no seal.
    func runRescuePasses() {
        if found.isEmpty { take(scanner.sealsByRescuePasses(image)) }
    }

    private func take(_ symbols: [Barcode]) {
        for symbol in symbols where !found.contains(where: { $0.symbol.bytes == symbol.bytes }) {
            // a symbol shaped like a seal whose bytes do not parse is no document
            guard let seal = try? Seal.parse(symbol.bytes) else { continue }
            var document = IdentityDocument(seal: seal, verification: verifier.verify(seal), parser: parser)
            if case .nonConstrained = seal { document.barcode = BarcodeSection(format: symbol.format, text: symbol.text) }
            found.append((document, symbol))
        }
    }
}

extension SealMRZ {
    /// Holds every printed MRZ against every seal's signed MRZ of the same kind of document
    /// (the same number of lines, the same first line length, the same first letter: a
    /// visa's seal is not held against the passport page beside it). Each document of such
    /// a pair gains the check `sealMatchesMRZ`, valid when a counterpart says the same:
    /// a printed MRZ that differs from the signed one is never valid.
    static func crossCheck(seals: inout [IdentityDocument], printed: inout [IdentityDocument]) {
        func comparable(_ a: [String], _ b: [String]) -> Bool {
            a.count == b.count && a.first?.count == b.first?.count && a.first?.first == b.first?.first
        }
        let signedLines = seals.map { $0.mrz?.lines ?? [] }
        let printedLines = printed.map { $0.mrz?.lines ?? [] }
        for (index, signed) in signedLines.enumerated() where !signed.isEmpty {
            let counterparts = printedLines.filter { comparable(signed, $0) }
            guard !counterparts.isEmpty else { continue }
            let matched = counterparts.contains { matches(signed: signed, printed: $0) }
            seals[index].checks.append(DocumentCheck(name: "sealMatchesMRZ", valid: matched))
        }
        for (index, lines) in printedLines.enumerated() where !lines.isEmpty {
            let counterparts = signedLines.filter { !$0.isEmpty && comparable($0, lines) }
            guard !counterparts.isEmpty else { continue }
            let matched = counterparts.contains { matches(signed: $0, printed: lines) }
            printed[index].checks.append(DocumentCheck(name: "sealMatchesMRZ", valid: matched))
        }
    }
}
