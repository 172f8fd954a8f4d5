import Foundation
import IDCommon
import Imaging

/// A proposed band's lines (input pixels) and what `BandMeasures` makes of them, as the
/// stripe and line-energy looks' tuning benches print them (`StripeBandEvidence`,
/// `EnergyBandEvidence`); a measure is `nil` where the band could not be measured.
@_spi(Evaluation) public struct MeasuredBandEvidence: Sendable {
    public var lines: [Quadrilateral]
    /// Whether the lines are shaped like an MRZ's (`BandSearch.shapedLikeMRZ`).
    public var shaped: Bool
    public var glyphHeight: Double?
    public var edgeWidth: Double?
    public var closestLinePitch: Double?
    public var glare: Double?
    public var paper: Double?

    init(lines: [Quadrilateral], measures m: BandMeasures?) {
        self.lines = lines
        shaped = BandSearch.shapedLikeMRZ(lines)
        glyphHeight = m?.glyphHeight
        edgeWidth = m?.edgeWidth
        closestLinePitch = m?.closestLinePitch
        glare = m?.glare
        paper = m?.paper
    }
}

/// What the print stripes show of each band they group, for tuning the stripe look
/// (`idreader-bench stripe-bands`).
@_spi(Evaluation) public struct StripeBandEvidence: Sendable {
    public var quarter: Int
    public var divisor: Int
    public var band: MeasuredBandEvidence
    /// Line length over line pitch (working pixels).
    public var lengthPerPitch: Double
    /// Stripe thickness over pitch.
    public var thicknessPerPitch: Double
    /// Other stripes continuing the stack at its pitch, above and below.
    public var stackedAbove: Int
    public var stackedBelow: Int
    /// The band's bottom over the view's height.
    public var bottom: Double
}

extension MRZScanner {
    @_spi(Evaluation) public static func stripeEvidence(_ image: GrayImage) -> [StripeBandEvidence] {
        let working = OrientedView.workingCopy(of: image)
        var all: [StripeBandEvidence] = []
        for quarter in [0, 1] {
            let view = OrientedView(input: image, workingCopy: working, quarter: quarter)
            for (divisor, stripes, w, h) in view.stripeSets() {
                let bands = StripeBands.bands(from: stripes, workingWidth: w, workingHeight: h, scale: 1)
                for band in bands.prefix(BandSearch.maximumBandsPerOrientation) {
                    let middles = band.map { Double($0.y) + Double($0.height) / 2 }
                    let pitch = zip(middles, middles.dropFirst()).map { $1 - $0 }.reduce(0, +) / Double(band.count - 1)
                    let length = Double(band[0].width)
                    let thickness = Double(band.map(\.height).reduce(0, +)) / Double(band.count)
                    func continues(from line: PixelBox, step: Double) -> Int {
                        var count = 0
                        var expected = Double(line.y) + Double(line.height) / 2 + step
                        while let next = stripes.first(where: { s in
                            abs(Double(s.y) + Double(s.height) / 2 - expected) < 0.25 * abs(step)
                                && min(s.x + s.width, line.x + line.width) - max(s.x, line.x) > Int(0.3 * length)
                                && Double(s.height) > 0.5 * thickness
                        }) {
                            count += 1
                            expected = Double(next.y) + Double(next.height) / 2 + step
                            if count > 5 { break }
                        }
                        return count
                    }
                    let lines = StripeBands.glyphLines(band.map { $0.scaled(by: view.scale) }).map {
                        OrientedView.inputQuadrilateral($0, quarter: quarter, angle: view.angle, inputWidth: image.width, inputHeight: image.height)
                    }
                    all.append(
                        StripeBandEvidence(
                            quarter: quarter, divisor: divisor, band: MeasuredBandEvidence(lines: lines, measures: BandMeasures(lines: lines, in: image)),
                            lengthPerPitch: length / pitch, thicknessPerPitch: thickness / pitch,
                            stackedAbove: continues(from: band[0], step: -pitch), stackedBelow: continues(from: band[band.count - 1], step: pitch),
                            bottom: Double(band[band.count - 1].y + band[band.count - 1].height) / Double(h)))
                }
            }
        }
        return all
    }
}

extension OrientedView {
    /// The print stripes at each of `stripeDivisors`, in the working copy's pixels, with
    /// the copy's size.
    func stripeSets() -> [(divisor: Int, stripes: [PixelBox], width: Int, height: Int)] {
        let image = stripeImage
        return Self.stripeDivisors.map { divisor in
            (divisor, image.printStripes(thickness: max(3, image.width / divisor), minimumLength: image.width / 5), image.width, image.height)
        }
    }
}

/// The print stripes of one oriented view at one thickness (`OrientedView.stripeSets`),
/// for tuning the stripe grouping (`idreader-bench stripe-bands`).
@_spi(Evaluation) public struct StripeSet: Sendable {
    public var quarter: Int
    public var divisor: Int
    /// The working copy's size as the view sees it.
    public var width: Int, height: Int
    /// Each stripe's box in the working copy's pixels.
    public var stripes: [PixelBox]
}

extension MRZScanner {
    /// The print stripes upright and a quarter turned, at each thickness, before grouping.
    @_spi(Evaluation) public static func stripeSets(_ image: GrayImage) -> [StripeSet] {
        let working = OrientedView.workingCopy(of: image)
        return [0, 1].flatMap { quarter in
            OrientedView(input: image, workingCopy: working, quarter: quarter).stripeSets().map {
                StripeSet(quarter: quarter, divisor: $0.divisor, width: $0.width, height: $0.height, stripes: $0.stripes)
            }
        }
    }
}
