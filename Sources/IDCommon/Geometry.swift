/// A point in image pixels: x to the right, y down.  The one point type of the scanners,
/// the imaging code and the reader's diagnostics.
public struct Point: Sendable, Hashable, Codable {
    public var x: Double, y: Double
    public init(x: Double, y: Double) { self.x = x; self.y = y }
}

/// Four corners in image pixels, in the order the thing they outline reads: top-left,
/// top-right, bottom-right, bottom-left of a barcode symbol or an MRZ line (clockwise on
/// an upright image).
public struct Quadrilateral: Sendable, Hashable, Codable {
    public var topLeft: Point, topRight: Point, bottomRight: Point, bottomLeft: Point

    public init(topLeft: Point, topRight: Point, bottomRight: Point, bottomLeft: Point) {
        self.topLeft = topLeft; self.topRight = topRight; self.bottomRight = bottomRight; self.bottomLeft = bottomLeft
    }

    /// From corners in the order above; `nil` unless there are exactly four.
    public init?(_ corners: [Point]) {
        guard corners.count == 4 else { return nil }
        self.init(topLeft: corners[0], topRight: corners[1], bottomRight: corners[2], bottomLeft: corners[3])
    }

    /// The upright rectangle from (`x0`, `y0`) to (`x1`, `y1`).
    public init(x0: Double, y0: Double, x1: Double, y1: Double) {
        self.init(topLeft: Point(x: x0, y: y0), topRight: Point(x: x1, y: y0), bottomRight: Point(x: x1, y: y1), bottomLeft: Point(x: x0, y: y1))
    }

    /// The corners: top-left, top-right, bottom-right, bottom-left.
    public var corners: [Point] { [topLeft, topRight, bottomRight, bottomLeft] }

    /// Each corner moved by `transform` (into another image's pixels, say).
    public func map(_ transform: (Point) throws -> Point) rethrows -> Quadrilateral {
        Quadrilateral(
            topLeft: try transform(topLeft), topRight: try transform(topRight), bottomRight: try transform(bottomRight), bottomLeft: try transform(bottomLeft))
    }
}
