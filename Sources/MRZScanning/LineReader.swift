import Imaging
import MRZ

/// Reads one candidate band: OCR of each line on its own crop, lengths fitted with
/// fillers, check-digit correction, then the confidence rules for unproven fields.
struct LineReader {
    let corrector: MRZCorrector
    let engine: OCREngine
    /// The oriented, deskewed image the band's boxes refer to.
    let image: GrayImage

    /// Text height the crops are scaled to before OCR.  Tesseract rescales every line to
    /// its network's 36 px input anyway; smaller crops make its preparation cheap, and
    /// ~20 px text read best on the generated sets (measured against 28, 36 and 40).
    static let textHeight = 20.0

    /// Symbol confidence (0–100) below which an unproven character makes its field uncertain.
    static let minimumConfidence: Float = 85

    /// OCR of one line box.  `extraScale` gives a second, independent view of the line.
    func ocrLine(_ box: PixelBox, extraScale: Double = 1, alternatives: Bool = true) -> OCRLine? {
        let padY = box.height * 2 / 5 + 2, padX = box.height
        var crop = image.cropped(x: box.x - padX, y: box.y - padY, width: box.width + 2 * padX, height: box.height + 2 * padY)
        let factor = min(4, Self.textHeight / Double(max(box.height, 1))) * extraScale
        if abs(factor - 1) > 0.05 { crop = crop.scaled(by: factor) }
        return engine.lines(in: crop, mode: 7, alternatives: alternatives).max(by: { $0.text.count < $1.text.count })
    }

    /// The band read without the decoder's alternatives first (cheaper, and enough when
    /// the check digits hold), then with them for the corrector, then at another scale.
    /// A check-valid reading with doubtful names is read once more at the other scale,
    /// which often settles them.  A band whose lines cannot be fitted to an MRZ length at
    /// either scale is no MRZ.
    func read(_ band: [PixelBox]) -> MRZReading? {
        guard let quick = read(band, alternatives: false, scale: 1) else { return nil }
        if quick.isConfidentlyValid { return quick }
        var best = quick
        let retries: [Double] = quick.result.isValid ? [Self.retryScale] : [1, Self.retryScale]
        for scale in retries {
            guard let reading = read(band, alternatives: true, scale: scale) else { continue }
            if reading.isConfidentlyValid { return reading }
            if reading.result.isValid, !best.result.isValid { best = reading }
        }
        return best
    }

    func read(_ band: [PixelBox], alternatives: Bool, scale: Double) -> MRZReading? {
        guard let first = ocrLine(band[0], extraScale: scale, alternatives: alternatives) else { return nil }
        let target = band.count == 3 ? 30 : (abs(first.text.count - 36) < abs(first.text.count - 44) ? 36 : 44)
        var fitted: [OCRLine] = []
        for (index, box) in band.enumerated() {
            let line = fittedLine(box, to: target, alternatives: alternatives, scale: scale, firstTry: index == 0 ? first : nil)
            guard let line else { return nil }
            fitted.append(line)
        }
        let lines = fitted.map(\.text)
        guard let correction = corrector.correct(lines: lines, alternatives: fitted.map(\.alternatives)) else {
            guard let parsed = try? corrector.parser.parse(lines: lines) else { return nil }
            return MRZReading(result: parsed, changes: [], uncertainFields: [])
        }
        let result = correction.result
        var uncertain = correction.uncertainFields
        func doubt(_ name: MRZFieldName) { if !uncertain.contains(name) { uncertain.append(name) } }
        let unproven = result.format.fieldPositions.filter { !$0.provenByCheckDigit }
        // names and codes the OCR was not sure of
        for field in unproven {
            let confidences = fitted[field.line].confidences
            if field.range.contains(where: { $0 < confidences.count && confidences[$0] < Self.minimumConfidence }) { doubt(field.name) }
        }
        // A second reading at another scale must agree on the names: LSTM insertions and
        // swaps in names come with high confidence but are rarely stable across scales.
        // Lines with codes only (nationality, sex) rely on confidence and the code tables.
        for (index, box) in band.enumerated() {
            let names = unproven.filter { $0.line == index && Self.nameFields.contains($0.name) }
            guard !names.isEmpty else { continue }
            let second = ocrLine(box, extraScale: scale * Self.confirmationScale, alternatives: false).flatMap { Self.fitLength($0, to: target) }.map { Array($0.text) }
            let first = Array(result.lines[index])
            for field in names where second == nil || second![field.range] != first[field.range] { doubt(field.name) }
        }
        return MRZReading(result: result, changes: correction.changes, uncertainFields: uncertain)
    }

    /// A line read to `target` characters.  A glyph split in two (`W` read as `NW`) or two
    /// merged make the length wrong beyond filler repair; a view at another scale rarely
    /// repeats the mistake.
    func fittedLine(_ box: PixelBox, to target: Int, alternatives: Bool, scale: Double, firstTry: OCRLine? = nil) -> OCRLine? {
        if let line = firstTry ?? ocrLine(box, extraScale: scale, alternatives: alternatives),
           let fitted = Self.fitLength(line, to: target) { return fitted }
        let otherScale = scale == 1 ? Self.retryScale : 1
        return ocrLine(box, extraScale: otherScale, alternatives: alternatives).flatMap { Self.fitLength($0, to: target) }
    }

    /// The second, confirming view of lines with names.
    static let confirmationScale = 1.4

    /// The other scale for lines whose length was wrong (text ~32 px instead of ~20).
    static let retryScale = 1.6

    static let nameFields: Set<MRZFieldName> = [.name, .surname, .givenNames]

    /// Lines read one or two characters long or short: add or drop fillers at the end
    /// (OCR miscounts runs of `<`), never anything else.
    static func fitLength(_ line: OCRLine, to target: Int) -> OCRLine? {
        var l = line
        while l.text.count > target, l.text.last == "<" {
            l.text.removeLast(); l.alternatives.removeLast()
            if !l.confidences.isEmpty { l.confidences.removeLast() }
        }
        if l.text.count < target, target - l.text.count <= 3, l.text.last == "<" {
            let missing = target - l.text.count
            l.text += String(repeating: "<", count: missing)
            l.alternatives += Array(repeating: [], count: missing)
            l.confidences += Array(repeating: 100, count: missing)
        }
        return l.text.count == target ? l : nil
    }
}
