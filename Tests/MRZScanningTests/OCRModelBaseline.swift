/// Character error rates the committed model must not exceed on the fixture lines
/// (set from the measurement in tessdata/README.md, with a small margin).
enum OCRModelBaseline {
    static let clean = 0.10
    static let mild = 0.15
}
