import Foundation
import IDCommon
import Imaging

/// A PDF417 symbol's four edges, found from its start and stop patterns, for resampling it
/// upright at a module size zxing-cpp reads reliably.
///
/// The left and right edges are straight lines through the pattern ends seen on many
/// lines (`StartStopPatterns`), fitted robustly; the top and bottom ones first join the
/// ends of the two patterns' wide bars, followed along the bars, then move to where the
/// picture changes most along the symbol's width (`EdgeRefinement`).  Four independent
/// edges: a photo taken at an angle (a trapezoid) is outlined as well as a turned one.
struct SymbolEdges {
    /// The symbol's corners in the picture's pixels (clockwise from the top-left one as
    /// the picture shows it, whichever way up the symbol is).
    let outline: Quadrilateral
    /// The module width, in pixels.
    let module: Double

    /// At least this many lines must show a side's pattern.
    static let minimumLines = 4

    /// The edges of the most prominent symbol in `image`, or `nil` when its start and stop
    /// patterns are not both seen along straight edges.
    static func find(in image: GrayImage, lineStep: Int = 1) -> SymbolEdges? {
        guard image.width >= 40, image.height >= 6 else { return nil }
        let means = LocalMean(patternsIn: image)
        return find(in: image, matches: StartStopPatterns.matches(in: image, lineStep: lineStep, means: means), means: means)
    }

    /// `find` from the patterns `matches` seen on `image`'s lines against `means`
    /// (`LocalMean(patternsIn: image)`, which the bars' ends are followed against too).
    static func find(in image: GrayImage, matches: [StartStopPatterns.Match], means: LocalMean) -> SymbolEdges? {
        guard image.width >= 40, image.height >= 6 else { return nil }
        guard let left = EdgeFit(matches.filter(\.isLeftEdge)), let right = EdgeFit(matches.filter { !$0.isLeftEdge }) else { return nil }
        let module = (left.module + right.module) / 2
        // both sides of one symbol: the same module size, the right edge well right of the left
        let middle = (left.yRange.lowerBound + left.yRange.upperBound) / 2
        guard left.module / right.module < 1.6, right.module / left.module < 1.6,
            right.line.x(at: middle) - left.line.x(at: middle) > 40 * module
        else { return nil }
        let ends = [left, right].map { BarEnds(of: $0, in: image, means: means) }
        let top = Segment(ends[0].top, ends[1].top), bottom = Segment(ends[0].bottom, ends[1].bottom)
        guard let topLeft0 = top.crossing(left.line), let topRight0 = top.crossing(right.line), let bottomRight0 = bottom.crossing(right.line),
            let bottomLeft0 = bottom.crossing(left.line)
        else { return nil }
        let refinement = EdgeRefinement(image: image, left: left.line, right: right.line, module: module)
        let (topEnds, bottomEnds) = refinement.refinedEdges(top: (topLeft0.y, topRight0.y), bottom: (bottomLeft0.y, bottomRight0.y))
        let topLeft = Point(x: left.line.x(at: topEnds.left), y: topEnds.left), topRight = Point(x: right.line.x(at: topEnds.right), y: topEnds.right)
        let bottomLeft = Point(x: left.line.x(at: bottomEnds.left), y: bottomEnds.left)
        let bottomRight = Point(x: right.line.x(at: bottomEnds.right), y: bottomEnds.right)
        let outline = Quadrilateral(topLeft: topLeft, topRight: topRight, bottomRight: bottomRight, bottomLeft: bottomLeft)
        guard outline.corners.allSatisfy({ $0.x.isFinite && $0.y.isFinite }), distance(topLeft, bottomLeft) >= 3 * module,
            distance(topRight, bottomRight) >= 3 * module
        else { return nil }
        return SymbolEdges(outline: outline, module: module)
    }

    /// The symbol drawn upright at `pixelsPerModule`, the outline widened by a module or
    /// two (an edge found a little inside must not cut off a bar or a row), inside a white
    /// quiet zone; `nil` if that would be implausibly large.
    func rectified(_ image: GrayImage, pixelsPerModule: Double) -> GrayImage? { upright(image, pixelsPerModule: pixelsPerModule)?.image }

    /// `rectified`, with the map from its pixels back to `image`'s (for the corners of a
    /// symbol decoded there) and where the symbol's left and right edges and its top and
    /// bottom are in it.
    func upright(
        _ image: GrayImage, pixelsPerModule: Double
    ) -> (image: GrayImage, toPicture: @Sendable (Point) -> Point, symbolX: ClosedRange<Double>, symbolY: ClosedRange<Double>)? {
        guard pixelsPerModule > 0, module > 0 else { return nil }
        let q = outline
        let widened = Quadrilateral(
            topLeft: Self.moved(q.topLeft, away: [q.topRight, q.bottomLeft], by: [2 * module, 1.5 * module]),
            topRight: Self.moved(q.topRight, away: [q.topLeft, q.bottomRight], by: [2 * module, 1.5 * module]),
            bottomRight: Self.moved(q.bottomRight, away: [q.bottomLeft, q.topRight], by: [2 * module, 1.5 * module]),
            bottomLeft: Self.moved(q.bottomLeft, away: [q.bottomRight, q.topLeft], by: [2 * module, 1.5 * module]))
        let w = widened
        let scale = pixelsPerModule / module
        let width = (distance(w.topLeft, w.topRight) + distance(w.bottomLeft, w.bottomRight)) / 2 * scale
        let height = (distance(w.topLeft, w.bottomLeft) + distance(w.topRight, w.bottomRight)) / 2 * scale
        guard width.isFinite, height.isFinite, width >= 20, height >= 6, width < 5000, height < 5000 else { return nil }
        let margin = Int((4 * pixelsPerModule).rounded()), columns = Int(width), rows = Int(height)
        guard let drawn = image.warped(corners: widened, width: columns, height: rows, margin: margin) else { return nil }
        // `warped` samples pixel (c, r) at the unit square's ((c - margin + ½) / columns, ...)
        let map = SquareToQuad(widened)
        let toPicture: @Sendable (Point) -> Point = { p in
            let (x, y) = map.point(u: (p.x - Double(margin)) / Double(columns), v: (p.y - Double(margin)) / Double(rows))
            return Point(x: x, y: y)
        }
        // the outline was widened by 2 modules on either side and 1.5 above and below
        return (
            drawn, toPicture, Self.inside(Double(margin), Double(margin + columns), by: 2 * pixelsPerModule),
            Self.inside(Double(margin), Double(margin + rows), by: 1.5 * pixelsPerModule)
        )
    }

    /// `low...high` less `inset` at either end; the middle alone when the inset leaves
    /// nothing (a view drawn at more pixels a module than it is wide or tall).
    static func inside(_ low: Double, _ high: Double, by inset: Double) -> ClosedRange<Double> {
        low + inset <= high - inset ? low + inset...high - inset : (low + high) / 2...(low + high) / 2
    }

    /// An upright view of the symbol (`upright`) with the map from the picture it was drawn
    /// from to the rescue's input.
    struct UprightView {
        let view: (image: GrayImage, toPicture: @Sendable (Point) -> Point, symbolX: ClosedRange<Double>, symbolY: ClosedRange<Double>)
        let pictureToInput: @Sendable (Point) -> Point

        /// A picture redrawn from the view, as a rescue variant whose points map back to
        /// the input.
        func variant(_ redrawn: (image: GrayImage, toView: @Sendable (Point) -> Point)) -> BarcodeScanner.Variant {
            let toPicture = view.toPicture, toInput = pictureToInput
            return BarcodeScanner.Variant(image: redrawn.image, toInput: { toInput(toPicture(redrawn.toView($0))) })
        }
    }

    /// The upright symbol as zxing-cpp is given it, most useful first (measured on
    /// idphoto-gen's hard licence photos, seed 5, against 2.5 to 4 px a module, unsharp
    /// masks of radius 2 to 4 and strength 1 to 3, averaging along the rows and local
    /// contrast stretching, which read no more): at 3 px a module and at 4, strongly
    /// sharpened (the modules are blurred over two or three of the photo's pixels), then at
    /// 3 sharpened harder still for the most blurred (each symbol read by one or the other
    /// at the margin).
    func uprightVariants(_ image: GrayImage) -> [(image: GrayImage, toPicture: @Sendable (Point) -> Point)] {
        [(3.0, 3, 2.0), (4.0, 4, 3.0), (3.0, 3, 3.0)].compactMap { scale, radius, amount in
            upright(image, pixelsPerModule: scale).map { ($0.image.sharpened(radius: radius, amount: amount), $0.toPicture) }
        }
    }

    /// `point` moved away from each of `others` along the line joining them, by the
    /// matching distance.
    static func moved(_ point: Point, away others: [Point], by distances: [Double]) -> Point {
        var p = point
        for (other, d) in zip(others, distances) {
            let length = distance(point, other)
            guard length > 1e-9 else { continue }
            p.x += (point.x - other.x) / length * d
            p.y += (point.y - other.y) / length * d
        }
        return p
    }
}

func distance(_ a: Point, _ b: Point) -> Double { ((a.x - b.x) * (a.x - b.x) + (a.y - b.y) * (a.y - b.y)).squareRoot() }

/// A near-vertical line `x = intercept + slope · y`.
struct EdgeLine {
    let intercept: Double, slope: Double
    func x(at y: Double) -> Double { intercept + slope * y }
}

/// A straight edge through the pattern ends on one side of a symbol: the line most of them
/// lie on (a Hough vote over slopes up to ±20°, then least squares on the agreeing ones),
/// and the unbroken stretch of lines that agree.
struct EdgeFit {
    let line: EdgeLine
    /// The median module width of the agreeing matches.
    let module: Double
    /// From the first to the last agreeing line.
    let yRange: ClosedRange<Double>
    /// The median line of the agreeing matches: inside the symbol.
    let yMiddle: Double
    /// How far from the edge the wide bar is centred (see `StartStopPatterns.Match`).
    let wideBarOffset: Double
    /// How many lines agree on the edge.
    let lines: Int

    init?(_ matches: [StartStopPatterns.Match]) {
        guard matches.count >= SymbolEdges.minimumLines else { return nil }
        let module = median(matches.map(\.module))
        let tolerance = max(1.5, module)
        // vote: for each slope, the intercepts binned by the tolerance (two neighbouring bins)
        var best = (votes: 0, slope: 0.0, intercept: 0.0)
        for step in -36...36 {
            let slope = Double(step) / 100
            var bins: [Int: Int] = [:]
            for m in matches { bins[Int(((m.edgeX - slope * m.y) / tolerance).rounded(.down)), default: 0] += 1 }
            for (bin, count) in bins {
                let votes = count + (bins[bin + 1] ?? 0)
                if votes > best.votes { best = (votes, slope, Double(bin + 1) * tolerance) }
            }
        }
        var line = EdgeLine(intercept: best.intercept, slope: best.slope)
        var agreeing = matches
        for _ in 0..<2 {
            agreeing = matches.filter { abs($0.edgeX - line.x(at: $0.y)) <= tolerance }
            guard agreeing.count >= SymbolEdges.minimumLines, let fitted = Self.leastSquares(agreeing) else { return nil }
            line = fitted
        }
        agreeing = matches.filter { abs($0.edgeX - line.x(at: $0.y)) <= tolerance }
        // the longest run of agreeing lines without a gap of many rows (glare or a fold may
        // hide some lines; the symbol's rows are seldom all found)
        let sorted = agreeing.sorted { $0.y < $1.y }
        var bestRun = 0..<0, runStart = 0
        for i in sorted.indices {
            if i > 0, sorted[i].y - sorted[i - 1].y > max(8, 30 * module) { runStart = i }
            if i + 1 - runStart > bestRun.count { bestRun = runStart..<(i + 1) }
        }
        let kept = Array(sorted[bestRun])
        guard kept.count >= SymbolEdges.minimumLines, let first = kept.first, let last = kept.last, let refitted = Self.leastSquares(kept) else { return nil }
        self.line = refitted
        self.module = median(kept.map(\.module))
        self.yRange = first.y...last.y
        self.yMiddle = kept[kept.count / 2].y
        self.lines = kept.count
        self.wideBarOffset = median(kept.map { $0.wideBarOffset / $0.module }) * self.module
    }

    /// `x` as a linear function of `y`, least squares; `nil` when all lie on one line `y`.
    static func leastSquares(_ matches: [StartStopPatterns.Match]) -> EdgeLine? {
        let n = Double(matches.count)
        guard n >= 2 else { return nil }
        let sy = matches.reduce(0) { $0 + $1.y }, sx = matches.reduce(0) { $0 + $1.edgeX }
        let syy = matches.reduce(0) { $0 + $1.y * $1.y }, syx = matches.reduce(0) { $0 + $1.y * $1.edgeX }
        let d = n * syy - sy * sy
        guard abs(d) > 1e-9 else { return nil }
        let slope = (n * syx - sy * sx) / d
        return EdgeLine(intercept: (sx - slope * sy) / n, slope: slope)
    }
}

/// Where a side's wide bar (the start pattern's 8-module one, the stop pattern's 7-module
/// one) ends at the top and at the bottom of the symbol: followed from the lines where the
/// pattern was seen outwards while it stays dark.  These ends lie on the top and bottom
/// edges, which the scan lines alone place only to a few modules on a turned symbol.
struct BarEnds {
    let top: Point, bottom: Point

    init(of fit: EdgeFit, in image: GrayImage, means: LocalMean) {
        let module = fit.module
        func sample(_ y: Double) -> (value: Int, mean: Int)? {
            let yi = Int(y.rounded(.down))
            guard yi >= 0, yi < image.height else { return nil }
            let centre = fit.line.x(at: y) + fit.wideBarOffset
            // three samples across the bar's middle, against JPEG noise
            var sum = 0, count = 0
            for dx in [-1.5 * module, 0, 1.5 * module] {
                let xi = Int((centre + dx).rounded(.down))
                guard xi >= 0, xi < image.width else { continue }
                sum += Int(image.pixels[yi * image.width + xi]); count += 1
            }
            let xc = Int(centre.rounded(.down))
            guard count > 0, xc >= 0, xc < image.width else { return nil }
            return (sum / count, means.value(x: xc, y: yi))
        }
        // the bar's grey where the pattern was seen
        var inside: [Int] = []
        for y in stride(from: fit.yRange.lowerBound, through: fit.yRange.upperBound, by: 1) {
            if let s = sample(y) { inside.append(s.value) }
        }
        let dark = inside.isEmpty ? 0 : inside.sorted()[inside.count / 2]
        func isDark(_ y: Double) -> Bool { sample(y).map { Double($0.value) < Double(dark + $0.mean) / 2 } ?? false }
        // From the middle of the lines that saw the pattern outwards, while the bar stays
        // dark (a line of print in line with the edge may have matched beyond the symbol's
        // end), at most a few modules beyond the last of those lines (the scan lines miss at
        // most a few modules of a turned symbol's corner rows).
        func end(from y0: Double, step: Double, limit: Double) -> Double {
            var y = y0, lastDark = y0, lightFor = 0.0
            while step < 0 ? y >= limit : y <= limit, sample(y) != nil {
                if isDark(y) {
                    lastDark = y; lightFor = 0
                } else {
                    lightFor += 1
                    if lightFor > max(2, 1.5 * module) { break }
                }
                y += step
            }
            // the edge is half a pixel beyond the last dark sample
            return lastDark + step / 2
        }
        // from the last line that saw the pattern when that is on the bar (glare may lighten
        // the bar between there and the middle), else from the middle
        let topStart = isDark(fit.yRange.lowerBound) ? fit.yRange.lowerBound : fit.yMiddle
        let bottomStart = isDark(fit.yRange.upperBound) ? fit.yRange.upperBound : fit.yMiddle
        let yTop = end(from: topStart, step: -1, limit: fit.yRange.lowerBound - 8 * module)
        let yBottom = end(from: bottomStart, step: 1, limit: fit.yRange.upperBound + 8 * module)
        top = Point(x: fit.line.x(at: yTop) + fit.wideBarOffset, y: yTop)
        bottom = Point(x: fit.line.x(at: yBottom) + fit.wideBarOffset, y: yBottom)
    }
}

/// The line through two points.
struct Segment {
    let a: Point, b: Point
    init(_ a: Point, _ b: Point) { self.a = a; self.b = b }

    /// Where this line crosses `edge`; `nil` when (nearly) parallel to it.
    func crossing(_ edge: EdgeLine) -> Point? {
        let dx = b.x - a.x, dy = b.y - a.y
        let denominator = dx - edge.slope * dy
        guard abs(denominator) > 1e-9 else { return nil }
        let t = (edge.x(at: a.y) - a.x) / denominator
        return Point(x: a.x + t * dx, y: a.y + t * dy)
    }
}

/// The middle value (upper middle of an even count); 0 for none.
func median(_ values: [Double]) -> Double {
    guard !values.isEmpty else { return 0 }
    return values.sorted()[values.count / 2]
}

extension BarcodeScanner {
    /// The symbol's edges in the located region, or, when the locator has cut the symbol
    /// (or found something else), in the whole image on every other line; with the
    /// picture they refer to.
    static func symbolEdges(
        _ input: RescueInput, sparsely: Bool = false
    ) -> (picture: GrayImage, edges: SymbolEdges, toInput: @Sendable (Point) -> Point)? {
        // `sparsely`, some `glanceLines` lines of the crop, every third at most
        if let region = input.region,
            let edges = SymbolEdges.find(in: region.crop, lineStep: sparsely ? max(3, region.crop.height / SymbolDiagnosis.glanceLines) : 1)
        {
            return (region.crop, edges, offset(region))
        }
        // every other line, and at most some 500, of pictures up to 4 MP (larger ones have
        // their symbol located, or are read by the other passes); `sparsely`, some 100
        guard input.image.pixelCount <= 4_000_000 else { return nil }
        let lineStep = max(2, input.image.height / (sparsely ? SymbolDiagnosis.glanceLines : 500))
        guard input.image.width >= 40, input.image.height >= 6 else { return nil }
        let (means, matches) = input.wholePictureMatches(lineStep: lineStep)
        return SymbolEdges.find(in: input.image, matches: matches, means: means).map { (input.image, $0, { $0 }) }
    }

    /// The start-stop pass's views of the symbol, with their maps back to the input.
    static func startStopVariants(_ input: RescueInput) -> [Variant] {
        guard let (picture, edges, toInput) = input.symbolEdges else { return [] }
        return edges.uprightVariants(picture).map { view in Variant(image: view.image, toInput: { toInput(view.toPicture($0)) }) }
    }

    /// The redraw pass's view: the upright symbol at 3 px a module redrawn line by line
    /// from its best matching codeword patterns (`CodewordRedraw.redrawn`).
    static func redrawVariants(_ input: RescueInput) -> [Variant] {
        guard let upright = input.uprightView,
            let redrawn = CodewordRedraw.redrawn(
                upright.view.image, from: upright.view.symbolX.lowerBound, to: upright.view.symbolX.upperBound, viewPixelsPerModule: 3)
        else { return [] }
        return [upright.variant(redrawn)]
    }

    /// The row redraw pass's view: the same upright symbol redrawn row by row
    /// (`CodewordRedraw.redrawnByRows`).
    static func redrawRowsVariants(_ input: RescueInput) -> [Variant] {
        guard let upright = input.uprightView,
            let redrawn = CodewordRedraw.redrawnByRows(
                upright.view.image, symbolX: upright.view.symbolX, symbolY: upright.view.symbolY, viewPixelsPerModule: 3)
        else { return [] }
        return [upright.variant(redrawn)]
    }

    /// The symbol drawn upright at `pixelsPerModule` from its start and stop patterns, not
    /// sharpened (`nil` when its edges are not found): for trying treatments of the view.
    @_spi(Evaluation) public static func startStopUpright(_ image: GrayImage, pixelsPerModule: Double) -> GrayImage? {
        guard let (picture, edges, _) = symbolEdges(RescueInput(image)) else { return nil }
        return edges.rectified(picture, pixelsPerModule: pixelsPerModule)
    }

    /// The outline of the PDF417 symbol in the located region of `image`, from its start
    /// and stop patterns, in `image` pixels (`nil` when not found): for measuring the edge
    /// finder against a generator's ground truth.
    @_spi(Evaluation) public static func startStopOutline(_ image: GrayImage) -> Quadrilateral? {
        guard let (_, edges, toInput) = symbolEdges(RescueInput(image)) else { return nil }
        return edges.outline.map(toInput)
    }
}

extension BarcodeScanner {
    /// Every rescue pass run on its own (from a fresh `RescueInput`, so each pays for the
    /// symbol location it needs): the first acceptable decode's bytes, or `nil`, and the
    /// milliseconds the pass took.  For measuring what each pass adds and costs.
    @_spi(Evaluation) public func eachRescuePass(_ image: GrayImage) -> [(pass: BarcodePass, bytes: [UInt8]?, ms: Double)] {
        Self.rescuePasses.map { pass in
            let start = Date()
            let input = RescueInput(image)
            var bytes: [UInt8]?
            for variant in pass.variants(input) {
                if let code = ZXingReader.read(variant.image, formats: [.pdf417], pass: pass.pass).first(where: { acceptPDF417($0.bytes) }) {
                    bytes = code.bytes
                    break
                }
            }
            return (pass.pass, bytes, Date().timeIntervalSince(start) * 1000)
        }
    }
}
