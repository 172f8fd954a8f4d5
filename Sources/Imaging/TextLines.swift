import CLeptonica

/// A rectangle in image pixels.
public struct PixelBox: Sendable, Hashable {
    public var x: Int, y: Int, width: Int, height: Int
    public init(x: Int, y: Int, width: Int, height: Int) { self.x = x; self.y = y; self.width = width; self.height = height }
}

extension GrayImage {
    /// Boxes of dark text runs merged into line blobs: the image is binarised (Otsu,
    /// adaptive), characters are joined by a horizontal closing of `gap` pixels, and the
    /// connected components are returned.  Fast on a reduced image; MRZ lines come out as
    /// long thin boxes.
    public func textLineBlobs(gap: Int) -> [PixelBox] { textLineBlobs(gaps: [gap])[0] }

    /// `textLineBlobs(gap:)` for several gaps from one binarisation (the costly part).
    /// `maximumGlyphHeight`: dark components taller than this are dropped before the
    /// closing: a document's frame, a photo or an annotation connected to the text would
    /// otherwise swallow the text lines into one blob.
    public func textLineBlobs(gaps: [Int], maximumGlyphHeight: Int? = nil) -> [[PixelBox]] {
        guard let pix = Pix(gray: self) else { return gaps.map { _ in [] } }
        var thresholded: UnsafeMutablePointer<PIX>? = nil
        let tile = Int32(max(16, min(width, height) / 4))
        guard pixOtsuAdaptiveThreshold(pix.pointer, tile, tile, 0, 0, 0.1, nil, &thresholded) == 0,
            var binary = Pix(thresholded)
        else { return gaps.map { _ in [] } }
        if let maximumGlyphHeight {
            guard
                let glyphs = Pix(
                    pixSelectBySize(
                        binary.pointer, 0, Int32(maximumGlyphHeight), 8,
                        Int32(L_SELECT_HEIGHT), Int32(L_SELECT_IF_LTE), nil))
            else { return gaps.map { _ in [] } }
            binary = glyphs
        }
        return gaps.map { gap in
            guard let closed = Pix(pixCloseBrick(nil, binary.pointer, Int32(max(3, gap)), 1)),
                let opened = Pix(pixOpenBrick(nil, closed.pointer, 1, 2))
            else { return [] }
            return opened.componentBoxes()
        }
    }
}

extension Pix {
    /// The boxes of the 8-connected components of this binary image (boxes only: asking
    /// for the components' images too would copy every blob).
    func componentBoxes() -> [PixelBox] {
        guard let boxa = pixConnComp(pointer, nil, 8) else { return [] }
        defer {
            var b: UnsafeMutablePointer<BOXA>? = boxa
            boxaDestroy(&b)
        }
        let count = boxaGetCount(boxa)
        var out: [PixelBox] = []
        out.reserveCapacity(Int(count))
        for i in 0..<count {
            var x: Int32 = 0, y: Int32 = 0, w: Int32 = 0, h: Int32 = 0
            if boxaGetBoxGeometry(boxa, i, &x, &y, &w, &h) == 0 {
                out.append(PixelBox(x: Int(x), y: Int(y), width: Int(w), height: Int(h)))
            }
        }
        return out
    }
}
