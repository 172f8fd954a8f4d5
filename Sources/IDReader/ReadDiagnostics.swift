import BarcodeScanning
import IDCommon
import Imaging
import MRZScanning

/// What the reader saw in an image, in input pixels (after the EXIF orientation): where it
/// read each MRZ line and barcode, which characters it changed or doubts, the candidate
/// bands it set aside, and the quality figures.  Not part of the JSON output; drawn by
/// `ReadResult.annotated(on:)`.
public struct ReadDiagnostics: Sendable, Codable, Equatable {
    /// A point in input pixels (the one point type, `IDCommon.Point`; kept under this name
    /// for code that named it so).
    public typealias Point = IDCommon.Point

    /// A character of an MRZ worth pointing at (0-based line and column).
    public struct MarkedCharacter: Sendable, Codable, Equatable {
        /// `corrected` (changed by the check-digit correction) or `doubted` (in a field the
        /// reader is unsure of).
        public var kind: String
        public var line: Int
        public var column: Int
        /// For a correction, what the OCR read; for a doubt, the strongest other reading.
        public var alternative: String?
    }

    /// The MRZ of one document: each line's quadrilateral.
    public struct MRZBand: Sendable, Codable, Equatable {
        /// The document's index in `ReadResult.documents`.
        public var documentIndex: Int
        /// Per line: its corners as the line reads.
        public var lines: [Quadrilateral]
        public var characters: [MarkedCharacter]
        /// The stage of the read that found it.
        public var stage: ReadStage?
    }

    /// A barcode a document was read from.
    public struct BarcodeOutline: Sendable, Codable, Equatable {
        /// The document's index in `ReadResult.documents`.
        public var documentIndex: Int
        public var format: BarcodeFormat
        /// The scanning pass that decoded it.
        public var pass: BarcodePass
        /// Its corners from the symbol's top-left; `nil` when unknown.
        public var corners: Quadrilateral?
        /// The corners are where the symbol appears to be (the decoding pass worked on a
        /// transformed image and reported none).
        public var estimated: Bool
    }

    /// A candidate MRZ band set aside.
    public struct RejectedBand: Sendable, Codable, Equatable {
        public var lines: [Quadrilateral]
        /// `tooShort`, `tooLong`, `pitchIrregular` or `noValidReading`.
        public var reason: String
    }

    /// Size of the image read.
    public var imageWidth: Int, imageHeight: Int
    /// The MRZ of each document read from one.
    public var mrz: [MRZBand] = []
    /// The barcode of each document read from one.
    public var barcodes: [BarcodeOutline] = []
    /// The candidate MRZ bands looked at and set aside.
    public var rejectedBands: [RejectedBand] = []
    /// The stages of the read that ran, in order (`ReadPlan`).
    public var stages: [ReadStage] = []
    /// MRZ character height in pixels, when lines were found.
    public var characterHeight: Int?
    /// Variance of the Laplacian (below ~30 is blurred); `nil` when the MRZ search did not run.
    public var sharpness: Double?
    /// Fraction of saturated pixels (above ~0.08 is a lot of glare).
    public var glare: Double?

    public init(imageWidth: Int, imageHeight: Int) { self.imageWidth = imageWidth; self.imageHeight = imageHeight }
}

extension ReadDiagnostics {
    mutating func addMRZ(_ reading: MRZReading, documentIndex: Int, stage: ReadStage?) {
        mrz.append(
            MRZBand(
                documentIndex: documentIndex, lines: reading.lineQuadrilaterals,
                characters: reading.markedCharacters.map {
                    MarkedCharacter(kind: $0.kind.rawValue, line: $0.line, column: $0.column, alternative: $0.alternative.map(String.init))
                }, stage: stage))
    }

    mutating func addRejected(_ bands: [MRZScanning.RejectedBand]) {
        rejectedBands += bands.map { RejectedBand(lines: $0.lines, reason: $0.reason.rawValue) }
    }

    /// The symbols documents were read from; `estimate` gives an outline for those decoded
    /// without corners (asked once, only when needed).
    mutating func addBarcodes(_ symbols: [Barcode], estimate: () -> Quadrilateral?) {
        var estimates: Quadrilateral??
        for (index, symbol) in symbols.enumerated() {
            var corners = symbol.corners
            var estimated = false
            if corners == nil {
                if estimates == nil { estimates = .some(estimate()) }
                corners = estimates ?? nil
                estimated = corners != nil
            }
            barcodes.append(BarcodeOutline(documentIndex: index, format: symbol.format, pass: symbol.pass, corners: corners, estimated: estimated))
        }
    }
}
