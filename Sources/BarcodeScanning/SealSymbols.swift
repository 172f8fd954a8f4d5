import Foundation
import IDCommon
import Imaging

extension Barcode {
    /// Whether this symbol may carry a visible digital seal (`Barcode.isSealCandidate(format:bytes:)`).
    public var isSealCandidate: Bool { Self.isSealCandidate(format: format, bytes: bytes) }

    /// Whether a symbol's bytes may be a visible digital seal: a DataMatrix whose first byte
    /// is the seal's magic constant 0xDC (ICAO Doc 9303-13, BSI TR-03137 Part 1), or a QR
    /// code whose text is a VDS-NC: a JSON object with "data" and "sig" (ICAO "VDS for
    /// non-electronic documents").  Only the shape is looked at; the parser decides the rest.
    public static func isSealCandidate(format: BarcodeFormat, bytes: [UInt8]) -> Bool {
        switch format {
        case .dataMatrix: return bytes.first == sealMagic
        case .qrCode: return isVDSNCObject(bytes)
        default: return false
        }
    }

    /// The first byte of every visible digital seal.
    public static let sealMagic: UInt8 = 0xDC

    private static func isVDSNCObject(_ bytes: [UInt8]) -> Bool {
        // a JSON object's first character, past white space, before paying for a parse
        guard bytes.first(where: { ![0x20, 0x09, 0x0A, 0x0D].contains($0) }) == UInt8(ascii: "{"),
            let object = try? JSONSerialization.jsonObject(with: Data(bytes)) as? [String: Any]
        else { return false }
        return object["data"] != nil && object["sig"] != nil
    }
}

extension BarcodeScanner {
    /// The symbols of visible digital seals in an image: DataMatrix and QR codes that
    /// `Barcode.isSealCandidate` takes, with their exact bytes and corners.  Searched with
    /// the PDF417 policy: the first passes (the located symbol regions on images of 0.3 MP
    /// and more, then the whole image), then, only when they find no seal, the rescue passes
    /// that do not depend on PDF417's patterns (`sealRescuePasses`).  Empty when none.
    public func seals(_ image: GrayImage) -> [Barcode] { sealSearch(image, rescue: true).seals }

    /// The seals the first passes alone find (the located symbol regions, then the whole
    /// image): what a read pays on every picture, seal or not.
    public func sealsByFirstPasses(_ image: GrayImage) -> [Barcode] { sealFirstPasses(image).seals }

    /// The seals the rescue passes find, for a picture the first passes found none in.
    public func sealsByRescuePasses(_ image: GrayImage) -> [Barcode] { sealRescue(image) }

    /// What a seal search found: the seals, and the DataMatrix and QR codes the first
    /// passes decoded that are not seals (`scan` reports them as every other barcode).
    struct SealSearch {
        var seals: [Barcode] = []
        var others: [Barcode] = []
    }

    /// The first passes, then (with `rescue`) the rescue passes when they found no seal.
    func sealSearch(_ image: GrayImage, rescue: Bool) -> SealSearch {
        var search = sealFirstPasses(image)
        if search.seals.isEmpty, rescue { search.seals = sealRescue(image) }
        return search
    }

    static let sealFormats: [BarcodeFormat] = [.dataMatrix, .qrCode]

    /// The located symbol regions (large images), then the whole image.
    func sealFirstPasses(_ image: GrayImage) -> SealSearch {
        var search = SealSearch()
        func take(_ decoded: [Barcode]) {
            for code in decoded where !(search.seals + search.others).contains(where: { $0.bytes == code.bytes }) {
                if code.isSealCandidate { search.seals.append(code) } else { search.others.append(code) }
            }
        }
        if image.pixelCount >= Self.locateFirstFromPixels {
            for box in SymbolLocator.locateAll(image) {
                let region = Self.region(of: image, around: box)
                take(ZXingReader.read(region.crop, formats: Self.sealFormats, pass: .located).map { $0.withCorners(mappedBy: Self.offset(region)) })
            }
            if !search.seals.isEmpty { return search }
        }
        take(ZXingReader.read(image, formats: Self.sealFormats, pass: .plain))
        return search
    }

    /// What the seal rescue passes work on: the `RescueInput`, and the treated crops more
    /// than one variant starts from, each made once on first use.
    final class SealRescueInput {
        let input: RescueInput
        init(_ image: GrayImage) { input = RescueInput(image) }
        /// The located symbol stretched back from glare tile by tile.  Glare lifts dark and
        /// light modules alike: stretched over a few modules, down to a 20-grey difference
        /// (16 px tiles at 20 read 5 of the 9 glared pictures no other pass read, seeds 1 2
        /// 101 202 hard; Leptonica's default 50 px at 130 read 1).
        lazy var contrastCrop: GrayImage? = input.crop?.contrastNormalized(tile: 16, minimumDifference: 20)
        /// The located symbol's skew, 0 when none is measured.
        lazy var cropSkew: Double = input.crop?.skewAngle(range: 15) ?? 0
    }

    /// One image a seal rescue pass decodes, made only when the pass comes to it (`nil`
    /// when it cannot be made: no located symbol).
    typealias SealVariant = @Sendable (SealRescueInput) -> Variant?

    /// The rescue passes for seals, each variant made only when reached, in the order that
    /// reads most for least: on the hard seal pictures of seeds 1 2 101 202 303 404 505 606
    /// (160), of the 35 the first passes leave, crop+contrast reads 23, the crop 2 and
    /// crop+sharpen at the skew and 1.5° either side 4; the 2× sharpened, upscaled and
    /// deskewed variants, and the whole picture stretched, read none that these miss, and
    /// took most of the time of each picture no pass reads (`idreader-bench seal-passes`;
    /// made lazily and without them, the hard pictures' p95 fell 3.4×).  Not the
    /// rotation sweep: zxing-cpp's DataMatrix and QR detectors find turned symbols
    /// themselves (the sweep read none of 240 seal pictures and cost ~100 ms on each).
    static let sealRescuePasses: [(pass: BarcodePass, variants: [SealVariant])] = [
        (.crop, [{ $0.input.region.map { Variant(image: $0.crop, toInput: offset($0)) } }]),
        (.cropContrast, [contrastCrop(blur: false), contrastCrop(blur: true)]),
        (.cropSharpen, [0, -1.5, 1.5].map(sharpenedCrop(turn:))),
    ]

    /// The located symbol stretched back from glare (`SealRescueInput.contrastCrop`), and
    /// blurred against the noise the stretch lifts too.
    static func contrastCrop(blur: Bool) -> SealVariant {
        { input in
            guard let region = input.input.region, let crop = input.contrastCrop else { return nil }
            return Variant(image: blur ? crop.blurred(radius: 1) : crop, toInput: offset(region))
        }
    }

    /// Blurred small modules: the located symbol turned by its skew plus `turn` degrees and
    /// sharpened by unsharp masking.
    static func sharpenedCrop(turn: Double) -> SealVariant {
        { input in
            guard let region = input.input.region else { return nil }
            let angle = input.cropSkew + turn
            let back = rotatedBack(region.crop, angle, then: offset(region))
            return Variant(image: region.crop.rotated(degrees: angle).sharpened(), toInput: back)
        }
    }

    /// The seal rescue passes in order, up to the first variant that decodes a seal.
    func sealRescue(_ image: GrayImage) -> [Barcode] {
        let input = SealRescueInput(image)
        for pass in Self.sealRescuePasses {
            for make in pass.variants {
                guard let variant = make(input) else { continue }
                let decoded = ZXingReader.read(variant.image, formats: Self.sealFormats, pass: pass.pass)
                let seals = decoded.filter(\.isSealCandidate).map { $0.withCorners(mappedBy: variant.toInput) }
                if !seals.isEmpty { return seals }
            }
        }
        return []
    }
}

extension BarcodeScanner {
    /// Every seal pass and each of its variants run in turn on one `RescueInput`, none
    /// stopping the others: the first passes, then the rescue passes' variants, each with
    /// the seals it decoded and its milliseconds (the first to use the located region pays
    /// for locating it).  For measuring what each pass reads and costs.
    @_spi(Evaluation) public func eachSealPass(_ image: GrayImage) -> [(pass: BarcodePass, variant: Int, seals: [[UInt8]], ms: Double)] {
        var steps: [(pass: BarcodePass, variant: Int, seals: [[UInt8]], ms: Double)] = []
        var start = Date()
        let first = sealFirstPasses(image)
        steps.append((image.pixelCount >= Self.locateFirstFromPixels ? .located : .plain, 0, first.seals.map(\.bytes), Date().timeIntervalSince(start) * 1000))
        let input = SealRescueInput(image)
        for pass in Self.sealRescuePasses {
            for (index, make) in pass.variants.enumerated() {
                start = Date()
                guard let variant = make(input) else { continue }
                let decoded = ZXingReader.read(variant.image, formats: Self.sealFormats, pass: pass.pass).filter(\.isSealCandidate)
                steps.append((pass.pass, index, decoded.map(\.bytes), Date().timeIntervalSince(start) * 1000))
            }
        }
        return steps
    }
}
