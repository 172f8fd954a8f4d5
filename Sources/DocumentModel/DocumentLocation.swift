import IDCommon

/// Which side of a card the data was read from, where the layout tells it (the JSON
/// contract's `side`, additive): a TD1's MRZ is on its back (ICAO 9303 part 5), a
/// licence's PDF417 symbol on its back (AAMVA DL/ID card design standard).
public enum DocumentSide: String, Sendable, Codable {
    case front, back
}

/// Where a document is in the picture it was read from (the JSON contract's `location`,
/// additive): in the input picture's pixels after its EXIF orientation, every
/// quadrilateral's corners in the document's reading order (top-left, top-right,
/// bottom-right, bottom-left as the document reads upright).
///
/// One key per kind of thing the data was read from (`mrz`, `barcode`), so that a
/// document read from another kind of zone gains one more key beside them.
public struct DocumentLocation: Sendable, Codable, Equatable {
    /// The MRZ, when the document was read from one.
    public var mrz: MRZLocation?
    /// The symbol, when the document was read from a barcode (a PDF417, a QR code, a
    /// seal's Data Matrix): its corners as the symbol reads.
    public var barcode: SymbolLocation?
    /// The document's outline, when found.
    public var outline: DocumentOutline?
    /// The portrait's quadrilateral, when found.
    public var portrait: LocatedQuadrilateral?
    /// The straightened crops written (`read --crop DIR`); left out of the JSON otherwise.
    public var crops: CropFiles?
    /// The straightened crops as PNG in base64 (the service's `?crop=1`); left out of the
    /// JSON otherwise.
    public var cropImages: CropImages?

    public init(
        mrz: MRZLocation? = nil, barcode: SymbolLocation? = nil, outline: DocumentOutline? = nil, portrait: LocatedQuadrilateral? = nil
    ) {
        self.mrz = mrz; self.barcode = barcode; self.outline = outline; self.portrait = portrait
    }

    // Written by hand so that absent values appear as `null`, as the contract shows.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(mrz, forKey: .mrz)
        try c.encode(barcode, forKey: .barcode)
        try c.encode(outline, forKey: .outline)
        try c.encode(portrait, forKey: .portrait)
        if let crops { try c.encode(crops, forKey: .crops) }
        if let cropImages { try c.encode(cropImages, forKey: .cropImages) }
    }
}

/// Where an MRZ is: the band around all its lines and each line.
public struct MRZLocation: Sendable, Codable, Equatable {
    /// The band: the first line's top corners and the last line's bottom corners.
    public var corners: LocatedQuadrilateral
    /// Each line's glyphs, first line first.
    public var lines: [LocatedQuadrilateral]

    /// The band and lines of line quadrilaterals in reading order; `nil` without lines.
    public init?(lines: [Quadrilateral]) {
        guard let first = lines.first, let last = lines.last else { return nil }
        corners = LocatedQuadrilateral(
            Quadrilateral(topLeft: first.topLeft, topRight: first.topRight, bottomRight: last.bottomRight, bottomLeft: last.bottomLeft))
        self.lines = lines.map(LocatedQuadrilateral.init)
    }
}

/// Where a barcode symbol is.
public struct SymbolLocation: Sendable, Codable, Equatable {
    public var corners: LocatedQuadrilateral
    /// The corners are where the symbol appears to be: the pass that decoded it worked on
    /// a transformed copy of the picture and reported none.
    public var estimated: Bool
    public init(corners: Quadrilateral, estimated: Bool) { self.corners = LocatedQuadrilateral(corners); self.estimated = estimated }
}

/// How a document's outline was found.
public enum OutlineSource: String, Sendable, Codable {
    /// From the layout's geometry: the document's nominal size and where its MRZ or
    /// symbol sits on it.
    case layout
    /// From the page's or card's edges seen in the picture.
    case edges
}

/// A document's outline: its four corners in reading order.
public struct DocumentOutline: Sendable, Codable, Equatable {
    public var corners: LocatedQuadrilateral
    public var source: OutlineSource
    /// Part of the document lies outside the picture (its corners go on past the edges).
    public var partial: Bool
    public init(corners: Quadrilateral, source: OutlineSource, partial: Bool) {
        self.corners = LocatedQuadrilateral(corners); self.source = source; self.partial = partial
    }
}

/// A quadrilateral in the JSON's shape: `[[x, y], ...]`, four corners in whole pixels, as
/// `idreader barcodes` gives a symbol's corners.
public struct LocatedQuadrilateral: Sendable, Codable, Equatable {
    /// The corners as found (not rounded).
    public var quadrilateral: Quadrilateral

    public init(_ quadrilateral: Quadrilateral) { self.quadrilateral = quadrilateral }

    public init(from decoder: any Decoder) throws {
        let pairs = try decoder.singleValueContainer().decode([[Double]].self)
        guard pairs.allSatisfy({ $0.count == 2 }), let quadrilateral = Quadrilateral(pairs.map { Point(x: $0[0], y: $0[1]) }) else {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "A quadrilateral is four [x, y] pairs."))
        }
        self.quadrilateral = quadrilateral
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.singleValueContainer()
        try c.encode(quadrilateral.corners.map { [Int($0.x.rounded()), Int($0.y.rounded())] })
    }
}

/// The files `read --crop DIR` wrote for a document.
public struct CropFiles: Sendable, Codable, Equatable {
    /// `DIR/NAME-document.png`: the document straightened at its nominal size, 300 dpi.
    public var document: String?
    /// `DIR/NAME-portrait.png`, when a portrait was found.
    public var portrait: String?
    public init(document: String?, portrait: String? = nil) { self.document = document; self.portrait = portrait }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(document, forKey: .document)
        try c.encode(portrait, forKey: .portrait)
    }
}

/// The straightened crops as PNG pictures in base64, as the service returns them
/// (`POST /v1/read?crop=1`), each at most `maximumBytes` before base64.
public struct CropImages: Sendable, Codable, Equatable {
    /// The cap on each PNG's bytes: a crop larger at 300 dpi is scaled down by halves
    /// until it fits (`dotsPerInch` says to what).
    public static let maximumBytes = 1_500_000

    /// The document straightened at its nominal size, PNG in base64; `null` when it does
    /// not fit the cap even at 75 dpi.
    public var document: String?
    /// The portrait, PNG in base64; `null` when none was found.
    public var portrait: String?
    /// The crops' resolution: 300, 150 or 75.
    public var dotsPerInch: Int

    public init(document: String?, portrait: String?, dotsPerInch: Int) {
        self.document = document; self.portrait = portrait; self.dotsPerInch = dotsPerInch
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(document, forKey: .document)
        try c.encode(portrait, forKey: .portrait)
        try c.encode(dotsPerInch, forKey: .dotsPerInch)
    }
}
