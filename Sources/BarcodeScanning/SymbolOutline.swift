import Imaging

extension BarcodeScanner {
    /// Where PDF417 symbols appear to be in `image`, as quadrilaterals in its pixels
    /// (top-left, top-right, bottom-right, bottom-left): each located symbol region's dense
    /// block, or the region itself when its corners cannot be found.  For drawing a symbol
    /// that a rescue pass decoded from a transformed image (its `corners` are empty).
    public static func estimatedSymbolOutlines(_ image: GrayImage) -> [[Point]] {
        SymbolLocator.locateAll(image).map { box in
            let region = region(of: image, around: box)
            if let corners = SymbolCorners.find(in: region.crop) {
                return corners.map { Point(x: $0.x + Double(region.x), y: $0.y + Double(region.y)) }
            }
            let x0 = Double(box.x), y0 = Double(box.y), x1 = Double(box.x + box.width), y1 = Double(box.y + box.height)
            return [Point(x: x0, y: y0), Point(x: x1, y: y0), Point(x: x1, y: y1), Point(x: x0, y: y1)]
        }
    }
}
