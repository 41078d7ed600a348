// swift-tools-version: 6.0
// An app module's data-source code, written against ListLab as a user's package
// would be, and tested headlessly (no UIKit, no simulator): `swift test`.

import PackageDescription

let package = Package(
    name: "Schedule",
    platforms: [.macOS(.v15)],  // ListLab's own
    products: [
        .library(name: "Schedule", targets: ["Schedule"]),
        .executable(name: "schedule-lab", targets: ["schedule-lab"]),
        .executable(name: "schedule-lab-serve", targets: ["schedule-lab-serve"]),
    ],
    dependencies: [
        // A clone of ListLab; `name:` names it "ListLab" whatever its folder is called.
        .package(name: "ListLab", path: "../.."),
        .package(url: "https://github.com/pointfreeco/swift-snapshot-testing", from: "1.19.7"),
    ],
    targets: [
        .target(
            name: "Schedule",
            dependencies: [
                .product(name: "ListLabCore", package: "ListLab"),
                .product(name: "ListDiff", package: "ListLab"),
            ]),
        // The schedule's playground: its provider and presenter at ListLab's prompt, and in CI.
        .target(
            name: "ScheduleLab",
            dependencies: ["Schedule", .product(name: "ListLabPlayground", package: "ListLab")]),
        .executableTarget(name: "schedule-lab", dependencies: ["ScheduleLab"]),
        // The same playground in a browser: `schedule-lab serve` starts this program beside it.
        .executableTarget(
            name: "schedule-lab-serve",
            dependencies: ["ScheduleLab", .product(name: "ListLabServer", package: "ListLab")]),
        .testTarget(
            name: "ScheduleTests",
            dependencies: [
                "Schedule", "ScheduleLab", .product(name: "ListLabCore", package: "ListLab"),
                .product(name: "ListLabPlayground", package: "ListLab"),
                // Snapshots of the list (SnapshotTests.swift), with pointfreeco/swift-snapshot-testing.
                .product(name: "ListLabSnapshotTesting", package: "ListLab"),
                .product(name: "SnapshotTesting", package: "swift-snapshot-testing"),
            ],
            // The snapshots the tests compare with are not sources (SwiftPM warns of unhandled files otherwise).
            exclude: ["__Snapshots__"]),
    ],
    swiftLanguageModes: [.v6]
)
