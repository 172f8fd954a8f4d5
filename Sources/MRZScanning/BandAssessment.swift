import IDCommon
import Imaging

/// What `MRZScanner.assess` saw of a picture's MRZ without reading it.
public struct MRZBandAssessment: Sendable, Equatable {
    /// `noMRZ` when no band was seen; `undecodable` when one was seen whose measures give
    /// no reason it would not read; else why it would not.
    public let failure: MRZScanFailure
    /// The band's lines (first line first), each the quadrilateral of its glyphs' ink in
    /// input pixels, corners in the order the chains read it (they do not tell a band from
    /// the same band upside down); empty when no band was seen.
    public let lines: [Quadrilateral]
}

extension MRZScanner {
    /// What a picture shows of an MRZ without reading it: the glyph chains' first pass
    /// finds the most MRZ-like band, and its own lines are measured (`BandMeasures`); no
    /// OCR.  `noMRZ` when no band is seen; `undecodable` when one is seen whose measures
    /// give no reason it would not read (for a camera: a frame worth reading); else why it
    /// would not.  The band's lines come with it, for drawing where the document is.
    /// Cheap enough for a live view (see `idreader-bench frame-states`).
    public static func assess(_ image: GrayImage) -> MRZBandAssessment {
        let working = ChainBandFinder.workingCopy(of: image)
        let finder = ChainBandFinder(input: image, working: working, pass: ChainBandFinder.passes[0])
        // the first band the search would read: one of its lines set in fixed pitch (the
        // wavy print of a page's background chains too)
        guard let band = firstMRZLike(of: finder) else { return MRZBandAssessment(failure: .noMRZ, lines: []) }
        let failure = likelyCause(bands: [band.outlines], shortBands: [], shapedBands: [], in: image)
        guard failure == .cutOff else { return MRZBandAssessment(failure: failure, lines: band.outlines) }
        // a failed read's band within a glyph height of the edge may go on past it; a
        // frame's band whose glyphs all stand clear of the edge is whole (a page cropped
        // close to its MRZ), and only one touching it is cut off
        let heights = band.outlines.map(BandMeasures.height).sorted()
        let margin = Self.clearOfTheEdge * (heights.isEmpty ? 0 : heights[heights.count / 2])
        let runsOff = band.outlines.contains { BandMeasures.runsOff($0, image: image, margin: margin) }
        return MRZBandAssessment(failure: runsOff ? .cutOff : .undecodable, lines: band.outlines)
    }

    /// The first of the finder's first `BandSearch.maximumChainBands` straightened bands
    /// with a line of MRZ shape.  A plain loop: each group is straightened once (a lazy
    /// `compactMap` then `prefix` and `first(where:)` straightened the first one three
    /// times, most of a frame's assessment).
    static func firstMRZLike(of finder: ChainBandFinder) -> RectifiedBand? {
        var straightened = 0
        for group in finder.groups() {
            guard let band = finder.rectify(group) else { continue }
            if band.lines.contains(where: { BandFinder.lineShape(band.image, $0) == .mrzLike }) { return band }
            straightened += 1
            if straightened == BandSearch.maximumChainBands { return nil }
        }
        return nil
    }

    /// A last look, after a search and a second look that saw no MRZ, for an MRZ whose
    /// glyphs blur into one another so that no binarisation tells them apart: the print
    /// stripes' bands shaped like an MRZ (`OrientedView.stripeBands`), upright and a
    /// quarter turned (a band's stripes are the same upside down), whose edges are wider
    /// than `unmistakableBlur`, or than `StripeBands.leastBlurInBlurredPicture` where the
    /// picture is blurred as a whole (`pictureBlurred`).  Only blur is named from stripes: text, mortar and rows of
    /// print make stripes too, and a sharp band's cause is the glyph chains' to name.
    /// Where the picture as a whole is not measured blurred (`pictureBlurred` false: a
    /// large photo's sharpest edges, per 1000 pixels, stay narrow under a blur of a third
    /// of its MRZ's characters), a band counts only with lines as long for their pitch as
    /// an MRZ's (`mrzLengthPerPitch`) reaching across much of the picture
    /// (`leastShareOfWidth`): the soft stripes of photos without a document are shorter.
    /// `nil`: no such band.  Some tens of ms.
    public static func stripeLook(_ image: GrayImage, pictureBlurred: Bool = true) -> UnreadLines? {
        let working = OrientedView.workingCopy(of: image)
        return stripeLook(image, pictureBlurred: pictureBlurred) { OrientedView(input: image, workingCopy: working, quarter: $0) }
    }

    /// `stripeLook(_:pictureBlurred:)` in the oriented views `view` gives (a search's,
    /// made already: `MRZSearch.stripeLook`).
    static func stripeLook(_ image: GrayImage, pictureBlurred: Bool, view orientedView: (Int) -> OrientedView) -> UnreadLines? {
        for quarter in [0, 1] {
            let view = orientedView(quarter)
            let viewWidth = Double(view.smallWidth) * view.scale
            for band in view.stripeBands()
            where pictureBlurred || StripeBands.setLikeMRZLines(band, viewWidth: viewWidth) {
                let lines = band.map {
                    OrientedView.inputQuadrilateral($0, quarter: quarter, angle: view.angle, inputWidth: image.width, inputHeight: image.height)
                }
                guard BandSearch.shapedLikeMRZ(lines), let m = BandMeasures(lines: lines, in: image), m.closestLinePitch >= leastLinePitch,
                    m.glyphHeight >= smallestBlurredGlyph, m.edgeWidth > (pictureBlurred ? StripeBands.leastBlurInBlurredPicture : unmistakableBlur)
                else { continue }
                return UnreadLines(.blurred, stacked: true, lines: lines)
            }
        }
        return nil
    }

    /// The least glyph height (input pixels) of a band `stripeLook` names blurred: the real
    /// corpus blurred measures 7 px and more; smaller print is too small to say.
    static let smallestBlurredGlyph = 5.0

    /// How far from the picture's edge, in glyph heights, a frame's band must end to be
    /// taken as whole.
    static let clearOfTheEdge = 0.25
}
