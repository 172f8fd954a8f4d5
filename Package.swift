// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "IDReader",
    products: [
        .library(name: "MRZ", targets: ["MRZ"]),
        .library(name: "DocumentModel", targets: ["DocumentModel"]),
        .library(name: "IDReader", targets: ["IDReader"]),
        .executable(name: "idreader", targets: ["idreader"]),
    ],
    targets: [
        .target(name: "MRZ"),
        .target(name: "DocumentModel", dependencies: ["MRZ"]),
        .target(name: "IDReader", dependencies: ["MRZ", "DocumentModel"]),
        .executableTarget(name: "idreader", dependencies: ["IDReader", "MRZ", "DocumentModel"]),
        .executableTarget(name: "idreader-bench", dependencies: ["MRZ"], path: "bench/swift"),
        .testTarget(name: "MRZTests", dependencies: ["MRZ"]),
        .testTarget(name: "DocumentModelTests", dependencies: ["DocumentModel", "MRZ"]),
        .testTarget(name: "IDReaderTests", dependencies: ["IDReader", "idreader"]),
    ]
)
