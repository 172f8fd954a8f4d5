import IDCommon
import Imaging

/// Finds an ICAO document's portrait inside its straightened page: in the part of the
/// page where the layout places it (`DocumentLayout.portraitSpan`, above the MRZ), the
/// largest solid region clearly darker than the page around it, which the page's fine
/// guilloche lines and printed text are not; on a passport's, a visa's or a TD2's page,
/// failing that, a photo's rectangle seen on its four sides (`PortraitFrameSearch`: a
/// photo on a light background).  A region of a portrait's size and shape is
/// reported; anything else is none, never a nominal box presented as found.
struct PortraitLocating {
    let image: GrayImage

    /// The search's resolution: fine enough for a TD1's 18 mm portrait, cheap to warp.
    static let pixelsPerMM = 6.0
    /// The page's level is taken per square of this side (mm), the brightest of the
    /// squares within two of it (a portrait's inside is no page), so that shadows and
    /// uneven light move it with them.
    static let levelBlock = 8.0
    /// A pixel counts as dark below this share of its block's page level: a portrait's
    /// background and hair are, the guilloche's lines (a tenth or two darker) are not.
    static let darkShare = 0.62
    /// Text strokes and guilloche lines are thinner than this (mm); the portrait's dark
    /// areas are far wider.  A morphological opening of this side removes the former.
    static let opening = 1.2

    /// The portrait's quadrilateral in picture pixels (reading order), or `nil`.
    /// `outline`: the page's corners; `mrzTop`: the MRZ band's top-left and top-right corners.
    func portrait(outline: Quadrilateral, layout: DocumentLayout, mrzTop: (Point, Point)) -> Quadrilateral? {
        guard let span = layout.portraitSpan else { return nil }
        let map = SquareToQuad(outline)
        guard let left = map.unitPoint(x: mrzTop.0.x, y: mrzTop.0.y), let right = map.unitPoint(x: mrzTop.1.x, y: mrzTop.1.y) else { return nil }
        let bottom = min(left.v, right.v) * layout.height - 0.8
        guard bottom > 15, bottom <= layout.height else { return nil }
        let scale = Self.pixelsPerMM
        let width = Int(((span.upperBound - span.lowerBound) * scale).rounded()), height = Int((bottom * scale).rounded())
        func picture(_ x: Double, _ y: Double) -> Point {
            let (px, py) = map.point(u: x / layout.width, v: y / layout.height)
            return Point(x: px, y: py)
        }
        let area = Quadrilateral(
            topLeft: picture(span.lowerBound, 0), topRight: picture(span.upperBound, 0),
            bottomRight: picture(span.upperBound, bottom), bottomLeft: picture(span.lowerBound, bottom))
        guard let page = image.warped(corners: area, width: width, height: height, margin: 0),
            let box = Self.box(in: page, layout: layout)
        else { return nil }
        let x0 = span.lowerBound + Double(box.x0) / scale, x1 = span.lowerBound + Double(box.x1) / scale
        let y0 = Double(box.y0) / scale, y1 = Double(box.y1) / scale
        return Quadrilateral(topLeft: picture(x0, y0), topRight: picture(x1, y0), bottomRight: picture(x1, y1), bottomLeft: picture(x0, y1))
    }

    /// The portrait's box in `page` (the layout's portrait span at `pixelsPerMM`): a dark,
    /// bounded region of a portrait's shape, else, on a page whose layout sizes its photo
    /// (`DocumentLayout.portraitFrameWidths`), a photo's rectangle seen on four sides.
    static func box(in page: GrayImage, layout: DocumentLayout) -> Box? {
        if let dark = portraitBox(in: page, shape: layout.portraitShape) { return dark }
        return layout.portraitFrameWidths.flatMap { PortraitFrameSearch(page: page, widths: $0).box() }
    }

    /// The size and proportions a portrait's box may have.  ICAO 9303 part 3's portrait
    /// is taller than wide, as the 35 × 45 mm photo it is made from (1.29 times; about
    /// 35 × 45 mm on a page, smaller on cards); the box found around its dark parts runs a
    /// little wider or taller.  A chip, an emblem or a seal is about square.
    struct PortraitShape: Sendable, Equatable {
        /// Width in mm at least.
        var minimumWidth: Double
        /// Height over width.
        var tallness: ClosedRange<Double>

        /// A passport's or visa's page: its portrait's box is found 1.14–1.54 times as
        /// tall as wide (idphoto-gen's pages and the real corpus's).
        static let page = PortraitShape(minimumWidth: 10, tallness: 1.1...1.8)
        /// A TD1's MRZ side, searched across its whole width, where a fingerprint (an
        /// oval about 12 × 19 mm: 1.6 times as tall as wide) or the state's emblem may be
        /// printed beside the MRZ: a portrait at least 14 mm wide (idphoto-gen's TD1
        /// portraits are 15.7–19.7 mm) and at most 1.5 times as tall as wide.
        static let card = PortraitShape(minimumWidth: 14, tallness: 1.1...1.5)
    }

    /// A box in pixels: columns `x0..<x1`, rows `y0..<y1`.
    struct Box: Equatable { var x0, y0, x1, y1: Int }

    /// The portrait's box in `page` (a part of the straightened page at `pixelsPerMM`) of
    /// `shape`'s size and proportions, or `nil`.
    static func portraitBox(in page: GrayImage, shape: PortraitShape = .page) -> Box? {
        let solid = opened(darkMask(page), width: page.width, height: page.height, side: Int((opening * pixelsPerMM).rounded()))
        let mm = pixelsPerMM
        let candidates = regions(solid, width: page.width, height: page.height).filter { region in
            let w = Double(region.box.x1 - region.box.x0) / mm, h = Double(region.box.y1 - region.box.y0) / mm
            // its dark background and clothing fill most of the box
            let fill = Double(region.area) / (w * h * mm * mm)
            return w >= shape.minimumWidth && h >= 12 && shape.tallness.contains(h / w) && fill >= 0.4 && boundedByEdges(region.box, in: page)
        }
        return candidates.max { $0.area < $1.area }?.box
    }

    /// A photo's edges are sharp steps to the brighter page on all four sides; a shadow's
    /// or a dark background's beyond the page are not: each side's mean level a
    /// millimetre outside the box must exceed the mean just inside by `edgeStep`.
    static func boundedByEdges(_ box: Box, in page: GrayImage) -> Bool {
        let offset = Int(pixelsPerMM)
        func level(_ x: Int, _ y: Int) -> Double { Double(page.pixels[min(page.height - 1, max(0, y)) * page.width + min(page.width - 1, max(0, x))]) }
        func step(along points: [(Int, Int)], outward: (Int, Int)) -> Double {
            let inside = points.map { level($0.0 - outward.0 * offset / 2, $0.1 - outward.1 * offset / 2) }
            let outside = points.map { level($0.0 + outward.0 * offset, $0.1 + outward.1 * offset) }
            return (outside.reduce(0, +) - inside.reduce(0, +)) / Double(max(1, points.count))
        }
        // the sides' middle eight tenths: the corners' neighbourhoods are the least certain
        let xs = Array(stride(from: box.x0 + (box.x1 - box.x0) / 10, to: box.x1 - (box.x1 - box.x0) / 10, by: 1))
        let ys = Array(stride(from: box.y0 + (box.y1 - box.y0) / 10, to: box.y1 - (box.y1 - box.y0) / 10, by: 1))
        let steps = [
            step(along: xs.map { ($0, box.y0) }, outward: (0, -1)), step(along: ys.map { (box.x1 - 1, $0) }, outward: (1, 0)),
            step(along: xs.map { ($0, box.y1 - 1) }, outward: (0, 1)), step(along: ys.map { (box.x0, $0) }, outward: (-1, 0)),
        ]
        return steps.allSatisfy { $0 >= edgeStep }
    }

    /// Grey levels a portrait's side steps up to the page at least (a page is about 220,
    /// a portrait's background under 130; a shadow's edge a few tens).
    static let edgeStep = 25.0

    /// Pixels darker than `darkShare` of their block's page level: the highest 90th
    /// percentile of the blocks within two of it.
    static func darkMask(_ page: GrayImage) -> [Bool] {
        let side = max(8, Int(levelBlock * pixelsPerMM))
        let columns = (page.width + side - 1) / side, rows = (page.height + side - 1) / side
        var levels = [Int](repeating: 0, count: columns * rows)
        for by in 0..<rows {
            for bx in 0..<columns {
                var histogram = [Int](repeating: 0, count: 256)
                var count = 0
                for y in (by * side)..<min(page.height, (by + 1) * side) {
                    for x in (bx * side)..<min(page.width, (bx + 1) * side) {
                        histogram[Int(page.pixels[y * page.width + x])] += 1
                        count += 1
                    }
                }
                var level = 255, seen = 0
                for value in (0...255).reversed() {
                    seen += histogram[value]
                    if seen * 10 >= count { level = value; break }
                }
                levels[by * columns + bx] = level
            }
        }
        var thresholds = [Int](repeating: 0, count: columns * rows)
        for by in 0..<rows {
            for bx in 0..<columns {
                var level = 0
                for ny in max(0, by - 2)...min(rows - 1, by + 2) {
                    for nx in max(0, bx - 2)...min(columns - 1, bx + 2) { level = max(level, levels[ny * columns + nx]) }
                }
                thresholds[by * columns + bx] = Int(Double(level) * darkShare)
            }
        }
        var mask = [Bool](repeating: false, count: page.pixels.count)
        for y in 0..<page.height {
            for x in 0..<page.width {
                mask[y * page.width + x] = Int(page.pixels[y * page.width + x]) < thresholds[(y / side) * columns + x / side]
            }
        }
        return mask
    }

    /// The mask opened by a square of `side` pixels: what remains of it where such a
    /// square fits (nine tenths dark, for noise), grown back to the squares' extent.
    static func opened(_ mask: [Bool], width: Int, height: Int, side: Int) -> [Bool] {
        let half = side / 2
        let dark = SummedArea(mask, width: width, height: height)
        let fits = (0..<(width * height)).map { i in
            dark.count(aroundX: i % width, y: i / width, half: half) * 10 >= 9 * side * side
        }
        let fitting = SummedArea(fits, width: width, height: height)
        return (0..<(width * height)).map { i in fitting.count(aroundX: i % width, y: i / width, half: half) > 0 }
    }

    /// The mask's 4-connected regions: each one's box and pixel count.
    static func regions(_ mask: [Bool], width: Int, height: Int) -> [(box: Box, area: Int)] {
        var seen = [Bool](repeating: false, count: mask.count)
        var found: [(box: Box, area: Int)] = []
        var stack: [Int] = []
        for start in mask.indices where mask[start] && !seen[start] {
            seen[start] = true
            stack.append(start)
            var box = Box(x0: start % width, y0: start / width, x1: start % width + 1, y1: start / width + 1)
            var area = 0
            while let i = stack.popLast() {
                area += 1
                let x = i % width, y = i / width
                box = Box(x0: min(box.x0, x), y0: min(box.y0, y), x1: max(box.x1, x + 1), y1: max(box.y1, y + 1))
                for (nx, ny) in [(x - 1, y), (x + 1, y), (x, y - 1), (x, y + 1)] where nx >= 0 && ny >= 0 && nx < width && ny < height {
                    let j = ny * width + nx
                    if mask[j] && !seen[j] {
                        seen[j] = true
                        stack.append(j)
                    }
                }
            }
            found.append((box, area))
        }
        return found
    }
}

/// Counts of set pixels over rectangles in constant time (a summed-area table).
private struct SummedArea {
    let width: Int, height: Int
    private var sums: [Int]

    init(_ mask: [Bool], width: Int, height: Int) {
        self.width = width; self.height = height
        sums = [Int](repeating: 0, count: (width + 1) * (height + 1))
        for y in 0..<height {
            var row = 0
            for x in 0..<width {
                row += mask[y * width + x] ? 1 : 0
                sums[(y + 1) * (width + 1) + x + 1] = sums[y * (width + 1) + x + 1] + row
            }
        }
    }

    /// Set pixels in the square of `2 * half + 1` sides around (`x`, `y`), clipped to the mask.
    func count(aroundX x: Int, y: Int, half: Int) -> Int {
        let x0 = max(0, x - half), y0 = max(0, y - half), x1 = min(width, x + half + 1), y1 = min(height, y + half + 1)
        let w = width + 1
        return sums[y1 * w + x1] - sums[y0 * w + x1] - sums[y1 * w + x0] + sums[y0 * w + x0]
    }
}
