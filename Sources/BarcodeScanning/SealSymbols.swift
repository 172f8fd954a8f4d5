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

    /// The rescue passes for seals, cheapest and most productive first: those of
    /// `rescuePasses` that work for any symbology (the start-stop ones look for PDF417's
    /// patterns) and `cropContrast`.  Not the rotation sweep: zxing-cpp's DataMatrix and QR
    /// detectors find turned symbols themselves (the sweep read none of 240 seal pictures,
    /// seeds 1 2 101 202 303 404, and cost ~100 ms on each picture read by no pass).
    static let sealRescuePasses: [(pass: BarcodePass, variants: @Sendable (RescueInput) -> [Variant])] =
        [.crop, .cropContrast, .cropSharpen, .cropUpscale, .cropDeskew, .deskew].compactMap { pass in
            pass == .cropContrast ? (pass, contrastVariants) : rescuePasses.first { $0.pass == pass }
        }

    /// The located symbol stretched back from glare, and the whole picture too.
    @Sendable static func contrastVariants(_ input: RescueInput) -> [Variant] {
        guard let region = input.region else { return [] }
        let back = offset(region)
        // Glare lifts dark and light modules alike: stretched back tile by tile over a few
        // modules, down to a 20-grey difference (16 px tiles at 20 read 5 of the 9 glared
        // pictures no other pass read, seeds 1 2 101 202 hard; Leptonica's default 50 px at
        // 130 read 1), and blurred against the noise the stretch lifts too.
        let crop = region.crop.contrastNormalized(tile: 16, minimumDifference: 20)
        let whole = input.image.contrastNormalized(tile: 16, minimumDifference: 20)
        return [
            Variant(image: crop, toInput: back), Variant(image: crop.blurred(radius: 1), toInput: back),
            Variant(image: whole, toInput: { $0 }), Variant(image: whole.blurred(radius: 1), toInput: { $0 }),
        ]
    }

    /// The seal rescue passes in order, up to the first variant that decodes a seal.
    func sealRescue(_ image: GrayImage) -> [Barcode] {
        let input = RescueInput(image)
        for pass in Self.sealRescuePasses {
            for variant in pass.variants(input) {
                let decoded = ZXingReader.read(variant.image, formats: Self.sealFormats, pass: pass.pass)
                let seals = decoded.filter(\.isSealCandidate).map { $0.withCorners(mappedBy: variant.toInput) }
                if !seals.isEmpty { return seals }
            }
        }
        return []
    }
}
