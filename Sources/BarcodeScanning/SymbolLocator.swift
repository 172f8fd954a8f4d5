import Imaging

/// Finds the region most likely to hold a PDF417 symbol: the densest patch of intensity
/// changes in both directions (bars and spaces across, row boundaries down; a 1D barcode
/// has only the first, text has little of either), grown over its neighbourhood.
/// Working on a 4× reduced copy keeps this to a few milliseconds.
enum SymbolLocator {
    /// The most likely symbol's bounding box in image pixels (with a margin), or `nil`.
    static func locate(_ image: GrayImage) -> (x: Int, y: Int, width: Int, height: Int)? { locateAll(image, window: tightWindow).first }

    /// Smoothing windows (half-sizes in 4-pixel cells; wider than tall, as symbols are).
    /// The tight one hugs the symbol, which the corner finding of the rescue passes likes;
    /// the tall one outweighs lines of bold print, which matters when the symbol has big
    /// modules and few edges per cell (both measured on the generated licence sets).
    static let tightWindow = (x: 6, y: 3), tallWindow = (x: 8, y: 6)

    /// Boxes of every likely symbol, the most likely first.
    static func locateAll(_ image: GrayImage, window: (x: Int, y: Int) = tallWindow) -> [(x: Int, y: Int, width: Int, height: Int)] {
        locateAll(EdgeEnergy(image), window: window)
    }

    /// The picture's edge energy in cells of `EdgeEnergy.cell` pixels: per cell, the
    /// geometric mean of the sums of its grey changes across and down.  Computed once,
    /// it serves both windows.
    struct EdgeEnergy {
        static let cell = 4
        /// Cells across and down (0 × 0 for a picture too small to locate in).
        let width: Int, height: Int
        let imageWidth: Int, imageHeight: Int
        let values: [Float]

        init(_ image: GrayImage) {
            let f = Self.cell
            let w = image.width / f, h = image.height / f
            imageWidth = image.width; imageHeight = image.height
            guard w > 20, h > 20 else {
                (width, height, values) = (0, 0, [])
                return
            }
            width = w; height = h
            values = Self.energy(image, cellsAcross: w, down: h)
        }

        /// Per cell of `cell` × `cell` pixels, the root of the product of its sums of
        /// |dx| and |dy| (pixels whose right or lower neighbour is off the picture left
        /// out).  Summed a row of the picture at a time into the row of cells' columns:
        /// whole numbers, the same sums in any order.
        static func energy(_ image: GrayImage, cellsAcross w: Int, down h: Int) -> [Float] {
            let f = cell, iw = image.width
            let columns = min(w * f, iw - 1)
            var energy = [Float](repeating: 0, count: w * h)
            var across = [Int](repeating: 0, count: w), down = across
            image.pixels.withUnsafeBufferPointer { p in
                for cy in 0..<h {
                    for cx in 0..<w { (across[cx], down[cx]) = (0, 0) }
                    for y in cy * f..<max(cy * f, min(cy * f + f, image.height - 1)) {
                        let row = y * iw
                        for x in 0..<columns {
                            let g = Int(p[row + x])
                            across[x / f] += abs(Int(p[row + x + 1]) - g)
                            down[x / f] += abs(Int(p[row + iw + x]) - g)
                        }
                    }
                    for cx in 0..<w { energy[cy * w + cx] = Float(across[cx] * down[cx]).squareRoot() }
                }
            }
            return energy
        }
    }

    /// `locateAll` from the picture's `EdgeEnergy`.
    static func locateAll(_ grid: EdgeEnergy, window: (x: Int, y: Int)) -> [(x: Int, y: Int, width: Int, height: Int)] {
        let f = EdgeEnergy.cell
        let w = grid.width, h = grid.height
        guard w > 20, h > 20 else { return [] }
        let energy = grid.values
        // smooth with a box wider than tall (symbols are wide)
        let sums = BoxSums(width: w, height: h, values: energy.map(Double.init))
        let smooth = (0..<w * h).map { Float(sums.sum(aroundX: $0 % w, y: $0 / w, radiusX: window.x, radiusY: window.y).sum) }
        guard let peak = smooth.indices.max(by: { smooth[$0] < smooth[$1] }), smooth[peak] > 0 else { return [] }
        let threshold = smooth[peak] * 0.45
        // flood fill over cells above the threshold, from the peak first, then from every
        // other such cell not yet reached: one region per symbol
        var seen = [Bool](repeating: false, count: w * h)
        var regions: [(box: (x: Int, y: Int, width: Int, height: Int), cells: Int)] = []
        for start in [peak] + Array(smooth.indices) where !seen[start] && smooth[start] >= threshold {
            seen[start] = true
            var stack = [start]
            var minX = w, maxX = 0, minY = h, maxY = 0, cells = 0
            while let i = stack.popLast() {
                let x = i % w, y = i / w
                cells += 1
                minX = min(minX, x); maxX = max(maxX, x); minY = min(minY, y); maxY = max(maxY, y)
                for (dx, dy) in [(1, 0), (-1, 0), (0, 1), (0, -1)] {
                    let nx = x + dx, ny = y + dy
                    guard nx >= 0, ny >= 0, nx < w, ny < h else { continue }
                    let j = ny * w + nx
                    if !seen[j], smooth[j] >= threshold { seen[j] = true; stack.append(j) }
                }
            }
            let margin = 6
            let x0 = max(0, (minX - margin) * f), y0 = max(0, (minY - margin) * f)
            let x1 = min(grid.imageWidth, (maxX + 1 + margin) * f), y1 = min(grid.imageHeight, (maxY + 1 + margin) * f)
            guard x1 - x0 > 40, y1 - y0 > 20 else { continue }
            regions.append(((x0, y0, x1 - x0, y1 - y0), cells))
        }
        // the peak's region first; others only if comparable in size (not specks of texture)
        guard let first = regions.first else { return [] }
        return [first.box] + regions.dropFirst().filter { $0.cells * 4 >= first.cells }.map(\.box)
    }
}
