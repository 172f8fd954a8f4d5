// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "IDReader",
    products: [
        // the types the other libraries share (BarcodeFormat, Point, Quadrilateral, SeededRandom)
        .library(name: "IDCommon", targets: ["IDCommon"]),
        .library(name: "MRZ", targets: ["MRZ"]),
        .library(name: "AAMVA", targets: ["AAMVA"]),
        .library(name: "DocumentModel", targets: ["DocumentModel"]),
        // visible digital seals (ICAO 9303-13, BSI TR-03137): parsing, profiles, signature verification
        .library(name: "VDS", targets: ["VDS"]),
        .library(name: "IDReader", targets: ["IDReader"]),
        .executable(name: "idreader", targets: ["idreader"]),
    ],
    targets: [
        // what several modules share, Foundation only: the seeded generator and the calendar rule of MRZ
        // and AAMVA, the geometry (Point, Quadrilateral) and BarcodeFormat of the scanners, reader and document model
        .target(name: "IDCommon"),
        // BAC keys (ICAO 9303 part 11) take SHA-1 from OpenSSL's libcrypto
        .target(name: "MRZ", dependencies: ["IDCommon", "COpenSSL"]),
        // commands and options declared once: parsing, help and usage messages of the CLI and `serve`
        .target(name: "CommandLineDeclarations"),
        .target(name: "AAMVA", dependencies: ["IDCommon"]),
        .systemLibrary(name: "COpenSSL", pkgConfig: "libcrypto", providers: [.apt(["libssl-dev"])]),
        .target(name: "VDS", dependencies: ["COpenSSL", "IDCommon"]),
        .systemLibrary(name: "CLeptonica", pkgConfig: "lept", providers: [.apt(["libleptonica-dev"])]),
        .systemLibrary(name: "CZBar", pkgConfig: "zbar", providers: [.apt(["libzbar-dev"])]),
        .systemLibrary(name: "CTesseract", pkgConfig: "tesseract", providers: [.apt(["libtesseract-dev"])]),
        .systemLibrary(name: "CMicroHTTPD", pkgConfig: "libmicrohttpd", providers: [.apt(["libmicrohttpd-dev"])]),
        .target(name: "CZXing", linkerSettings: [.linkedLibrary("ZXing")]),
        .target(name: "Imaging", dependencies: ["CLeptonica", "IDCommon"]),
        .target(name: "BarcodeScanning", dependencies: ["IDCommon", "Imaging", "CZXing", "CZBar"]),
        .target(
            name: "MRZScanning", dependencies: ["IDCommon", "Imaging", "MRZ", "CTesseract"],
            resources: [.embedInCode("mrz-glyphs.bin")]),
        .target(name: "DocumentModel", dependencies: ["IDCommon", "MRZ", "AAMVA"]),
        .target(name: "IDReader", dependencies: ["IDCommon", "MRZ", "AAMVA", "DocumentModel", "Imaging", "BarcodeScanning", "MRZScanning", "VDS"]),
        .target(
            name: "IDReaderServer", dependencies: ["IDCommon", "IDReader", "DocumentModel", "CommandLineDeclarations", "CMicroHTTPD", "VDS"],
            resources: [.embedInCode("openapi.json")]),
        .executableTarget(name: "idreader", dependencies: ["IDReader", "MRZ", "AAMVA", "DocumentModel", "IDReaderServer", "CommandLineDeclarations", "VDS"]),
        // the image fuzz harness; a replay tool in normal builds (fuzz/run.sh image)
        .executableTarget(name: "idreader-fuzz-image", dependencies: ["IDReader"], path: "fuzz/image"),
        .executableTarget(
            name: "idreader-bench", dependencies: ["IDCommon", "MRZ", "AAMVA", "IDReader", "BarcodeScanning", "Imaging", "VDS"], path: "bench/swift"),
        .testTarget(name: "CommandLineDeclarationsTests", dependencies: ["CommandLineDeclarations"]),
        .testTarget(name: "IDCommonTests", dependencies: ["IDCommon"]),
        .testTarget(name: "MRZTests", dependencies: ["MRZ"]),
        .testTarget(name: "AAMVATests", dependencies: ["AAMVA", "IDCommon"]),
        .testTarget(name: "VDSTests", dependencies: ["VDS"]),
        .testTarget(name: "ImagingTests", dependencies: ["IDCommon", "Imaging"], exclude: ["Fixtures"]),
        .testTarget(name: "BarcodeScanningTests", dependencies: ["BarcodeScanning", "CZBar", "CZXing", "IDCommon", "Imaging"]),
        .testTarget(name: "MRZScanningTests", dependencies: ["MRZScanning", "IDCommon", "Imaging"], exclude: ["Fixtures"]),
        .testTarget(name: "DocumentModelTests", dependencies: ["DocumentModel", "IDCommon", "MRZ", "AAMVA"]),
        .testTarget(
            name: "IDReaderTests",
            dependencies: ["IDReader", "idreader", "CommandLineDeclarations", "IDCommon", "BarcodeScanning", "Imaging", "MRZScanning", "VDS"],
            exclude: ["Fixtures"]),
        .testTarget(name: "IDReaderServerTests", dependencies: ["idreader", "IDReaderServer", "IDReader", "MRZ", "AAMVA"], exclude: ["Snapshots", "Clients"]),
    ],
    cxxLanguageStandard: .cxx17
)
