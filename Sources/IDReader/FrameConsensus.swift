import BarcodeScanning
import DocumentModel
import IDCommon
import Imaging
import MRZ
import MRZScanning

/// How one frame of a camera stream or burst serves the read: good (a document was read),
/// or what kept it from being read, which is what to tell the person holding the camera
/// (`guidance`).  The causes are those of a failed read (`ReadFailureCause`).
public enum FrameState: Sendable, Equatable, Hashable {
    /// A document was read from the frame.
    case good
    /// No document was read, for this cause.
    case unusable(ReadFailureCause)

    /// The contract's name: `good`, or the cause's (`tooSmall`, `blurred`, ...).
    public var name: String {
        switch self {
        case .good: return "good"
        case .unusable(let cause): return cause.rawValue
        }
    }

    /// A short instruction for a live camera view.
    public var guidance: String {
        switch self {
        case .good: return "Hold still."
        case .unusable(.noDocument): return "Show the document to the camera."
        case .unusable(.tooSmall): return "Move closer."
        case .unusable(.blurred): return "Hold steady."
        case .unusable(.glare): return "Tilt the document away from the light."
        case .unusable(.cutOff): return "Fit the whole document in the picture."
        case .unusable(.tooDark): return "Find more light."
        case .unusable(.undecodable): return "Hold steady and move a little closer."
        }
    }
}

/// One frame as `FrameConsensus` took it.
public struct FrameReport: Sendable {
    /// The frame's place in the order of the frames given, from 0.
    public let index: Int
    public let state: FrameState
    /// The frame's own reading.
    public let result: ReadResult
    /// Every document the frames so far show, voted (`FrameConsensus.documents`).
    public let consensus: [ConsensusDocument]
}

/// A document as every frame that saw it reads it together.
public struct ConsensusDocument: Sendable {
    /// The voted reading: for an MRZ the characters most frames read, parsed and checked
    /// again, with `ocrConfidence` failing where the frames leave a field unproven; for a
    /// licence the payload most frames decoded.
    public let document: IdentityDocument
    /// The indices of the frames that read it.
    public let frames: [Int]
    /// Per field, how many of those frames read it as shown.
    public let agreement: [FieldAgreement]
    /// Every field proven: by the check digits over the voted MRZ and a clear majority per
    /// character, or for a licence by the same payload from two frames.  More frames will
    /// not change a stable reading unless they disagree with it.
    public let isStable: Bool
}

/// Reads a document from several frames: a camera's stream or a burst of photos of one
/// scene.  Feed frames one at a time (`add`); each call returns the frame's state, its
/// own reading and the consensus so far.  Readings that cannot be of the same document (a
/// different proven number or date, or most of the characters different) are kept as
/// separate documents, never merged.  Not for sharing between threads: one consensus per
/// scene.
///
/// ```swift
/// let consensus = FrameConsensus()
/// for frame in frames {
///     let report = consensus.add(imageData: frame, name: "frame")
///     show(report.state.guidance)
///     if let done = report.consensus.first(where: \.isStable) { return done.document }
/// }
/// ```
public final class FrameConsensus {
    public let reader: DocumentReader
    public let options: ReadOptions
    private var votes: [DocumentVote] = []
    private var states: [FrameState] = []

    public init(reader: DocumentReader = DocumentReader(), options: ReadOptions = ReadOptions()) {
        self.reader = reader
        self.options = options
    }

    /// Reads one frame (encoded image bytes) and adds its documents to the vote.
    public func add(imageData: [UInt8], name: String) -> FrameReport {
        add(reader.read(imageData: imageData, name: name, options: options))
    }

    /// Reads one frame (a decoded grey image, as a camera gives it) and adds its documents
    /// to the vote.
    public func add(image: GrayImage, name: String) -> FrameReport {
        add(reader.read(image: image, name: name, options: options))
    }

    /// Adds a frame that was read already (`DocumentReader.read(imageData:name:options:)`).
    public func add(_ result: ReadResult) -> FrameReport {
        let index = states.count
        let state = Self.state(of: result)
        states.append(state)
        for document in result.documents { vote(document, frame: index) }
        return FrameReport(index: index, state: state, result: result, consensus: documents)
    }

    /// The documents of every frame so far, in the order first seen.
    public var documents: [ConsensusDocument] {
        votes.map { vote in
            let outcome = vote.outcome(parser: reader.mrzParser)
            return ConsensusDocument(
                document: outcome.document, frames: vote.members.map(\.frame), agreement: outcome.agreement, isStable: outcome.isStable)
        }
    }

    /// Each frame's state, in the order given.
    public var frameStates: [FrameState] { states }

    /// A frame's state from its reading: good with a document, else the cause the read
    /// named (`noDocument` when it named none, as for an unreadable file).
    static func state(of result: ReadResult) -> FrameState {
        if !result.documents.isEmpty { return .good }
        return .unusable(result.error?.cause ?? .noDocument)
    }

    private func vote(_ document: IdentityDocument, frame: Int) {
        let member = DocumentVote.Member(frame: frame, document: document)
        if let index = votes.firstIndex(where: { $0.admits(document, parser: reader.mrzParser) }) {
            votes[index].add(member)
        } else {
            votes.append(DocumentVote(member))
        }
    }
}

/// The result of reading several frames of one scene together (`idreader read --consensus`,
/// `POST /v1/read?consensus=1`): the JSON contract's result object with the consensus's
/// documents, plus `frames` (each input, its state, whether a document was read from it)
/// and `consensus` (per document: the frames that read it, whether it is stable, and the
/// agreement per field).
public struct ConsensusResult: Sendable, Encodable {
    /// One input frame.
    public struct Frame: Sendable, Codable, Equatable {
        public let input: String
        /// `FrameState.name`: `good`, or the cause that kept it from being read.
        public let state: String
        /// Whether a document was read from it.
        public let read: Bool
        /// Why nothing was read (`nil` when something was).
        public let error: ReadError?
        /// The outline of the first document read from it, where the read found one
        /// (`ReadOptions.locatesOutline`); left out of the JSON otherwise.
        public let outline: DocumentOutline?
    }

    /// How one document of `documents` was voted.
    public struct Vote: Sendable, Codable, Equatable {
        /// Indices into `frames`.
        public let frames: [Int]
        public let stable: Bool
        public let fields: [FieldAgreement]
    }

    /// What the consensus is reported as: `consensus of N frames`.
    public let input: String
    public let documents: [IdentityDocument]
    /// `noDocumentFound` when no frame gave a document (with the cause most frames showed).
    public let error: ReadError?
    public let frames: [Frame]
    public let consensus: [Vote]

    /// The result of `consensus` over the frames read as `results` (in the order given).
    public init(_ consensus: FrameConsensus, results: [ReadResult]) {
        let documents = consensus.documents
        input = "consensus of \(results.count) frame\(results.count == 1 ? "" : "s")"
        self.documents = documents.map(\.document)
        frames = zip(results, consensus.frameStates).map { result, state in
            Frame(
                input: result.input, state: state.name, read: !result.documents.isEmpty, error: result.error,
                outline: result.documents.first?.location?.outline)
        }
        self.consensus = documents.map { Vote(frames: $0.frames, stable: $0.isStable, fields: $0.agreement) }
        error = documents.isEmpty ? Self.error(results, states: consensus.frameStates) : nil
    }

    /// No document in any frame: the cause most frames showed, with that frame's sentence.
    private static func error(_ results: [ReadResult], states: [FrameState]) -> ReadError {
        let causes = results.compactMap { $0.error?.cause }
        // the most frequent; of equals the first seen (`max(by:)` keeps the first of equals)
        var order: [ReadFailureCause] = []
        for cause in causes where !order.contains(cause) { order.append(cause) }
        let common = order.max { a, b in causes.filter { $0 == a }.count < causes.filter { $0 == b }.count }
        if let common, let shown = results.first(where: { $0.error?.cause == common })?.error { return shown }
        return results.compactMap(\.error).first ?? ReadError(.noDocumentFound, "No frame was given; give at least one picture.", cause: .noDocument)
    }

    /// As a plain result (for exit codes and callers that take one).
    public var readResult: ReadResult { ReadResult(input: input, documents: documents, error: error) }
}

/// One frame as a live camera view shows it between full reads: its state and, where an
/// MRZ band or a PDF417 symbol's outline is seen, the document's outline to draw
/// (`DocumentReader.frameView`).
public struct FrameView: Sendable, Equatable {
    public let state: FrameState
    /// The page's or card's outline as its ICAO layout places it around the MRZ band seen
    /// (`source: layout`; TD1 for three lines, TD3 or TD2 for two by their length in glyph
    /// heights; corners in picture pixels in the band's reading order, taken as upright),
    /// costing next to nothing; or a licence back's card around the symbol its start and
    /// stop patterns outline, found as a read's is (`source: edges` where three of its
    /// sides are seen, a few ms); `nil` where neither is seen.
    public let outline: DocumentOutline?
}

extension DocumentReader {
    /// A frame's state without reading it (no OCR, no decoding): the most MRZ-like band,
    /// or where there is none the most symbol-like region, is found and measured where it
    /// is, as a failed read's cause is (`FailureDiagnosis`; `SymbolDiagnosis.glance`);
    /// `good` when it measures fit to read.
    /// For a live camera view between full reads; a 1920×1080 frame takes some 20–40 ms
    /// of CPU, more when neither a band nor a symbol is seen (`idreader-bench
    /// frame-states`, `make bench-frames`).
    public func frameState(image: GrayImage, options: ReadOptions = ReadOptions()) -> FrameState {
        frameView(image: image, options: options).state
    }

    /// A frame's state (`frameState`) and, where an MRZ band is seen, the document's outline
    /// from the band's lines and the layout, or where a PDF417 symbol is outlined by its
    /// start and stop patterns (and names the state), the card's around it: for drawing
    /// at frame rate.
    public func frameView(image: GrayImage, options: ReadOptions = ReadOptions()) -> FrameView {
        let mrz = options.only.contains(.mrz) ? MRZScanner.assess(image) : nil
        // an MRZ band seen names the state, whatever else looks like a symbol (a page's
        // background print may), and spares the look for one: a frame is of one document
        if let mrz, mrz.failure.bandSeen {
            return FrameView(state: Self.state(measured: mrz.failure.cause), outline: Self.layoutOutline(mrzLines: mrz.lines, in: image))
        }
        let pdf417 = options.only.contains(.pdf417) ? SymbolDiagnosis.glance(image) : nil
        // an MRZ whose glyphs blur into one another makes no chain: its print stripes are
        // the weakest evidence, asked only where nothing else decides
        let failure = mrz?.failure
        let diagnosis = FailureDiagnosis.choose(
            mrz: failure, unread: { failure == .noMRZ ? FailureDiagnosis.blurredStripes(image) : nil }, pdf417: pdf417,
            picture: { PictureMeasures(image) })
        return FrameView(state: Self.state(measured: diagnosis.cause), outline: Self.licenceOutline(pdf417, named: diagnosis.cause, in: image))
    }

    /// The card's outline around the symbol `finding` outlines by its start and stop
    /// patterns, as a read's is found (`DocumentLocating.licenceOutline`, a few ms); `nil`
    /// when the frame's state names something else (`cause`), no outline was seen, or the
    /// outline is no symbol's shape (`isSymbolShaped`).
    static func licenceOutline(_ finding: SymbolFinding?, named cause: ReadFailureCause?, in image: GrayImage) -> DocumentOutline? {
        guard let finding, let corners = finding.corners, finding.failure.cause == cause, isSymbolShaped(corners) else { return nil }
        return DocumentLocating(image: image).licenceOutline(symbol: corners)
    }

    /// Whether no side of `corners` is collapsed (shorter than `SymbolSideRepair`'s
    /// `collapsedShare`, half, of the side facing it): the glance's sparse lines can end a
    /// side on a stretch of bars inside the symbol (a
    /// drawn symbol's right side 12 px long beside a left side of 336, 480 px in from the
    /// left where the symbol is 1024 wide), which no picture a symbol is read from tilts
    /// so far, and a width that is no symbol's would place the card wrongly.  A read's
    /// decoded corners have such a side rebuilt (`SymbolSideRepair`); a glance's width is
    /// not to be trusted then either.
    static func isSymbolShaped(_ corners: Quadrilateral) -> Bool {
        let sides = zip(corners.corners, corners.corners.dropFirst() + corners.corners.prefix(1)).map { ($1 - $0).length }
        return (0..<2).allSatisfy { min(sides[$0], sides[$0 + 2]) >= SymbolSideRepair.collapsedShare * max(sides[$0], sides[$0 + 2]) }
    }

    /// The outline `DocumentLayout` predicts from an MRZ band's lines seen in `image`, or `nil`.
    static func layoutOutline(mrzLines lines: [Quadrilateral], in image: GrayImage) -> DocumentOutline? {
        guard let layout = DocumentLayout.icao(mrzLines: lines), let corners = layout.outline(mrzLines: lines) else { return nil }
        return DocumentOutline(corners: corners, source: .layout, partial: !corners.lies(within: image))
    }

    /// The state of a frame whose document measures as `cause` names: one found with no
    /// reason it would not read (`undecodable`, had a read failed) is good; no cause at
    /// all (the OCR model missing) is no document.
    static func state(measured cause: ReadFailureCause?) -> FrameState {
        guard let cause else { return .unusable(.noDocument) }
        return cause == .undecodable ? .good : .unusable(cause)
    }
}
