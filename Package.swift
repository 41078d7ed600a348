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
    // Mutex and a task's preferred executor (the server's) are macOS 15's.
    platforms: [.macOS(.v15)],
    products: [
        .executable(name: "listlab", targets: ["listlab"]),
        .executable(name: "listlab-serve", targets: ["listlab-serve"]),
        .library(name: "ListDiff", targets: ["ListDiff"]),
        .library(name: "ListLabCore", targets: ["ListLabCore"]),
        .library(name: "ListLabRecords", targets: ["ListLabRecords"]),
        .library(name: "ListLabFiles", targets: ["ListLabFiles"]),
        .library(name: "ListLabShell", targets: ["ListLabShell"]),
        .library(name: "ListLabPictures", targets: ["ListLabPictures"]),
        .library(name: "ListLabPlayground", targets: ["ListLabPlayground"]),
        .library(name: "ListLabServer", targets: ["ListLabServer"]),
        // An app depends on it on Linux only: `condition: .when(platforms: [.linux])`.
        .library(name: "UIKit", targets: ["UIKit", "_Testing_UIKit"]),
        // A UIKit list's steps from a test, as a transcript `listlab test` replays (Linux, beside UIKit).
        .library(name: "UIKitTranscripts", targets: ["UIKitTranscripts"]),
        // Snapshot strategies for swift-snapshot-testing: only a target that imports it builds that package.
        .library(name: "ListLabSnapshotTesting", targets: ["ListLabSnapshotTesting"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        // `swift package generate-documentation`: the DocC catalogs of the documented modules
        // (Scripts/check-docs builds them with warnings as errors). A plugin: nothing of it is
        // linked into the products.
        .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.4.0"),
        // For ListLabSnapshotTesting alone. SwiftPM fetches it (and what its other products need)
        // for every package that depends on ListLab, but builds its small SnapshotTesting module
        // only for a target that imports ListLabSnapshotTesting.
        .package(url: "https://github.com/pointfreeco/swift-snapshot-testing", from: "1.19.7"),
    ],
    targets: [
        // The command line: thin; `Playground.listlab.main()`.
        .executableTarget(name: "listlab", dependencies: ["ListLabPlayground"], swiftSettings: strictSettings),
        // The command line as a library, for a tool of the user's own: arguments, the line editor
        // joined to the shell, journals; the user's providers and presenters registered by name.
        .target(
            name: "ListLabPlayground",
            dependencies: [
                "ListLabShell", "ListLabCore", "ListLabFiles", "LineEditing", "Interruption",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            swiftSettings: strictSettings),
        // The playground in a browser (`serve`): a page and a WebSocket per tab, each tab a session, over
        // ListLabHTTP's reading, which bounds every request before reading it; its door (Door.swift).
        // A program of its own (listlab-serve, which `listlab serve` starts), so that the prompt does
        // not load its HTTP stack (Foundation's networking).
        // The server's HTTP and WebSocket reading and writing, which knows nothing of sessions: each
        // request bounded before it is read, each connection bounded per client. A module of its own so
        // that its readers are fuzzed in a build of their own (listlab-fuzz-door, Scripts/fuzz).
        .target(name: "ListLabHTTP", swiftSettings: strictSettings),
        .executableTarget(
            name: "listlab-fuzz-door", dependencies: ["FuzzDriver", "ListLabHTTP"], swiftSettings: strictSettings),
        // The one entry of the fuzz programs: libFuzzer's, or a replay of files.
        .target(name: "FuzzDriver", swiftSettings: strictSettings),
        .target(
            name: "ListLabServer",
            dependencies: [
                "ListLabHTTP", "ListLabPlayground", "ListLabShell", "ListLabPictures", "ListLabCore", "ListLabFiles",
                "ListLabRecords", "Interruption",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            exclude: ["Page/README.md"],
            // The page as files of their own, embedded in the binary (no resource folder to lose).
            resources: [
                .embedInCode("Page/page.html"), .embedInCode("Page/page.css"), .embedInCode("Page/page.js"),
                .embedInCode("Page/teacher.js"),
            ],
            swiftSettings: strictSettings),
        .executableTarget(
            name: "listlab-serve", dependencies: ["ListLabServer", "ListLabPlayground"], swiftSettings: strictSettings),
        // UIKit's own API over the headless list and the diffable data source, for an app's code on
        // Linux: the module is named as the one it stands in for, so `import UIKit` is unchanged.
        .target(name: "UIKit", dependencies: ["ListLabCore"], swiftSettings: strictSettings),
        // Swift Testing's cross-import overlay of UIKit, which a test file that imports both needs.
        .target(name: "_Testing_UIKit", swiftSettings: strictSettings),
        .target(
            name: "UIKitTranscripts", dependencies: ["UIKit", "ListLabShell", "ListLabCore"],
            swiftSettings: strictSettings),
        // A HeadlessList as a snapshot: its lines as text, its picture as SVG.
        .target(
            name: "ListLabSnapshotTesting",
            dependencies: [
                "ListLabCore", "ListLabPictures",
                .product(name: "SnapshotTesting", package: "swift-snapshot-testing"),
            ],
            swiftSettings: strictSettings),
        // Fuzzing: every input as a function of bytes, and a replay / libFuzzer entry (Scripts/fuzz).
        .target(
            name: "ListLabFuzzing",
            dependencies: ["ListLabShell", "ListLabFiles", "ListLabRecords", "ListLabCore", "ListDiff"],
            swiftSettings: strictSettings),
        .executableTarget(
            name: "listlab-fuzz", dependencies: ["FuzzDriver", "ListLabFuzzing"], swiftSettings: strictSettings),
        // In-process benchmarks (run in release by the Scripts/bench* scripts).
        .executableTarget(
            name: "listlab-bench",
            dependencies: [
                "ListDiff", "ListLabCore", "ListLabRecords", "ListLabFiles", "ListLabShell", "BenchRegistrations",
            ],
            swiftSettings: strictSettings),
        // Typed people registered as a user's providers, and the playground of them (Scripts/bench-registered).
        .target(
            name: "BenchRegistrations", dependencies: ["ListLabCore", "ListLabShell", "ListLabPlayground"],
            swiftSettings: strictSettings),
        .executableTarget(
            name: "listlab-bench-lab", dependencies: ["BenchRegistrations", "ListLabPlayground"],
            swiftSettings: strictSettings),
        // Diffing by identity and content; knows nothing of providers or lists.
        .target(name: "ListDiff", dependencies: ["CCacheWarming"], swiftSettings: strictSettings),
        // Reads a region of the diff's table ahead of its use (Swift cannot ask for unused reads).
        .target(name: "CCacheWarming"),
        // The split: providers, presenters, the adapter and the headless list,
        // generic over the item; knows nothing of records, files or a terminal.
        .target(name: "ListLabCore", dependencies: ["ListDiff"], swiftSettings: strictSettings),
        // Dynamic items: Record, Value, Template, the JSON value reader and template presenters.
        .target(name: "ListLabRecords", dependencies: ["ListLabCore"], swiftSettings: strictSettings),
        // Files as providers: readers, writers, columnar tables, atomic saves.
        .target(
            name: "ListLabFiles",
            dependencies: ["ListLabRecords", "ListLabCore", "ListDiff", "CFileSystem", "CRowScan", "Interruption"],
            swiftSettings: strictSettings),
        // A request to stop long work (Ctrl-C at the prompt), checked by the loops of loads, sorts,
        // filters and saves; an atomic flag, so a signal handler may set it.
        .target(name: "Interruption", swiftSettings: strictSettings),
        // <sys/xattr.h>, which Glibc's Swift module leaves out: saves keep a file's extended attributes.
        .target(name: "CFileSystem"),
        // A CSV's row starts found 64 bytes at a time with vector masks (Swift has no move-mask).
        .target(name: "CRowScan"),
        // Pictures of the list: screens as SVG, batch updates animated, traces as sequence
        // diagrams, transcripts as pages; knows the list's state and its updates, never a terminal.
        .target(
            name: "ListLabPictures", dependencies: ["ListLabCore"],
            resources: [.embedInCode("Assets/pictures.css"), .embedInCode("Assets/pictures.js")],
            swiftSettings: strictSettings),
        // The shell: parser, commands, session; reads and writes through its own protocols.
        .target(
            name: "ListLabShell",
            dependencies: [
                "ListLabFiles", "ListLabRecords", "ListLabCore", "ListLabPictures", "ListDiff", "Interruption",
            ],
            swiftSettings: strictSettings),
        // libedit, through fixed-signature C wrappers (variadic C is out of Swift's reach).
        .systemLibrary(name: "CLibEdit", pkgConfig: "libedit", providers: [.apt(["libedit-dev"]), .brew(["libedit"])]),
        // The one module that touches libedit's C API: a line editor with Swift names.
        .target(name: "LineEditing", dependencies: ["CLibEdit"], swiftSettings: strictSettings),
        // What the test targets share: a seeded random generator, and the doc examples' file writer.
        .target(name: "ListLabTestSupport", path: "Tests/ListLabTestSupport", swiftSettings: strictSettings),
        .testTarget(
            name: "ListDiffTests", dependencies: ["ListDiff", "ListLabTestSupport"], swiftSettings: strictSettings),
        .testTarget(
            name: "ListLabCoreTests", dependencies: ["ListLabCore", "ListDiff", "ListLabTestSupport"],
            swiftSettings: strictSettings),
        .testTarget(
            name: "ListLabRecordsTests", dependencies: ["ListLabRecords", "ListLabCore"], swiftSettings: strictSettings),
        .testTarget(
            name: "ListLabFilesTests",
            dependencies: [
                "ListLabFiles", "ListLabRecords", "ListLabCore", "ListDiff", "CFileSystem", "ListLabTestSupport",
            ],
            swiftSettings: strictSettings),
        // An app's own UIKit code, unchanged, on the headless list.
        .testTarget(
            name: "UIKitTests",
            dependencies: ["UIKit", "_Testing_UIKit", "UIKitTranscripts", "ListLabCore", "ListLabShell"],
            swiftSettings: strictSettings),
        // The same face from an app in Swift 5 language mode, as most apps still build: UIKit's
        // isolation is `@preconcurrency`, so code that is not main-actor calls it.
        .testTarget(
            name: "UIKitSwift5Tests", dependencies: ["UIKit", "_Testing_UIKit", "ListLabCore"],
            swiftSettings: [.swiftLanguageMode(.v5)]),
        .testTarget(
            name: "ListLabServerTests",
            dependencies: [
                "ListLabServer", "ListLabHTTP", "ListLabShell", "ListLabPlayground",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            swiftSettings: strictSettings),
        // The tool's own commands (listlab test, render), run in the test's process with their output kept.
        .testTarget(
            name: "ListLabPlaygroundTests", dependencies: ["ListLabPlayground", "ListLabTestSupport"],
            swiftSettings: strictSettings),
        .testTarget(
            name: "ListLabPicturesTests", dependencies: ["ListLabPictures", "ListLabCore", "ListLabTestSupport"],
            swiftSettings: strictSettings),
        .testTarget(
            name: "ListLabShellTests",
            dependencies: [
                "ListLabShell", "ListLabPictures", "ListLabFiles", "ListLabRecords", "ListLabCore", "ListLabFuzzing",
                "ListLabTestSupport",
            ],
            swiftSettings: strictSettings),
        // Every ```swift example of a doc comment, compiled and run: DocExamples.swift is written from
        // them by `swift run listlab-doc-examples` (as is the README's example, into ListLabCoreTests),
        // and a test checks that each copy is current.
        .testTarget(
            name: "DocExampleTests",
            dependencies: [
                "ListDiff", "ListLabCore", "ListLabRecords", "ListLabFiles", "ListLabPictures", "ListLabShell",
                "LineEditing", "Interruption",
                "ListLabPlayground", "ListLabServer", "ListLabSnapshotTesting", "ListLabTestSupport",
                .product(name: "SnapshotTesting", package: "swift-snapshot-testing"),
            ],
            // What the examples compare with: the snapshot example's files and the playground article's transcript.
            exclude: ["__Snapshots__", "Transcripts"],
            swiftSettings: strictSettings),
        // Scripts/check-pictures: compares the rows each rendered page draws (in headless Chromium)
        // with what `show` prints after each command of its transcript.
        .executableTarget(
            name: "listlab-page-check", dependencies: ["ListLabShell", "ListLabCore", "ListLabPlayground"],
            path: "Tests/PageCheck",
            swiftSettings: strictSettings),
        .executableTarget(
            name: "listlab-doc-examples", dependencies: ["ListLabTestSupport"], path: "Tests/DocExampleGenerator",
            swiftSettings: strictSettings),
    ],
    swiftLanguageModes: [.v6]
)
