/// Character error rates the committed model must not exceed on the fixture lines, read
/// as the line reader reads them (scaled to the network height, raw-line mode).  Measured
/// with the committed model: clean 0 / 368 characters, mild 0 / 368; the limits allow one
/// and two errors (for Tesseract builds that round differently) and fail any model as weak
/// as the previous one (3 and 2 errors) or the training run's early checkpoints (~5 % and
/// ~8 %).
enum OCRModelBaseline {
    static let clean = 0.003
    static let mild = 0.006
}
