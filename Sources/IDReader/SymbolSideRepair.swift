import IDCommon
import Imaging

/// A PDF417 symbol's decoded corners with its left or right side collapsed (the decoder
/// placed one or both of that side's corners wrongly, so that side is far shorter than
/// the other), rebuilt from the side kept: no picture a symbol is read from tilts that
/// far.  The collapsed side's corners lie about where the side does across the rows;
/// which of them is right, the symbol's top or bottom edge tells: a true edge has the
/// bright quiet zone outside and the bars inside, an edge cut across the symbol has bars
/// on both sides.
struct SymbolSideRepair {
    let image: GrayImage

    /// A side less than this share of the opposite side's length is collapsed.
    static let collapsedShare = 0.5

    /// `corners` (reading order) with the collapsed side rebuilt, or `nil` when neither
    /// the left nor the right side is collapsed.
    func repaired(_ corners: Quadrilateral) -> Quadrilateral? {
        let c = corners.corners.map(Vector.init)
        let left = (c[3] - c[0]).length, right = (c[2] - c[1]).length
        if right < Self.collapsedShare * left {
            // kept: top-left and bottom-left; rebuilt: top-right (1) and bottom-right (2)
            let (top, bottom) = rebuilt(keptTop: c[0], keptBottom: c[3], top: c[1], bottom: c[2])
            return Quadrilateral([c[0].point, top.point, bottom.point, c[3].point])
        }
        if left < Self.collapsedShare * right {
            let (top, bottom) = rebuilt(keptTop: c[1], keptBottom: c[2], top: c[0], bottom: c[3])
            return Quadrilateral([top.point, c[1].point, c[2].point, bottom.point])
        }
        return nil
    }

    /// The collapsed side's top and bottom corners: completed from the kept side's length
    /// and direction at the corner whose edge to the kept side is the symbol's (a clear
    /// step, at least twice the other's), else centred where the two collapsed ones are.
    private func rebuilt(keptTop: Vector, keptBottom: Vector, top: Vector, bottom: Vector) -> (Vector, Vector) {
        let side = keptBottom - keptTop
        let centre = (keptTop + keptBottom + top + bottom) / 4
        let topContrast = edgeContrast(keptTop, top, inward: centre)
        let bottomContrast = edgeContrast(keptBottom, bottom, inward: centre)
        if topContrast >= Self.edgeStep, topContrast >= 2 * bottomContrast { return (top, top + side) }
        if bottomContrast >= Self.edgeStep, bottomContrast >= 2 * topContrast { return (bottom - side, bottom) }
        let middle = (top + bottom) / 2
        return (middle - side / 2, middle + side / 2)
    }

    /// Grey levels a symbol's edge steps up to its quiet zone at least.
    static let edgeStep = 12.0

    /// How much brighter the picture is just outside the segment from `a` to `b` than
    /// just inside it (towards `inward`), over its half towards `b` (near `a`, the kept
    /// corner, an edge cut across the symbol still runs close to the symbol's own).
    private func edgeContrast(_ a: Vector, _ b: Vector, inward: Vector) -> Double {
        let along = b - a
        let length = along.length
        guard length > 4 else { return 0 }
        var normal = Vector(x: -along.y / length, y: along.x / length)
        if normal.dot(inward - a) < 0 { normal = normal * -1 }
        let offset = max(2, 0.02 * length)
        var outside = 0.0, inside = 0.0, count = 0.0
        image.pixels.withUnsafeBufferPointer { p in
            for k in 0...16 {
                let point = a + along * (0.5 + 0.45 * Double(k) / 16)
                let out = point - normal * offset, into = point + normal * offset
                guard [out, into].allSatisfy({ $0.x >= 0 && $0.y >= 0 && $0.x < Double(image.width - 1) && $0.y < Double(image.height - 1) }) else { continue }
                outside += Double(GrayImage.bilinear(p, image.width, image.height, out.x, out.y))
                inside += Double(GrayImage.bilinear(p, image.width, image.height, into.x, into.y))
                count += 1
            }
        }
        return count > 0 ? (outside - inside) / count : 0
    }
}
