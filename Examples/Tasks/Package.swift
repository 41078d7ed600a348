// swift-tools-version: 6.0
// An app's two screens written against UIKit, as an iOS app writes them: a sectioned table with a
// data source of its own, and a collection list with a diffable data source and cell
// registrations. On Linux they compile against ListLab's UIKit (the product is a dependency on
// Linux only) and their tests run headlessly: `swift test`. On an Apple platform, Apple's UIKit.

import PackageDescription

let package = Package(
    name: "Tasks",
    platforms: [.iOS(.v17), .macOS(.v15)],
    dependencies: [
        // A clone of ListLab; `name:` names it "ListLab" whatever its folder is called.
        .package(name: "ListLab", path: "../.."),
    ],
    targets: [
        .target(
            name: "TaskScreens",
            dependencies: [.product(name: "UIKit", package: "ListLab", condition: .when(platforms: [.linux]))]),
        .testTarget(
            name: "TaskScreensTests",
            dependencies: ["TaskScreens", .product(name: "UIKit", package: "ListLab", condition: .when(platforms: [.linux]))]),
    ],
    swiftLanguageModes: [.v6]
)
