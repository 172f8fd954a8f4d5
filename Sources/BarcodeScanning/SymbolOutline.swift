import IDCommon
import Imaging

extension BarcodeScanner {
    /// Where the rescue passes see a PDF417 symbol in `image`, in its pixels: the located
    /// symbol region's dense block, which the perspective pass straightens, or the region
    /// itself when its corners cannot be found; `nil` when no region is located.  For
    /// drawing a symbol decoded by a pass whose corners do not map back (`Barcode.corners`
    /// `nil`).
    public static func estimatedSymbolOutline(_ image: GrayImage) -> Quadrilateral? {
        guard let box = SymbolLocator.locate(image) else { return nil }
        let region = region(of: image, around: box)
        if let corners = SymbolCorners.find(in: region.crop) {
            return corners.map { Point(x: $0.x + Double(region.x), y: $0.y + Double(region.y)) }
        }
        return Quadrilateral(x0: Double(box.x), y0: Double(box.y), x1: Double(box.x + box.width), y1: Double(box.y + box.height))
    }
}
