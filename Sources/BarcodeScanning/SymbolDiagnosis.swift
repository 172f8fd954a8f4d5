import Foundation
import IDCommon
import Imaging

/// Why no PDF417 symbol was decoded: the contract's message for a read that found no licence.
public enum PDF417Failure: String, Sendable, Codable, CaseIterable {
    /// A symbol is there, but its modules are under about a pixel.
    case tooSmall
    /// A symbol is there, but its edges are smeared over about a module or more.
    case blurred
    /// A symbol is there, under glare.
    case glare
    /// A symbol is there, too dark to decode (its light modules under a quarter of white).
    case tooDark
    /// A symbol is there, but it runs off the picture: only one of its start and stop
    /// patterns is seen, or its rows reach the picture's top or bottom edge.
    case cutOff
    /// A symbol is there and none of the causes above shows; it still did not decode.
    case undecodable
    /// Nothing in the picture looks like a PDF417 symbol.
    case noSymbol

    public var message: String {
        switch self {
        case .tooSmall: return "The barcode is too small to decode; take the picture closer."
        case .blurred: return "The barcode is too blurred to decode; hold the camera still and focus on the barcode."
        case .glare: return "Glare covers the barcode; tilt the card or move away from direct light."
        case .tooDark: return "The barcode is too dark to decode; take the picture in more light."
        case .cutOff: return "The barcode runs off the edge of the picture; take the picture so that the whole barcode is in it."
        case .undecodable: return "A barcode was found but could not be decoded; take a straighter, sharper picture of the whole barcode."
        case .noSymbol: return "No licence barcode was found in the image; check that the barcode is in the picture and in focus."
        }
    }

    /// Whether the picture held something like a PDF417 symbol.
    public var symbolSeen: Bool { self != .noSymbol }

    /// The failure as one of the contract's causes.
    public var cause: ReadFailureCause {
        switch self {
        case .tooSmall: return .tooSmall
        case .blurred: return .blurred
        case .glare: return .glare
        case .tooDark: return .tooDark
        case .cutOff: return .cutOff
        case .undecodable: return .undecodable
        case .noSymbol: return .noDocument
        }
    }
}

/// What the most symbol-like region of a picture shows, measured on the PDF417's own
/// landmarks: every row of a symbol begins with the start pattern, whose first bar is 8
/// modules wide, and ends with the stop pattern, whose first bar is 7 modules wide
/// (ISO/IEC 15438 §5.3).  Straightened by its skew, a symbol shows these as two dark
/// stripes running through all its rows, one near each end; text, photos and guilloche do
/// not.  Their widths give the module size whatever the picture's scale.
public struct SymbolRegionMeasures: Sendable, Equatable {
    /// Module width in pixels, from the two wide bars.
    public var moduleWidth: Double
    /// How much of the symbol's contrast its bars and spaces keep from pixel to pixel:
    /// about 1 for a sharp symbol (8 changes of full contrast every 17 modules), less as
    /// blur flattens the 1- and 2-module elements.
    public var detail: Double
    /// The share of the symbol washed out by glare: brighter than its median, with little
    /// contrast left.
    public var glare: Double
    /// The level of the symbol's light modules (its 95th percentile, 0–255).
    public var light: Double = 255
    /// Whether the symbol's outline reaches the picture's edge (its rows or columns may
    /// go on past it); only for a symbol outlined by its start and stop patterns.
    public var reachesEdge = false
    /// Whether the start and stop patterns outline the region (else only the locator
    /// found it).
    public var outlined = false
    /// The symbol's corners in the picture's pixels as its start and stop patterns outline
    /// it (the start pattern's side left); `nil` for a region only the locator found.
    public var corners: Quadrilateral? = nil
}

/// How strongly a picture shows a PDF417 symbol, weakest first.
public enum SymbolEvidence: Int, Sendable, Comparable {
    /// Nothing like a symbol.
    case none
    /// A region the locator found, showing two wide bars at its ends: weaker evidence, as
    /// other striped print (a blurred MRZ's lines) can show them.
    case locatedRegion
    /// The start and stop patterns around rows that keep less than a sharp symbol's
    /// detail (`SymbolDiagnosis.leastDetail`): a blurred or glared symbol, or print the
    /// patterns matched by chance (a line of bold capitals on an ID card, idphoto-gen
    /// seed 43, outlined as a glared symbol keeping 0.26).
    case faintPatterns
    /// The start and stop patterns, which occur in nothing else, around rows of a sharp
    /// symbol's detail: an outline of both, or one side's pattern (the other side cut off).
    case startStopPatterns

    public static func < (a: SymbolEvidence, b: SymbolEvidence) -> Bool { a.rawValue < b.rawValue }
}

/// The licence diagnosis of a picture: why no symbol was decoded, and how strongly the
/// picture shows one (`SymbolDiagnosis.examine`).
public struct SymbolFinding: Sendable, Equatable {
    public var failure: PDF417Failure
    /// `.none` exactly when `failure` is `noSymbol`.
    public var evidence: SymbolEvidence
    /// Where the start and stop patterns outline the symbol, in the picture's pixels
    /// (`SymbolRegionMeasures.corners`); `nil` where they do not.
    public var corners: Quadrilateral?

    public init(_ failure: PDF417Failure, evidence: SymbolEvidence, corners: Quadrilateral? = nil) {
        self.failure = failure
        self.evidence = failure.symbolSeen ? evidence : .none
        self.corners = failure.symbolSeen ? corners : nil
    }
}

/// Tells a symbol that did not decode from a picture with none (`PDF417Failure`).
public enum SymbolDiagnosis {
    /// Modules under this many pixels are too small to decode.  zxing-cpp with the rescue
    /// passes decodes down to about 1 px; the bar widths overstate modules under ~1.5 px
    /// (the first thin bar merges with the wide one), by ~0.3 px at 1 px, and more in
    /// photos: idphoto-gen licences shrunk to 0.9 px modules (seed 36) measure up to 1.5.
    static let smallestModule = 1.5
    /// Symbols keeping less detail than this are too blurred to decode (see `detail`; on
    /// idphoto-gen's licence photos, seed 11, every symbol that is not read keeps less than
    /// 0.5, and clean and mild ones 0.57–0.98).
    static let leastDetail = 0.5
    /// Less detail than this inside a start-stop outline is no symbol: two passport pages
    /// of ../shared/corpus/mrz outlined by chance keep 0.13 and 0.14, two idphoto-gen
    /// visa pages under glare (seeds 40 and 41) 0.21; the blurriest symbols measured keep
    /// 0.29.
    static let leastSymbolDetail = 0.25
    /// Symbols whose light modules are darker than this (0–255) are too dark.
    static let darkestLight = 60.0
    /// Less detail than this in a region only the locator found is no symbol: without
    /// the start and stop patterns' outline it is weaker evidence (at `leastSymbolDetail`,
    /// blurred passport pages of idphoto-gen, seed 36, were taken for glared licences).
    static let leastLocatedDetail = 0.3
    /// Symbols with more of their tiles washed out than this are glared.
    static let mostGlare = 0.04
    /// The least height of a located symbol, in widths of its start bar (8 modules): a
    /// licence symbol has tens of rows of 3 or more modules, 30 modules and more.  Dark
    /// stripes as tall as 2.2 bar widths on either side of a blurred visa page's MRZ (the
    /// surroundings beyond the page) were taken for a blurred symbol's bars (idphoto-gen
    /// seed 37).
    static let leastHeightInBars = 3.0

    /// The likely cause, from the most symbol-like region.
    public static func diagnose(_ image: GrayImage) -> PDF417Failure { examine(image).failure }

    /// `diagnose` with how strongly the picture shows the symbol, for weighing it against
    /// other documents' evidence.
    public static func examine(_ image: GrayImage) -> SymbolFinding { examine(image, sparsely: false) }

    /// `examine` at a glance, for a live camera view: the start and stop patterns looked
    /// for on some `glanceLines` lines of the picture instead of every other one (a
    /// symbol spans far more rows than that), some 15–30 ms of CPU for a 1920×1080 frame.
    public static func glance(_ image: GrayImage) -> SymbolFinding { examine(image, sparsely: true) }

    /// Lines of a picture `glance` looks for start and stop patterns on.
    static let glanceLines = 100

    static func examine(_ image: GrayImage, sparsely: Bool) -> SymbolFinding {
        // one input for the measures and the cut-off test: the located boxes and the
        // whole picture's patterns are found once
        examine(BarcodeScanner.RescueInput(image), sparsely: sparsely)
    }

    /// `examine(_:sparsely:)` of `input`'s picture, with what `input` found of it already.
    static func examine(_ input: BarcodeScanner.RescueInput, sparsely: Bool) -> SymbolFinding {
        guard let m = measure(input, sparsely: sparsely) else {
            // a lone pattern: cut off where its rows keep a sharp symbol's detail, else blurred
            return oneSidedCause(input, sparsely: sparsely).map { SymbolFinding($0, evidence: $0 == .cutOff ? .startStopPatterns : .faintPatterns) }
                ?? SymbolFinding(.noSymbol, evidence: .none)
        }
        let failure = cause(of: m, input: input, sparsely: sparsely)
        guard m.outlined else { return SymbolFinding(failure, evidence: failure == .cutOff ? .startStopPatterns : .locatedRegion) }
        return SymbolFinding(failure, evidence: m.detail >= leastDetail ? .startStopPatterns : .faintPatterns, corners: m.corners)
    }

    /// The cause a measured symbol shows.
    static func cause(of m: SymbolRegionMeasures, input: BarcodeScanner.RescueInput, sparsely: Bool) -> PDF417Failure {
        if m.light < darkestLight { return .tooDark }
        if m.glare > mostGlare { return .glare }
        if m.moduleWidth < smallestModule { return .tooSmall }
        if m.detail < leastDetail { return .blurred }
        // at a glance a measured symbol is cut off only where its outline meets the edge:
        // a lone pattern counted on few lines is too weak beside a measured symbol
        if m.reachesEdge || (!sparsely && runsOff(input)) { return .cutOff }
        return .undecodable
    }

    /// Lines one side's pattern must be seen on for a symbol cut off at its other side:
    /// more than `SymbolEdges.minimumLines`, as a lone pattern is weaker evidence than two.
    static let leastLinesOfOneSide = 12

    /// Whether a symbol's start or stop pattern runs straight through many rows while the
    /// other side's is seen nowhere, and inside that edge the rows hold a symbol's detail:
    /// a symbol whose other end is off the picture (`oneSidedCause`).
    static func runsOff(_ input: BarcodeScanner.RescueInput, sparsely: Bool = false) -> Bool {
        oneSidedCause(input, sparsely: sparsely) == .cutOff
    }

    /// The cause a symbol seen by one side's pattern alone shows: its start or stop
    /// pattern runs straight through many rows while the other side's is seen nowhere
    /// (measured on the whole picture, as the start-stop pass looks for the patterns;
    /// `sparsely`, on `glanceLines` lines).  Inside that edge the rows keep a symbol's
    /// detail (`insideDetail`): at least `leastDetail`, the symbol's other end is off the
    /// picture (`cutOff`); less, but as much as a located region must keep
    /// (`leastLocatedDetail`), the other side's thin bars are lost to blur (`blurred`: a
    /// licence blurred by a module, idphoto-gen seed 37, showed its start pattern on 12
    /// lines, its stop pattern on none, and 0.36 of a sharp symbol's detail).  `nil`: no
    /// such pattern.  (`input`'s picture, with the whole picture's patterns it may have
    /// found already.)
    static func oneSidedCause(_ input: BarcodeScanner.RescueInput, sparsely: Bool) -> PDF417Failure? {
        let image = input.image
        guard image.width >= 40, image.height >= 6, image.pixelCount <= 4_000_000 else { return nil }
        let matches = input.wholePictureMatches(lineStep: max(2, image.height / (sparsely ? glanceLines : 500))).matches
        let sides = [EdgeFit(matches.filter(\.isLeftEdge)), EdgeFit(matches.filter { !$0.isLeftEdge })]
        let lines = sides.map { $0?.lines ?? 0 }
        // one side seen on many lines, the other on none or on a few by chance
        guard lines.max()! >= leastLinesOfOneSide, 3 * lines.min()! < lines.max()! else { return nil }
        let (index, fit) = lines[0] > lines[1] ? (0, sides[0]) : (1, sides[1])
        guard let fit, let detail = insideDetail(fit, symbolToTheRight: index == 0, in: image) else { return nil }
        return detail >= leastDetail ? .cutOff : detail >= leastLocatedDetail ? .blurred : nil
    }

    /// The detail (`texture`) the rows inside `fit`'s edge keep, past its start or stop
    /// pattern (17 modules) and up to 100 modules or the picture's edge; `nil` when too
    /// little of the symbol is in the picture to measure.
    static func insideDetail(_ fit: EdgeFit, symbolToTheRight: Bool, in image: GrayImage) -> Double? {
        let edge = fit.line.x(at: fit.yMiddle), m = fit.module
        let near = symbolToTheRight ? edge + 18 * m : edge - 18 * m
        let far = symbolToTheRight ? min(Double(image.width), near + 100 * m) : max(0, near - 100 * m)
        let columns = Int(min(near, far).rounded())..<Int(max(near, far).rounded())
        let rows = max(0, Int(fit.yRange.lowerBound))..<min(image.height, Int(fit.yRange.upperBound) + 1)
        guard columns.lowerBound >= 0, columns.upperBound <= image.width, columns.count >= Int(10 * m), rows.count >= 4 else { return nil }
        return texture(image, columns: columns, rows: rows, module: m).detail
    }

    /// The measures of the symbol: outlined by its start and stop patterns
    /// (`SymbolEdges`, which also sees symbols in perspective) and drawn upright at its own
    /// module size, so that its blur and glare stay as the picture has them; else the first
    /// located region that shows the start and stop bars.  `nil` when none does.
    public static func measure(_ image: GrayImage) -> SymbolRegionMeasures? { measure(image, sparsely: false) }

    static func measure(_ image: GrayImage, sparsely: Bool) -> SymbolRegionMeasures? {
        measure(BarcodeScanner.RescueInput(image), sparsely: sparsely)
    }

    static func measure(_ input: BarcodeScanner.RescueInput, sparsely: Bool) -> SymbolRegionMeasures? {
        let image = input.image
        if let (picture, edges, toInput) = BarcodeScanner.symbolEdges(input, sparsely: sparsely) {
            let pixelsPerModule = 3.0
            guard let upright = edges.rectified(picture, pixelsPerModule: pixelsPerModule) else { return nil }
            // inside the quiet zone `rectified` adds and the module or two it widens by
            let marginX = Int(6 * pixelsPerModule), marginY = Int(5.5 * pixelsPerModule)
            guard upright.width > 2 * marginX + 10, upright.height > 2 * marginY + 4 else { return nil }
            let (detail, tone) = texture(
                upright, columns: marginX..<(upright.width - marginX), rows: marginY..<(upright.height - marginY), module: pixelsPerModule)
            // print outlined by chance (a passport's lines) has hardly any symbol-like
            // detail: even the blurriest symbols measured keep 0.29
            if detail >= leastSymbolDetail {
                let reaches = touchesEdge(edges.outline.corners, width: picture.width, height: picture.height, margin: 2 * edges.module)
                return SymbolRegionMeasures(
                    moduleWidth: edges.module, detail: detail, glare: tone.glare, light: tone.light, reachesEdge: reaches, outlined: true,
                    corners: edges.outline.map(toInput))
            }
        }
        let boxes = SymbolLocator.locateAll(input.energy, window: SymbolLocator.tallWindow) + input.tightBoxes
        for box in boxes.prefix(6) {
            let crop = BarcodeScanner.region(of: image, around: box).crop
            guard crop.width >= 24, crop.height >= 12 else { continue }
            let angle = crop.skewAngle(range: 15) ?? 0
            // as for an outlined symbol: too little symbol-like detail is no symbol
            if let m = measureUpright(abs(angle) > 0.3 ? crop.rotated(degrees: angle) : crop), m.detail >= leastLocatedDetail { return m }
        }
        return nil
    }

    /// Whether any of `corners` comes within `margin` of the edge of a picture of
    /// `width` × `height`, or lies outside it.
    static func touchesEdge(_ corners: [Point], width: Int, height: Int, margin: Double) -> Bool {
        corners.contains { p in
            p.x < margin || p.y < margin || p.x > Double(width - 1) - margin || p.y > Double(height - 1) - margin
        }
    }

    /// The measures of a crop whose symbol rows run horizontally.
    static func measureUpright(_ crop: GrayImage) -> SymbolRegionMeasures? {
        let w = crop.width, h = crop.height
        let threshold = SymbolCorners.otsuThreshold(crop.pixels)
        // the rows the symbol covers: those with a fair share of dark pixels
        var darkInRow = [Int](repeating: 0, count: h)
        crop.pixels.withUnsafeBufferPointer { p in
            for y in 0..<h {
                var n = 0
                for x in 0..<w where p[y * w + x] < threshold { n += 1 }
                darkInRow[y] = n
            }
        }
        // the longest run of rows with a fair share of dark pixels (text lines have gaps)
        var best = 0..<0, runStart = 0
        for y in 0...h {
            if y < h, darkInRow[y] * 5 >= w { continue }
            if y - runStart > best.count { best = runStart..<y }
            runStart = y + 1
        }
        guard best.count >= 6 else { return nil }
        let top = best.lowerBound, bottom = best.upperBound - 1
        // the middle half of those rows: every column's share of dark pixels
        let y0 = top + (bottom - top) / 4, y1 = bottom - (bottom - top) / 4
        var darkShare = [Double](repeating: 0, count: w)
        var profile = [Double](repeating: 0, count: w)
        crop.pixels.withUnsafeBufferPointer { p in
            for x in 0..<w {
                var n = 0, sum = 0
                for y in y0...y1 {
                    let v = p[y * w + x]
                    if v < threshold { n += 1 }
                    sum += Int(v)
                }
                darkShare[x] = Double(n) / Double(y1 - y0 + 1)
                profile[x] = Double(sum) / Double(y1 - y0 + 1)
            }
        }
        // stripes dark through (nearly) every row; the outermost on each side are the
        // start and stop patterns' wide bars
        var stripes: [Range<Int>] = []
        var x = 0
        while x < w {
            guard darkShare[x] >= 0.85 else {
                x += 1
                continue
            }
            let start = x
            while x < w, darkShare[x] >= 0.85 { x += 1 }
            stripes.append(start..<x)
        }
        // the dark beyond the card may stripe the crop's edges: looked past it when the
        // whole crop shows no end bars (`insideSurroundings`)
        guard
            let (left, right, module) = endBars(stripes, darkShare, within: 0..<w, rows: best.count)
                ?? endBars(stripes, darkShare, within: insideSurroundings(stripes, darkShare), rows: best.count)
        else { return nil }
        let (detail, tone) = texture(crop, columns: left.upperBound..<right.lowerBound, rows: y0..<(y1 + 1), module: module)
        return SymbolRegionMeasures(moduleWidth: module, detail: detail, glare: tone.glare, light: tone.light)
    }

    /// The start and stop patterns' wide bars among `stripes` (runs of columns dark through
    /// `rows` rows; `darkShare`, each column's share of dark pixels) inside `columns`, and
    /// the module width they give; `nil` when no pair of stripes is shaped like them.
    static func endBars(
        _ stripes: [Range<Int>], _ darkShare: [Double], within columns: Range<Int>, rows: Int
    ) -> (left: Range<Int>, right: Range<Int>, module: Double)? {
        let stripes = stripes.filter { $0.lowerBound >= columns.lowerBound && $0.upperBound <= columns.upperBound }
        // the widest stripe near each end of the ink: the start pattern's 8-module bar and
        // the stop pattern's 7-module one (the outermost stripe on the stop side is its
        // 1-module end bar)
        let inkColumns = columns.filter { darkShare[$0] > 0.05 }
        guard let inkStart = inkColumns.first, let inkEnd = inkColumns.last, inkEnd > inkStart else { return nil }
        let span = Double(inkEnd - inkStart)
        let nearStart = stripes.filter { Double($0.lowerBound - inkStart) < 0.12 * span }
        let nearEnd = stripes.filter { Double(inkEnd - $0.upperBound) < 0.12 * span }
        guard let left = nearStart.max(by: { $0.count < $1.count }), let right = nearEnd.max(by: { $0.count < $1.count }),
            Double(right.lowerBound - left.upperBound) > 0.6 * span
        else { return nil }
        let module = Double(left.count + right.count) / 15
        // two bars of about the same width (8 and 7 modules), far apart in modules, and
        // running through many rows (a licence symbol has tens of rows of 3+ modules; a
        // line of bold text is only a few stroke widths tall)
        guard module > 0, 2 * min(left.count, right.count) >= max(left.count, right.count),
            Double(right.lowerBound - left.upperBound) / module >= 30,
            Double(rows) >= leastHeightInBars * Double(max(left.count, right.count))
        else { return nil }
        // and wider than any stripe between them: no data element is wider than 6 modules,
        // while the strokes of a line of text are all about one width
        let widestInside = stripes.filter { $0.lowerBound >= left.upperBound && $0.upperBound <= right.lowerBound }.map(\.count).max() ?? 0
        guard Double(min(left.count, right.count)) >= 1.15 * Double(widestInside) else { return nil }
        return (left, right, module)
    }

    /// The columns of a located crop inside its dark surroundings: a crop around a symbol
    /// near the card's edge reaches past the card, and the dark beyond it, cut by the
    /// crop's edge, stripes every row as a bar does (a licence photographed on a dark table
    /// at 0.9 px modules, idphoto-gen seed 39, had its outer stripes taken from the table
    /// on both sides and its symbol went unseen).  A stripe (of `stripes`) that reaches
    /// within two columns of an edge is left out with the columns up to the first light
    /// one past it (`darkShare` ≤ 0.05): at 0.9 px modules (seed 40) the crop's outermost
    /// column was paler than the stripe.  Only where the whole crop shows no end bars: a
    /// picture of a symbol without a quiet zone has its own start bar at the edge (zxing's
    /// test scan pdf417-1/08).
    static func insideSurroundings(_ stripes: [Range<Int>], _ darkShare: [Double]) -> Range<Int> {
        // a stripe within a column or two of the edge (the crop's outermost columns may be
        // paler), and the dark after it up to the first light column
        var lower = 0, upper = darkShare.count
        if let first = stripes.first, first.lowerBound <= 2 {
            lower = (first.upperBound..<darkShare.count).first { darkShare[$0] <= 0.05 } ?? darkShare.count
        }
        if let last = stripes.last, last.upperBound >= darkShare.count - 2 {
            upper = (0..<last.lowerBound).last { darkShare[$0] <= 0.05 }.map { $0 + 1 } ?? 0
        }
        return lower..<max(lower, upper)
    }

    /// `detail`, `glare` and `light` (the 95th percentile) over the symbol's pixels in
    /// `columns` × `rows` of `image`, whose modules are `module` pixels wide.
    static func texture(
        _ image: GrayImage, columns: Range<Int>, rows: Range<Int>, module: Double
    ) -> (
        detail: Double, tone: (glare: Double, light: Double)
    ) {
        let w = image.width
        guard columns.count >= 2, !rows.isEmpty, columns.upperBound <= w, rows.upperBound <= image.height, module > 0 else { return (0, (0, 255)) }
        // percentiles from histograms of the grey (the same values sorting gave, at a
        // fraction of its time: a symbol is hundreds of thousands of pixels)
        var histogram = [Int](repeating: 0, count: 256)
        var steps = 0
        image.pixels.withUnsafeBufferPointer { p in
            for y in rows {
                let row = y * w
                for x in columns {
                    histogram[Int(p[row + x])] += 1
                    if x > columns.lowerBound { steps += abs(Int(p[row + x]) - Int(p[row + x - 1])) }
                }
            }
        }
        let count = columns.count * rows.count
        let dark = Double(ranked(count / 20, histogram)), light = Double(ranked(count * 19 / 20, histogram))
        guard light > dark else { return (0, (0, light)) }
        // 8 elements in every 17 modules: that many changes of the full contrast per pixel
        let expected = (light - dark) * 8 / (17 * module)
        let detail = Double(steps) / Double(rows.count * (columns.count - 1)) / expected
        // glare: the share of the symbol, in tiles of about 8 × 8 modules, washed out —
        // brighter than the symbol's median and with under 40 % of its contrast left
        let median = ranked(count / 2, histogram)
        let tile = max(4, Int(8 * module))
        var tiles = 0, washed = 0
        var patch = [Int](repeating: 0, count: 256)
        image.pixels.withUnsafeBufferPointer { p in
            for y0 in stride(from: rows.lowerBound, to: rows.upperBound - tile / 2, by: tile) {
                for x0 in stride(from: columns.lowerBound, to: columns.upperBound - tile / 2, by: tile) {
                    let ys = y0..<min(y0 + tile, rows.upperBound), xs = x0..<min(x0 + tile, columns.upperBound)
                    let n = ys.count * xs.count
                    guard n >= 8 else { continue }
                    for i in 0..<256 { patch[i] = 0 }
                    for y in ys {
                        for x in xs { patch[Int(p[y * w + x])] += 1 }
                    }
                    tiles += 1
                    let spread = Double(ranked(n * 9 / 10, patch)) - Double(ranked(n / 10, patch))
                    if ranked(n / 2, patch) >= median, spread < 0.4 * (light - dark) { washed += 1 }
                }
            }
        }
        return (detail, (tiles == 0 ? 0 : Double(washed) / Double(tiles), light))
    }

    /// The grey at `rank` (from 0) of the values `histogram` counts: what sorting them
    /// would put there.
    static func ranked(_ rank: Int, _ histogram: [Int]) -> UInt8 {
        var seen = 0
        for level in 0..<256 {
            seen += histogram[level]
            if seen > rank { return UInt8(level) }
        }
        return 255
    }
}
