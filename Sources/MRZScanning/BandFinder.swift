import Foundation
import Imaging
import MRZ

/// Candidate MRZ bands from the line boxes of an oriented view.  Two sources give the
/// boxes: characters joined into line blobs by a horizontal closing (Leptonica,
/// milliseconds; `OrientedView.morphologyBands`) and Tesseract's layout analysis without
/// recognition (slower, copes with busy layouts; `OrientedView.layoutBands`).
enum BandFinder {
    /// Groups of 2 or 3 line blobs that look like an MRZ: long, thin, of equal width and
    /// left edge (MRZ lines are equally long), evenly stacked; lowest first (on data pages
    /// the MRZ is at the bottom).  `scale` maps blob coordinates to the caller's pixels.
    static func bands(from lineBlobs: [PixelBox], workingWidth: Int, scale: Double) -> [[PixelBox]] {
        let blobs =
            lineBlobs
            .filter { $0.width >= workingWidth / 4 && $0.height >= 5 && $0.width > 8 * $0.height }
            .sorted { $0.y < $1.y }
        var bands: [[PixelBox]] = []
        for i in blobs.indices {
            for size in [3, 2] where i + size <= blobs.count {
                let group = Array(blobs[i..<i + size])
                let width = Double(group[0].width), height = Double(group.map(\.height).max()!)
                guard group.allSatisfy({ abs(Double($0.width) - width) < 0.15 * width && abs(Double($0.x - group[0].x)) < 3 * height })
                else { continue }
                let pitches = zip(group, group.dropFirst()).map { Double($1.y - $0.y) }
                guard pitches.allSatisfy({ $0 > 0.8 * height && $0 < 3.5 * height }) else { continue }
                bands.append(group.map { $0.scaled(by: scale) })
            }
        }
        return bands.sorted { $0.last!.y > $1.last!.y }
    }

    /// Glyph counts of a line that may be an MRZ line: the format table's full line lengths
    /// (30–44 today), with room for a pitch measured a fifth too wide or narrow.
    static var glyphsPerLine: ClosedRange<Double> {
        let lengths = MRZFormat.fullLineLengths
        return Double(lengths.lowerBound) * 0.8...Double(lengths.upperBound) * 1.15
    }

    /// Whether the line in `box` is set like an MRZ line: `glyphsPerLine` glyphs at one fixed pitch.
    /// Measured on the generated and real MRZ sets and on licence backs: every MRZ line
    /// read validly has ≥ 87 % of its glyph-to-glyph distances within 20 % of the median
    /// one; the text lines of licences that form band-like groups have at most 50 %.
    /// A few milliseconds, against ~40 ms for each OCR call it saves.
    static func looksLikeMRZLine(_ image: GrayImage, _ box: PixelBox) -> Bool { lineShape(image, box) == .mrzLike }

    /// How the line in `box` compares with an MRZ line (`looksLikeMRZLine`'s measure, with
    /// the reason when it is not one).
    static func lineShape(_ image: GrayImage, _ box: PixelBox) -> LineShape {
        let textHeight = 20.0
        let line = image.cropped(x: box.x, y: box.y - box.height / 5, width: box.width, height: box.height * 7 / 5)
            .scaled(by: textHeight / Double(max(1, box.height)))
        // glyphs: components of at least 30 % of the text height (`<` included, specks not)
        let centres = line.textLineBlobs(gap: 1).filter { Double($0.height) >= 0.3 * textHeight }
            .map { Double($0.x) + Double($0.width) / 2 }.sorted()
        guard centres.count >= 15 else { return .tooShort }
        let distances = zip(centres, centres.dropFirst()).map { $1 - $0 }.sorted()
        let pitch = distances[distances.count / 2]
        let glyphs = Double(line.width) / max(pitch, 1)
        let regular = distances.filter { abs($0 - pitch) < 0.2 * pitch }.count
        guard Double(regular) >= 0.7 * Double(distances.count) else { return .pitchIrregular }
        let range = Self.glyphsPerLine
        return glyphs < range.lowerBound ? .shortFixedPitch : glyphs > range.upperBound ? .tooLong : .mrzLike
    }
}

extension PixelBox {
    func scaled(by factor: Double) -> PixelBox {
        PixelBox(
            x: Int(Double(x) * factor), y: Int(Double(y) * factor),
            width: Int(Double(width) * factor), height: Int(Double(height) * factor))
    }
}

/// One orientation of the input (a quarter turn plus the deskew angle of its text).
/// Bands are found on a reduced working copy, which makes turning and deskewing cheap;
/// the full-resolution image is turned only when a band is actually read.
final class OrientedView {
    let quarter: Int
    /// Clockwise-positive skew of the text in the turned image, in degrees (0 if none).
    let angle: Double
    /// Size of the turned, deskewed working copy.
    let smallWidth: Int, smallHeight: Int
    /// Full-resolution pixels per working-copy pixel.
    let scale: Double
    private let input: GrayImage
    /// The view this one is a half turn of (`init(halfTurnOf:)`), whose line blobs it mirrors.
    private let halfTurnOf: OrientedView?
    /// Line blobs of the working copy for each of `gapDivisors`, made on first use: the
    /// stripe and energy looks take only the turned, deskewed copy (`stripeImage`), and a
    /// frame state or a failed read's diagnosis that makes its views for them alone
    /// never needs the blobs.
    private lazy var lineBlobs: [[PixelBox]] = {
        guard let other = halfTurnOf else {
            return small.image.textLineBlobs(
                gaps: Self.gapDivisors.map { max(5, small.image.width / $0) },
                maximumGlyphHeight: small.image.width / Self.glyphHeightDivisor)
        }
        // a half turn's line blobs are its source's, mirrored through the centre
        return other.lineBlobs.map { blobs in
            blobs.map { PixelBox(x: other.smallWidth - $0.x - $0.width, y: other.smallHeight - $0.y - $0.height, width: $0.width, height: $0.height) }
        }
    }()
    /// The turned, deskewed working copy the line blobs come from, and whether it must
    /// still be turned half round (a half-turned view keeps its source's copy: most
    /// searches never look at it again).
    private let small: (image: GrayImage, halfTurned: Bool)

    /// Longest side of the working copy: MRZ characters of a full-page photo stay ≥ ~8 px.
    static let workingSize = 1000

    /// The input reduced (or, when tiny, enlarged) for band finding; shared by all views.
    static func workingCopy(of input: GrayImage) -> GrayImage {
        let longest = max(input.width, input.height)
        if longest < 700 { return input.scaledPlain(by: 2) }
        return longest > workingSize ? input.scaledPlain(by: Double(workingSize) / Double(longest)) : input
    }

    /// The view `quarter` turns of the input, deskewed by the skew of its text.
    convenience init(input: GrayImage, workingCopy: GrayImage, quarter: Int) {
        let turned = quarter == 0 ? workingCopy : workingCopy.rotatedOrthogonally(quarter)
        // the sweep reaches past the ±15° a page may be skewed: a peak at its edge is not trusted
        let skew = turned.skewAngle(range: 20) ?? 0
        self.init(input: input, turnedWorkingCopy: turned, quarter: quarter, angle: abs(skew) > 0.4 ? skew : 0)
    }

    init(input: GrayImage, turnedWorkingCopy turned: GrayImage, quarter: Int, angle: Double) {
        self.input = input
        self.quarter = quarter
        self.angle = angle
        self.scale = Double(quarter % 2 == 0 ? input.width : input.height) / Double(turned.width)
        let small = angle == 0 ? turned : turned.rotated(degrees: angle)
        self.small = (small, false)
        smallWidth = small.width
        smallHeight = small.height
        halfTurnOf = nil
    }

    /// `other` turned half round.  Turning and deskewing commute (both turn about the
    /// centre) and a half turn keeps the skew angle, so its line blobs are `other`'s,
    /// mirrored through the centre: no image work at all.
    init(halfTurnOf other: OrientedView) {
        input = other.input
        quarter = (other.quarter + 2) % 4
        angle = other.angle
        scale = other.scale
        smallWidth = other.smallWidth
        smallHeight = other.smallHeight
        small = (other.small.image, !other.small.halfTurned)
        halfTurnOf = other
    }

    /// Height of `full`, known without making it.
    var fullHeight: Int { Int(Double(smallHeight) * scale) }

    /// The input turned and deskewed like this view's working copy, at full resolution
    /// (made on first use).
    lazy var full: GrayImage = {
        let turned = quarter == 0 ? input : input.rotatedOrthogonally(quarter)
        return angle == 0 ? turned : turned.rotated(degrees: angle)
    }()

    /// The part of `full` around `band` (with `margin` pixels on every side) and the band
    /// in its coordinates, made from a crop of the input: turning and deskewing a whole
    /// 2 MP photo costs more than reading the MRZ lines in it.
    func region(around band: [PixelBox], margin: Int) -> (image: GrayImage, band: [PixelBox]) {
        let turnedWidth = quarter % 2 == 0 ? input.width : input.height
        let turnedHeight = quarter % 2 == 0 ? input.height : input.width
        let x0 = band.map(\.x).min()! - margin, y0 = band.map(\.y).min()! - margin
        let x1 = band.map { $0.x + $0.width }.max()! + margin, y1 = band.map { $0.y + $0.height }.max()! + margin
        // `full` is the turned image rotated about its centre: the rectangle's preimage
        let centre = (x: Double(turnedWidth) / 2, y: Double(turnedHeight) / 2)
        let corners = [(x0, y0), (x1, y0), (x0, y1), (x1, y1)].map {
            Self.rotate((Double($0.0), Double($0.1)), about: centre, degrees: -angle)
        }
        let turnedRect = Self.clip(
            (
                x: Int(corners.map(\.x).min()!.rounded(.down)) - 1, y: Int(corners.map(\.y).min()!.rounded(.down)) - 1,
                x1: Int(corners.map(\.x).max()!.rounded(.up)) + 1, y1: Int(corners.map(\.y).max()!.rounded(.up)) + 1
            ),
            width: turnedWidth, height: turnedHeight)
        let inputRect = Self.unturn(turnedRect, quarter: quarter, width: input.width, height: input.height)
        var crop = input.cropped(x: inputRect.x, y: inputRect.y, width: inputRect.x1 - inputRect.x, height: inputRect.y1 - inputRect.y)
        if quarter != 0 { crop = crop.rotatedOrthogonally(quarter) }
        guard angle != 0 else {
            return (crop, band.map { PixelBox(x: $0.x - turnedRect.x, y: $0.y - turnedRect.y, width: $0.width, height: $0.height) })
        }
        let rotated = crop.rotated(degrees: angle)
        // Rotating the crop about its own centre instead of the image's shifts everything
        // by one constant offset: where the image centre, seen from the crop, lands.
        let cropCentre = (x: Double(crop.width) / 2, y: Double(crop.height) / 2)
        let landed = Self.rotate((centre.x - Double(turnedRect.x), centre.y - Double(turnedRect.y)), about: cropCentre, degrees: angle)
        let dx = Int((landed.x - centre.x).rounded()), dy = Int((landed.y - centre.y).rounded())
        return (rotated, band.map { PixelBox(x: $0.x + dx, y: $0.y + dy, width: $0.width, height: $0.height) })
    }

    /// `point` turned by `degrees` about `centre` the way `GrayImage.rotated(degrees:)`
    /// turns pixels.
    static func rotate(_ point: (x: Double, y: Double), about centre: (x: Double, y: Double), degrees: Double) -> (x: Double, y: Double) {
        let a = degrees * .pi / 180, dx = point.x - centre.x, dy = point.y - centre.y
        return (centre.x + dx * cos(a) - dy * sin(a), centre.y + dx * sin(a) + dy * cos(a))
    }

    typealias Rect = (x: Int, y: Int, x1: Int, y1: Int)

    static func clip(_ r: Rect, width: Int, height: Int) -> Rect {
        (max(0, r.x), max(0, r.y), min(width, max(max(0, r.x), r.x1)), min(height, max(max(0, r.y), r.y1)))
    }

    /// A rectangle of the image turned by `quarter` clockwise quarter turns, in the
    /// coordinates of the unturned `width` × `height` image.
    static func unturn(_ r: Rect, quarter: Int, width: Int, height: Int) -> Rect {
        switch quarter {
        case 1: return (r.y, height - r.x1, r.y1, height - r.x)
        case 2: return (width - r.x1, height - r.y1, width - r.x, height - r.y)
        case 3: return (width - r.y1, r.x, width - r.y, r.x1)
        default: return r
        }
    }

    /// An MRZ line of 30–44 glyphs at a pitch of ~0.85 glyph heights spans ≥ 25 glyph
    /// heights and fits in the view's width, so its glyphs are at most 1/25 of the width
    /// high; anything dark taller than 1/15 of it (frames, photos, annotations that touch
    /// the text) is not MRZ print and is dropped before glyphs are joined into lines.
    static let glyphHeightDivisor = 15

    /// Widths of the closings that join glyphs into line blobs, as divisors of the view's
    /// width: the gaps between MRZ glyphs of a full-width line are up to ~1/45 of it; the
    /// wider one bridges runs of `<` printed with wide spacing (a card's MRZ filling the
    /// picture), and merges more clutter.
    static let gapDivisors = [45, 28]

    /// Bands from morphology with the closing `gapDivisors[round]`, in full-resolution pixels.
    func morphologyBands(round: Int) -> [[PixelBox]] {
        BandFinder.bands(from: lineBlobs[round], workingWidth: smallWidth, scale: scale)
    }

    /// Bands of print stripes (`GrayImage.printStripes`) at each of `stripeDivisors`, in
    /// full-resolution pixels, each line's box set to an MRZ glyph's height about the
    /// stripe's middle (`StripeBands.glyphLines`).
    func stripeBands() -> [[PixelBox]] {
        let image = stripeImage
        return Self.stripeDivisors.flatMap { divisor in
            let stripes = image.printStripes(thickness: max(3, image.width / divisor), minimumLength: image.width / 5)
            return StripeBands.bands(from: stripes, workingWidth: image.width, workingHeight: image.height, scale: scale).map(StripeBands.glyphLines)
        }
    }

    /// The working copy as this view sees it (turned half round where it is).
    var stripeImage: GrayImage { small.halfTurned ? small.image.rotatedOrthogonally(2) : small.image }

    /// The print stripes' thicknesses, as divisors of the view's width: a blurred MRZ line
    /// is up to twice its glyphs' height thick, its glyphs up to 1/25 of the width high
    /// (`glyphHeightDivisor`'s reasoning); the thinner one keeps the lines of small MRZs
    /// apart.  Measured on the real corpus blurred by 0.3 and 0.45 glyph heights.
    static let stripeDivisors = [40, 25]

    /// Bands from Tesseract's layout analysis, in full-resolution pixels.
    func layoutBands(engine: OCREngine) -> [[PixelBox]] {
        // a working size where MRZ characters are ~15–40 px tall
        let image = full.width < 800 ? full.scaled(by: 2) : full.reduced(toWidth: 1400)
        return BandFinder.bands(
            from: engine.layoutLines(in: image), workingWidth: image.width,
            scale: Double(full.width) / Double(image.width))
    }
}
