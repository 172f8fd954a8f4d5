import IDCommon
import Imaging
import MRZ

/// How a text line compares with an MRZ line (`BandFinder.lineShape`).
enum LineShape: Equatable {
    case mrzLike
    /// Fewer than ~24 glyphs (or fewer than 15 glyph-sized components).
    case tooShort
    /// More than ~50 glyphs.
    case tooLong
    /// The glyphs are not set at one fixed pitch (proportional print).
    case pitchIrregular
    /// 15 glyphs or more at one fixed pitch, but fewer than an MRZ line holds: part of an
    /// MRZ line (the rest off the picture or washed out), or short fixed-pitch print.
    case shortFixedPitch
}

/// A candidate MRZ band the scanner looked at and set aside, for showing the user what
/// the reader saw (`idreader read --annotate`).
public struct RejectedBand: Sendable, Equatable {
    /// Why it was set aside.
    public enum Reason: String, Sendable, Codable {
        /// Its lines hold too few glyphs for an MRZ line.
        case tooShort
        /// Its lines hold too many glyphs for an MRZ line.
        case tooLong
        /// Its glyphs are not set at a fixed pitch.
        case pitchIrregular
        /// It was read, and the reading did not give a valid MRZ.
        case noValidReading
    }
    /// Each line's quadrilateral in input pixels: top-left, top-right, bottom-right,
    /// bottom-left of the line as it reads.
    public let lines: [Quadrilateral]
    public let reason: Reason
}

/// A character of an MRZ reading worth pointing at: changed by the correction, or in a
/// field the reader doubts.  Line and column are 0-based.
public struct MarkedCharacter: Sendable, Equatable {
    public enum Kind: String, Sendable, Codable {
        /// The check-digit correction changed it; `alternative` is what the OCR read.
        case corrected
        /// The OCR was unsure of it (low confidence or a strong other candidate) in a field
        /// no check digit proves; `alternative` is the strongest other reading, if any.
        case doubted
    }
    public let line: Int
    public let column: Int
    public let kind: Kind
    public let alternative: Character?
}

extension OrientedView {
    /// A point of the view `quarter` (the input turned `quarter` clockwise quarter turns,
    /// then rotated by `angle` about its centre, as `full` is made) in input pixels.
    static func inputPoint(_ p: Point, quarter: Int, angle: Double, inputWidth: Int, inputHeight: Int) -> Point {
        let turnedWidth = Double(quarter % 2 == 0 ? inputWidth : inputHeight)
        let turnedHeight = Double(quarter % 2 == 0 ? inputHeight : inputWidth)
        let t =
            angle == 0
            ? (x: p.x, y: p.y)
            : rotate((p.x, p.y), about: (turnedWidth / 2, turnedHeight / 2), degrees: -angle)
        let w = Double(inputWidth), h = Double(inputHeight)
        switch quarter & 3 {
        case 1: return Point(x: t.y, y: h - t.x)
        case 2: return Point(x: w - t.x, y: h - t.y)
        case 3: return Point(x: w - t.y, y: t.x)
        default: return Point(x: t.x, y: t.y)
        }
    }

    /// A line box of the view `quarter` as a quadrilateral in input pixels, corners in the
    /// line's reading order (top-left, top-right, bottom-right, bottom-left as it reads).
    static func inputQuadrilateral(_ box: PixelBox, quarter: Int, angle: Double, inputWidth: Int, inputHeight: Int) -> Quadrilateral {
        let x0 = Double(box.x), y0 = Double(box.y), x1 = Double(box.x + box.width), y1 = Double(box.y + box.height)
        return Quadrilateral(x0: x0, y0: y0, x1: x1, y1: y1).map {
            inputPoint($0, quarter: quarter, angle: angle, inputWidth: inputWidth, inputHeight: inputHeight)
        }
    }
}

extension RejectedBand.Reason {
    /// The reason a band whose lines have these shapes is no MRZ (none looks like one).
    init(shapes: [LineShape]) {
        if shapes.contains(.pitchIrregular) { self = .pitchIrregular } else if shapes.contains(.tooLong) { self = .tooLong } else { self = .tooShort }
    }
}

extension ReadingJudge {
    /// The characters of the `uncertain` fields that the first reading gives reason to
    /// doubt: read with less than `minimumConfidence`, or with another MRZ character among
    /// the decoder's candidates at `lookAlikeFloor` or more, or one of the look-alikes the
    /// check digits had to rule out (`doubtful`).  With the strongest other reading.
    static func doubtedCharacters(
        _ result: MRZResult, uncertain: [MRZFieldName], lines: [OCRLine],
        doubtful: [DoubtfulCharacter]
    ) -> [MarkedCharacter] {
        var marks: [MarkedCharacter] = []
        let text = result.lines.map(Array.init)
        for field in result.format.fieldPositions where uncertain.contains(field.name) && field.line < lines.count && field.line < text.count {
            let glyphs = lines[field.line].glyphs
            for column in LookAlikeReadings.contentColumns(field, in: text[field.line]) where column < glyphs.count {
                let glyph = glyphs[column], shown = text[field.line][column]
                // the first view's own character where a vote showed another (the glyph
                // classifier's, breaking a tie), else its strongest other candidate
                let read = glyph.character != shown && glyph.character.asciiValue.map(MRZCharset.isMRZ) == true ? glyph.character : nil
                let other =
                    read
                    ?? glyph.candidates.first {
                        !($0.confidence < CellEvidence.lookAlikeFloor) && $0.character != shown && $0.character.asciiValue.map(MRZCharset.isMRZ) == true
                    }?.character
                let lookAlike = doubtful.first { $0.line == field.line && $0.column == column }?.lookAlikes.first
                if !(glyph.confidence >= CellEvidence.minimumConfidence) || other != nil || lookAlike != nil {
                    marks.append(MarkedCharacter(line: field.line, column: column, kind: .doubted, alternative: other ?? lookAlike))
                }
            }
        }
        return marks
    }
}
