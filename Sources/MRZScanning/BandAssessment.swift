import IDCommon
import Imaging

extension MRZScanner {
    /// What a picture shows of an MRZ without reading it: the glyph chains' first pass
    /// finds the most MRZ-like band, and its own lines are measured (`BandMeasures`); no
    /// OCR.  `noMRZ` when no band is seen; `undecodable` when one is seen whose measures
    /// give no reason it would not read (for a camera: a frame worth reading); else why it
    /// would not.  Cheap enough for a live view (see `idreader-bench frame-states`).
    public static func assess(_ image: GrayImage) -> MRZScanFailure {
        let working = ChainBandFinder.workingCopy(of: image)
        let finder = ChainBandFinder(input: image, working: working, pass: ChainBandFinder.passes[0])
        // the first band the search would read: one of its lines set in fixed pitch (the
        // wavy print of a page's background chains too)
        guard let band = firstMRZLike(of: finder) else { return .noMRZ }
        let failure = likelyCause(bands: [band.outlines], shortBands: [], shapedBands: [], in: image)
        guard failure == .cutOff else { return failure }
        // a failed read's band within a glyph height of the edge may go on past it; a
        // frame's band whose glyphs all stand clear of the edge is whole (a page cropped
        // close to its MRZ), and only one touching it is cut off
        let heights = band.outlines.map(BandMeasures.height).sorted()
        let margin = Self.clearOfTheEdge * (heights.isEmpty ? 0 : heights[heights.count / 2])
        return band.outlines.contains { BandMeasures.runsOff($0, image: image, margin: margin) } ? .cutOff : .undecodable
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

    /// What a picture in which `assess` saw no band shows of an MRZ in its print stripes:
    /// the first stripe bands shaped like an MRZ (`OrientedView.stripeBands`), measured as
    /// a failed read's are (`causeOfShapedBands`), upright and a quarter turned (a band's
    /// stripes are the same upside down); `noMRZ` where none shows a cause.  A frame whose
    /// glyphs blur into one another has no glyph chain, yet its MRZ is there to be named
    /// blurred.  Some tens of ms: for frames nothing else names.
    public static func assessStripes(_ image: GrayImage) -> MRZScanFailure {
        let working = OrientedView.workingCopy(of: image)
        for quarter in [0, 1] {
            let view = OrientedView(input: image, workingCopy: working, quarter: quarter)
            let bands = view.stripeBands().prefix(BandSearch.maximumBandsPerOrientation).map { band in
                band.map {
                    OrientedView.inputQuadrilateral($0, quarter: quarter, angle: view.angle, inputWidth: image.width, inputHeight: image.height)
                }
            }
            if let cause = causeOfShapedBands(bands.filter(BandSearch.shapedLikeMRZ), in: image) { return cause }
        }
        return .noMRZ
    }

    /// How far from the picture's edge, in glyph heights, a frame's band must end to be
    /// taken as whole.
    static let clearOfTheEdge = 0.25
}
