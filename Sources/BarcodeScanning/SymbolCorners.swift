import IDCommon
import Imaging

/// The four corners of a PDF417 symbol in a crop around it, for drawing its outline
/// (`BarcodeScanner.estimatedSymbolOutline`).
///
/// The symbol is the dense dark region at the crop's centre: pixels darker than the crop's
/// Otsu threshold are counted in a window wider than the widest space of the symbol, the
/// region where they are dense is grown from the centre, and its extreme points along the
/// diagonals are the corners (valid while the symbol is turned by less than 45°).
enum SymbolCorners {
    /// The symbol's corners in crop pixels; `nil` when the centre of the crop is not
    /// inside a dense region.
    static func find(in crop: GrayImage) -> Quadrilateral? {
        let w = crop.width, h = crop.height
        guard w >= 20, h >= 10 else { return nil }
        let threshold = otsuThreshold(crop.pixels)
        let dark = BoxSums(width: w, height: h, values: crop.pixels.map { $0 < threshold ? 1 : 0 })
        let r = max(3, min(w, h) / 25)
        func dense(_ x: Int, _ y: Int) -> Bool {
            let box = dark.sum(aroundX: x, y: y, radiusX: r, radiusY: r)
            return box.sum >= 0.12 * Double(box.cells)
        }
        let seed = (w / 2, h / 2)
        guard dense(seed.0, seed.1) else { return nil }
        var seen = [Bool](repeating: false, count: w * h)
        var stack = [seed.1 * w + seed.0]
        seen[stack[0]] = true
        // the region's outline: per row its left and right ends, per column its top and bottom
        var left = [Int](repeating: Int.max, count: h), right = [Int](repeating: -1, count: h)
        var top = [Int](repeating: Int.max, count: w), bottom = [Int](repeating: -1, count: w)
        var count = 0
        while let i = stack.popLast() {
            let x = i % w, y = i / w
            count += 1
            left[y] = min(left[y], x); right[y] = max(right[y], x)
            top[x] = min(top[x], y); bottom[x] = max(bottom[x], y)
            for (nx, ny) in [(x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)] where nx >= 0 && ny >= 0 && nx < w && ny < h {
                let j = ny * w + nx
                if !seen[j], dense(nx, ny) { seen[j] = true; stack.append(j) }
            }
        }
        // a region filling the whole crop is background, not a symbol
        guard count < w * h * 9 / 10 else { return nil }
        // Straight edges fitted to the middle of each side (the corners themselves are
        // rounded by the density window), then intersected.
        func edge(_ ends: [Int], valid: (Int) -> Bool) -> Line? {
            let points = ends.indices.filter { valid(ends[$0]) }.map { (Double($0), Double(ends[$0])) }
            guard points.count >= 6 else { return nil }
            let middle = points[points.count / 8..<points.count - points.count / 8]
            return Line.fit(Array(middle))
        }
        guard let leftEdge = edge(left, valid: { $0 != Int.max }), let rightEdge = edge(right, valid: { $0 >= 0 }),
            let topEdge = edge(top, valid: { $0 != Int.max }), let bottomEdge = edge(bottom, valid: { $0 >= 0 })
        else { return nil }
        // left/right: x as a function of y; top/bottom: y as a function of x
        func corner(_ vertical: Line, _ horizontal: Line) -> Point? {
            // x = a + b·y and y = c + d·x
            let denominator = 1 - vertical.slope * horizontal.slope
            guard abs(denominator) > 1e-6 else { return nil }
            let x = (vertical.intercept + vertical.slope * horizontal.intercept) / denominator
            return Point(x: x, y: horizontal.intercept + horizontal.slope * x)
        }
        guard let topLeft = corner(leftEdge, topEdge), let topRight = corner(rightEdge, topEdge), let bottomRight = corner(rightEdge, bottomEdge),
            let bottomLeft = corner(leftEdge, bottomEdge)
        else { return nil }
        return Quadrilateral(topLeft: topLeft, topRight: topRight, bottomRight: bottomRight, bottomLeft: bottomLeft)
    }

    /// `value = intercept + slope · position`, least squares.
    struct Line {
        let intercept: Double, slope: Double
        static func fit(_ points: [(Double, Double)]) -> Line? {
            let n = Double(points.count)
            let sx = points.reduce(0) { $0 + $1.0 }, sy = points.reduce(0) { $0 + $1.1 }
            let sxx = points.reduce(0) { $0 + $1.0 * $1.0 }, sxy = points.reduce(0) { $0 + $1.0 * $1.1 }
            let d = n * sxx - sx * sx
            guard abs(d) > 1e-9 else { return nil }
            let slope = (n * sxy - sx * sy) / d
            return Line(intercept: (sy - slope * sx) / n, slope: slope)
        }
    }

    /// Otsu's threshold of a grey histogram (maximal between-class variance).
    static func otsuThreshold(_ pixels: [UInt8]) -> UInt8 {
        var histogram = [Int](repeating: 0, count: 256)
        for p in pixels { histogram[Int(p)] += 1 }
        let total = Double(pixels.count)
        let sum = histogram.enumerated().reduce(0.0) { $0 + Double($1.offset * $1.element) }
        var backgroundWeight = 0.0, backgroundSum = 0.0, best = (variance: -1.0, level: 128)
        for level in 0..<256 {
            backgroundWeight += Double(histogram[level])
            guard backgroundWeight > 0, backgroundWeight < total else { continue }
            backgroundSum += Double(level * histogram[level])
            let meanLow = backgroundSum / backgroundWeight, meanHigh = (sum - backgroundSum) / (total - backgroundWeight)
            let variance = backgroundWeight * (total - backgroundWeight) * (meanLow - meanHigh) * (meanLow - meanHigh)
            if variance > best.variance { best = (variance, level) }
        }
        return UInt8(best.level + 1)
    }
}
