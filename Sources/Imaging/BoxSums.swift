/// Sums of a grid of values over axis-aligned boxes, each in constant time, from the
/// grid's summed-area table (integral image).  The one box filter of the image code: box
/// means, box counts and smoothed maps are sums over such boxes.  Sums are kept in
/// `Double`, exact for integer values (grey levels, counts).
public struct BoxSums: Sendable {
    public let width: Int
    public let height: Int
    /// `(width + 1) × (height + 1)`: entry (x, y) sums the values above and left of it.
    private let table: [Double]

    /// The sums of `values`, a `width` × `height` grid row by row.
    /// - Precondition: `values.count == width * height`.
    public init(width: Int, height: Int, values: [Double]) {
        precondition(values.count == max(0, width) * max(0, height), "BoxSums needs width * height values")
        self.width = max(0, width)
        self.height = max(0, height)
        let stride = self.width + 1, w = self.width, h = self.height
        var table = [Double](repeating: 0, count: stride * (h + 1))
        values.withUnsafeBufferPointer { v in
            table.withUnsafeMutableBufferPointer { t in
                for y in 0..<h {
                    var row = 0.0
                    for x in 0..<w {
                        row += v[y * w + x]
                        t[(y + 1) * stride + x + 1] = t[y * stride + x + 1] + row
                    }
                }
            }
        }
        self.table = table
    }

    /// The sums of an image's grey levels.
    public init(_ image: GrayImage) {
        self.init(width: image.width, height: image.height, values: image.pixels.map(Double.init))
    }

    /// The sum over the columns `x` and rows `y` clipped to the grid, and how many cells
    /// that is (0 when the box lies outside).
    public func sum(x: Range<Int>, y: Range<Int>) -> (sum: Double, cells: Int) {
        let x0 = max(0, x.lowerBound), x1 = min(width, x.upperBound)
        let y0 = max(0, y.lowerBound), y1 = min(height, y.upperBound)
        guard x1 > x0, y1 > y0 else { return (0, 0) }
        let stride = width + 1
        let total = table[y1 * stride + x1] - table[y0 * stride + x1] - table[y1 * stride + x0] + table[y0 * stride + x0]
        return (total, (x1 - x0) * (y1 - y0))
    }

    /// The sum over the box from `radiusX` columns and `radiusY` rows before (`x`, `y`) to
    /// as many after it, clipped to the grid.
    public func sum(aroundX x: Int, y: Int, radiusX: Int, radiusY: Int) -> (sum: Double, cells: Int) {
        sum(x: (x - radiusX)..<(x + radiusX + 1), y: (y - radiusY)..<(y + radiusY + 1))
    }
}
