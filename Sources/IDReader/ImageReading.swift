import AAMVA
import BarcodeScanning
import DocumentModel
import Foundation
import IDCommon
import Imaging
import MRZScanning
import VDS

/// The kinds of document a read looks for (`read --only`, `?only=`).
public struct DocumentKinds: OptionSet, Sendable, Hashable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }

    /// Machine-readable zones (passports, identity cards, visas).
    public static let mrz = DocumentKinds(rawValue: 1)
    /// Licences from PDF417 symbols.
    public static let pdf417 = DocumentKinds(rawValue: 2)
    /// Licence payloads in barcodes of other formats than PDF417 (QR codes, as some test
    /// cards and apps carry them): the contract's `barcodes`.
    public static let otherBarcodes = DocumentKinds(rawValue: 4)
    /// Visible digital seals: DataMatrix seals and VDS-NC QR codes (docs/seals.md).
    public static let vds = DocumentKinds(rawValue: 8)
    /// What a read looks for unless told: MRZs, PDF417 licences and seals.
    public static let standard: DocumentKinds = [.mrz, .pdf417, .vds]

    /// The contract's names, in its order.
    static let names: [(name: String, kind: DocumentKinds)] = [("mrz", .mrz), ("pdf417", .pdf417), ("barcodes", .otherBarcodes), ("vds", .vds)]
    /// The names `init(names:)` takes: `mrz`, `pdf417`, `barcodes`, `vds`.
    public static var contractNames: [String] { names.map(\.name) }

    /// The kinds named (`mrz`, `pdf417`, `barcodes`, `vds`); `nil` when a name is none of them.
    /// No names at all is `standard`.
    public init?(names: some Sequence<String>) {
        var kinds: DocumentKinds = []
        for name in names {
            guard let kind = Self.names.first(where: { $0.name == name })?.kind else { return nil }
            kinds.insert(kind)
        }
        self = kinds.isEmpty ? .standard : kinds
    }

    /// The kinds of names a caller has already checked against `contractNames` (the CLI's
    /// `--only`, the service's `?only=`): no names is `standard`, an unknown name counts
    /// as none.
    public init(checkedNames names: some Sequence<String>) {
        let known = names.filter(Self.contractNames.contains)
        self = DocumentKinds(names: known) ?? .standard
    }
}

/// What `read(image:)` looks for.
public struct ReadOptions: Sendable {
    /// Images declaring more pixels are refused with `imageTooLarge`.
    public var maximumPixels = 100_000_000
    public var only: DocumentKinds = .standard
    /// The certificates seals are verified with; without them a seal's signature is
    /// `unknownSigner` and its document not valid.
    public var sealVerifier = SealVerifier(certificates: [])
    /// Whether each document's outline and portrait are found (`location.outline`,
    /// `location.portrait`): a few ms per document, so only when asked (`read --outline`,
    /// `--crop`; the service's `?outline=1`, `?crop=1`).  The MRZ's and the
    /// symbol's locations are always given.
    public var locatesOutline = false
    public init(
        maximumPixels: Int = 100_000_000, only: DocumentKinds = .standard, sealVerifier: SealVerifier = SealVerifier(certificates: []),
        locatesOutline: Bool = false
    ) {
        self.maximumPixels = maximumPixels; self.only = only; self.sealVerifier = sealVerifier; self.locatesOutline = locatesOutline
    }
}

/// The stages of an image read, in the order `ReadPlan.stages` runs them.
public enum ReadStage: String, Sendable, Codable, CaseIterable {
    /// The MRZ's glyph chains (`MRZSearchStage.glyphChains`).
    case mrzGlyphChains
    /// The MRZ's morphology bands (`MRZSearchStage.morphology`).
    case mrzMorphology
    /// PDF417 in the located symbol regions and the whole picture.
    case pdf417
    /// PDF417 rescue passes: turned, cropped, enlarged, straightened copies.
    case pdf417Rescue
    /// The MRZ by Tesseract's layout analysis (`MRZSearchStage.layoutAnalysis`).
    case mrzLayoutAnalysis
    /// Licence payloads in other barcode formats.
    case otherBarcodes
    /// Seal symbols (DataMatrix, QR) in the located symbol regions and the whole picture.
    case vds
    /// Seal rescue passes (contrast, sharpened, enlarged, straightened copies).
    case vdsRescue

    /// The document kind the stage looks for.
    public var kind: DocumentKinds {
        switch self {
        case .mrzGlyphChains, .mrzMorphology, .mrzLayoutAnalysis: return .mrz
        case .pdf417, .pdf417Rescue: return .pdf417
        case .otherBarcodes: return .otherBarcodes
        case .vds, .vdsRescue: return .vds
        }
    }
}

/// The order of an image read.  Cheap, general searches first: the MRZ's glyph chains
/// and morphology (tens of ms), then the PDF417 passes, their rescue passes only when the
/// first found nothing, and the MRZ's layout analysis last, only when no MRZ and no
/// licence was found (far more licence photos need the rescue passes — turned or
/// keystoned symbols — than MRZs need layout analysis).  After a valid MRZ the PDF417
/// stage looks only in the located symbol regions (a licence photographed beside the
/// passport).  The layout analysis runs only when no MRZ, valid or not, was read.
/// Seals are looked for on every picture by the cheap first passes (a visa carries its MRZ
/// and its seal side by side); their rescue passes run last, only when nothing at all was
/// read.
enum ReadPlan {
    static let stages: [ReadStage] = [.mrzGlyphChains, .mrzMorphology, .pdf417, .pdf417Rescue, .vds, .mrzLayoutAnalysis, .otherBarcodes, .vdsRescue]
}

extension DocumentReader {
    /// Every document in a grey image: licences from PDF417 barcodes and MRZs.
    public func read(image: GrayImage, options: ReadOptions = ReadOptions()) -> [IdentityDocument] {
        readWithDiagnosis(image: image, options: options).documents
    }

    /// Documents plus, when there are none, the likely reason: the stages of `ReadPlan`
    /// that look for the kinds asked for, in order.
    /// The searches come back too, for the diagnosis to take what they found.
    func readWithDiagnosis(
        image: GrayImage, options: ReadOptions
    ) -> (documents: [IdentityDocument], failure: MRZScanFailure?, diagnostics: ReadDiagnostics, searches: ReadSearches) {
        let licences = LicenceSearch(image: image, reader: self)
        let seals = SealSearch(image: image, verifier: options.sealVerifier, parser: mrzParser)
        let mrz = options.only.contains(.mrz) ? MRZScanner(parser: mrzParser).search(image) : nil
        var diagnostics = ReadDiagnostics(imageWidth: image.width, imageHeight: image.height)
        for stage in ReadPlan.stages where options.only.contains(stage.kind) {
            switch stage {
            case .mrzGlyphChains: mrz?.run(.glyphChains)
            case .mrzMorphology: mrz?.run(.morphology)
            case .pdf417:
                StepProfile.measure(.pdf417) {
                    if mrz?.foundValid == true { licences.lookInLocatedRegions() } else { licences.runFirstPasses() }
                }
            case .pdf417Rescue:
                if mrz?.foundValid != true { StepProfile.measure(.pdf417Rescue) { licences.runRescuePasses() } }
            case .mrzLayoutAnalysis:
                // only where no MRZ was read yet: its band is known, and the layout
                // analysis finds the same lines (measured: the same readings, p90 on the
                // corpus 1024 → 862 ms)
                if licences.documents.isEmpty, mrz?.foundAny != true { mrz?.run(.layoutAnalysis) }
            case .otherBarcodes: StepProfile.measure(.otherBarcodes) { licences.readOtherBarcodes() }
            case .vds: StepProfile.measure(.seals) { seals.runFirstPasses() }
            case .vdsRescue:
                if licences.documents.isEmpty, mrz?.foundAny != true { StepProfile.measure(.seals) { seals.runRescuePasses() } }
            }
            diagnostics.stages.append(stage)
        }
        var mrzDocuments: [IdentityDocument] = []
        var failure: MRZScanFailure?
        let scan = mrz?.outcome
        if let scan {
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
            }
            if scan.readings.isEmpty { failure = scan.failure }
            diagnostics.addRejected(scan.rejected)
            diagnostics.characterHeight = scan.quality.characterHeight
            diagnostics.sharpness = scan.quality.sharpness
            diagnostics.glare = scan.quality.glare
        }
        let licenceDocuments = licences.documents
        var sealDocuments = seals.documents
        SealMRZ.crossCheck(seals: &sealDocuments, printed: &mrzDocuments)
        // the documents' order: licences, seals, MRZs; the outlines' indices follow it
        diagnostics.addBarcodes(licences.symbols + seals.symbols) { BarcodeScanner.estimatedSymbolOutline(image) }
        let firstMRZIndex = licenceDocuments.count + sealDocuments.count
        for (index, reading) in (scan?.readings ?? []).enumerated() {
            diagnostics.addMRZ(reading, documentIndex: firstMRZIndex + index, stage: scan?.stage.map(ReadStage.init))
        }
        let documents = DocumentLocating(image: image, findsOutline: options.locatesOutline).locate(
            licenceDocuments + sealDocuments + mrzDocuments, diagnostics: diagnostics)
        return (documents, failure, diagnostics, ReadSearches(mrz: mrz, licences: licences))
    }

    /// Reads an image file (or image bytes) into a result that never throws: errors are
    /// carried in `ReadResult.error` with the contract's codes.
    public func read(imageData: [UInt8], name: String, options: ReadOptions = ReadOptions()) -> ReadResult {
        readKeepingPicture(imageData: imageData, name: name, options: options).result
    }

    /// Reads encoded image bytes as `read(imageData:name:options:)` does and hands back the
    /// decoded picture too (`nil` when the bytes are no picture), for work on it after the
    /// read (the crops: `ReadResult.withCropImages(from:)`) without decoding it again.
    public func readKeepingPicture(imageData: [UInt8], name: String, options: ReadOptions = ReadOptions()) -> (result: ReadResult, image: GrayImage?) {
        let image: GrayImage
        do {
            image = try ImageLoader(maximumPixels: options.maximumPixels).load(data: imageData)
        } catch {
            return (ReadResult(input: name, documents: [], error: Self.readError(error)), nil)
        }
        return (read(image: image, name: name, options: options), image)
    }

    /// Reads a decoded grey image (a camera frame) into a result, as `read(imageData:)`
    /// does after decoding: the documents, or the error with its cause.
    public func read(image: GrayImage, name: String, options: ReadOptions = ReadOptions()) -> ReadResult {
        let (documents, failure, diagnostics, searches) = readWithDiagnosis(image: image, options: options)
        if documents.isEmpty {
            let diagnosis = FailureDiagnosis.choose(
                mrz: failure,
                unread: {
                    guard failure == .noMRZ, let search = searches.mrz else { return nil }
                    return StepProfile.measure(.secondLook) { search.secondLook() }
                        ?? StepProfile.measure(.stripeLook) { FailureDiagnosis.blurredStripes(image, search: search) }
                },
                pdf417: options.only.contains(.pdf417) ? StepProfile.measure(.symbolDiagnosis) { searches.licences.examine() } : nil,
                picture: { StepProfile.measure(.pictureMeasures) { PictureMeasures(image) } })
            let error = ReadError(.noDocumentFound, diagnosis.message, cause: diagnosis.cause)
            return ReadResult(input: name, documents: [], error: error, diagnostics: diagnostics)
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
            let found = BarcodeScanner(includeOtherFormats: true).scan(image, seals: true)
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

/// A read's searches, kept for the diagnosis of a read that found nothing to take what
/// they saw rather than look again.
struct ReadSearches {
    /// `nil` when no MRZ was looked for.
    let mrz: MRZSearch?
    let licences: LicenceSearch
}

extension ReadStage {
    /// The read stage of an MRZ search stage.
    init(_ stage: MRZSearchStage) {
        switch stage {
        case .glyphChains: self = .mrzGlyphChains
        case .morphology: self = .mrzMorphology
        case .layoutAnalysis: self = .mrzLayoutAnalysis
        }
    }
}
