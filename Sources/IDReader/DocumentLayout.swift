import IDCommon

/// A document's nominal geometry in millimetres: its size, and where the zone it is read
/// from sits on it.  One table, used by the outline from the layout and by the crop.
struct DocumentLayout: Sendable, Equatable {
    /// The document's nominal width and height in mm.
    let width: Double, height: Double
    /// MRZ characters per line (0 for a licence).
    let charactersPerLine: Int

    /// How far the MRZ's last line's centre (the ICAO "reference centre line" through its
    /// characters) sits above the document's bottom edge, in mm; 0 for a licence.
    let lastLineCentreAboveBottom: Double

    /// ICAO 9303 part 3: OCR-B size 1 is set at 10 characters to 25.4 mm.
    static let mrzPitch = 2.54
    /// ICAO 9303 part 4, figure 3: a TD3 page's lower code line is centred 9.40 mm above the
    /// bottom edge (its printing zone 7.25–11.55 mm; the upper line's 6.35 mm higher).
    /// Parts 6 and 7 give the TD2's and the visas' MRZ the same 23.2 mm zone above the
    /// bottom edge, so their two lines are taken to sit where a TD3's do.
    static let twoLineCentreAboveBottom = 9.40
    /// A TD1's three lines are 4.23 mm apart in printing zones 2.95 mm high (part 5, figure
    /// 6), but the transcription at hand does not give the lowest one's height above the
    /// edge: this is the middle of the 3.2–5.5 mm idphoto-gen draws from the baseline, plus
    /// half of OCR-B's capital height (about 2.4 mm, ISO 1073-2 size I).
    static let threeLineCentreAboveBottom = 5.55

    /// TD1 (ICAO 9303 part 5) and the licences' ID-1 card (ISO/IEC 7810): 85.6 × 54 mm.
    static let td1 = DocumentLayout(width: 85.6, height: 54.0, charactersPerLine: 30, lastLineCentreAboveBottom: threeLineCentreAboveBottom)
    /// TD2 (ICAO 9303 part 6): 105 × 74 mm.
    static let td2 = DocumentLayout(width: 105.0, height: 74.0, charactersPerLine: 36, lastLineCentreAboveBottom: twoLineCentreAboveBottom)
    /// TD3 (ICAO 9303 part 4): 125 × 88 mm.
    static let td3 = DocumentLayout(width: 125.0, height: 88.0, charactersPerLine: 44, lastLineCentreAboveBottom: twoLineCentreAboveBottom)
    /// MRV-A (ICAO 9303 part 7): 120 × 80 mm, the TD3's MRZ.
    static let mrvA = DocumentLayout(width: 120.0, height: 80.0, charactersPerLine: 44, lastLineCentreAboveBottom: twoLineCentreAboveBottom)
    /// MRV-B (ICAO 9303 part 7): 105 × 74 mm, the TD2's MRZ.
    static let mrvB = DocumentLayout(width: 105.0, height: 74.0, charactersPerLine: 36, lastLineCentreAboveBottom: twoLineCentreAboveBottom)
    /// A licence back (ID-1, AAMVA DL/ID card design standard).
    static let licence = DocumentLayout(width: 85.6, height: 54.0, charactersPerLine: 0, lastLineCentreAboveBottom: 0)

    /// The layout of an MRZ band seen but not read, from its lines' ink: TD1 for three
    /// lines; for two, TD3 (44 characters) or TD2 (36) by the lines' length over their
    /// glyphs' height (`glyphHeightOverPitch`); `nil` for any other count.  A visa (MRV-A,
    /// MRV-B) is taken for the passport or card its line length matches.
    static func icao(mrzLines lines: [Quadrilateral]) -> DocumentLayout? {
        switch lines.count {
        case 3: return td1
        case 2:
            var length = 0.0, height = 0.0
            for line in lines {
                length += (Vector(line.topRight) - Vector(line.topLeft)).length + (Vector(line.bottomRight) - Vector(line.bottomLeft)).length
                height += (Vector(line.bottomLeft) - Vector(line.topLeft)).length + (Vector(line.bottomRight) - Vector(line.topRight)).length
            }
            guard height > 0 else { return nil }
            let characters = length / height * glyphHeightOverPitch + inkShortOfAdvance
            return characters >= Double(td2.charactersPerLine + td3.charactersPerLine) / 2 ? td3 : td2
        default: return nil
        }
    }

    /// An MRZ glyph's ink height, as the glyph chains outline it, over the character pitch
    /// (2.54 mm): about one.  Measured on idphoto-gen's pages (seed 5): 44-character lines
    /// mostly 42–46 glyph heights long, 36-character ones 34–37.
    static let glyphHeightOverPitch = 1.0

    /// How many characters' advance an MRZ line's ink falls short of its characters'
    /// whole advance, in pitches: the ink runs from the first glyph's left to the last
    /// glyph's right, a glyph's width (3/4 of the pitch) short of the last advance.
    static let inkShortOfAdvance = 0.25

    /// The layout of an MRZ format of the contract (`MRZSection.format`); `nil` for the
    /// national layouts whose page is not ICAO's (`SWISS_DL`, ...).  France's national
    /// identity card of 1988–2021 (`FRENCH_ID`) is an ID-2 card, 105 × 74 mm, with two
    /// 36-character lines along its bottom: a TD2's geometry.
    static func icao(format: String) -> DocumentLayout? {
        switch format {
        case "TD1": return td1
        case "TD2", "FRENCH_ID": return td2
        case "TD3": return td3
        case "MRVA": return mrvA
        case "MRVB": return mrvB
        default: return nil
        }
    }

    /// The document's outline in picture pixels predicted from its MRZ lines (reading
    /// order, first line first): the MRZ is centred across the page, its last line's centre
    /// `lastLineCentreAboveBottom` above the bottom edge, and the scale is the lines'
    /// length over their nominal one.  `nil` when the lines are degenerate.
    func outline(mrzLines lines: [Quadrilateral]) -> Quadrilateral? {
        guard charactersPerLine > 0, let last = lines.last else { return nil }
        // the lines' direction and length: their top and bottom edges, averaged
        var along = Vector(x: 0, y: 0)
        for line in lines { along = along + (line.topRight - line.topLeft) + (line.bottomRight - line.bottomLeft) }
        let length = along.length / Double(2 * lines.count)
        guard length > 1 else { return nil }
        let u = along / along.length
        let down = Vector(x: -u.y, y: u.x)
        let pixelsPerMM = length / ((Double(charactersPerLine) - Self.inkShortOfAdvance) * Self.mrzPitch)
        let centre = lines.flatMap(\.corners).reduce(Vector(x: 0, y: 0)) { $0 + Vector($1) } / Double(4 * lines.count)
        let lastCentre = last.corners.reduce(Vector(x: 0, y: 0)) { $0 + Vector($1) } / 4
        let bottomCentre = centre + down * ((lastCentre - centre).dot(down) + lastLineCentreAboveBottom * pixelsPerMM)
        return rectangle(bottomCentre: bottomCentre, across: u, down: down, pixelsPerMM: pixelsPerMM)
    }

    /// The card's outline predicted from a licence's symbol corners: the symbol is
    /// centred across the card near its bottom and about 68 mm wide (backs print it
    /// 58–78 mm wide, 3–6.5 mm above the bottom edge); a first guess the card's edges refine.
    func outline(symbol: Quadrilateral) -> Quadrilateral? {
        let along = (symbol.topRight - symbol.topLeft) + (symbol.bottomRight - symbol.bottomLeft)
        guard along.length > 2 else { return nil }
        let u = along / along.length
        let down = Vector(x: -u.y, y: u.x)
        let pixelsPerMM = along.length / 2 / 68.0
        let centre = symbol.corners.reduce(Vector(x: 0, y: 0)) { $0 + Vector($1) } / 4
        let bottom = (Vector(symbol.bottomLeft) + Vector(symbol.bottomRight)) / 2
        let bottomCentre = centre + down * ((bottom - centre).dot(down) + 4.75 * pixelsPerMM)
        return rectangle(bottomCentre: bottomCentre, across: u, down: down, pixelsPerMM: pixelsPerMM)
    }

    /// The document's rectangle from the middle of its bottom edge.
    private func rectangle(bottomCentre: Vector, across u: Vector, down: Vector, pixelsPerMM: Double) -> Quadrilateral {
        let half = u * (width / 2 * pixelsPerMM)
        let up = down * (-height * pixelsPerMM)
        return Quadrilateral(
            topLeft: (bottomCentre - half + up).point, topRight: (bottomCentre + half + up).point,
            bottomRight: (bottomCentre + half).point, bottomLeft: (bottomCentre - half).point)
    }
}

/// A 2-D vector in picture pixels, for the geometry of outlines.
struct Vector: Sendable, Equatable {
    var x: Double, y: Double
    init(x: Double, y: Double) { self.x = x; self.y = y }
    init(_ point: Point) { x = point.x; y = point.y }
    var point: Point { Point(x: x, y: y) }
    var length: Double { (x * x + y * y).squareRoot() }
    func dot(_ other: Vector) -> Double { x * other.x + y * other.y }
    static func + (a: Vector, b: Vector) -> Vector { Vector(x: a.x + b.x, y: a.y + b.y) }
    static func - (a: Vector, b: Vector) -> Vector { Vector(x: a.x - b.x, y: a.y - b.y) }
    static func * (a: Vector, k: Double) -> Vector { Vector(x: a.x * k, y: a.y * k) }
    static func / (a: Vector, k: Double) -> Vector { Vector(x: a.x / k, y: a.y / k) }
}

extension Point {
    static func - (a: Point, b: Point) -> Vector { Vector(x: a.x - b.x, y: a.y - b.y) }
}

extension DocumentLayout {
    /// Where across the page the portrait is looked for, in mm from the left edge (the
    /// height: from the top edge down to the MRZ).  ICAO 9303 places the portrait left of
    /// the data on a TD3 page (part 4), a TD2 (part 6) and a visa (part 7): the left half.
    /// A TD1's MRZ side usually has none, but some cards print one there, on either side:
    /// the whole width.  `nil` for a licence back.
    var portraitSpan: ClosedRange<Double>? {
        switch charactersPerLine {
        case 0: return nil
        case 30: return 0...width
        default: return 0...(width / 2)
        }
    }

    /// The portrait's size and proportions: a TD1's MRZ side, searched across its width
    /// beside a fingerprint or an emblem, holds it to a card's; pages to a page's.
    var portraitShape: PortraitLocating.PortraitShape { charactersPerLine == 30 ? .card : .page }

    /// The widths (mm) a photo's rectangle may have where `PortraitFrameSearch` looks for
    /// one: ICAO 9303 part 4 gives a TD3 page's portrait about 32–35 × 40–45 mm, part 7 a
    /// visa's alike; a TD2 or an MRV-B may print it smaller.  `nil` on a TD1's MRZ side (its portrait, when it has one, is small enough to
    /// be confused with the card's other fields) and a licence back.
    var portraitFrameWidths: ClosedRange<Double>? {
        switch charactersPerLine {
        case 44: return 27...40
        case 36: return 20...40
        default: return nil
        }
    }
}
