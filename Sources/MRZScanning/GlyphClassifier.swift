import Foundation

/// A second recogniser of MRZ characters, independent of the LSTM: one cell's glyph
/// image (`LineCells.glyph`) in, a probability for each of the 37 MRZ characters out.
///
/// A network of one hidden layer (ReLU) and a softmax, trained by
/// `tools/train-glyphs/glyphs.py` on cells the reader itself cut from generated pages
/// and from real prints, with int8 weights (one scale per layer).  Another model on
/// another input (a fixed-size cell, not a line) with other training than the LSTM's:
/// where the two agree, neither's look-alike misreading is likely.
struct GlyphClassifier: Sendable {
    /// The characters scored, in the order of the scores.
    let charset: [Character]
    private let width: Int, height: Int
    private let inputs: Int, hidden: Int
    private let mean: [Float]
    private let layers: (first: Layer, second: Layer)

    private struct Layer: Sendable {
        /// `inputs × outputs`, row-major, already multiplied by the layer's scale.
        let weights: [Float]
        let biases: [Float]
    }

    /// The classifier the package ships (`mrz-glyphs.bin`, embedded in the code).
    static let shipped: GlyphClassifier? = GlyphClassifier(PackageResources.mrz_glyphs_bin)

    /// The classifier line readers use: `shipped`, except inside
    /// `GlyphWeights.whileReading`, where the benches read with another weights file (a
    /// document fold's model scores the corpus pictures it was not trained on).  Bound
    /// only by code, never by the environment.
    @TaskLocal static var inUse: GlyphClassifier? = shipped

    /// A classifier from its weights file (the format `glyphs.py export` writes); `nil`
    /// for a file of another format or size, or for other cell dimensions than
    /// `LineCells`'.
    init?(_ bytes: [UInt8]) {
        var reader = LittleEndianReader(bytes)
        guard reader.ascii(4) == "MRZG", reader.uint32() == 1,
            let width = reader.uint32(), let height = reader.uint32(), let inputs = reader.uint32(),
            let hidden = reader.uint32(), let classes = reader.uint32(),
            width == LineCells.glyphWidth, height == LineCells.glyphHeight, inputs == width * height,
            hidden > 0, hidden < 4096, classes > 1, classes < 128,
            let charset = reader.ascii(classes), let mean = reader.floats(inputs),
            let first = Self.layer(&reader, inputs: inputs, outputs: hidden),
            let second = Self.layer(&reader, inputs: hidden, outputs: classes),
            reader.isAtEnd
        else { return nil }
        self.charset = Array(charset)
        self.width = width
        self.height = height
        self.inputs = inputs
        self.hidden = hidden
        self.mean = mean
        layers = (first, second)
    }

    private static func layer(_ reader: inout LittleEndianReader, inputs: Int, outputs: Int) -> Layer? {
        guard let scale = reader.floats(1)?.first, let weights = reader.int8s(inputs * outputs), let biases = reader.floats(outputs) else { return nil }
        return Layer(weights: weights.map { Float($0) * scale }, biases: biases)
    }

    /// The probability of each of `charset`'s characters for one glyph image of
    /// `LineCells.glyphWidth` × `glyphHeight` ink values.
    func probabilities(_ glyph: [Float]) -> [Float] {
        precondition(glyph.count == inputs, "a glyph image of LineCells' size")
        var h = layers.first.biases
        layers.first.weights.withUnsafeBufferPointer { w in
            h.withUnsafeMutableBufferPointer { h in
                for i in 0..<inputs {
                    let v = glyph[i] - mean[i]
                    if v == 0 { continue }
                    let row = i * hidden
                    for j in 0..<hidden { h[j] += v * w[row + j] }
                }
            }
        }
        var logits = layers.second.biases
        let classes = logits.count
        layers.second.weights.withUnsafeBufferPointer { w in
            for j in 0..<hidden where h[j] > 0 {
                let row = j * classes
                for k in 0..<classes { logits[k] += h[j] * w[row + k] }
            }
        }
        let top = logits.max() ?? 0
        let exps = logits.map { expf($0 - top) }
        let total = exps.reduce(0, +)
        return exps.map { $0 / total }
    }

    /// The characters of one glyph, most probable first, with their probabilities.
    func ranked(_ glyph: [Float]) -> [(character: Character, probability: Float)] {
        zip(charset, probabilities(glyph)).map { (character: $0, probability: $1) }.sorted { $0.probability > $1.probability }
    }
}

/// Another glyph classifier's weights than the shipped ones, for the benches only (each
/// corpus picture read with the model of the document fold that did not train on it,
/// `bench/mrz_recall.py --glyph-folds`): not part of the library's API.
@_spi(Evaluation) public struct GlyphWeights: Sendable {
    let classifier: GlyphClassifier

    /// The weights in the file at `path` (the format `tools/train-glyphs/glyphs.py` writes).
    public init(contentsOf path: String) throws(GlyphWeightsError) {
        guard let data = FileManager.default.contents(atPath: path) else { throw .unreadable(path: path) }
        guard let classifier = GlyphClassifier([UInt8](data)) else { throw .notWeights(path: path) }
        self.classifier = classifier
    }

    /// `body`'s result, every MRZ line it reads classified with these weights.
    public func whileReading<T>(_ body: () throws -> T) rethrows -> T {
        try GlyphClassifier.$inUse.withValue(classifier, operation: body)
    }
}

/// Why a glyph weights file could not be used.
@_spi(Evaluation) public enum GlyphWeightsError: Error, CustomStringConvertible, Equatable {
    case unreadable(path: String)
    case notWeights(path: String)

    public var description: String {
        switch self {
        case .unreadable(let path): "The glyph weights file \(path) cannot be read; give the path of a file glyphs.py wrote."
        case .notWeights(let path):
            "The file \(path) is not a glyph classifier's weights (MRZG version 1 for 16 x 24 cells); write it with tools/train-glyphs/glyphs.py."
        }
    }
}

/// Reads a little-endian file field by field; each read is `nil` past the end.
private struct LittleEndianReader {
    private let bytes: [UInt8]
    private var offset = 0

    init(_ bytes: [UInt8]) { self.bytes = bytes }

    var isAtEnd: Bool { offset == bytes.count }

    private mutating func take(_ count: Int) -> ArraySlice<UInt8>? {
        guard count >= 0, offset + count <= bytes.count else { return nil }
        defer { offset += count }
        return bytes[offset..<offset + count]
    }

    mutating func uint32() -> Int? {
        take(4).map { $0.reversed().reduce(0) { $0 << 8 | Int($1) } }
    }

    mutating func ascii(_ count: Int) -> String? {
        take(count).flatMap { slice in slice.allSatisfy { $0 < 128 } ? String(decoding: slice, as: UTF8.self) : nil }
    }

    mutating func floats(_ count: Int) -> [Float]? {
        guard let slice = take(count * 4) else { return nil }
        return stride(from: slice.startIndex, to: slice.endIndex, by: 4).map { i in
            Float(bitPattern: UInt32(slice[i]) | UInt32(slice[i + 1]) << 8 | UInt32(slice[i + 2]) << 16 | UInt32(slice[i + 3]) << 24)
        }
    }

    mutating func int8s(_ count: Int) -> [Int8]? { take(count).map { $0.map { Int8(bitPattern: $0) } } }
}
