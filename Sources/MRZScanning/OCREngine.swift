import CTesseract
import Foundation
import Imaging

/// One character as the LSTM decoder read it.
struct OCRGlyph: Equatable {
    /// Another candidate the decoder considered for the same position.
    struct Candidate: Equatable {
        let character: Character
        /// 0–100; may be non-finite (counts as the strongest).
        let confidence: Float
    }
    var character: Character
    /// Tesseract's confidence, 0–100.
    var confidence: Float
    /// Other candidates, strongest first; empty when the line was read without alternatives.
    var candidates: [Candidate] = []
    /// Where the decoder put the character: the middle of its box, in pixels of the line
    /// image read (`nil` when not known, as for simulated readings).
    var centre: Double? = nil

    /// The strongest other candidate, if any.
    var runnerUp: Candidate? { candidates.first }
    /// The runner-up's confidence, 0 when there is none.
    var runnerUpConfidence: Float { runnerUp?.confidence ?? 0 }

    /// Candidates strongest first; a non-finite confidence counts as the strongest (as a
    /// non-finite symbol confidence counts as unsure: `FirstViewDoubts`).
    static func ranked(_ candidates: [Candidate]) -> [Candidate] {
        func strength(_ c: Candidate) -> Float { c.confidence.isFinite ? c.confidence : .infinity }
        return candidates.sorted { strength($0) > strength($1) }
    }
}

/// One recognised text line: its box, mean confidence and characters.
struct OCRLine {
    var glyphs: [OCRGlyph]
    var box: (x: Int, y: Int, width: Int, height: Int)
    var confidence: Float
    /// Whether the decoder was asked for each character's other candidates (without them
    /// an empty candidate list proves nothing).
    var hasCandidates = true
    /// Characters read in the crop's room before and after the line's box and set aside
    /// (`LineReader.insideBox`), in reading order.
    var besideBox: (before: [OCRGlyph], after: [OCRGlyph]) = ([], [])
    /// The glyph classifier's reading of the same cells (`CellVote`), when it voted: one
    /// more view of the line, independent of the LSTM's.
    var classifierCells: ClassifierCells?
    /// `classifierCells` as a view in the judge's votes.
    var classifierText: String? { classifierCells?.text }
    /// Whether the band's view read this line at its layout's length, so that no glyph was
    /// dropped or doubled before `LineReader.fitLength` fitted it (set by
    /// `LineReader.fitted`; `false` for a line no one fitted, and for one only a refit view
    /// read to its length).  Where a glyph was dropped or doubled, the glyphs after it stand
    /// in their neighbours' cells and the glyph classifier, voting on those cells, reads the
    /// neighbours too: both recognisers then misread alike (89 of the 90 alike cells
    /// measured were on such lines; `MeasuredGlyphChannel.alikeOnLayoutLengthLines`).
    var readAtLayoutLength = false

    var text: String { String(glyphs.map(\.character)) }
    /// The distances between the centres of neighbouring glyphs whose centres are known.
    var centreSteps: [Double] {
        zip(glyphs, glyphs.dropFirst()).compactMap { a, b in a.centre.flatMap { x in b.centre.map { $0 - x } } }
    }
    /// The glyph pitch: the median of `centreSteps` (OCR-B is set at one pitch); `nil`
    /// when no centres are known.
    var pitch: Double? {
        let steps = centreSteps.sorted()
        return steps.isEmpty ? nil : steps[steps.count / 2]
    }
    /// Per character: the other candidates at or above `floor` (0–100), strongest first.
    func alternatives(floor: Float) -> [[Character]] {
        glyphs.map { $0.candidates.filter { !($0.confidence < floor) }.map(\.character) }
    }
}

/// Owns one `TessBaseAPI` initialised with the OCR-B model.  Tesseract handles are not
/// thread-safe, so each thread gets its own, created once and reused (`forCurrentThread`).
final class OCREngine {
    private let handle: OpaquePointer
    /// The height in pixels the model's network takes its input at (Tesseract scales every
    /// line image to it).  Line images made at this height are not resampled twice.
    let inputHeight: Int
    static let charset = "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789<"

    /// Tesseract's LSTM opens OpenMP parallel sections per time step; their threads spin
    /// and hand off through futexes, which cost more than the work on a text line (perf
    /// showed 3/4 of the time in libgomp and the kernel).  Callers parallelise across
    /// images instead.  `OMP_THREAD_LIMIT` is read when libgomp loads, before any Swift
    /// code runs, so the runtime switch is `omp_set_max_active_levels(0)`: every parallel
    /// region then runs on the calling thread.  Looked up dynamically because libgomp
    /// comes in with libtesseract and has no module map.  The setting belongs to the
    /// calling thread (an OpenMP 5 data-environment ICV in libgomp: a second thread's
    /// engine read an MRZ 4x slower), so every thread sets it when it makes its engine.
    private static let setMaxActiveLevels: (@convention(c) (Int32) -> Void)? = {
        setenv("OMP_THREAD_LIMIT", "1", 0)
        typealias SetLevels = @convention(c) (Int32) -> Void
        return dlsym(nil, "omp_set_max_active_levels").map { unsafeBitCast($0, to: SetLevels.self) }
    }()

    private init?(tessdata: String, language: String) {
        Self.setMaxActiveLevels?(0)
        let model = FileManager.default.contents(atPath: "\(tessdata)/\(language).traineddata") ?? Data()
        inputHeight = Self.networkInputHeight(model: model) ?? 36
        guard let h = TessBaseAPICreate() else { return nil }
        handle = h
        // On failure deinit (which runs for a failed class initialiser once every stored
        // property is set) ends and deletes the handle; deleting it here too would free it twice.
        guard TessBaseAPIInit3(handle, tessdata, language) == 0 else { return nil }
        TessBaseAPISetVariable(handle, "tessedit_char_whitelist", Self.charset)
        TessBaseAPISetVariable(handle, "debug_file", "/dev/null")
    }

    /// The input height in a model's network spec: a Tesseract LSTM model stores the spec
    /// it was trained with as text, `[1,<height>,0,1 ...]` (batch, height, width, depth).
    static func networkInputHeight(model: Data) -> Int? {
        let bytes = [UInt8](model), prefix = Array("[1,".utf8)
        var index = 0
        while index + prefix.count < bytes.count {
            defer { index += 1 }
            guard bytes[index..<index + prefix.count].elementsEqual(prefix) else { continue }
            let digits = bytes[(index + prefix.count)...].prefix { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }
            let end = index + prefix.count + digits.count
            if (1...3).contains(digits.count), end < bytes.count, bytes[end] == UInt8(ascii: ","),
                let height = Int(String(decoding: digits, as: UTF8.self)), height >= 8
            {
                return height
            }
        }
        return nil
    }

    deinit {
        TessBaseAPIEnd(handle)
        TessBaseAPIDelete(handle)
    }

    private static let key = "IDReader.OCREngine"

    /// This thread's engine for the model in `tessdata` (`nil` if the model cannot be loaded).
    static func forCurrentThread(tessdata: String, language: String = "ocrb") -> OCREngine? {
        let dictionary = Thread.current.threadDictionary
        let cacheKey = "\(key):\(tessdata):\(language)"
        if let engine = dictionary[cacheKey] as? OCREngine { return engine }
        guard let engine = OCREngine(tessdata: tessdata, language: language) else { return nil }
        dictionary[cacheKey] = engine
        return engine
    }

    /// Text-line boxes from Tesseract's layout analysis alone (no recognition: fast).
    func layoutLines(in image: GrayImage) -> [PixelBox] {
        image.pixels.withUnsafeBufferPointer { buf in
            TessBaseAPISetImage(handle, buf.baseAddress, Int32(image.width), Int32(image.height), 1, Int32(image.width))
            TessBaseAPISetPageSegMode(handle, PSM_AUTO)
            defer { TessBaseAPIClear(handle) }
            guard let page = TessBaseAPIAnalyseLayout(handle) else { return [] }
            defer { TessPageIteratorDelete(page) }
            var boxes: [PixelBox] = []
            repeat {
                var l: Int32 = 0, t: Int32 = 0, r: Int32 = 0, b: Int32 = 0
                if TessPageIteratorBoundingBox(page, RIL_TEXTLINE, &l, &t, &r, &b) != 0 {
                    boxes.append(PixelBox(x: Int(l), y: Int(t), width: Int(r - l), height: Int(b - t)))
                }
            } while TessPageIteratorNext(page, RIL_TEXTLINE) != 0
            return boxes
        }
    }

    /// Page segmentation mode 13: the whole image is one text line, no layout analysis.
    static let rawLine: Int32 = 13

    /// Recognises `image` with page segmentation `mode` (6 block, 7 single line, 11 sparse,
    /// 13 raw line)
    /// and returns its text lines.  `alternatives` asks the LSTM decoder for the other
    /// candidates of each character (about 20 % more time).
    func lines(in image: GrayImage, mode: Int32, alternatives: Bool = true) -> [OCRLine] {
        TessBaseAPISetVariable(handle, "lstm_choice_mode", alternatives ? "2" : "0")
        return image.pixels.withUnsafeBufferPointer { buf in
            TessBaseAPISetImage(handle, buf.baseAddress, Int32(image.width), Int32(image.height), 1, Int32(image.width))
            TessBaseAPISetPageSegMode(handle, TessPageSegMode(UInt32(mode)))
            defer { TessBaseAPIClear(handle) }
            guard TessBaseAPIRecognize(handle, nil) == 0, let iterator = TessBaseAPIGetIterator(handle) else { return [] }
            defer { TessResultIteratorDelete(iterator) }
            var lines: [OCRLine] = []
            var current: OCRLine? = nil
            let page = TessResultIteratorGetPageIterator(iterator)
            repeat {
                if TessPageIteratorIsAtBeginningOf(page, RIL_TEXTLINE) != 0 {
                    if let line = current, !line.text.isEmpty { lines.append(line) }
                    var l: Int32 = 0, t: Int32 = 0, r: Int32 = 0, b: Int32 = 0
                    TessPageIteratorBoundingBox(page, RIL_TEXTLINE, &l, &t, &r, &b)
                    current = OCRLine(
                        glyphs: [], box: (Int(l), Int(t), Int(r - l), Int(b - t)),
                        confidence: TessResultIteratorConfidence(iterator, RIL_TEXTLINE), hasCandidates: alternatives)
                }
                guard let symbol = TessResultIteratorGetUTF8Text(iterator, RIL_SYMBOL) else { continue }
                let text = String(cString: symbol)
                TessDeleteText(symbol)
                let symbolConfidence = TessResultIteratorConfidence(iterator, RIL_SYMBOL)
                var candidates: [OCRGlyph.Candidate] = []
                if let choices = TessResultIteratorGetChoiceIterator(iterator) {
                    repeat {
                        if let c = TessChoiceIteratorGetUTF8Text(choices), let ch = String(cString: c).first, String(ch) != text {
                            candidates.append(.init(character: ch, confidence: TessChoiceIteratorConfidence(choices)))
                        }
                    } while TessChoiceIteratorNext(choices) != 0
                    TessChoiceIteratorDelete(choices)
                }
                candidates = OCRGlyph.ranked(candidates)  // the strongest of each character stays first
                candidates = candidates.enumerated().filter { i, c in !candidates[..<i].contains { $0.character == c.character } }.map(\.element)
                var l: Int32 = 0, t: Int32 = 0, r: Int32 = 0, b: Int32 = 0
                let centre = TessPageIteratorBoundingBox(page, RIL_SYMBOL, &l, &t, &r, &b) != 0 ? Double(l + r) / 2 : nil
                for ch in text where ch != " " {
                    current?.glyphs.append(OCRGlyph(character: ch, confidence: symbolConfidence, candidates: candidates, centre: centre))
                }
            } while TessResultIteratorNext(iterator, RIL_SYMBOL) != 0
            if let line = current, !line.text.isEmpty { lines.append(line) }
            return lines
        }
    }
}
