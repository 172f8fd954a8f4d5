import AAMVA
import BarcodeScanning
import DocumentModel
import Foundation
import IDCommon
import Imaging
import MRZScanning

/// What `read(image:)` looks for.
public struct ReadOptions: Sendable {
    /// Images declaring more pixels are refused with `imageTooLarge`.
    public var maximumPixels = 100_000_000
    /// `mrz`, `pdf417`, `barcodes`; empty means everything.
    public var only: Set<String> = []
    public init(maximumPixels: Int = 100_000_000, only: Set<String> = []) { self.maximumPixels = maximumPixels; self.only = only }
    func wants(_ kind: String) -> Bool { only.isEmpty || only.contains(kind) }
}

extension DocumentReader {
    /// Whether decoded PDF417 bytes are structurally sound: a payload that claims to be
    /// AAMVA must parse with a consistent directory; anything else is taken as it is.
    public static let acceptPDF417: @Sendable ([UInt8]) -> Bool = { bytes in
        let looksAAMVA = bytes.prefix(64).withUnsafeBufferPointer { buf in
            String(decoding: buf, as: UTF8.self).contains("ANSI") || String(decoding: buf, as: UTF8.self).contains("AAMVA")
        }
        guard looksAAMVA else { return true }
        guard let r = try? AAMVAParser().parse(bytes) else { return false }
        return r.checks.first { $0.name == "subfileDirectory" }?.valid ?? false
    }

    /// Every document in a grey image: licences from PDF417 barcodes and MRZs.
    public func read(image: GrayImage, options: ReadOptions = ReadOptions()) -> [IdentityDocument] {
        readWithDiagnosis(image: image, options: options).documents
    }

    /// Documents plus, when there are none, the likely reason.
    ///
    /// Both searches have a cheap part and a slow one: for PDF417 the located regions and
    /// the whole image, then the rescue passes (hundreds of ms when there is no symbol);
    /// for the MRZ the morphology band finder, then Tesseract's layout analysis.  When
    /// looking for both, the MRZ's cheap part runs first.  If it finds a valid MRZ, the
    /// licence search looks only at the located symbol regions (a licence photographed
    /// beside the passport); otherwise the PDF417 passes run, the rescue passes only when
    /// the cheap ones found nothing, and the MRZ layout analysis last, only when no licence
    /// was found.  The rescue passes come before the layout analysis because far more
    /// licence photos need them (turned or keystoned symbols) than MRZs need layout
    /// analysis.  `only` with one kind runs its search in full.
    func readWithDiagnosis(image: GrayImage, options: ReadOptions) -> (documents: [IdentityDocument], failure: MRZScanFailure?, diagnostics: ReadDiagnostics) {
        let licences = options.wants("pdf417") ? LicenceSearch(image: image, reader: self) : nil
        var mrzDocuments: [IdentityDocument] = []
        var failure: MRZScanFailure?
        var validMRZ = false
        var diagnostics = ReadDiagnostics(imageWidth: image.width, imageHeight: image.height)
        var mrzReadings: [MRZReading] = []
        if options.wants("mrz") {
            let scan = MRZScanner(parser: mrzParser).scan(image) {
                licences?.runPasses()
                return licences?.documents.isEmpty ?? true
            }
            for reading in scan.readings {
                var doc = IdentityDocument(
                    mrz: reading.result, source: .mrz,
                    corrections: reading.changes.map {
                        MRZSection.Correction(line: $0.line, column: $0.column, from: String($0.from), to: String($0.to))
                    })
                doc.checks.append(DocumentCheck(name: reading.confidenceCheck.name, valid: reading.confidenceCheck.valid))
                doc.quality = ImageQualitySection(
                    characterHeight: scan.quality.characterHeight, sharpness: scan.quality.sharpness,
                    glare: scan.quality.glare, uncertainFields: reading.uncertainFields.map(\.rawValue))
                mrzDocuments.append(doc)
                validMRZ = validMRZ || reading.result.isValid
            }
            if scan.readings.isEmpty { failure = scan.failure }
            mrzReadings = scan.readings
            diagnostics.addRejected(scan.rejected)
            diagnostics.characterHeight = scan.quality.characterHeight
            diagnostics.sharpness = scan.quality.sharpness
            diagnostics.glare = scan.quality.glare
        }
        if validMRZ { licences?.lookInLocatedRegions() } else { licences?.runPasses() }
        let licenceDocuments = licences?.documents ?? []
        diagnostics.addBarcodes(licences?.symbols ?? []) { BarcodeScanner.estimatedSymbolOutline(image) }
        for (index, reading) in mrzReadings.enumerated() { diagnostics.addMRZ(reading, documentIndex: licenceDocuments.count + index) }
        return (licenceDocuments + mrzDocuments, failure, diagnostics)
    }

    /// Reads an image file (or image bytes) into a result that never throws: errors are
    /// carried in `ReadResult.error` with the contract's codes.
    public func read(imageData: [UInt8], name: String, options: ReadOptions = ReadOptions()) -> ReadResult {
        let image: GrayImage
        do {
            image = try ImageLoader(maximumPixels: options.maximumPixels).load(data: imageData)
        } catch {
            return ReadResult(input: name, documents: [], error: Self.readError(error))
        }
        let (documents, failure, diagnostics) = readWithDiagnosis(image: image, options: options)
        if documents.isEmpty {
            let message =
                failure.map {
                    $0 == .noMRZ
                        ? "No MRZ or licence barcode was found in the image; check that the document fills a good part of the picture and is in focus."
                        : $0.message
                }
                ?? "No licence barcode was found in the image; check that the barcode is in the picture and in focus."
            return ReadResult(input: name, documents: [], error: ReadError(.noDocumentFound, message), diagnostics: diagnostics)
        }
        return ReadResult(input: name, documents: documents, diagnostics: diagnostics)
    }

    public func read(imageAt path: String, options: ReadOptions = ReadOptions()) -> ReadResult {
        switch Self.loadFile(path) {
        case .success(let bytes): return read(imageData: bytes, name: path, options: options)
        case .failure(let error): return ReadResult(input: path, documents: [], error: error)
        }
    }

    /// Every barcode in an image file, without parsing.
    public func barcodes(imageAt path: String, maximumPixels: Int = 100_000_000) -> BarcodesResult {
        switch Self.loadFile(path) {
        case .success(let bytes): return barcodes(imageData: bytes, name: path, maximumPixels: maximumPixels)
        case .failure(let error): return BarcodesResult(input: path, barcodes: [], error: error)
        }
    }

    public func barcodes(imageData: [UInt8], name: String, maximumPixels: Int = 100_000_000) -> BarcodesResult {
        do {
            let image = try ImageLoader(maximumPixels: maximumPixels).load(data: imageData)
            let found = BarcodeScanner(includeOtherFormats: true).scan(image)
            return BarcodesResult(input: name, barcodes: found.map(BarcodesResult.Entry.init), error: nil)
        } catch {
            return BarcodesResult(input: name, barcodes: [], error: Self.readError(error))
        }
    }

    static func readError(_ error: ImageError) -> ReadError {
        switch error {
        case .empty: return ReadError(.emptyInput, error.description)
        case .tooLarge: return ReadError(.imageTooLarge, error.description)
        case .unreadable: return ReadError(.unreadableImage, error.description)
        }
    }

    /// The bytes of a file, or the contract's error: missing, a directory, unopenable,
    /// empty, or (with `limit`) larger than `limit` bytes, reported with `tooLarge`.
    public static func loadFile(
        _ path: String, limit: Int? = nil,
        tooLarge: ReadError.Code = .imageTooLarge
    ) -> Result<[UInt8], ReadError> {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            return .failure(ReadError(.fileNotFound, "No file at '\(path)'; check the path."))
        }
        if isDirectory.boolValue { return .failure(ReadError(.unreadableImage, "'\(path)' is a directory; give a file.")) }
        guard let handle = FileHandle(forReadingAtPath: path) else {
            return .failure(ReadError(.unreadableImage, "'\(path)' cannot be opened; check its permissions."))
        }
        defer { try? handle.close() }
        // read at most one byte past the limit, so a huge file costs nothing
        let data: Data? = limit.map { try? handle.read(upToCount: $0 + 1) } ?? (try? handle.readToEnd())
        guard let data, !data.isEmpty else { return .failure(ReadError(.emptyInput, "'\(path)' is empty (0 bytes).")) }
        if let limit, data.count > limit {
            return .failure(ReadError(tooLarge, "'\(path)' is larger than \(limit) bytes; give only the document's data."))
        }
        return .success([UInt8](data))
    }
}

/// The result of `idreader barcodes` for one input (JSON contract).
public struct BarcodesResult: Sendable, Codable, Equatable {
    public struct Entry: Sendable, Codable, Equatable {
        public let format: BarcodeFormat
        public let text: String
        /// Base64 of the exact payload bytes.
        public let bytes: String
        /// `[x, y]` in whole pixels from the symbol's top-left (the contract's shape);
        /// empty when unknown.
        public let corners: [[Int]]
        public init(_ b: Barcode) {
            format = b.format; text = b.text; bytes = Data(b.bytes).base64EncodedString()
            corners = b.corners?.corners.map { [Int($0.x.rounded()), Int($0.y.rounded())] } ?? []
        }
    }
    public let input: String
    public let barcodes: [Entry]
    public let error: ReadError?

    public init(input: String, barcodes: [Entry], error: ReadError?) { self.input = input; self.barcodes = barcodes; self.error = error }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(input, forKey: .input)
        try c.encode(barcodes, forKey: .barcodes)
        try c.encode(error, forKey: .error)
    }
}

/// The licence side of a read: PDF417 passes that run at most once each, and the
/// licences parsed from what they decode.
final class LicenceSearch {
    private let image: GrayImage
    private let reader: DocumentReader
    private let scanner = BarcodeScanner(includeOtherFormats: false, acceptPDF417: DocumentReader.acceptPDF417)
    private(set) var documents: [IdentityDocument] = []
    /// The symbol each of `documents` was read from.
    private(set) var symbols: [Barcode] = []
    private var passesRun = false

    init(image: GrayImage, reader: DocumentReader) {
        self.image = image
        self.reader = reader
    }

    /// The first passes, then the rescue passes if those found no acceptable symbol
    /// (a structurally broken decode is kept when nothing better turns up).
    func runPasses() {
        guard !passesRun else { return }
        passesRun = true
        let first = scanner.pdf417FirstPasses(image)
        add(first.accepted.isEmpty ? first.unaccepted : first.accepted)
        guard first.accepted.isEmpty else { return }
        let rescued = scanner.pdf417RescuePasses(image)
        if !rescued.accepted.isEmpty {
            documents = []
            symbols = []
            add(rescued.accepted)
        } else if documents.isEmpty {
            add(rescued.unaccepted)
        }
    }

    /// Only the located symbol regions, when the image already gave a valid MRZ.
    func lookInLocatedRegions() {
        guard !passesRun else { return }
        passesRun = true
        add(scanner.pdf417InLocatedRegions(image))
    }

    private func add(_ codes: [Barcode]) {
        for code in codes {
            let section = BarcodeSection(format: code.format, text: code.text)
            if let doc = try? reader.read(aamvaPayload: code.bytes, source: .pdf417, barcode: section) {
                documents.append(doc)
                symbols.append(code)
            }
        }
    }
}
