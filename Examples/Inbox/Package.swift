// swift-tools-version: 6.0
// An inbox as a mail app lists it: messages with a `Date`, grouped in sections by day, two cell
// kinds (read and unread), rules of the app's own; written against ListLab as a user's package
// would be, explored at its own prompt (`inbox-lab`) and tested headlessly: `swift test`.

import PackageDescription

let package = Package(
    name: "Inbox",
    platforms: [.macOS(.v15)],  // ListLab's own
    products: [
        .library(name: "Inbox", targets: ["Inbox"]),
        .executable(name: "inbox-lab", targets: ["inbox-lab"]),
    ],
    dependencies: [
        // A clone of ListLab; `name:` names it "ListLab" whatever its folder is called.
        .package(name: "ListLab", path: "../.."),
    ],
    targets: [
        .target(
            name: "Inbox",
            dependencies: [.product(name: "ListLabCore", package: "ListLab"), .product(name: "ListDiff", package: "ListLab")]),
        // The inbox's playground: its provider and presenter at ListLab's prompt, and in CI.
        .target(name: "InboxLab", dependencies: ["Inbox", .product(name: "ListLabPlayground", package: "ListLab")]),
        .executableTarget(name: "inbox-lab", dependencies: ["InboxLab"]),
        .testTarget(
            name: "InboxTests",
            dependencies: ["Inbox", "InboxLab", .product(name: "ListLabCore", package: "ListLab"), .product(name: "ListLabPlayground", package: "ListLab")]),
    ],
    swiftLanguageModes: [.v6]
)
