import IDCommon
import Imaging

/// A band search on the grey levels at the scale of an MRZ's characters (issue 44): where
/// blur makes an MRZ's glyphs touch, no glyph chain forms, yet each of its lines stays a
/// line of dark energy (`GrayImage.lineEnergyStripes`: a black top-hat at the characters'
/// height, ridges across the lines, joined along them).  The view's working copy is
/// scaled so that a glyph is `glyphHeight` pixels high for each of a few glyph heights
/// (`glyphsAcross`), so that every length is set in glyphs whatever the picture's size;
/// its lines are grouped into 2 or 3 stacked at an MRZ's pitch for that glyph height
/// (`follows`), as long for their pitch as an MRZ's lines (`StripeBands.mrzLengthPerPitch`).
/// Unlike `StripeBands`, a line may reach the picture's side: a card's MRZ fills its
/// picture (ag_id-ltu).
enum LineEnergyBands {
    /// A glyph's height in the scaled working copy, in pixels: lines `pitchInGlyphs`
    /// apart stay apart under a blur of half a glyph height.
    static let glyphHeight = 8

    /// The view's width in glyph heights at each scale looked at: an MRZ line of 30–44
    /// characters spans 25–37 glyph heights, so 28 finds one filling the picture (a card
    /// photographed alone) and 95 one a third of its width (a passport page photographed
    /// with its surroundings); each scale is 1.5 times the last, so every MRZ is within
    /// 1.25 times of one of them.
    static let glyphsAcross = [28, 42, 63, 95]

    /// The distance between an MRZ's lines, middle to middle, in glyph heights of the
    /// scale that found them: about 1.5 (`StripeBands.glyphHeightPerPitch`), 1.2–1.9 at
    /// the nearest scale (`glyphsAcross`), and more for cards whose lines are set wider.
    static let pitchInGlyphs = 1.1...2.6

    /// The least length of a line taken for an MRZ line, in glyph heights: a TD1 line
    /// spans 25, and blur fades its `<` fillers to paper.
    static let shortestLineInGlyphs = 10

    /// Bands of 2 or 3 lines set like an MRZ's in `view`, as glyph lines
    /// (`StripeBands.glyphLines`) in the view's full-resolution pixels, with the scale
    /// (`glyphsAcross`) that found them, finest scale first.  `wholeWidth`: a band's lines
    /// must also span `StripeBands.leastShareOfWidth` of the view (a picture not blurred
    /// as a whole: the soft stripes of a photo are shorter).
    static func bands(in view: OrientedView, wholeWidth: Bool) -> [(across: Int, lines: [PixelBox])] {
        let image = view.stripeImage
        return glyphsAcross.reversed().flatMap { across -> [(across: Int, lines: [PixelBox])] in
            let factor = Double(glyphHeight * across) / Double(image.width)
            // enlarging past twice the working copy invents the glyphs' shapes
            guard factor <= 2 else { return [] }
            let scaled = image.scaledPlain(by: factor)
            let lines = scaled.lineEnergyStripes(glyphHeight: glyphHeight, minimumLength: shortestLineInGlyphs * glyphHeight)
            return group(lines).map(StripeBands.glyphLines)
                .filter { StripeBands.setLikeMRZLines($0, viewWidth: wholeWidth ? Double(scaled.width) : 0) }
                .map { band in (across, band.map { $0.scaled(by: view.scale / factor) }) }
        }
    }

    /// `view` turned by the skew of its print where the view measured none (its angle 0)
    /// and its print shows one less surely than a view needs (`unsureSkew`), else `nil`:
    /// a page photographed turned, its MRZ blurred grey, makes no level lines in an
    /// upright view (pe_pass-aus-photo, turned some 16°, blurred by 0.3 and 0.38
    /// character heights: the sweep's confidence 1.3–1.4, its angle 18°).
    static func printSkewed(_ view: OrientedView, input: GrayImage) -> OrientedView? {
        let turned = view.stripeImage
        guard view.angle == 0, let skew = turned.skewAngle(range: 20, leastConfidence: unsureSkew), abs(skew) > 0.4 else { return nil }
        return OrientedView(input: input, turnedWorkingCopy: turned, quarter: view.quarter, angle: skew)
    }

    /// The least confidence (Leptonica's skew sweep) of a skew the line energy looks
    /// along where the view took none (`OrientedView` asks 1.5): the view's band is then
    /// measured like any, and only a band whose measures name blur counts; of
    /// scikit-image's 25 pictures without a document none is then named (bench/README.md,
    /// session 31).
    static let unsureSkew = 1.0

    /// Groups of 2 or 3 of `lines` (boxes in the scaled copy) that `follows` chains top to
    /// bottom, the longest first; at most `BandSearch.maximumBandsPerOrientation`.
    static func group(_ lines: [PixelBox]) -> [[PixelBox]] {
        let long = lines.filter { $0.width >= shortestLineInGlyphs * glyphHeight && $0.height <= 2 * glyphHeight }.sorted { $0.y < $1.y }
        var bands: [[PixelBox]] = []
        for i in long.indices {
            var band = [long[i]]
            for next in long[(i + 1)...] where band.count < 3 && follows(next, band) { band.append(next) }
            if band.count >= 2 { bands.append(band) }
        }
        return Array(bands.sorted { $0[0].width > $1[0].width }.prefix(BandSearch.maximumBandsPerOrientation))
    }

    /// Whether `next` is the line after `band`'s: `pitchInGlyphs` below its last line (at
    /// the pitch of its lines, within a quarter), starting, ending or centred where its
    /// first line does (within 2 glyph heights) and overlapping half the longer of the two
    /// (a card's middle line, whose fillers blur away, is shorter; a line the blur joins
    /// to a frame drawn round the MRZ is longer at both ends: ds_pass-aze).
    static func follows(_ next: PixelBox, _ band: [PixelBox]) -> Bool {
        let first = band[0], last = band[band.count - 1]
        let middle = { (box: PixelBox) in Double(box.y) + Double(box.height) / 2 }
        let pitch = middle(next) - middle(last)
        guard pitchInGlyphs.contains(pitch / Double(glyphHeight)) else { return false }
        let near = 2 * glyphHeight
        let aligned =
            abs(next.x - first.x) < near || abs(next.x + next.width - first.x - first.width) < near
            || abs(2 * next.x + next.width - 2 * first.x - first.width) < 2 * near
        let overlap = min(next.x + next.width, first.x + first.width) - max(next.x, first.x)
        guard aligned, 2 * overlap >= max(next.width, first.width) else { return false }
        return band.count < 2 || abs(pitch - (middle(last) - middle(band[band.count - 2]))) < 0.25 * pitch
    }
}

/// A picture's oriented views for the looks at a blurred MRZ, each made on first use
/// from one working copy (`OrientedView.workingCopy`).
final class LookViews {
    private let image: GrayImage
    private lazy var workingCopy = OrientedView.workingCopy(of: image)
    private var views: [Int: OrientedView] = [:]

    init(_ image: GrayImage) { self.image = image }

    /// The view `quarter` quarter turns round, made once.
    func view(_ quarter: Int) -> OrientedView {
        if let made = views[quarter] { return made }
        let made = OrientedView(input: image, workingCopy: workingCopy, quarter: quarter)
        views[quarter] = made
        return made
    }
}

/// What the line energy shows of each band it proposes, for tuning
/// (`idreader-bench energy-bands`).
@_spi(Evaluation) public struct EnergyBandEvidence: Sendable {
    public var quarter: Int
    /// The scale that found the band (`LineEnergyBands.glyphsAcross`).
    public var glyphsAcross: Int
    public var band: MeasuredBandEvidence
    /// The cause `MRZScanner.energyLook` names from the band, `nil` for none.
    public var cause: MRZScanFailure?
}

extension MRZScanner {
    /// A last look, after the stripe look found no band (`stripeLook`), for an MRZ whose
    /// lines blur into stripes at the characters' own scale: the bands
    /// `LineEnergyBands` proposes, upright and a quarter turned, measured as a band's
    /// lines are (`BandMeasures`); a band counts where its measures name a cause
    /// (`causeOfEnergyBand`).  `nil`: no such band.
    public static func energyLook(_ image: GrayImage, pictureBlurred: Bool) -> UnreadLines? {
        let working = OrientedView.workingCopy(of: image)
        return energyLook(image, pictureBlurred: pictureBlurred) { OrientedView(input: image, workingCopy: working, quarter: $0) }
    }

    /// The print stripes' look (`stripeLook`), then where it names no band the line
    /// energy's (`energyLook`, its CPU counted as `StepProfile`'s `energyLook`), both in
    /// one set of oriented views made here on first use: the views' turned, deskewed
    /// working copies are made once for the two looks, not once each (a frame state
    /// without a document).  `view`: a search's views, made already (`MRZSearch`).
    static func blurredBandLooks(_ image: GrayImage, pictureBlurred: Bool, view: ((Int) -> OrientedView)? = nil) -> UnreadLines? {
        let views = view ?? LookViews(image).view
        return stripeLook(image, pictureBlurred: pictureBlurred, view: views)
            ?? StepProfile.measure(.energyLook) { energyLook(image, pictureBlurred: pictureBlurred, view: views) }
    }

    /// `blurredBandLooks(_:pictureBlurred:view:)` in views made here.
    public static func blurredBandLooks(_ image: GrayImage, pictureBlurred: Bool) -> UnreadLines? {
        blurredBandLooks(image, pictureBlurred: pictureBlurred, view: nil)
    }

    /// `energyLook(_:pictureBlurred:)` in the oriented views `view` gives (a search's,
    /// made already: `MRZSearch.energyLook`).
    /// Where neither view shows such a band, the views the skew of their print turns
    /// (`LineEnergyBands.printSkewed`) are looked in too.
    static func energyLook(_ image: GrayImage, pictureBlurred: Bool, view orientedView: (Int) -> OrientedView) -> UnreadLines? {
        for quarter in [0, 1] {
            if let found = energyBand(in: orientedView(quarter), of: image, pictureBlurred: pictureBlurred) { return found }
        }
        for quarter in [0, 1] {
            guard let view = LineEnergyBands.printSkewed(orientedView(quarter), input: image) else { continue }
            if let found = energyBand(in: view, of: image, pictureBlurred: pictureBlurred) { return found }
        }
        return nil
    }

    /// The first band the line energy proposes in `view` whose measures name a cause.
    static func energyBand(in view: OrientedView, of image: GrayImage, pictureBlurred: Bool) -> UnreadLines? {
        for band in LineEnergyBands.bands(in: view, wholeWidth: !pictureBlurred) {
            let lines = band.lines.map {
                OrientedView.inputQuadrilateral($0, quarter: view.quarter, angle: view.angle, inputWidth: image.width, inputHeight: image.height)
            }
            guard BandSearch.shapedLikeMRZ(lines), let m = BandMeasures(lines: lines, in: image),
                let cause = causeOfEnergyBand(m, pictureBlurred: pictureBlurred)
            else { continue }
            return UnreadLines(cause, stacked: true, lines: lines)
        }
        return nil
    }

    /// The cause a band the line energy proposed shows, `nil` for none: lines that stand
    /// apart as an MRZ's (`leastLinePitch`) of glyphs `smallestBlurredGlyph` or taller
    /// (`leastGlyphInSharpPicture` where the picture is not blurred as a whole), their
    /// edges wider than `StripeBands.leastBlurInBlurredPicture`: blurred.
    static func causeOfEnergyBand(_ m: BandMeasures, pictureBlurred: Bool) -> MRZScanFailure? {
        let least = pictureBlurred ? smallestBlurredGlyph : leastGlyphInSharpPicture
        guard m.closestLinePitch >= leastLinePitch, m.glyphHeight >= least else { return nil }
        return m.edgeWidth > StripeBands.leastBlurInBlurredPicture ? .blurred : nil
    }

    /// The least glyph height (input pixels) of a band the line energy names blurred where
    /// the picture is not blurred as a whole (`PictureMeasures.blurredForStripes`): a large
    /// page's MRZ blurred by a third of its glyphs leaves the picture's sharpest edges
    /// narrow for its size (the real corpus blurred: ds_pass-aze, nc_id-fra-2021 and
    /// pe_pass-aus-photo, glyphs 19–88 px), while the soft texture of a photo makes bands
    /// of small ones (scikit-image's astronaut, camera, hubble_deep_field and
    /// immunohistochemistry: 6–10 px, edges 0.6–2.1 glyph heights; their bands of glyphs 16
    /// px, brick and gravel, measure edges of 0.20–0.25).
    static let leastGlyphInSharpPicture = 16.0

    /// Every band the line energy proposes in `image`, measured (`EnergyBandEvidence`).
    @_spi(Evaluation) public static func energyEvidence(_ image: GrayImage, pictureBlurred: Bool) -> [EnergyBandEvidence] {
        let views = LookViews(image)
        let upright = [0, 1].map(views.view)
        return (upright + upright.compactMap { LineEnergyBands.printSkewed($0, input: image) }).flatMap { view -> [EnergyBandEvidence] in
            LineEnergyBands.bands(in: view, wholeWidth: false).map { band -> EnergyBandEvidence in
                let lines = band.lines.map {
                    OrientedView.inputQuadrilateral($0, quarter: view.quarter, angle: view.angle, inputWidth: image.width, inputHeight: image.height)
                }
                let m = BandMeasures(lines: lines, in: image)
                return EnergyBandEvidence(
                    quarter: view.quarter, glyphsAcross: band.across, band: MeasuredBandEvidence(lines: lines, measures: m),
                    cause: m.flatMap { causeOfEnergyBand($0, pictureBlurred: pictureBlurred) })
            }
        }
    }
}
