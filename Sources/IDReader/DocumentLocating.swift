import DocumentModel
import Foundation
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
            let outline = layout.flatMap { layout in
                layout.outline(mrzLines: band.lines).map { outlineSeen(layout: layout, predicted: $0, reach: mrzReach, headings: true) }
            }
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
            guard let decoded = symbol.corners else { continue }
            let document = located[symbol.documentIndex]
            let repaired = SymbolSideRepair(image: image).repaired(decoded)
            let corners = repaired ?? decoded
            // only a licence's PDF417 is known to sit on an ID-1 card's back
            let outline = findsOutline && document.source == .pdf417 ? licenceOutline(symbol: corners) : nil
            located[symbol.documentIndex].location = DocumentLocation(
                barcode: SymbolLocation(corners: corners, estimated: symbol.estimated || repaired != nil), outline: outline)
        }
        return located
    }

    /// A licence back's card around its PDF417 symbol's `corners` (reading order): the
    /// layout's guess moved onto the card's edges seen; `nil` for a degenerate symbol.
    func licenceOutline(symbol corners: Quadrilateral) -> DocumentOutline? {
        DocumentLayout.licence.outline(symbol: corners).map { outlineSeen(layout: .licence, predicted: $0, reach: licenceReach) }
    }

    /// How far an ICAO document's sides are looked for, in mm (top, right, bottom, left).
    /// The bottom edge from 1.5 mm below the last line's ink (about 2.7 mm below its
    /// centre) to 12 mm below its centre, the first edge met going down: only blank page
    /// lies between the MRZ and the edge, while the background beyond may be textured (the
    /// standard's 9.40 mm and the pages printed closer to the edge both lie within).  The
    /// left and right by as much as the picture's perspective moves them; the top, looked
    /// for last, by as much as 15 % of the height.
    private func mrzReach(_ layout: DocumentLayout) -> [OutlineEdges.Reach] {
        let across = 0.05 * layout.width + 2
        let centre = layout.lastLineCentreAboveBottom
        return [
            .init(inward: 0.15 * layout.height + 1, outward: 0.15 * layout.height + 1), .init(inward: across, outward: across),
            .init(inward: centre - 2.7, outward: 12 - centre, prefer: .innermost), .init(inward: across, outward: across),
        ]
    }

    /// A licence's card, in mm at the scale guessed from a 68 mm symbol: backs print the
    /// symbol 58–78 mm wide and not always centred, so each side is looked for from just
    /// outside the symbol to where the narrowest symbol would put it (the outermost
    /// edge found: the symbol's white ground has an edge of its own); the bottom from
    /// 1.4 to 11 mm below the symbol; the top by as much as 15 % of the height.
    private func licenceReach(_ layout: DocumentLayout) -> [OutlineEdges.Reach] {
        let halfWidth = layout.width / 2, halfSymbol = 68.0 / 2, bottom = 4.75
        let side = OutlineEdges.Reach(inward: halfWidth - halfSymbol - 0.7, outward: halfSymbol * 1.1 - (halfWidth - halfSymbol))
        return [
            .init(inward: 0.15 * layout.height + 1, outward: 0.15 * layout.height + 1), side,
            .init(inward: bottom - 1.4, outward: 11 - bottom), side,
        ]
    }

    /// The outline `predicted` from the layout, moved onto the edges seen: `edges` when
    /// three sides or more are seen, else `layout`.  The bottom and the sides first (the
    /// zone read lies near the bottom, so they are best predicted); then the top, looked
    /// for where the nominal height over the width found puts it (on an ICAO page,
    /// `headings`, near there first).  A bottom not seen under a top that is lies the
    /// nominal height below it.
    private func outlineSeen(
        layout: DocumentLayout, predicted: Quadrilateral, reach: (DocumentLayout) -> [OutlineEdges.Reach], headings: Bool = false
    ) -> DocumentOutline {
        let pixelsPerMM = (predicted.topRight - predicted.topLeft).length / layout.width
        let pixels = reach(layout).map { OutlineEdges.Reach(inward: $0.inward * pixelsPerMM, outward: $0.outward * pixelsPerMM, prefer: $0.prefer) }
        let edges = OutlineEdges(image: image)
        let (lower, lowerSeen) = edges.refine(predicted, reach: [nil, pixels[1], pixels[2], pixels[3]])
        guard let raised = Self.moved(lower, fromBottom: true, by: layout.height / layout.width) else {
            return DocumentOutline(corners: predicted, source: .layout, partial: !predicted.lies(within: image))
        }
        // an ICAO page's top near where the nominal height puts it first (a heading's or a
        // portrait's edge a little inside can be stronger than the page's own), then as far
        // as perspective can move it; a licence's over that whole reach at once: its first
        // line of print runs a few mm under the top, where perspective can put the nominal
        // top, and lines up along less of the side than the card's edge does (idphoto-gen
        // seeds 1 and 2, hard licence backs: 34 of 48 outlined within 1.5 % → 44)
        let near = OutlineEdges.Reach(inward: (0.04 * layout.height + 1) * pixelsPerMM, outward: (0.04 * layout.height + 1) * pixelsPerMM)
        var (outline, topSeen) = headings ? edges.refine(raised, reach: [near, nil, nil, nil]) : (raised, [false, false, false, false])
        if !topSeen[0] { (outline, topSeen) = edges.refine(raised, reach: [pixels[0], nil, nil, nil]) }
        // on an ICAO page under perspective (its sides seen turned from each other) the
        // nominal height can put the top nearer a heading's line than the page's edge:
        // when a line was found there, the page's edge is looked for beyond it, from just
        // outside it to as far as a heading sits below the page's top (the outermost line),
        // unless what lies between is darker than the page under the first line: then that
        // line was the page's edge, and the further one a stripe of the background
        if headings, topSeen[0], lowerSeen[1], lowerSeen[3], Self.sidesTurned(lower) > Self.perspectiveTurn {
            let beyond = OutlineEdges.Reach(inward: -0.8 * pixelsPerMM, outward: (0.06 * layout.height + 1) * pixelsPerMM)
            let (further, seen) = edges.refine(outline, reach: [beyond, nil, nil, nil])
            if seen[0], edges.pageLies(beyondTopOf: outline, upTo: further, pixelsPerMM: pixelsPerMM) != false { outline = further }
        }
        if topSeen[0], !lowerSeen[2], let lowered = Self.moved(outline, fromBottom: false, by: layout.height / layout.width) {
            outline = lowered
        }
        let seenCount = (lowerSeen.dropFirst() + topSeen.prefix(1)).filter { $0 }.count
        let corners = seenCount > 0 ? outline : predicted
        return DocumentOutline(corners: corners, source: seenCount >= 3 ? .edges : .layout, partial: !corners.lies(within: image))
    }

    /// Sides turned from each other by more than this (radians, 1.5°) show perspective.
    static let perspectiveTurn = 1.5 * Double.pi / 180

    /// The angle between `outline`'s left and right sides, in radians.
    static func sidesTurned(_ outline: Quadrilateral) -> Double {
        let left = outline.topLeft - outline.bottomLeft, right = outline.topRight - outline.bottomRight
        let cosine = left.dot(right) / max(1e-9, left.length * right.length)
        return acos(min(1, max(-1, cosine)))
    }

    /// `outline` with its top (`fromBottom`) or its bottom corners moved along its sides
    /// to `ratio` times the width of the edge kept from it; `nil` when a side is degenerate.
    private static func moved(_ outline: Quadrilateral, fromBottom: Bool, by ratio: Double) -> Quadrilateral? {
        let (keptLeft, keptRight) = fromBottom ? (outline.bottomLeft, outline.bottomRight) : (outline.topLeft, outline.topRight)
        let (otherLeft, otherRight) = fromBottom ? (outline.topLeft, outline.topRight) : (outline.bottomLeft, outline.bottomRight)
        let width = (keptRight - keptLeft).length
        let left = otherLeft - keptLeft, right = otherRight - keptRight
        guard width > 1, left.length > 0, right.length > 0 else { return nil }
        let height = width * ratio
        let newLeft = (Vector(keptLeft) + left * (height / left.length)).point
        let newRight = (Vector(keptRight) + right * (height / right.length)).point
        return fromBottom
            ? Quadrilateral(topLeft: newLeft, topRight: newRight, bottomRight: keptRight, bottomLeft: keptLeft)
            : Quadrilateral(topLeft: keptLeft, topRight: keptRight, bottomRight: newRight, bottomLeft: newLeft)
    }
}

extension Quadrilateral {
    /// Whether every corner lies within `image` (half a pixel of slack for rounding): an
    /// outline that does not is `partial`.
    func lies(within image: GrayImage) -> Bool {
        corners.allSatisfy { $0.x >= -0.5 && $0.y >= -0.5 && $0.x <= Double(image.width) + 0.5 && $0.y <= Double(image.height) + 0.5 }
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
