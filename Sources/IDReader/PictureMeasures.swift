import Imaging

/// What the whole picture shows when neither an MRZ-like band nor a symbol-like region
/// was seen: whether it is too dark, or too blurred, to make anything out at all.  Named
/// only then (a cause of a document's is measured where the document is).
struct PictureMeasures: Equatable {
    /// The level only 1 % of the picture is brighter than (0–255).
    var brightest: Double
    /// The width in pixels over which the picture's sharpest edges rise, per 1000 pixels
    /// of its longer side (the 10th percentile over its tiles of some contrast).
    var edgeWidth: Double?

    /// A picture whose brightest 1 % is darker than this is too dark to see anything.
    static let darkest = 45.0
    /// Sharpest edges wider than this (per 1000 pixels of the longer side) are too blurred
    /// to see anything.  Pictures without a document of smooth things measure up to 40
    /// (scikit-image's colour wheel; its blurred retina detail 32); idphoto-gen pages
    /// blurred by 0.45 character heights, 7 to 15: a picture is named blurred as a whole
    /// only when nothing in it is sharper than any photo of something.
    static let widestEdge = 60.0
    /// Sharpest edges wider than this make blurred print stripes a blurred MRZ's
    /// (`FailureDiagnosis.blurredStripes`): photos without a document whose smooth shapes
    /// make stripes measure 4.3–8.6 (scikit-image's camera, astronaut, coins, moon, clock);
    /// the real MRZ corpus blurred by 0.3 and 0.45 character heights 7.1–40, most over 9.
    static let blurredForStripes = 9.0
    /// Sharpest edges narrower than this leave no print blurred past its glyphs, and the
    /// print stripes are not looked for (`FailureDiagnosis.blurredStripes`): the real MRZ
    /// corpus blurred by 0.3 and 0.45 character heights measures 7.3 and more
    /// (bench/corpus_degraded.py); 18 of the 25 pictures without a document of
    /// bench/failure_causes.py measure 2.0–6.3, and each would pay some 150 ms for the look.
    static let sharpestForStripes = 6.5
    /// Tile side, and the contrast a tile needs for its edges to count.
    static let tile = 32, leastContrast = 40

    init(_ image: GrayImage) {
        self.init(brightest: Self.brightest(image), edgeWidth: Self.sharpestEdgeWidth(image))
    }

    init(brightest: Double, edgeWidth: Double?) {
        self.brightest = brightest
        self.edgeWidth = edgeWidth
    }

    /// The picture is too dark to make anything out.
    var tooDark: Bool { brightest < Self.darkest }
    /// The picture is too blurred to make anything out.
    var blurred: Bool { edgeWidth.map { $0 > Self.widestEdge } ?? false }

    static func brightest(_ image: GrayImage) -> Double {
        guard image.pixelCount > 0 else { return 0 }
        var histogram = [Int](repeating: 0, count: 256)
        let step = max(1, image.pixelCount / 200_000)
        image.pixels.withUnsafeBufferPointer { p in
            for i in stride(from: 0, to: p.count, by: step) { histogram[Int(p[i])] += 1 }
        }
        let total = histogram.reduce(0, +)
        var seen = 0
        for level in stride(from: 255, through: 0, by: -1) {
            seen += histogram[level]
            if seen * 100 >= total { return Double(level) }
        }
        return 0
    }

    /// See `edgeWidth`; `nil` when no tile has contrast enough.
    static func sharpestEdgeWidth(_ image: GrayImage) -> Double? {
        let w = image.width, h = image.height, t = tile
        guard w >= 2 * t, h >= 2 * t else { return nil }
        // at most about 600 tiles, spread evenly
        let stride = max(t, Int((Double(w * h) / 600).squareRoot()))
        var widths: [Double] = []
        // the steps counted per size (0–255) rather than sorted: the same 98th percentile
        var counts = [Int](repeating: 0, count: 256)
        image.pixels.withUnsafeBufferPointer { p in
            for y0 in Swift.stride(from: 0, to: h - t, by: stride) {
                for x0 in Swift.stride(from: 0, to: w - t, by: stride) {
                    var lowest = 255, highest = 0
                    for i in 0..<256 { counts[i] = 0 }
                    for y in y0..<(y0 + t) {
                        for x in x0..<(x0 + t) {
                            let v = Int(p[y * w + x])
                            lowest = min(lowest, v)
                            highest = max(highest, v)
                            counts[abs(v - Int(p[y * w + x + 1]))] += 1
                            counts[abs(v - Int(p[(y + 1) * w + x]))] += 1
                        }
                    }
                    guard highest - lowest >= leastContrast else { continue }
                    // the step at rank 98 % of the tile's 2 t² steps
                    let rank = 2 * t * t * 98 / 100
                    var seen = 0, steep = 255
                    for size in 0..<256 {
                        seen += counts[size]
                        if seen > rank {
                            steep = size
                            break
                        }
                    }
                    if steep > 0 { widths.append(Double(highest - lowest) / Double(steep)) }
                }
            }
        }
        guard !widths.isEmpty else { return nil }
        widths.sort()
        return widths[widths.count / 10] * 1000 / Double(max(w, h))
    }
}
