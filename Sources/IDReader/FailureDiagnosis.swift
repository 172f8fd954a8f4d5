import BarcodeScanning
import IDCommon
import Imaging
import MRZScanning

/// Why a read that found no document found none: one cause and its sentence, chosen by
/// what the picture shows.  A symbol-like region (the PDF417's start and stop patterns, or
/// a located region showing them) makes it the licence's diagnosis; an MRZ-like band
/// (glyph chains or lines the OCR read) the MRZ's; a symbol is the stronger evidence, as
/// its patterns occur in nothing else.  Neither: no document, unless the whole picture is
/// too dark or too blurred to make anything out.
struct FailureDiagnosis: Equatable {
    /// `nil` when the picture was not looked at (the OCR model is missing).
    var cause: ReadFailureCause?
    var message: String

    /// The sentence when neither kind of document was seen and both were looked for.
    static let neitherFound = "No MRZ or licence barcode was found in the image; check that the document fills a good part of the picture and is in focus."
    /// The sentences for a picture in which nothing can be made out.
    static let tooDark = "The picture is too dark to make anything out; take it in more light."
    static let tooBlurred = "The picture is too blurred to make anything out; hold the camera still and focus on the document."

    /// The diagnosis from the MRZ search's failure (`nil`: not looked for), the licence
    /// diagnosis (`nil`: not looked for) and, asked only when neither saw anything, the
    /// whole picture's measures.
    static func choose(mrz: MRZScanFailure?, pdf417: PDF417Failure?, picture: () -> PictureMeasures) -> FailureDiagnosis {
        if let pdf417, pdf417.symbolSeen { return FailureDiagnosis(cause: pdf417.cause, message: pdf417.message) }
        if let mrz, mrz.bandSeen || mrz == .modelMissing { return FailureDiagnosis(cause: mrz.cause, message: mrz.message) }
        let measures = picture()
        if measures.tooDark { return FailureDiagnosis(cause: .tooDark, message: tooDark) }
        if measures.blurred { return FailureDiagnosis(cause: .blurred, message: tooBlurred) }
        switch (mrz, pdf417) {
        case (.some, .some): return FailureDiagnosis(cause: .noDocument, message: neitherFound)
        case (.some(let mrz), nil): return FailureDiagnosis(cause: .noDocument, message: mrz.message)
        case (nil, _): return FailureDiagnosis(cause: .noDocument, message: PDF417Failure.noSymbol.message)
        }
    }
}
