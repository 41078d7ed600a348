// swift-tools-version: 6.0
// An app module's data-source code, written against ListLab as a user's package
// would be, and tested headlessly (no UIKit, no simulator): `swift test`.

import PackageDescription

let package = Package(
    name: "Schedule",
    products: [
        .library(name: "Schedule", targets: ["Schedule"]),
    ],
    dependencies: [
        // A clone of ListLab; `name:` names it "ListLab" whatever its folder is called.
        .package(name: "ListLab", path: "../.."),
    ],
    targets: [
        .target(
            name: "Schedule",
            dependencies: [
                .product(name: "ListLabCore", package: "ListLab"),
                .product(name: "ListDiff", package: "ListLab"),
            ]),
        .testTarget(
            name: "ScheduleTests",
            dependencies: ["Schedule", .product(name: "ListLabCore", package: "ListLab")]),
    ],
    swiftLanguageModes: [.v6]
)
