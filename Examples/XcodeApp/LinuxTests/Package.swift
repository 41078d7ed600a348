// swift-tools-version: 6.0
// A Linux test package for the app's screens, written by `listlab scaffold`: the screen files are
// links to the app's own, compiled against ListLab's UIKit (Apple's UIKit is not on Linux).
import PackageDescription

let uiKit: Target.Dependency = .product(name: "UIKit", package: "ListLab")

let package = Package(
    name: "ScreensLinuxTests",
    platforms: [.macOS(.v15)],
    dependencies: [.package(name: "ListLab", path: "../../..")],
    targets: [
        .target(name: "Screens", dependencies: [uiKit], swiftSettings: [.swiftLanguageMode(.v5)]),
        .testTarget(name: "ScreensTests", dependencies: ["Screens", uiKit], swiftSettings: [.swiftLanguageMode(.v5)]),
    ]
)
