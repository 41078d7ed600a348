// swift-tools-version: 6.0
// The README's "Use it from Swift" program, where the README says to put it: the main.swift of an
// executable that depends on ListLabCore. Scripts/check-readme-program builds and runs it and
// compares what it prints with the README's; `swift run listlab-doc-examples` writes main.swift.

import PackageDescription

let package = Package(
    name: "ReadmeProgram",
    platforms: [.macOS(.v15)],  // ListLab's own
    dependencies: [
        .package(name: "ListLab", path: "../.."),
    ],
    targets: [
        .executableTarget(name: "readme-program", dependencies: [.product(name: "ListLabCore", package: "ListLab")]),
    ],
    swiftLanguageModes: [.v6]
)
