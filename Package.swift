// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "IDReader",
    products: [
        .library(name: "MRZ", targets: ["MRZ"]),
        .library(name: "AAMVA", targets: ["AAMVA"]),
        .library(name: "DocumentModel", targets: ["DocumentModel"]),
        .library(name: "IDReader", targets: ["IDReader"]),
        .executable(name: "idreader", targets: ["idreader"]),
    ],
    targets: [
        .target(name: "MRZ"),
        .target(name: "AAMVA"),
        .target(name: "DocumentModel", dependencies: ["MRZ", "AAMVA"]),
        .target(name: "IDReader", dependencies: ["MRZ", "AAMVA", "DocumentModel"]),
        .executableTarget(name: "idreader", dependencies: ["IDReader", "MRZ", "AAMVA", "DocumentModel"]),
        .executableTarget(name: "idreader-bench", dependencies: ["MRZ", "AAMVA"], path: "bench/swift"),
        .testTarget(name: "MRZTests", dependencies: ["MRZ"]),
        .testTarget(name: "AAMVATests", dependencies: ["AAMVA"]),
        .testTarget(name: "DocumentModelTests", dependencies: ["DocumentModel", "MRZ"]),
        .testTarget(name: "IDReaderTests", dependencies: ["IDReader", "idreader"]),
    ]
)
