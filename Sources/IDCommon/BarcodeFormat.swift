/// A barcode symbology.  The raw value is the name the JSON contract uses (`"PDF417"`,
/// `"QRCode"`, ...); the decoders' own identifiers are mapped to it once, at each
/// decoder's boundary (the CZXing shim for zxing-cpp, `ZBarReader` for zbar).
public enum BarcodeFormat: String, Sendable, Codable, CaseIterable {
    case aztec = "Aztec"
    case codabar = "Codabar"
    case code39 = "Code39"
    case code93 = "Code93"
    case code128 = "Code128"
    case dataBar = "DataBar"
    case dataBarExpanded = "DataBarExpanded"
    case dataMatrix = "DataMatrix"
    case ean8 = "EAN8"
    case ean13 = "EAN13"
    case itf = "ITF"
    case maxiCode = "MaxiCode"
    case pdf417 = "PDF417"
    case qrCode = "QRCode"
    case upcA = "UPCA"
    case upcE = "UPCE"
    case microQRCode = "MicroQRCode"
    /// A symbology a decoder reported that has no name here.
    case unknown = "Unknown"
}
