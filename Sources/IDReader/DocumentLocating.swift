import DocumentModel
import IDCommon
import Imaging

/// Fills in where each document read from a picture is (`IdentityDocument.location`):
/// what it was read from, as the read found it (always: arithmetic on corners found), and,
/// when asked (`findsOutline`, a few ms per document), its outline, from the layout and
/// refined by the page's or card's edges, and an ICAO page's portrait.
struct DocumentLocating {
    let image: GrayImage
    /// Whether to find the outline and the portrait (`ReadOptions.locatesOutline`).
    var findsOutline = true

    /// `documents` (as `readWithDiagnosis` returns them) with their locations from
    /// `diagnostics`, which holds where each MRZ and symbol was read.
    func locate(_ documents: [IdentityDocument], diagnostics: ReadDiagnostics) -> [IdentityDocument] {
        var located = documents
        for band in diagnostics.mrz where located.indices.contains(band.documentIndex) {
            guard let mrz = MRZLocation(lines: band.lines) else { continue }
            let layout = findsOutline ? located[band.documentIndex].mrz.flatMap { DocumentLayout.icao(format: $0.format) } : nil
            let outline = layout.flatMap { layout in layout.outline(mrzLines: band.lines).map { outlineSeen(layout: layout, predicted: $0, reach: mrzReach) } }
            var portrait: LocatedQuadrilateral? = nil
            if let layout, let outline {
                let top = mrz.corners.quadrilateral
                portrait = PortraitLocating(image: image).portrait(
                    outline: outline.corners.quadrilateral, layout: layout, mrzTop: (top.topLeft, top.topRight)
                ).map(LocatedQuadrilateral.init)
            }
            located[band.documentIndex].location = DocumentLocation(mrz: mrz, outline: outline, portrait: portrait)
        }
        for symbol in diagnostics.barcodes where located.indices.contains(symbol.documentIndex) {
            guard let corners = symbol.corners else { continue }
            let document = located[symbol.documentIndex]
            // only a licence's PDF417 is known to sit on an ID-1 card's back
            let outline =
                findsOutline && document.source == .pdf417
                ? DocumentLayout.licence.outline(symbol: corners).map { outlineSeen(layout: .licence, predicted: $0, reach: licenceReach) } : nil
            located[symbol.documentIndex].location = DocumentLocation(
                barcode: SymbolLocation(corners: corners, estimated: symbol.estimated), outline: outline)
        }
        return located
    }

    /// How far an ICAO document's sides are looked for, in mm (top, right, bottom, left):
    /// the bottom edge lies within about a millimetre of where the layout puts it, and no
    /// closer to the MRZ; the others by as much as the picture's perspective moves them.
    private func mrzReach(_ layout: DocumentLayout) -> [OutlineEdges.Reach] {
        let across = 0.05 * layout.width + 2, down = 0.08 * layout.height + 2
        return [
            .init(inward: down, outward: down), .init(inward: across, outward: across),
            .init(inward: 1.1, outward: 3), .init(inward: across, outward: across),
        ]
    }

    /// A licence's card: its symbol's width and place vary from card to card, so its
    /// sides are looked for further; the bottom edge no closer to the symbol than 2.5 mm.
    private func licenceReach(_ layout: DocumentLayout) -> [OutlineEdges.Reach] {
        [.init(inward: 12, outward: 12), .init(inward: 10, outward: 10), .init(inward: 2.2, outward: 4), .init(inward: 10, outward: 10)]
    }

    /// The outline `predicted` from the layout, moved onto the edges seen: `edges` when
    /// three sides or more are seen, else `layout`.  The bottom and the sides first (the
    /// zone read lies near the bottom, so they are best predicted); then the top, looked
    /// for where the nominal height over the width found puts it.
    private func outlineSeen(layout: DocumentLayout, predicted: Quadrilateral, reach: (DocumentLayout) -> [OutlineEdges.Reach]) -> DocumentOutline {
        let pixelsPerMM = (predicted.topRight - predicted.topLeft).length / layout.width
        let pixels = reach(layout).map { OutlineEdges.Reach(inward: $0.inward * pixelsPerMM, outward: $0.outward * pixelsPerMM) }
        let edges = OutlineEdges(image: image)
        let (lower, lowerSeen) = edges.refine(predicted, reach: [nil, pixels[1], pixels[2], pixels[3]])
        let width = (lower.bottomRight - lower.bottomLeft).length
        let height = width * layout.height / layout.width
        let left = lower.topLeft - lower.bottomLeft, right = lower.topRight - lower.bottomRight
        guard width > 1, left.length > 0, right.length > 0 else {
            return DocumentOutline(corners: predicted, source: .layout, partial: !inside(predicted))
        }
        let raised = Quadrilateral(
            topLeft: (Vector(lower.bottomLeft) + left * (height / left.length)).point,
            topRight: (Vector(lower.bottomRight) + right * (height / right.length)).point,
            bottomRight: lower.bottomRight, bottomLeft: lower.bottomLeft)
        let topReach = (0.04 * layout.height + 1) * pixelsPerMM
        let (outline, topSeen) = edges.refine(raised, reach: [OutlineEdges.Reach(inward: topReach, outward: topReach), nil, nil, nil])
        let seenCount = (lowerSeen.dropFirst() + topSeen.prefix(1)).filter { $0 }.count
        let corners = seenCount > 0 ? outline : predicted
        return DocumentOutline(corners: corners, source: seenCount >= 3 ? .edges : .layout, partial: !inside(corners))
    }

    /// Every corner within the picture (half a pixel of slack for rounding).
    private func inside(_ quadrilateral: Quadrilateral) -> Bool {
        quadrilateral.corners.allSatisfy {
            $0.x >= -0.5 && $0.y >= -0.5 && $0.x <= Double(image.width) + 0.5 && $0.y <= Double(image.height) + 0.5
        }
    }
}

extension DocumentReader {
    /// `documents` read from `image` (a result's, with its `diagnostics`) with their
    /// locations found again, the outline and portrait when `outline`: what `read(image:)`
    /// does after reading, on its own, for measuring what it costs (`idreader-bench locations`).
    public func locate(_ documents: [IdentityDocument], diagnostics: ReadDiagnostics, in image: GrayImage, outline: Bool = true) -> [IdentityDocument] {
        DocumentLocating(image: image, findsOutline: outline).locate(documents, diagnostics: diagnostics)
    }
}
