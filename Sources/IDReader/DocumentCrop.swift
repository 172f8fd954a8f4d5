import DocumentModel
import Foundation
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
        return image.warpedStepping(corners: outline.corners.quadrilateral, width: size.width, height: size.height)
    }

    /// `document`'s portrait (`location.portrait`) straightened at `dotsPerInch`, its size
    /// the portrait's in the straightened page.  `nil` without a portrait.
    public static func portrait(_ document: IdentityDocument, in image: GrayImage) -> GrayImage? {
        guard let portrait = document.location?.portrait?.quadrilateral, let outline = document.location?.outline,
            let layout = DocumentLayout.of(document)
        else { return nil }
        let page = pixelSize(of: layout), map = SquareToQuad(outline.corners.quadrilateral)
        guard let topLeft = map.unitPoint(x: portrait.topLeft.x, y: portrait.topLeft.y),
            let bottomRight = map.unitPoint(x: portrait.bottomRight.x, y: portrait.bottomRight.y)
        else { return nil }
        let width = Int(((bottomRight.u - topLeft.u) * Double(page.width)).rounded())
        let height = Int(((bottomRight.v - topLeft.v) * Double(page.height)).rounded())
        return image.warpedStepping(corners: portrait, width: width, height: height)
    }

    /// `document`'s crops as PNG in base64 (the service's `?crop=1`), each within
    /// `CropImages.maximumBytes`: at 300 dpi, or 150 or 75 when the document's is larger.
    /// `nil` without an outline.
    public static func images(_ document: IdentityDocument, in image: GrayImage) -> CropImages? {
        guard let page = straightened(document, in: image) else { return nil }
        let portrait = self.portrait(document, in: image)
        for halvings in 0...2 {
            let factor = 1 / Double(1 << halvings)
            guard let png = (halvings == 0 ? page : page.scaled(by: factor)).pngData() else { return nil }
            guard png.count <= CropImages.maximumBytes else { continue }
            let portraitPNG = portrait.flatMap { (halvings == 0 ? $0 : $0.scaled(by: factor)).pngData() }
            return CropImages(
                document: Data(png).base64EncodedString(), portrait: portraitPNG.map { Data($0).base64EncodedString() },
                dotsPerInch: Int(dotsPerInch * factor))
        }
        return CropImages(document: nil, portrait: nil, dotsPerInch: Int(dotsPerInch / 4))
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

extension ReadResult {
    /// The result with each document's crops as PNG in base64 (`location.cropImages`, the
    /// service's `?crop=1`), straightened from `image`, the picture the documents were read
    /// from (`DocumentReader.readKeepingPicture`).
    public func withCropImages(from image: GrayImage) -> ReadResult {
        guard !documents.isEmpty else { return self }
        var cropped = documents
        for index in cropped.indices {
            let images = DocumentCrop.images(cropped[index], in: image)
            cropped[index].location?.cropImages = images
        }
        return ReadResult(input: input, documents: cropped, error: error, diagnostics: diagnostics)
    }
}
