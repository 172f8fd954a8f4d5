/// The scanning pass that decoded a barcode (diagnostics: the annotated picture labels each
/// symbol with it).  The raw value is the name shown.
public enum BarcodePass: String, Sendable, Codable, CaseIterable {
    /// zxing-cpp on a located symbol region of a large image.
    case located
    /// zxing-cpp on the whole image.
    case plain
    // The rescue passes, in the order they run (`BarcodeScanner.rescuePasses`).
    case deskew
    /// The symbol outlined by its start and stop patterns, resampled upright.
    case startStop = "start-stop"
    /// The start-stop outline's symbol redrawn from the codeword patterns that match it best.
    case redraw = "start-stop+redraw"
    /// The same symbol redrawn row by row: each row's patterns matched over all its lines,
    /// against patterns blurred over more than a module.
    case redrawRows = "start-stop+redraw-rows"
    case crop
    case cropDeskew = "crop+deskew"
    case cropUpscale = "crop+upscale"
    case cropSharpen = "crop+sharpen"
    case rotationSweep = "rotation-sweep"
    /// zbar, for 1D codes and QR codes.
    case zbar
    // Passes only seals run (`BarcodeScanner.sealRescuePasses`).
    /// The located symbol with its background normalised and its contrast stretched (glare).
    case cropContrast = "crop+contrast"
}
