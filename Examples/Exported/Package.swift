// swift-tools-version: 6.0
// Every built-in sample, exported by `export swift` (Scripts/export-samples writes
// Tests/ExportedTests/): the exported code compiles, and each test shows what ListLab showed.

import PackageDescription

let package = Package(
    name: "Exported",
    platforms: [.macOS(.v15)],  // ListLab's own
    dependencies: [
        .package(name: "ListLab", path: "../.."),
    ],
    targets: [
        .testTarget(
            name: "ExportedTests",
            dependencies: [
                .product(name: "ListLabCore", package: "ListLab"),
                .product(name: "ListLabRecords", package: "ListLab"),
                .product(name: "ListLabFiles", package: "ListLab"),
            ]),
    ],
    swiftLanguageModes: [.v6]
)
