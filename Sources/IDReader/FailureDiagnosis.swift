import BarcodeScanning
import IDCommon
import Imaging
import MRZScanning

/// Why a read that found no document found none: one cause and its sentence, chosen by
/// what the picture shows, strongest evidence first (`choose`): the PDF417's start and
/// stop patterns around a sharp symbol's rows make it the licence's diagnosis; a picture
/// too dark as a whole is too dark; then an MRZ-like band (glyph chains or lines the OCR
/// read, or lines of MRZ length a second look measures) or a fainter symbol, weighed
/// against each other (`evidenceShortOfAnOutline`).  Neither: no document, unless the
/// whole picture is too blurred to make anything out.
struct FailureDiagnosis: Equatable {
    /// `nil` when the picture was not looked at (the OCR model is missing).
    var cause: ReadFailureCause?
    var message: String

    /// The sentence when neither kind of document was seen and both were looked for.
    static let neitherFound = "No MRZ or licence barcode was found in the image; check that the document fills a good part of the picture and is in focus."
    /// The sentences for a picture in which nothing can be made out.
    static let tooDark = "The picture is too dark to make anything out; take it in more light."
    static let tooBlurred = "The picture is too blurred to make anything out; hold the camera still and focus on the document."

    /// The diagnosis from the MRZ search's failure (`nil`: not looked for), the second
    /// look's MRZ lines when the search saw no band (`MRZScanner.secondLook`), the licence
    /// diagnosis (`nil`: not looked for) and the whole picture's measures, asked unless a
    /// sharp symbol's start and stop patterns decide.  A picture too dark as a whole is
    /// too dark whatever a band or region in it seems to show (licences darkened to 3 % of
    /// their levels, idphoto-gen seed 45, showed an MRZ band too dark or blurred); one too
    /// blurred as a whole is named so only when nothing was seen.  The second look is asked
    /// only when no stronger evidence decides (it searches the picture again).
    static func choose(
        mrz: MRZScanFailure?, unread: () -> UnreadLines? = { nil }, pdf417 finding: SymbolFinding?, picture: () -> PictureMeasures
    ) -> FailureDiagnosis {
        if let outlined = sharpOutline(finding) { return outlined }
        let measures = picture()
        if measures.tooDark { return FailureDiagnosis(cause: .tooDark, message: tooDark) }
        if let seen = evidenceShortOfAnOutline(mrz: mrz, unread: unread, pdf417: finding) { return seen }
        let pdf417 = finding?.failure
        if measures.blurred { return FailureDiagnosis(cause: .blurred, message: tooBlurred) }
        switch (mrz, pdf417) {
        case (.some, .some): return FailureDiagnosis(cause: .noDocument, message: neitherFound)
        case (.some(let mrz), nil): return FailureDiagnosis(cause: .noDocument, message: mrz.message)
        case (nil, _): return FailureDiagnosis(cause: .noDocument, message: PDF417Failure.noSymbol.message)
        }
    }

    /// The diagnosis of the strongest evidence of a document short of a sharp symbol's
    /// outline (`sharpOutline`, which `choose` asks first), `nil` when there is none, in
    /// this order: an MRZ band the search saw running off the picture; the start and stop
    /// patterns around faint rows; an MRZ band measured blurred, glared or too dark; a
    /// region the locator found showing a symbol's wide bars; any other band the search
    /// saw; the second look's lines, stacked before alone; last a missing OCR model
    /// (nothing about the picture).
    /// - A band of MRZ glyphs running off the picture outweighs patterns around faint
    ///   rows: a line of bold capitals matched them by chance on ID card pages cut through
    ///   their MRZ (idphoto-gen seeds 40 and 43).
    /// - A located region is weaker than a smeared or darkened band, as a blurred MRZ's
    ///   lines show wide bars and washed-out tiles too (a visa page, seed 36, was told
    ///   glare on a barcode) and a dark page's print dark stripes (an ID card page, seed
    ///   41, was told a barcode too dark); a band too small is weaker than the region, as a
    ///   symbol's rows at modules under a pixel chain as tiny glyphs do.
    static func evidenceShortOfAnOutline(mrz: MRZScanFailure?, unread: () -> UnreadLines?, pdf417 finding: SymbolFinding?) -> FailureDiagnosis? {
        let symbol = finding.flatMap { $0.failure.symbolSeen ? FailureDiagnosis(pdf417: $0.failure) : nil }
        let faintPatterns = finding?.evidence == .faintPatterns ? symbol : nil
        let band = mrz.flatMap { $0.bandSeen ? FailureDiagnosis(mrz: $0) : nil }
        let cutOffBand = mrz == .cutOff ? band : nil
        let obscuredBand = [MRZScanFailure.blurred, .glare, .tooDark].contains(mrz) ? band : nil
        let missingModel = mrz == .modelMissing ? FailureDiagnosis(mrz: .modelMissing) : nil
        // the second look only where nothing stronger decides (`??` asks it last)
        let seen: FailureDiagnosis? = cutOffBand ?? faintPatterns ?? obscuredBand ?? symbol ?? band
        return seen ?? unread().map { FailureDiagnosis(mrz: $0.cause) } ?? missingModel
    }
}

extension FailureDiagnosis {
    /// The licence's diagnosis where the start and stop patterns outline a sharp symbol's
    /// rows (the strongest evidence of all), else `nil`.
    static func sharpOutline(_ finding: SymbolFinding?) -> FailureDiagnosis? {
        guard let finding, finding.evidence == .startStopPatterns else { return nil }
        return FailureDiagnosis(pdf417: finding.failure)
    }

    /// The print stripes of a blurred MRZ (`MRZScanner.stripeLook`): any band shaped like
    /// an MRZ's where the whole picture is blurred too (`PictureMeasures.blurredForStripes`),
    /// else only one whose lines are set like an MRZ's; without one, the bands of the line
    /// energy at the characters' scale (`MRZScanner.energyLook`), alike; `nil` for none.
    /// `search`: the read's MRZ search, whose oriented views the look takes.
    /// Not looked for where the picture's sharpest edges are too sharp for any print in it
    /// to be blurred past its glyphs (`PictureMeasures.sharpestForStripes`): the look is
    /// most of the cost of a picture without a document.
    static func blurredStripes(_ image: GrayImage, search: MRZSearch? = nil) -> UnreadLines? {
        let width = PictureMeasures.sharpestEdgeWidth(image)
        if let width, width < PictureMeasures.sharpestForStripes { return nil }
        let blurred = width.map { $0 > PictureMeasures.blurredForStripes } ?? false
        guard let search else { return MRZScanner.blurredBandLooks(image, pictureBlurred: blurred) }
        return search.blurredBandLooks(pictureBlurred: blurred)
    }

    /// The licence's own cause and sentence.
    init(pdf417 failure: PDF417Failure) { self.init(cause: failure.cause, message: failure.message) }

    /// The MRZ's own cause and sentence.
    init(mrz failure: MRZScanFailure) { self.init(cause: failure.cause, message: failure.message) }
}

extension DocumentReader {
    /// The picture's sharpest edges' width per 1000 px (`PictureMeasures.edgeWidth`), for tuning.
    @_spi(Evaluation) public static func sharpestEdgeWidth(_ image: GrayImage) -> Double? { PictureMeasures.sharpestEdgeWidth(image) }
}
