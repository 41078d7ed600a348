#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif
#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A Linux test package beside an app that is an Xcode project: a target
/// that compiles the app's screen files in place (each a relative link to
/// the file, so the app's own copy is what builds), a file for the stubs of
/// the app's types they reach for, and a test target, all depending on
/// ListLab's `UIKit` product.
struct LinuxTestPackage {
    /// Where ListLab's package is: a folder, or a Git URL.
    enum Dependency: Equatable {
        /// A folder of ListLab's checkout.
        case path(String)
        /// A Git URL (the package's `main` branch).
        case url(String)
    }

    /// The package's folder.
    var folder: String
    /// The screen files, as given.
    var files: [String]
    /// The module the screens compile into.
    var module = "Screens"
    /// ListLab, as the package depends on it.
    var listLab: Dependency
    /// Whether the screens build in Swift 6 language mode (most apps still build in Swift 5's).
    var swift6 = false

    /// What is wrong with the request, or nil: files that are missing or not
    /// Swift, two files of one name, a module name that is not an identifier.
    func problem(fileExists: (String) -> Bool) -> String? {
        guard !files.isEmpty else { return "name at least one screen file" }
        guard module.first.map({ $0.isLetter || $0 == "_" }) == true,
            module.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" })
        else {
            return "\(module): a module's name is letters, digits and underscores, not starting with a digit"
        }
        var names: Set<String> = []
        for file in files {
            guard file.hasSuffix(".swift") else { return "\(file): not a Swift file" }
            guard fileExists(file) else { return "\(file): no such file" }
            let name = Self.lastComponent(of: file)
            guard names.insert(name).inserted else {
                return "two files are named \(name): a module holds one of each name"
            }
            guard name != "Stubs.swift" else { return "\(file): Stubs.swift is the name of the stubs' file" }
        }
        return nil
    }

    /// The files to write, each with its path in the package and its text; and the links to make.
    var contents: (files: [(path: String, text: String)], links: [(path: String, target: String)]) {
        let sources = "Sources/\(module)"
        let links = files.map { file in
            (
                path: "\(sources)/\(Self.lastComponent(of: file))",
                target: Self.relativePath(to: file, fromFolder: "\(folder)/\(sources)")
            )
        }
        return (
            [
                ("Package.swift", manifest),
                ("\(sources)/Stubs.swift", stubs),
                ("Tests/\(module)Tests/\(module)Tests.swift", tests),
            ], links
        )
    }

    /// The name the package's products are asked by: "ListLab" for a folder
    /// (named so whatever the folder is called), the URL's last part for a URL.
    private var identity: String {
        switch listLab {
        case .path: "ListLab"
        case .url(let url):
            String(Self.lastComponent(of: url).dropLast(url.hasSuffix(".git") ? 4 : 0))
        }
    }

    private var manifest: String {
        let dependency =
            switch listLab {
            case .path(let path):
                // A relative folder is taken from the working folder: written relative to the package's.
                ".package(name: \"ListLab\", path: \(Self.literal(path.hasPrefix("/") ? path : Self.relativePath(to: path, fromFolder: folder))))"
            case .url(let url): ".package(url: \(Self.literal(url)), branch: \"main\")"
            }
        let mode = swift6 ? ".v6" : ".v5"
        return """
            // swift-tools-version: 6.0
            // A Linux test package for the app's screens, written by `listlab scaffold`: the screen files are
            // links to the app's own, compiled against ListLab's UIKit (Apple's UIKit is not on Linux).
            import PackageDescription

            let uiKit: Target.Dependency = .product(name: "UIKit", package: \(Self.literal(identity)))

            let package = Package(
                name: "\(module)LinuxTests",
                platforms: [.macOS(.v15)],
                dependencies: [\(dependency)],
                targets: [
                    .target(name: "\(module)", dependencies: [uiKit], swiftSettings: [.swiftLanguageMode(\(mode))]),
                    .testTarget(name: "\(module)Tests", dependencies: ["\(module)", uiKit], swiftSettings: \
            [.swiftLanguageMode(\(mode))]),
                ]
            )

            """
    }

    private var stubs: String {
        """
        import UIKit

        // Stubs of the app's own types the screen files reach for: the least that compiles, and for a
        // test, the data it needs. `listlab scaffold` listed what is missing; a stub is a test's, not
        // the app's code, and is not counted as a change to the screens.

        """
    }

    private var tests: String {
        """
        import Testing
        import UIKit
        @testable import \(module)

        // Drive a screen as a user would, and read what its list shows:
        //
        //     @MainActor
        //     @Test func theFirstRowIsTheNewestMessage() {
        //         let screen = InboxViewController()
        //         screen.loadViewIfNeeded()
        //         #expect(screen.tableView.headlessList.render().first == "   0.0  Hello  <message #1>")
        //         let raised = UIKitException.catching { screen.deleteFirstMessage() }
        //         #expect(raised == nil)
        //     }
        //
        // A user's steps: tapRow(at:), swipeRow(at:edge:), dragRow(at:to:), tableView.drag(to:),
        // refreshControl?.pullToRefresh(); what UIKit raises: UIKitException.catching { … }.

        """
    }

    /// The text of a Swift string literal of `text`.
    static func literal(_ text: String) -> String {
        var escaped = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": escaped += "\\\""
            case "\\": escaped += "\\\\"
            case "\n": escaped += "\\n"
            default: escaped.unicodeScalars.append(scalar)
            }
        }
        return escaped + "\""
    }

    /// The folder `path` is in.
    static func parent(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }

    /// The last component of `path`.
    static func lastComponent(of path: String) -> String {
        path.split(separator: "/").last.map(String.init) ?? path
    }

    /// `path` relative to `folder`, both taken from the working folder when relative.
    static func relativePath(to path: String, fromFolder folder: String) -> String {
        let target = components(absolute(path))
        let base = components(absolute(folder))
        var common = 0
        while common < min(target.count, base.count), target[common] == base[common] { common += 1 }
        return (Array(repeating: "..", count: base.count - common) + target[common...]).joined(separator: "/")
    }

    private static func absolute(_ path: String) -> String {
        if path.hasPrefix("/") { return path }
        return FileManager.default.currentDirectoryPath + "/" + path
    }

    /// The components of `path` with `.` dropped and `..` taken back.
    private static func components(_ path: String) -> [String] {
        var parts: [String] = []
        for part in path.split(separator: "/") where part != "." {
            if part == "..", !parts.isEmpty { parts.removeLast() } else if part != ".." { parts.append(String(part)) }
        }
        return parts
    }

    /// Writes the package: its folder must not exist yet, or be empty.
    /// - Throws: a message when a file cannot be written.
    func write() throws(ScaffoldError) {
        let manager = FileManager.default
        if let existing = try? manager.contentsOfDirectory(atPath: folder), !existing.isEmpty {
            throw .folderNotEmpty(folder)
        }
        let (files, links) = contents
        do {
            for (path, text) in files {
                let full = "\(folder)/\(path)"
                try manager.createDirectory(atPath: Self.parent(of: full), withIntermediateDirectories: true)
                guard manager.createFile(atPath: full, contents: Data(text.utf8)) else {
                    throw ScaffoldError.cannotWrite(full)
                }
            }
            for (path, target) in links {
                try manager.createSymbolicLink(atPath: "\(folder)/\(path)", withDestinationPath: target)
            }
        } catch {
            // The folder was new or empty: what was written is taken away, so a failed write leaves nothing.
            for made in ["Package.swift", "Sources", "Tests"] { try? manager.removeItem(atPath: "\(folder)/\(made)") }
            throw (error as? ScaffoldError) ?? .cannotWrite(folder)
        }
    }
}

/// Why a Linux test package was not written.
enum ScaffoldError: Error, Equatable, CustomStringConvertible {
    /// The folder holds files already.
    case folderNotEmpty(String)
    /// A file or link could not be written.
    case cannotWrite(String)

    var description: String {
        switch self {
        case .folderNotEmpty(let folder): "\(folder): the folder holds files already: name a new one"
        case .cannotWrite(let path): "\(path): cannot be written"
        }
    }
}
