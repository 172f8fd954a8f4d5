import Imaging

/// An MRZ line image cut into exactly its layout's number of character cells.
///
/// OCR-B is set at one pitch, and every position of an MRZ line holds a visible
/// character (`<` included), so a line of `count` characters is `count` cells at one
/// pitch.  The pitch and phase come from the line's own glyphs: the centres of its
/// glyph-sized components are fitted to `phase + pitch × k` by least squares, with the
/// glyphs that do not fit (specks, merged or broken glyphs) left out.  A missing, merged
/// or extra glyph therefore moves no cell, and a reading can be checked cell by cell.
struct LineCells: Equatable {
    /// The centre of cell 0 along the line, in the line image's pixels.
    let origin: Double
    /// The distance between neighbouring cells' centres.
    let pitch: Double
    /// How many cells the line has (its layout's length).
    let count: Int
    /// The middle of the text rows and the height of the letters and digits.
    let middle: Double, glyphHeight: Double

    /// How a line is cropped for cutting into cells (`CutLine`): the text ~25 pixels high
    /// (a third more than the LSTM's view: a glyph classifier needs the strokes), little
    /// room above and below.
    static let view = LineReader.View(margin: 0.3)
    static let cropHeight = 40

    /// The centre of cell `index` along the line.
    func centre(of index: Int) -> Double { origin + Double(index) * pitch }

    /// The cell whose span holds `x` (a glyph's centre along the line); `nil` outside the
    /// line's cells.
    func cell(at x: Double) -> Int? {
        let index = Int(((x - origin) / pitch).rounded())
        return (0..<count).contains(index) ? index : nil
    }

    /// Width and height of a cell's glyph image (`glyph(_:in:)`): a cell is one pitch wide
    /// and 1.2 glyph heights tall, about two wide to three tall.
    static let glyphWidth = 16, glyphHeight = 24

    /// Cell `index` of `line` resampled to `glyphWidth` × `glyphHeight`, as ink: 0 for the
    /// line's paper, 1 for its ink (each at the line's own levels, so that a faint print
    /// and a dark one look alike).
    func glyph(_ index: Int, in line: GrayImage, levels: (ink: Double, paper: Double)) -> [Float] {
        let w = Self.glyphWidth, h = Self.glyphHeight
        let x0 = centre(of: index) - pitch / 2, y0 = middle - 0.6 * glyphHeight
        let dx = pitch / Double(w), dy = 1.2 * glyphHeight / Double(h)
        let range = max(1, levels.paper - levels.ink)
        var out = [Float](repeating: 0, count: w * h)
        line.pixels.withUnsafeBufferPointer { p in
            for row in 0..<h {
                for column in 0..<w {
                    // the mean of 2 × 2 samples in the output pixel's area
                    var sum = 0.0
                    for (sx, sy) in [(0.25, 0.25), (0.75, 0.25), (0.25, 0.75), (0.75, 0.75)] {
                        let x = x0 + (Double(column) + sx) * dx - 0.5, y = y0 + (Double(row) + sy) * dy - 0.5
                        sum += Double(GrayImage.bilinear(p, line.width, line.height, x, y))
                    }
                    out[row * w + column] = Float(max(0, min(1, (levels.paper - sum / 4) / range)))
                }
            }
        }
        return out
    }

    /// The line's ink and paper levels: the 3rd and 90th percentiles of its pixels.
    static func levels(of line: GrayImage) -> (ink: Double, paper: Double) {
        let whole = PixelBox(x: 0, y: 0, width: line.width, height: line.height)
        return (Double(line.percentile(0.03, in: whole)), Double(line.percentile(0.9, in: whole)))
    }

    /// The `count` cells of the line in `line` (a crop of one MRZ line with room above,
    /// below and at its ends, under even light); `nil` when it holds too few glyphs at
    /// one pitch to fit.
    static func cut(_ line: GrayImage, count: Int) -> LineCells? { cut(line, count: count, levels: levels(of: line)) }

    /// `cut(_:count:)` with the line's `levels` already measured.
    static func cut(_ line: GrayImage, count: Int, levels: (ink: Double, paper: Double)) -> LineCells? {
        guard levels.paper - levels.ink > 20, count > 1 else { return nil }
        let blobs = InkBlobs(line, threshold: UInt8((levels.ink + levels.paper) / 2)).boxes
        guard let rows = textRows(blobs) else { return nil }
        let onLine = blobs.filter {
            let centre = Double($0.y) + Double($0.height) / 2
            return abs(centre - rows.middle) < 0.35 * rows.height && Double($0.height) > 0.3 * rows.height
        }
        guard let fit = pitchAndPhase(onLine, glyphHeight: rows.height) else { return nil }
        let first = firstCell(onLine, fit: fit, count: count, in: line, ink: UInt8((levels.ink + levels.paper) / 2), rows: rows)
        return LineCells(origin: fit.phase + Double(first) * fit.pitch, pitch: fit.pitch, count: count, middle: rows.middle, glyphHeight: rows.height)
    }

    /// The text's middle row and glyph height: of the components between a quarter and
    /// the whole of the image's height, the 80th percentile height, and the median middle
    /// of those at least 0.7 of it.
    static func textRows(_ blobs: [PixelBox]) -> (middle: Double, height: Double)? {
        let heights = blobs.map(\.height).sorted()
        guard heights.count >= 4 else { return nil }
        let height = Double(heights[heights.count * 4 / 5])
        let middles = blobs.filter { Double($0.height) >= 0.7 * height }.map { Double($0.y) + Double($0.height) / 2 }.sorted()
        guard !middles.isEmpty, height >= 4 else { return nil }
        return (middles[middles.count / 2], height)
    }

    /// The pitch and the phase (the centre of the glyph numbered 0) fitted to the centres
    /// of the single glyphs (no wider than 0.9 glyph heights): the pitch first as the
    /// median step between neighbours 0.5–1.2 glyph heights apart, then each glyph
    /// numbered by its distance from the first, and the line `phase + pitch × k` fitted by
    /// least squares twice, the second time without glyphs a third of a pitch off.
    static func pitchAndPhase(_ blobs: [PixelBox], glyphHeight: Double) -> (pitch: Double, phase: Double)? {
        let centres = blobs.filter { Double($0.width) <= 0.9 * glyphHeight }.map { Double($0.x) + Double($0.width) / 2 }.sorted()
        let steps = zip(centres, centres.dropFirst()).map { $1 - $0 }.filter { $0 >= 0.5 * glyphHeight && $0 <= 1.2 * glyphHeight }.sorted()
        guard steps.count >= 3, let start = centres.first else { return nil }
        let step = steps[steps.count / 2]
        // numbered along the line, each by its step from the one before (a pitch a few per
        // cent off would misnumber the far end of a line numbered from its start)
        // (a piece nearer than half a step to the last one numbered shares its number)
        var numbered = [(k: 0.0, x: start)]
        for x in centres.dropFirst() {
            let last = numbered[numbered.count - 1], steps = ((x - last.x) / step).rounded()
            if steps >= 1 { numbered.append((last.k + steps, x)) }
        }
        guard var fit = leastSquares(numbered) else { return nil }
        for _ in 0..<2 {
            let renumbered = centres.map { (k: (($0 - fit.a) / fit.b).rounded(), x: $0) }
            let kept = renumbered.filter { abs($0.x - fit.a - fit.b * $0.k) < fit.b / 3 }
            guard kept.count >= 3, let refitted = leastSquares(kept) else { return nil }
            fit = refitted
        }
        guard fit.b > 0.4 * glyphHeight, fit.b < 1.3 * glyphHeight else { return nil }
        return (fit.b, fit.a)
    }

    /// `x = a + b k` by least squares; `nil` when all `k` are equal.
    private static func leastSquares(_ points: [(k: Double, x: Double)]) -> (a: Double, b: Double)? {
        let n = Double(points.count)
        let mk = points.map(\.k).reduce(0, +) / n, mx = points.map(\.x).reduce(0, +) / n
        let skk = points.map { ($0.k - mk) * ($0.k - mk) }.reduce(0, +)
        guard skk > 0 else { return nil }
        let b = points.map { ($0.k - mk) * ($0.x - mx) }.reduce(0, +) / skk
        return (mx - b * mk, b)
    }

    /// The number (on the fitted grid) of the line's first cell: the `count` consecutive
    /// cells that hold the most ink.  Every MRZ position prints a character, so a cell
    /// without ink is beside the line; where the glyphs span more cells than the line has
    /// (a speck or a frame beside it), the window with the most inked cells wins, the
    /// nearer to the glyphs' middle on a tie.
    static func firstCell(
        _ blobs: [PixelBox], fit: (pitch: Double, phase: Double), count: Int, in line: GrayImage, ink: UInt8, rows: (middle: Double, height: Double)
    ) -> Int {
        let numbers = blobs.flatMap { box -> [Int] in
            let from = ((Double(box.x) - fit.phase) / fit.pitch + 0.5).rounded(.up),
                to = ((Double(box.x + box.width) - fit.phase) / fit.pitch - 0.5).rounded(.down)
            return from <= to ? Array(Int(from)...Int(to)) : [Int(((Double(box.x) + Double(box.width) / 2 - fit.phase) / fit.pitch).rounded())]
        }
        guard let low = numbers.min(), let high = numbers.max() else { return 0 }
        let inked = Set(numbers)
        // a cell's ink where no component was kept: a faint glyph's pieces
        func holdsInk(_ k: Int) -> Bool {
            if inked.contains(k) { return true }
            let centre = fit.phase + Double(k) * fit.pitch
            let x0 = max(0, Int(centre - 0.3 * fit.pitch)), x1 = min(line.width - 1, Int(centre + 0.3 * fit.pitch))
            let y0 = max(0, Int(rows.middle - 0.4 * rows.height)), y1 = min(line.height - 1, Int(rows.middle + 0.4 * rows.height))
            guard x0 <= x1, y0 <= y1 else { return false }
            var dark = 0
            for y in y0...y1 {
                for x in x0...x1 where line.pixels[y * line.width + x] < ink { dark += 1 }
            }
            return dark >= max(2, (x1 - x0 + 1) * (y1 - y0 + 1) / 20)
        }
        let middle = Double(low + high) / 2
        let starts = min(low, high - count + 1)...max(low, high - count + 1)
        return starts.max { a, b in
            let ia = (a..<a + count).filter(holdsInk).count, ib = (b..<b + count).filter(holdsInk).count
            if ia != ib { return ia < ib }
            return abs(Double(a) + Double(count - 1) / 2 - middle) > abs(Double(b) + Double(count - 1) / 2 - middle)
        } ?? low
    }
}

/// One line of a band cropped for its cells and cut (`LineCells`): the one way the reader
/// and the classifier's training data (`MRZScanner.glyphCells`) take a line's glyph images.
struct CutLine {
    let cells: LineCells
    /// Where the band's line box lies along the crop.
    let box: ClosedRange<Double>
    private let image: GrayImage
    private let levels: (ink: Double, paper: Double)

    /// `box` of `image` cropped with the text about 25 pixels high (`LineCells.view`,
    /// `cropHeight`), the band's `others` lines painted out, and cut into `count` cells;
    /// `nil` where it cannot be cut.
    init?(_ box: PixelBox, in image: GrayImage, others: [PixelBox], count: Int) {
        let crop = LineReader.lineCrop(box, in: image, view: LineCells.view, height: LineCells.cropHeight, others: others.filter { $0 != box })
        let levels = LineCells.levels(of: crop.image)
        guard let cells = LineCells.cut(crop.image, count: count, levels: levels) else { return nil }
        self.cells = cells
        self.box = crop.box
        self.image = crop.image
        self.levels = levels
    }

    /// Cell `index`'s glyph image (`LineCells.glyph`); -1 and `count` are the cells just
    /// beside the line.
    func glyph(_ index: Int) -> [Float] { cells.glyph(index, in: image, levels: levels) }
}

/// The boxes of the dark 8-connected components of a small image at one threshold (a
/// line crop under even light needs no local threshold).
struct InkBlobs {
    let boxes: [PixelBox]

    init(_ image: GrayImage, threshold: UInt8) {
        let w = image.width, h = image.height
        var label = [Int32](repeating: -1, count: w * h)
        var boxes: [PixelBox] = []
        var stack: [Int] = []
        for start in 0..<w * h where image.pixels[start] < threshold && label[start] < 0 {
            let id = Int32(boxes.count)
            var x0 = start % w, x1 = x0, y0 = start / w, y1 = y0
            label[start] = id
            stack.append(start)
            while let i = stack.popLast() {
                let x = i % w, y = i / w
                x0 = min(x0, x)
                x1 = max(x1, x)
                y0 = min(y0, y)
                y1 = max(y1, y)
                for ny in max(0, y - 1)...min(h - 1, y + 1) {
                    for nx in max(0, x - 1)...min(w - 1, x + 1) {
                        let j = ny * w + nx
                        if label[j] < 0, image.pixels[j] < threshold {
                            label[j] = id
                            stack.append(j)
                        }
                    }
                }
            }
            boxes.append(PixelBox(x: x0, y: y0, width: x1 - x0 + 1, height: y1 - y0 + 1))
        }
        self.boxes = boxes.filter { max($0.width, $0.height) >= 2 }
    }
}
