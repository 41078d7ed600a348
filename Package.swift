// swift-tools-version: 6.0
// ListLab: a headless playground for the provider / presenter / adapter split
// of table and collection view data sources.

import PackageDescription

/// Every target compiles with the same strictness (as apple/swift-log does).
let strictSettings: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny"),
    .enableUpcomingFeature("InternalImportsByDefault"),
    .enableUpcomingFeature("MemberImportVisibility"),
]

let package = Package(
    name: "ListLab",
    products: [
        .library(name: "ListDiff", targets: ["ListDiff"]),
        .library(name: "ListLabCore", targets: ["ListLabCore"]),
    ],
    targets: [
        // Diffing by identity and content; knows nothing of providers or lists.
        .target(name: "ListDiff", swiftSettings: strictSettings),
        // Providers, presenters, the adapter and the headless list; knows nothing of a terminal.
        .target(name: "ListLabCore", dependencies: ["ListDiff"], swiftSettings: strictSettings),
        .testTarget(name: "ListDiffTests", dependencies: ["ListDiff"], swiftSettings: strictSettings),
        .testTarget(name: "ListLabCoreTests", dependencies: ["ListLabCore"], swiftSettings: strictSettings),
    ],
    swiftLanguageModes: [.v6]
)
