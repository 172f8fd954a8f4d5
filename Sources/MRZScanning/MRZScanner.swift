import Foundation
import Imaging
import MRZ

/// How good the picture was for reading an MRZ.
public struct ImageQuality: Sendable, Codable, Equatable {
    /// Median height of the MRZ characters found, in pixels of the original image.
    public var characterHeight: Int?
    /// Variance of the Laplacian over the image (higher is sharper; below ~30 is blurred).
    public var sharpness: Double
    /// Fraction of nearly white, saturated pixels (glare); above ~0.08 is a lot.
    public var glare: Double
}

/// Why no valid MRZ was read.
public enum MRZScanFailure: String, Sendable, Codable {
    case tooSmall, blurred, glare, noMRZ, modelMissing

    public var message: String {
        switch self {
        case .tooSmall: return "The MRZ characters are too small to read; take the picture closer or at a higher resolution."
        case .blurred: return "The picture is too blurred to read the MRZ; hold the camera still and focus on the document."
        case .glare: return "Glare covers the MRZ; tilt the document or move away from direct light."
        case .noMRZ: return "No machine-readable zone was found; make sure the two or three MRZ lines are in the picture."
        case .modelMissing: return "The OCR model tessdata/ocrb.traineddata was not found; set IDREADER_TESSDATA to its folder."
        }
    }
}

/// An MRZ read from an image.
public struct MRZReading: Sendable {
    /// The reading after correction (or as read, when no valid correction exists).
    public let result: MRZResult
    /// Positions the correction changed.
    public let changes: [MRZCorrection.Change]
    /// Fields whose value no check digit proves and that the OCR was unsure of or that
    /// correction changed.
    public let uncertainFields: [MRZFieldName]

    /// Check digits cannot vouch for names: a reading is accepted as valid only when no
    /// unproven field is uncertain.  Reported as the `ocrConfidence` check.
    public var confidenceCheck: MRZCheck { MRZCheck(name: "ocrConfidence", valid: uncertainFields.isEmpty) }
}

/// Finds the MRZ band in a photo or scan, OCRs it with the OCR-B model and corrects it
/// with the check digits.  Safe to use from many threads (one Tesseract per thread).
public struct MRZScanner: Sendable {
    public let tessdata: String?
    let corrector: MRZCorrector

    public init(tessdata: String? = Tessdata.directory(), parser: MRZParser = MRZParser()) {
        self.tessdata = tessdata
        self.corrector = MRZCorrector(parser: parser)
    }

    /// Valid readings first; an invalid best reading only when no valid one exists.
    public func scan(_ input: GrayImage) -> (readings: [MRZReading], quality: ImageQuality, failure: MRZScanFailure?) {
        var quality = Self.measure(input)
        guard let tessdata, let engine = OCREngine.forCurrentThread(tessdata: tessdata) else {
            return ([], quality, .modelMissing)
        }
        var best: MRZReading?
        var heights: [Int] = []
        // Upright first; the band locator only sees horizontal lines, so try quarter turns.
        for quarter in [0, 1, 3, 2] {
            var image = quarter == 0 ? input : input.rotatedOrthogonally(quarter)
            if let angle = image.reduced(toWidth: 1000).skewAngle(range: 15), abs(angle) > 0.4 { image = image.rotated(degrees: angle) }
            // the lowest few candidate bands (upside-down pages are the 180° turn)
            for band in Self.candidateBands(image, engine: engine).prefix(Self.maximumBandsPerOrientation) {
                heights.append(band.map(\.height).max() ?? 0)
                guard let reading = read(band, in: image, engine: engine) else { continue }
                if reading.result.isValid {
                    quality.characterHeight = band.map(\.height).sorted()[band.count / 2]
                    return ([reading], quality, nil)
                }
                if best == nil { best = reading }
            }
        }
        quality.characterHeight = heights.isEmpty ? nil : heights.sorted()[heights.count / 2]
        let failure = Self.likelyCause(quality, foundLines: !heights.isEmpty)
        return (best.map { [$0] } ?? [], quality, failure)
    }

    /// Bands tried per orientation: bounds the time spent on pictures without an MRZ.
    static let maximumBandsPerOrientation = 3

    /// Groups of 2 or 3 line blobs that look like an MRZ: long, thin, of similar width and
    /// left edge, evenly stacked.  Boxes are in `image` pixels.
    static func candidateBands(_ image: GrayImage, engine: OCREngine) -> [[PixelBox]] {
        // Layout analysis at a working size where MRZ characters are ~15–40 px tall.
        let small = image.width < 800 ? image.scaled(by: 2) : image.reduced(toWidth: 1400)
        let factor = Double(image.width) / Double(small.width)
        let blobs = engine.layoutLines(in: small)
            .filter { $0.width >= small.width / 4 && $0.height >= 5 && $0.width > 8 * $0.height }
            .sorted { $0.y < $1.y }
        var bands: [[PixelBox]] = []
        for i in blobs.indices {
            for size in [3, 2] where i + size <= blobs.count {
                let g = Array(blobs[i..<i + size])
                let w0 = Double(g[0].width), h = Double(g.map(\.height).max()!)
                guard g.allSatisfy({ abs(Double($0.width) - w0) < 0.15 * w0 && abs(Double($0.x - g[0].x)) < 3 * h }) else { continue }
                let gaps = zip(g, g.dropFirst()).map { Double($1.y - $0.y) }
                guard gaps.allSatisfy({ $0 > 0.8 * h && $0 < 3.5 * h }) else { continue }
                bands.append(g.map { b in
                    PixelBox(x: Int(Double(b.x) * factor), y: Int(Double(b.y) * factor),
                             width: Int(Double(b.width) * factor), height: Int(Double(b.height) * factor))
                })
            }
        }
        // lower bands first: on data pages the MRZ is at the bottom
        return bands.sorted { ($0.last!.y) > ($1.last!.y) }
    }

    static func looksLikeMRZ(_ text: String) -> Bool {
        text.count >= 26 && text.count <= 48
    }

    /// Runs of 2 or 3 vertically adjacent lines of similar length (TD1 3×30, TD2/MRV-B 2×36, TD3/MRV-A 2×44).
    static func groups(_ lines: [OCRLine]) -> [[OCRLine]] {
        let sorted = lines.sorted { $0.box.y < $1.box.y }
        var out: [[OCRLine]] = []
        for i in sorted.indices {
            for size in [3, 2] where i + size <= sorted.count {
                let g = Array(sorted[i..<i + size])
                let lengths = g.map(\.text.count)
                guard let target = [30, 36, 44].min(by: { abs($0 - lengths[0]) < abs($1 - lengths[0]) }),
                      lengths.allSatisfy({ abs($0 - target) <= 3 }),
                      size == 3 ? target == 30 : target != 30 else { continue }
                let gaps = zip(g, g.dropFirst()).map { $1.box.y - ($0.box.y + $0.box.height) }
                let h = g.map(\.box.height).max() ?? 1
                guard gaps.allSatisfy({ $0 < 3 * h }) else { continue }
                out.append(g)
            }
        }
        return out
    }

    /// Reads each line of a band on its own crop, fits lengths with fillers, corrects.
    /// OCR of one line box; small lines are scaled up to about 40 px, and `extraScale`
    /// gives a second, independent view of the same line.
    func ocrLine(_ box: PixelBox, in image: GrayImage, engine: OCREngine, extraScale: Double = 1) -> OCRLine? {
        let padY = box.height / 2 + 2, padX = box.height
        var crop = image.cropped(x: box.x - padX, y: box.y - padY, width: box.width + 2 * padX, height: box.height + 2 * padY)
        var factor = box.height < 30 ? min(4, 40 / Double(max(box.height, 1))) : 1
        factor *= extraScale
        if abs(factor - 1) > 0.05 { crop = crop.scaled(by: factor) }
        return engine.lines(in: crop, mode: 7).max(by: { $0.text.count < $1.text.count })
    }

    func read(_ band: [PixelBox], in image: GrayImage, engine: OCREngine) -> MRZReading? {
        var texts: [String] = [], alternatives: [(alternatives: [[Character]], confidences: [Float])] = []
        for box in band {
            guard let line = ocrLine(box, in: image, engine: engine) else { return nil }
            texts.append(line.text)
            alternatives.append((line.alternatives, line.confidences))
        }
        let target: Int
        if band.count == 3 { target = 30 } else { target = abs(texts[0].count - 36) < abs(texts[0].count - 44) ? 36 : 44 }
        var fitted: [OCRLine] = []
        for (t, a) in zip(texts, alternatives) {
            guard let f = Self.fitLength(OCRLine(text: t, box: (0, 0, 0, 0), confidence: 0, alternatives: a.alternatives, confidences: a.confidences),
                                         to: target) else { return nil }
            fitted.append(f)
        }
        let lines = fitted.map(\.text)
        if let c = corrector.correct(lines: lines, alternatives: fitted.map(\.alternatives)) {
            var uncertain = c.uncertainFields
            // names and codes the OCR was not sure of are unproven
            for field in c.result.format.fieldPositions where !field.provenByCheckDigit {
                let line = fitted[field.line]
                let doubtful = field.range.contains { i in i < line.confidences.count && line.confidences[i] < Self.minimumConfidence }
                if doubtful, !uncertain.contains(field.name) { uncertain.append(field.name) }
            }
            // A second reading at another scale must agree on every field no check digit
            // covers: LSTM insertions and swaps in names are rarely stable across scales.
            for (lineIndex, box) in band.enumerated() {
                let unproven = c.result.format.fieldPositions.filter { !$0.provenByCheckDigit && $0.line == lineIndex }
                guard !unproven.isEmpty else { continue }
                let second = ocrLine(box, in: image, engine: engine, extraScale: 1.4)
                    .flatMap { Self.fitLength($0, to: target) }.map { Array($0.text) }
                let first = Array(c.result.lines[lineIndex])
                for field in unproven where second == nil || Array(second![field.range]) != Array(first[field.range]) {
                    if !uncertain.contains(field.name) { uncertain.append(field.name) }
                }
            }
            return MRZReading(result: c.result, changes: c.changes, uncertainFields: uncertain)
        }
        guard let parsed = try? corrector.parser.parse(lines: lines) else { return nil }
        return MRZReading(result: parsed, changes: [], uncertainFields: [])
    }

    /// Symbol confidence (0–100) below which an unproven character makes its field uncertain.
    static let minimumConfidence: Float = 85

    /// Lines read one or two characters long or short: add or drop fillers at the end
    /// (OCR miscounts runs of `<`), never anything else.
    static func fitLength(_ line: OCRLine, to target: Int) -> OCRLine? {
        var l = line
        while l.text.count > target, l.text.last == "<" {
            l.text.removeLast(); l.alternatives.removeLast()
            if !l.confidences.isEmpty { l.confidences.removeLast() }
        }
        if l.text.count < target, target - l.text.count <= 3, l.text.last == "<" {
            let missing = target - l.text.count
            l.text += String(repeating: "<", count: missing)
            l.alternatives += Array(repeating: [], count: missing)
            l.confidences += Array(repeating: 100, count: missing)
        }
        return l.text.count == target ? l : nil
    }

    static func measure(_ image: GrayImage) -> ImageQuality {
        let w = image.width, h = image.height
        guard w > 2, h > 2 else { return ImageQuality(characterHeight: nil, sharpness: 0, glare: 0) }
        var sum = 0.0, sumSq = 0.0, count = 0.0, bright = 0
        let step = max(1, Int((Double(w * h) / 400_000).squareRoot()))
        image.pixels.withUnsafeBufferPointer { p in
            var y = 1
            while y < h - 1 {
                var x = 1
                while x < w - 1 {
                    let i = y * w + x
                    let lap = 4 * Int(p[i]) - Int(p[i - 1]) - Int(p[i + 1]) - Int(p[i - w]) - Int(p[i + w])
                    sum += Double(lap); sumSq += Double(lap * lap); count += 1
                    if p[i] >= 250 { bright += 1 }
                    x += step
                }
                y += step
            }
        }
        let mean = sum / max(count, 1)
        return ImageQuality(characterHeight: nil, sharpness: sumSq / max(count, 1) - mean * mean, glare: Double(bright) / max(count, 1))
    }

    static func likelyCause(_ q: ImageQuality, foundLines: Bool) -> MRZScanFailure {
        if let h = q.characterHeight, h < 10 { return .tooSmall }
        if q.sharpness < 30 { return .blurred }
        if q.glare > 0.08 { return .glare }
        return .noMRZ
    }
}
