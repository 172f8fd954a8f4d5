import DocumentModel
import IDCommon
import Imaging
import MRZ

extension ReadResult {
    /// The input picture with what the reader saw drawn on it, as PNG bytes: each MRZ
    /// line outlined (green: valid; orange: checks failed; red: `ocrConfidence` failed),
    /// the characters the correction changed (blue box, labelled with what the OCR read)
    /// and those in doubt (red box, labelled with the other reading), each barcode's
    /// outline with its format and the pass that found it, the candidate bands set aside
    /// (faint, with the reason), and a caption: the result, the quality figures.
    ///
    /// `imageData` is the file the result was read from (the colour picture is drawn on,
    /// after its EXIF orientation; width and height stay the same).  When it cannot be
    /// decoded (or is `nil`), the picture is the caption alone.  Never fails for a result
    /// and bytes of any kind; `nil` only if PNG encoding itself fails.
    public func annotated(on imageData: [UInt8]?, maximumPixels: Int = 100_000_000) -> [UInt8]? {
        annotationCanvas(on: imageData, maximumPixels: maximumPixels).pngData()
    }

    /// The annotated picture as a canvas (`annotated(on:)` before encoding).
    public func annotationCanvas(on imageData: [UInt8]?, maximumPixels: Int = 100_000_000) -> Canvas {
        let picture = imageData.flatMap { try? Canvas(imageData: $0, maximumPixels: maximumPixels) }
        let plan = AnnotationPlan(result: self, width: picture?.width, height: picture?.height)
        let canvas =
            picture ?? Canvas(width: plan.width, height: plan.height, background: RGB(40, 40, 40))
            ?? Canvas(width: 1, height: 1)!
        plan.draw(on: canvas)
        return canvas
    }

    /// The caption's text lines, as drawn on the annotated picture (the result, then the
    /// quality figures).
    public var captionLines: [String] { AnnotationPlan.caption(self) }
}

/// What `annotated(on:)` draws, worked out before drawing (the marks and where they go),
/// so that tests can tell which pixels a mark may touch.
struct AnnotationPlan {
    /// One thing drawn.
    enum Mark {
        case outline([Point], RGB, width: Int, opacity: Double)
        case box(x: Int, y: Int, width: Int, height: Int, RGB, opacity: Double)
        case text(String, x: Int, y: Int, RGB, font: Int)

        /// The rectangle outside which the mark changes no pixel (inclusive bounds).
        func bounds(fontHeights: [Int: (height: Int, width: (String) -> Int)]) -> (x0: Int, y0: Int, x1: Int, y1: Int) {
            switch self {
            case .outline(let points, _, let width, _):
                let pad = width + 1
                return (
                    Int(points.map(\.x).min()!.rounded()) - pad, Int(points.map(\.y).min()!.rounded()) - pad,
                    Int(points.map(\.x).max()!.rounded()) + pad, Int(points.map(\.y).max()!.rounded()) + pad
                )
            case .box(let x, let y, let w, let h, _, _):
                return (x, y, x + w - 1, y + h - 1)
            case .text(let s, let x, let y, _, let font):
                let metrics = fontHeights[font]
                return (x, y, x + (metrics?.width(s) ?? 0), y + (metrics?.height ?? 0))
            }
        }
    }

    var marks: [Mark] = []
    let width: Int, height: Int
    let fonts: [Int: BitmapFont]

    static let green = RGB(0, 200, 60), orange = RGB(255, 140, 0), red = RGB(230, 20, 20)
    static let corrected = RGB(0, 150, 255), barcode = RGB(40, 110, 255), rejected = RGB(200, 0, 200)
    static let captionBackground = RGB(0, 0, 0)
    /// The document's outline and its portrait's box.
    static let documentOutline = RGB(0, 170, 170), portrait = RGB(150, 60, 220)

    /// The plan for `result` on a `width` × `height` picture, or, without a picture, on a
    /// caption-sized one.
    init(result: ReadResult, width: Int?, height: Int?) {
        let caption = Self.caption(result)
        // sizes in proportion to the picture: the caption about 1/60 of the longer side tall
        let reference = max(width ?? 900, height ?? 0)
        let captionSize = Self.fontSize(forLineHeight: max(12, reference / 60))
        let labelSize = Self.fontSize(forLineHeight: max(10, reference / 90))
        var fonts: [Int: BitmapFont] = [:]
        for size in Set([captionSize, labelSize]) { fonts[size] = BitmapFont(size: size) }
        self.fonts = fonts
        let captionFont = fonts[captionSize]
        let lineHeight = captionFont?.lineHeight ?? 12
        let pad = max(3, lineHeight / 4)
        let w = width ?? 900
        var wrapped = caption.flatMap { Self.wrap($0, width: w - 2 * pad, font: captionFont) }
        if let diagnostics = result.diagnostics, let height, !diagnostics.mrz.isEmpty || !diagnostics.barcodes.isEmpty || !diagnostics.rejectedBands.isEmpty {
            let legend = Self.wrap(Self.legend, width: w - 2 * pad, font: captionFont)
            if (wrapped.count + legend.count) * lineHeight + 2 * pad <= height / 4 { wrapped += legend }
        }
        let stripHeight = wrapped.count * lineHeight + 2 * pad
        self.width = w
        self.height = height ?? stripHeight
        guard let _ = width, let _ = height else {
            marks += wrapped.enumerated().map { .text($1, x: pad, y: pad + $0 * lineHeight, .white, font: captionSize) }
            return
        }
        let lineWidth = max(2, min(w, self.height) / 350)
        var outlines: [[Point]] = []
        if let diagnostics = result.diagnostics {
            let labelFont = fonts[labelSize]
            let labelHeight = labelFont?.lineHeight ?? 10
            func label(_ text: String, at point: Point, color: RGB, faint: Bool = false) {
                let textWidth = labelFont?.width(of: text) ?? 0
                let x = min(max(0, Int(point.x)), max(0, w - textWidth - 4)), y = max(0, Int(point.y) - labelHeight - 4)
                marks.append(.box(x: x, y: y, width: textWidth + 4, height: labelHeight + 2, .white, opacity: faint ? 0.55 : 0.8))
                marks.append(.text(text, x: x + 2, y: y + 1, color, font: labelSize))
            }
            // each document's outline and portrait (read with `locatesOutline`), under the rest
            for document in result.documents {
                if let outline = document.location?.outline {
                    let corners = outline.corners.quadrilateral.corners
                    marks.append(.outline(corners, Self.documentOutline, width: lineWidth, opacity: 1))
                    label("outline (\(outline.source.rawValue)\(outline.partial ? ", partial" : ""))", at: Self.topLeft(corners), color: Self.documentOutline)
                }
                if let portrait = document.location?.portrait {
                    let corners = portrait.quadrilateral.corners
                    marks.append(.outline(corners, Self.portrait, width: lineWidth, opacity: 1))
                    label("portrait", at: Self.topLeft(corners), color: Self.portrait)
                }
            }
            for band in diagnostics.rejectedBands {
                for line in band.lines {
                    marks.append(.outline(line.corners, Self.rejected, width: max(1, lineWidth / 2), opacity: 0.35))
                }
                if let first = band.lines.first {
                    label("rejected: " + Self.reasonText(band.reason), at: Self.topLeft(first.corners), color: Self.rejected, faint: true)
                }
            }
            for outline in diagnostics.barcodes {
                guard let corners = outline.corners?.corners else { continue }
                outlines.append(corners)
                marks.append(.outline(corners, Self.barcode, width: lineWidth, opacity: 1))
                label(
                    "\(outline.format.rawValue), pass \(outline.pass.rawValue)\(outline.estimated ? " (outline estimated)" : "")",
                    at: Self.topLeft(corners), color: Self.barcode)
            }
            for band in diagnostics.mrz where result.documents.indices.contains(band.documentIndex) {
                let document = result.documents[band.documentIndex]
                let color = Self.color(of: document)
                let quads = band.lines.map(\.corners)
                outlines += quads
                for quad in quads { marks.append(.outline(quad, color, width: lineWidth, opacity: 1)) }
                let lines = document.mrz?.lines ?? []
                var markedColumns: Set<[Int]> = []
                for character in band.characters where quads.indices.contains(character.line) && lines.indices.contains(character.line) {
                    let cell = Self.cell(quads[character.line], from: character.column, to: character.column + 1, of: lines[character.line].count)
                    let boxColor = character.kind == "corrected" ? Self.corrected : Self.red
                    marks.append(.outline(cell, boxColor, width: max(1, lineWidth / 2 + 1), opacity: 1))
                    label(character.alternative ?? "?", at: Self.topLeft(cell), color: boxColor)
                    markedColumns.insert([character.line, character.column])
                }
                // uncertain fields without a character to point at: the whole field
                let format = document.mrz.flatMap { MRZFormat(rawValue: $0.format) }
                for field in format?.fieldPositions ?? []
                where (document.quality?.uncertainFields ?? []).contains(field.name.rawValue)
                    && quads.indices.contains(field.line) && lines.indices.contains(field.line)
                    && !markedColumns.contains(where: { $0[0] == field.line && field.range.contains($0[1]) })
                {
                    let cell = Self.cell(quads[field.line], from: field.range.lowerBound, to: field.range.upperBound, of: lines[field.line].count)
                    marks.append(.outline(cell, Self.red, width: max(1, lineWidth / 2 + 1), opacity: 1))
                    label("\(field.name.rawValue)?", at: Self.topLeft(cell), color: Self.red)
                }
            }
        }
        // the caption strip at the top, or at the bottom when a document sits under the top one
        let topFree = !outlines.contains { $0.contains { $0.y < Double(stripHeight + lineWidth) } }
        let bottomFree = !outlines.contains { $0.contains { $0.y > Double(self.height - stripHeight - lineWidth) } }
        let stripY = topFree || !bottomFree ? 0 : max(0, self.height - stripHeight)
        marks.append(.box(x: 0, y: stripY, width: w, height: min(stripHeight, self.height), Self.captionBackground, opacity: 0.7))
        for (index, text) in wrapped.enumerated() where stripY + pad + index * lineHeight < self.height {
            marks.append(.text(text, x: pad, y: stripY + pad + index * lineHeight, .white, font: captionSize))
        }
    }

    func draw(on canvas: Canvas) {
        for mark in marks {
            switch mark {
            case .outline(let points, let color, let width, let opacity):
                canvas.strokePolygon(points, color: color, lineWidth: width, opacity: opacity)
            case .box(let x, let y, let w, let h, let color, let opacity):
                canvas.fillRect(x: x, y: y, width: w, height: h, color: color, opacity: opacity)
            case .text(let text, let x, let y, let color, let size):
                if let font = fonts[size] { canvas.drawText(text, x: x, y: y, font: font, color: color) }
            }
        }
    }

    /// Text metrics per font size, for `Mark.bounds`.
    var metrics: [Int: (height: Int, width: (String) -> Int)] {
        fonts.mapValues { font in (font.lineHeight, { font.width(of: $0) }) }
    }

    /// The MRZ colour of a document: red when `ocrConfidence` fails, orange when other
    /// checks fail, green when it is valid.
    static func color(of document: IdentityDocument) -> RGB {
        if document.checks.contains(where: { $0.name == "ocrConfidence" && !$0.valid }) { return red }
        return document.valid ? green : orange
    }

    /// The part of a line's quadrilateral from column `from` to `to` of `count`.
    static func cell(_ quad: [Point], from: Int, to: Int, of count: Int) -> [Point] {
        let n = Double(max(1, count))
        func along(_ a: Point, _ b: Point, _ t: Double) -> Point { Point(x: a.x + (b.x - a.x) * t, y: a.y + (b.y - a.y) * t) }
        let t0 = Double(from) / n, t1 = Double(to) / n
        return [along(quad[0], quad[1], t0), along(quad[0], quad[1], t1), along(quad[3], quad[2], t1), along(quad[3], quad[2], t0)]
    }

    /// The corner of a quadrilateral nearest the picture's top-left.
    static func topLeft(_ quad: [Point]) -> Point { quad.min { $0.x + $0.y < $1.x + $1.y } ?? Point(x: 0, y: 0) }

    static func reasonText(_ reason: String) -> String {
        switch reason {
        case "tooShort": return "too short"
        case "tooLong": return "too long"
        case "pitchIrregular": return "pitch irregular"
        case "noValidReading": return "no valid reading"
        default: return reason
        }
    }

    /// What the colours mean, below the caption when the picture has room for it.
    static let legend =
        "MRZ lines green valid / orange checks failed / red OCR unsure; blue boxes corrected (label: as read), red boxes in doubt (label: other reading); faint: bands set aside; teal: the document's outline, violet: its portrait"

    /// The caption: one line per document (or the error), then the quality figures.
    static func caption(_ result: ReadResult) -> [String] {
        var lines: [String] = []
        let name = result.input.split(separator: "/").last.map(String.init) ?? result.input
        if let error = result.error { lines.append("\(name): \(error.headline) - \(error.message)") }
        for (index, document) in result.documents.enumerated() {
            let what = "\(document.kind.rawValue) from \(document.source.rawValue)\(document.mrz.map { " (\($0.format))" } ?? "")"
            let failed = document.checks.filter { !$0.valid }.map(\.name)
            var line = "\(result.documents.count > 1 ? "\(index + 1). " : "\(name): ")\(what): "
            line += failed.isEmpty ? "valid" : "checks failed: " + failed.joined(separator: ", ")
            if let uncertain = document.quality?.uncertainFields, !uncertain.isEmpty {
                line += "; uncertain: " + uncertain.joined(separator: ", ")
            }
            lines.append(line)
        }
        if result.documents.count > 1 { lines.insert(name, at: 0) }
        if let d = result.diagnostics {
            var quality: [String] = []
            if let h = d.characterHeight { quality.append("character height \(h) px") } else if d.sharpness != nil { quality.append("no MRZ lines found") }
            if let s = d.sharpness { quality.append("sharpness \(Int(s.rounded()))") }
            if let g = d.glare { quality.append("glare " + String(format: "%.1f %%", g * 100)) }
            quality.append("\(d.imageWidth) x \(d.imageHeight) px")
            lines.append(quality.joined(separator: ", "))
        }
        return lines
    }

    /// `text` broken at spaces into lines at most `width` pixels wide.
    static func wrap(_ text: String, width: Int, font: BitmapFont?) -> [String] {
        guard let font, font.width(of: text) > width else { return [text] }
        var lines: [String] = [], current = ""
        for word in text.split(separator: " ", omittingEmptySubsequences: false) {
            let candidate = current.isEmpty ? String(word) : current + " " + word
            if !current.isEmpty, font.width(of: candidate) > width {
                lines.append(current)
                current = String(word)
            } else {
                current = candidate
            }
        }
        if !current.isEmpty { lines.append(current) }
        return lines
    }

    /// Leptonica's bitmap font sizes (points at 300 ppi) and their line heights, measured
    /// once: the largest whose line is at most `lineHeight` pixels.
    static func fontSize(forLineHeight lineHeight: Int) -> Int {
        fontLineHeights.last { $0.lineHeight <= lineHeight }?.size ?? 4
    }

    static let fontLineHeights: [(size: Int, lineHeight: Int)] = stride(from: 4, through: 20, by: 2).compactMap { size in
        BitmapFont(size: size).map { (size, $0.lineHeight) }
    }
}
