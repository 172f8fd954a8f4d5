import Imaging

/// How candidate MRZ bands are found in an oriented view.
enum BandFinder {
    /// Characters joined into line blobs by a horizontal closing (Leptonica): milliseconds.
    case morphology
    /// Tesseract's layout analysis without recognition: slower, copes with busy layouts.
    case layoutAnalysis

    /// Groups of 2 or 3 line blobs that look like an MRZ: long, thin, of similar width and
    /// left edge, evenly stacked; lowest first (on data pages the MRZ is at the bottom).
    /// `scale` maps blob coordinates to the caller's pixels.
    static func bands(from lineBlobs: [PixelBox], workingWidth: Int, scale: Double) -> [[PixelBox]] {
        let blobs = lineBlobs
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

    /// Whether two bands cover the same lines (within half a line height).
    static func sameBand(_ a: [PixelBox], _ b: [PixelBox]) -> Bool {
        a.count == b.count && zip(a, b).allSatisfy { p, q in
            let h = max(p.height, q.height)
            return abs(p.y - q.y) < h / 2 + 1 && abs(p.x - q.x) < 2 * h
        }
    }
}

extension PixelBox {
    func scaled(by factor: Double) -> PixelBox {
        PixelBox(x: Int(Double(x) * factor), y: Int(Double(y) * factor),
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
    /// The turned, deskewed working copy.
    let small: GrayImage
    /// Full-resolution pixels per working-copy pixel.
    let scale: Double
    private let input: GrayImage

    /// Longest side of the working copy: MRZ characters of a full-page photo stay ≥ ~8 px.
    static let workingSize = 1000

    /// The input reduced (or, when tiny, enlarged) for band finding; shared by all views.
    static func workingCopy(of input: GrayImage) -> GrayImage {
        let longest = max(input.width, input.height)
        if longest < 700 { return input.scaled(by: 2) }
        return longest > workingSize ? input.scaled(by: Double(workingSize) / Double(longest)) : input
    }

    init(input: GrayImage, workingCopy: GrayImage, quarter: Int) {
        self.input = input
        self.quarter = quarter
        self.scale = Double(input.width) / Double(workingCopy.width)
        let turned = quarter == 0 ? workingCopy : workingCopy.rotatedOrthogonally(quarter)
        let skew = turned.skewAngle(range: 15) ?? 0
        angle = abs(skew) > 0.4 ? skew : 0
        small = angle == 0 ? turned : turned.rotated(degrees: angle)
    }

    /// The input turned and deskewed like `small`, at full resolution (made on first use).
    lazy var full: GrayImage = {
        let turned = quarter == 0 ? input : input.rotatedOrthogonally(quarter)
        return angle == 0 ? turned : turned.rotated(degrees: angle)
    }()

    /// Bands from morphology, in full-resolution pixels.
    func morphologyBands() -> [[PixelBox]] {
        // the closing bridges the gaps between MRZ glyphs (up to ~1/45 of a full-width line)
        let blobs = small.textLineBlobs(gap: max(5, small.width / 45))
        return BandFinder.bands(from: blobs, workingWidth: small.width, scale: scale)
    }

    /// Bands from Tesseract's layout analysis, in full-resolution pixels.
    func layoutBands(engine: OCREngine) -> [[PixelBox]] {
        // a working size where MRZ characters are ~15–40 px tall
        let image = full.width < 800 ? full.scaled(by: 2) : full.reduced(toWidth: 1400)
        return BandFinder.bands(from: engine.layoutLines(in: image), workingWidth: image.width,
                                scale: Double(full.width) / Double(image.width))
    }
}
