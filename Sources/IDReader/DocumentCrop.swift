import DocumentModel
import IDCommon
import Imaging

/// A document cut out of its picture and straightened at its nominal size.
public enum DocumentCrop {
    /// The crops' resolution: 300 dots per inch (a TD3 page is 1476 × 1039 pixels).
    public static let dotsPerInch = 300.0

    /// `document`'s outline in `image` (the picture it was read from) drawn onto an
    /// upright rectangle of its layout's size at `dotsPerInch`; what lies outside the
    /// picture is white.  `nil` without an outline or a known layout.
    public static func straightened(_ document: IdentityDocument, in image: GrayImage) -> GrayImage? {
        guard let outline = document.location?.outline, let layout = DocumentLayout.of(document) else { return nil }
        let size = pixelSize(of: layout)
        return image.warped(corners: outline.corners.quadrilateral, width: size.width, height: size.height, margin: 0)
    }

    /// A layout's size in pixels at `dotsPerInch`.
    static func pixelSize(of layout: DocumentLayout) -> (width: Int, height: Int) {
        (Int((layout.width / 25.4 * dotsPerInch).rounded()), Int((layout.height / 25.4 * dotsPerInch).rounded()))
    }
}

extension DocumentLayout {
    /// The layout of a document read: its ICAO MRZ format's, or a licence back's.
    static func of(_ document: IdentityDocument) -> DocumentLayout? {
        if let mrz = document.mrz { return icao(format: mrz.format) }
        return document.source == .pdf417 ? .licence : nil
    }
}
