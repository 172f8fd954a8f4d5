import Foundation
import IDCommon
import Imaging

/// Finds barcodes in an image: PDF417 through zxing-cpp with rescue passes, the
/// DataMatrix and QR codes of visible digital seals through zxing-cpp with the same passes
/// (`seals`, SealSymbols.swift), 1D and QR through zbar.
///
/// When the first pass finds no acceptable PDF417, an ordered list of rescue passes runs
/// (straighten by the estimated skew, outline the symbol by its start and stop patterns
/// and draw it upright, upscale small symbols, sharpen, sweep rotations) and stops at the
/// first success; `Barcode.pass` says which one succeeded.
public struct BarcodeScanner: Sendable {
    /// A decoded PDF417 is kept only if this accepts its bytes (e.g. "the AAMVA structure
    /// holds"), since zxing-cpp can return wrong bytes from a damaged symbol.
    public var acceptPDF417: @Sendable ([UInt8]) -> Bool
    /// Also look for DataMatrix (zxing-cpp), 1D and QR codes (zbar), besides PDF417.
    public var includeOtherFormats: Bool

    public init(includeOtherFormats: Bool = true, acceptPDF417: @escaping @Sendable ([UInt8]) -> Bool = { _ in true }) {
        self.includeOtherFormats = includeOtherFormats
        self.acceptPDF417 = acceptPDF417
    }

    /// What the rescue passes work on: the image, and the located symbol region, found
    /// once on first use (most passes crop to it).
    final class RescueInput {
        let image: GrayImage
        init(_ image: GrayImage) { self.image = image }
        /// The picture's edge energy per cell, which the locator's boxes come from.
        lazy var energy = SymbolLocator.EdgeEnergy(image)
        /// Every likely symbol the tight window finds (`SymbolLocator.locateAll`), the most
        /// likely first.
        lazy var tightBoxes = SymbolLocator.locateAll(energy, window: SymbolLocator.tightWindow)
        lazy var region: (crop: GrayImage, x: Int, y: Int)? = tightBoxes.first.map { BarcodeScanner.region(of: image, around: $0) }
        var crop: GrayImage? { region?.crop }
        /// The symbol's edges from its start and stop patterns (`BarcodeScanner.symbolEdges`),
        /// found once for the passes that draw it upright.
        lazy var symbolEdges: (picture: GrayImage, edges: SymbolEdges, toInput: @Sendable (Point) -> Point)? = BarcodeScanner.symbolEdges(self)
        /// The symbol drawn upright at 3 px a module from those edges, not sharpened: what
        /// both redraw passes match, drawn once.
        lazy var uprightView: SymbolEdges.UprightView? = symbolEdges.flatMap { found in
            found.edges.upright(found.picture, pixelsPerModule: 3).map { SymbolEdges.UprightView(view: $0, pictureToInput: found.toInput) }
        }

        private var wholePicture: (lineStep: Int, means: LocalMean, matches: [StartStopPatterns.Match])?

        /// The start and stop patterns on every `lineStep`-th line of the whole picture and
        /// the local means they were told against: found once for the symbol's edges and
        /// the cut-off test, which look on the same lines (`SymbolDiagnosis.runsOff`).
        func wholePictureMatches(lineStep: Int) -> (means: LocalMean, matches: [StartStopPatterns.Match]) {
            if let found = wholePicture, found.lineStep == lineStep { return (found.means, found.matches) }
            let means = LocalMean(patternsIn: image)
            let matches = StartStopPatterns.matches(in: image, lineStep: lineStep, means: means)
            wholePicture = (lineStep, means, matches)
            return (means, matches)
        }
    }

    /// One image a rescue pass decodes, and how its pixels map back to the input's (`nil`
    /// when they do not simply: the perspective-corrected symbol).
    struct Variant {
        let image: GrayImage
        let toInput: (@Sendable (Point) -> Point)?
    }

    /// The rescue passes, in order: each returns the variants of the input to try.
    static let rescuePasses: [(pass: BarcodePass, variants: @Sendable (RescueInput) -> [Variant])] = [
        // Leptonica's skew angle is clockwise-positive; rotated(degrees:) turns the other way.
        (
            .deskew,
            { input in
                guard let angle = input.image.skewAngle(range: 15), abs(angle) > 0.3 else { return [] }
                return [rotatedVariant(input.image, angle)]
            }
        ),
        // The symbol's four edges from its start and stop patterns, resampled at 3-4 px a
        // module and sharpened: small blurred modules in perspective (SymbolEdges).  After
        // the whole-image deskew, which reads most mildly turned photos in a fifth of the
        // time; before the rest, since on hard photos it reads the most.
        (.startStop, startStopVariants),
        // The same outline, each line redrawn from the codeword patterns its grey matches
        // best: symbols whose modules are too small and blurred for zxing-cpp's bar widths
        // (idphoto-gen hard, 40 photos a seed: +2 and +4 on seeds 11 and 23, tuned on; +3,
        // +4 and +6 on seeds 101, 202 and 303, measured once).
        (.redraw, redrawVariants),
        // The same outline redrawn row by row, against patterns blurred over 1⅔ modules:
        // motion- and focus-blurred symbols, where one line alone is too noisy to match.
        (.redrawRows, redrawRowsVariants),
        // The rest work on the located symbol: small crops make every pass cheap.
        (.crop, { input in input.region.map { [Variant(image: $0.crop, toInput: offset($0))] } ?? [] }),
        (
            .cropDeskew,
            { input in
                guard let region = input.region, let angle = region.crop.skewAngle(range: 15), abs(angle) > 0.3 else { return [] }
                return [rotatedVariant(region.crop, angle, then: offset(region))]
            }
        ),
        (
            .cropUpscale,
            { input in
                guard let region = input.region else { return [] }
                let crop = region.crop
                let angle = crop.skewAngle(range: 15)
                let deskewed = angle.map { crop.rotated(degrees: $0) } ?? crop
                let back = rotatedBack(crop, angle ?? 0, then: offset(region))
                return [deskewed.scaled(by: 2), deskewed.scaled(by: 2).blurred(radius: 1)].map { Variant(image: $0, toInput: halved(then: back)) }
            }
        ),
        // Blurred small modules: unsharp masking near the estimated angle (measured on the
        // hard synthetic set, where nothing else decodes).
        (
            .cropSharpen,
            { input in
                guard let region = input.region else { return [] }
                let crop = region.crop
                let skew = crop.skewAngle(range: 15) ?? 0
                return [skew, skew - 1.5, skew + 1.5].flatMap { angle -> [Variant] in
                    let r = crop.rotated(degrees: angle)
                    let back = rotatedBack(crop, angle, then: offset(region))
                    return [Variant(image: r.sharpened(), toInput: back), Variant(image: r.scaled(by: 2).sharpened(), toInput: halved(then: back))]
                }
            }
        ),
        // When the skew estimate is off, a coarse sweep lands within zxing-cpp's tolerance.
        (.rotationSweep, { input in [-4.0, 4, -8, 8, -12, 12, -16, 16].map { rotatedVariant(input.image, $0) } }),
        // Passes that no longer read any symbol the others miss, start-stop among them, were
        // dropped (crop+rectify, binarize, contrast, upscale-sweep: `idreader-bench
        // pdf417-passes` on idphoto-gen seed 5 mild and hard, the generated sets, the corpus).
    ]

    /// `image` rotated by `degrees` (about its centre, the size kept), with the map back.
    static func rotatedVariant(_ image: GrayImage, _ degrees: Double, then next: @escaping @Sendable (Point) -> Point = { $0 }) -> Variant {
        Variant(image: image.rotated(degrees: degrees), toInput: rotatedBack(image, degrees, then: next))
    }

    /// A point of `image.rotated(degrees:)` in `image`'s pixels, then through `next`.
    static func rotatedBack(_ image: GrayImage, _ degrees: Double, then next: @escaping @Sendable (Point) -> Point) -> @Sendable (Point) -> Point {
        let cx = Double(image.width) / 2, cy = Double(image.height) / 2, a = -degrees * .pi / 180
        return { p in
            let dx = p.x - cx, dy = p.y - cy
            return next(Point(x: cx + dx * cos(a) - dy * sin(a), y: cy + dx * sin(a) + dy * cos(a)))
        }
    }

    /// A point of a crop made at (`region.x`, `region.y`) in the input's pixels.
    static func offset(_ region: (crop: GrayImage, x: Int, y: Int)) -> @Sendable (Point) -> Point {
        let x = Double(region.x), y = Double(region.y)
        return { Point(x: $0.x + x, y: $0.y + y) }
    }

    /// A point of an image scaled by 2, in the unscaled image, then through `next`.
    static func halved(then next: @escaping @Sendable (Point) -> Point) -> @Sendable (Point) -> Point {
        { next(Point(x: $0.x / 2, y: $0.y / 2)) }
    }

    /// The part of `image` around a located box, enlarged so that a rotated symbol stays
    /// inside, and where it starts.
    static func region(of image: GrayImage, around box: (x: Int, y: Int, width: Int, height: Int)) -> (crop: GrayImage, x: Int, y: Int) {
        let padX = box.width / 5, padY = box.height / 2
        let x = max(0, box.x - padX), y = max(0, box.y - padY)
        return (image.cropped(x: box.x - padX, y: box.y - padY, width: box.width + 2 * padX, height: box.height + 2 * padY), x, y)
    }

    /// Images at least this large are read region by region first (measured: on the
    /// ~0.1 MP public test images the whole-image read is faster, on 0.7 MP licence photos
    /// the regions are).
    static let locateFirstFromPixels = 300_000

    /// zxing-cpp on each located symbol region alone: its time grows with the area it
    /// scans, and a licence symbol is a small part of the photo.  All-or-nothing over the
    /// regions that look like a PDF417: if one of them does not decode, the caller reads
    /// the whole image.  A region that does not (a licence's 1D barcode, a block of print)
    /// does not send a read that found its symbol on to the whole image.
    func locatedSymbols(_ image: GrayImage) -> [Barcode] {
        var found: [Barcode] = []
        for box in SymbolLocator.locateAll(image) {
            let decoded = acceptedDecodes(in: image, around: box)
            if decoded.isEmpty {
                if Self.showsStartStopPatterns(image, around: box) { return [] }
            } else {
                found += decoded
            }
        }
        return found
    }

    /// Whether the region around a located box shows PDF417 start or stop patterns on at
    /// least half of the lines looked at (every other one).  Measured on idphoto-gen's clean
    /// licence photos (seed 11): the regions of symbols show 0.9 to 1.3 a line, the others
    /// (1D barcodes, print, the photo) 0.2 or fewer.
    static func showsStartStopPatterns(_ image: GrayImage, around box: (x: Int, y: Int, width: Int, height: Int)) -> Bool {
        let crop = region(of: image, around: box).crop, lineStep = 2
        let lines = (crop.height + lineStep - 1) / lineStep
        return StartStopPatterns.matches(in: crop, lineStep: lineStep).count * 2 >= lines
    }

    /// The acceptable symbols zxing-cpp decodes in the region around a located box, with
    /// corners in `image` pixels (the crop is not turned or scaled: they map back by its origin).
    func acceptedDecodes(in image: GrayImage, around box: (x: Int, y: Int, width: Int, height: Int)) -> [Barcode] {
        let region = Self.region(of: image, around: box)
        return ZXingReader.read(region.crop, formats: [.pdf417], pass: .located).filter { acceptPDF417($0.bytes) }.map {
            $0.withCorners(mappedBy: Self.offset(region))
        }
    }

    /// zxing-cpp's PDF417 call alone on the whole picture: for timing the library itself.
    @_spi(Evaluation) public static func plainPDF417(_ image: GrayImage) -> [Barcode] {
        ZXingReader.read(image, formats: [.pdf417], pass: .plain)
    }

    /// Every barcode: PDF417 (`pdf417`), then with `includeOtherFormats` zbar's 1D and QR
    /// codes, and with `seals` also the DataMatrix and QR codes of visible digital seals
    /// (`seals(_:)`; its rescue passes only when no PDF417 was found) and the other
    /// DataMatrix codes its first passes decode.  `seals` is off by default: a licence read
    /// looking for payloads in other formats need not pay for the seal search.
    public func scan(_ image: GrayImage, seals: Bool = false) -> [Barcode] {
        var found = pdf417(image)
        if includeOtherFormats {
            if seals {
                let search = sealSearch(image, rescue: found.isEmpty)
                found += search.seals + search.others.filter { $0.format == .dataMatrix }
            }
            let others = ZBarReader.read(image)
            found += others.filter { o in !found.contains { $0.bytes == o.bytes } }
        }
        return found
    }

    /// What a group of passes found: decodes `acceptPDF417` takes, and the others.
    public struct PDF417Search: Sendable {
        public var accepted: [Barcode] = []
        public var unaccepted: [Barcode] = []
    }

    /// PDF417 symbols only, searched in the one order of `PDF417Passes`: the first passes,
    /// then, when they find no acceptable symbol, the rescue passes.  If no pass yields a
    /// decode that `acceptPDF417` takes, the first decode seen is returned rather than nothing.
    public func pdf417(_ image: GrayImage) -> [Barcode] { PDF417Passes(scanner: self, image: image).runAll() }

    /// The cheap passes: the located symbol regions (on images of 0.3 MP and more), then
    /// the whole image.  Tens of milliseconds on a 2 MP photo.
    public func pdf417FirstPasses(_ image: GrayImage) -> PDF417Search {
        // On a small image the symbol is most of it: cropping saves nothing
        if image.pixelCount >= Self.locateFirstFromPixels {
            let located = locatedSymbols(image)
            if !located.isEmpty { return PDF417Search(accepted: located) }
        }
        let raw = ZXingReader.read(image, formats: [.pdf417], pass: .plain)
        var search = PDF417Search()
        for code in raw {
            if acceptPDF417(code.bytes) { search.accepted.append(code) } else { search.unaccepted.append(code) }
        }
        return search
    }

    /// Each located symbol region decoded on its own, keeping every acceptable decode (the
    /// whole image when it is small).  The cheapest look: for an image already known to
    /// hold another document, e.g. a passport page photographed beside a licence.
    public func pdf417InLocatedRegions(_ image: GrayImage) -> [Barcode] {
        guard image.pixelCount >= Self.locateFirstFromPixels else {
            return ZXingReader.read(image, formats: [.pdf417], pass: .plain).filter { acceptPDF417($0.bytes) }
        }
        return SymbolLocator.locateAll(image).flatMap { acceptedDecodes(in: image, around: $0) }
    }

    /// The rescue passes in order, up to the first acceptable decode; hundreds of
    /// milliseconds when nothing is found.  `unaccepted` holds the first other decode.
    public func pdf417RescuePasses(_ image: GrayImage) -> PDF417Search { pdf417RescuePasses(RescueInput(image)) }

    /// The rescue passes on `input`, whose located region, symbol edges and patterns they
    /// find once (and the diagnosis may take after them: `PDF417Passes.examine`).
    func pdf417RescuePasses(_ input: RescueInput) -> PDF417Search {
        var fallback: [Barcode] = []
        for pass in Self.rescuePasses {
            for variant in pass.variants(input) {
                let decoded = ZXingReader.read(variant.image, formats: [.pdf417], pass: pass.pass)
                // corners refer to the transformed image: mapped back, or none rather than wrong ones
                let found = decoded.map { $0.withCorners(mappedBy: variant.toInput) }
                let accepted = found.filter { acceptPDF417($0.bytes) }
                if !accepted.isEmpty { return PDF417Search(accepted: accepted) }
                if fallback.isEmpty { fallback = found }
            }
        }
        return PDF417Search(unaccepted: fallback)
    }
}
