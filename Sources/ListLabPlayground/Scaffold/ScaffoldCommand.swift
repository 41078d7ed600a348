import ArgumentParser

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

/// `listlab scaffold --output FOLDER FILE...`: a Linux test package for an
/// app's screens, built once, and what the screens need to compile.
struct ScaffoldCommand: ParsableCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: "scaffold",
            abstract:
                "Writes a Linux test package for an app's screen files (an Xcode project's), builds it, and lists what to stub.",
            discussion: """
                The package compiles the files in place (each is a link to the app's own file) against ListLab's \
                UIKit, with a Stubs.swift for the app's types they reach for and a test target. It is built once \
                ('swift build'), and the app's types and modules the files need are listed, with what Linux cannot \
                compile (@objc, #selector, nib outlets, overrides in extensions) and what to do instead. Fill the \
                stubs, write a test, and 'swift test' in the package runs the screens on Linux.
                """)
    }

    @Argument(help: "The app's screen files (.swift).", completion: .file(extensions: ["swift"]))
    var files: [String]

    @Option(name: .shortAndLong, help: "The package's folder (new, or empty).", completion: .directory)
    var output: String

    @Option(help: "The module the screens compile into.")
    var module = "Screens"

    @Option(
        name: .customLong("listlab"),
        help: ArgumentHelp(
            "ListLab's package: a folder or a Git URL (default: the checkout this program was built from).",
            valueName: "PATH-OR-URL"))
    var listLab: String?

    @Flag(
        name: .customLong("swift-6"),
        help: "Build the screens in Swift 6 language mode (default: Swift 5's, as most apps still build).")
    var swift6 = false

    @Flag(name: .customLong("no-build"), help: "Write the package without building it.")
    var noBuild = false

    @Option(
        name: .customLong("scratch-path"),
        help: ArgumentHelp("The build folder to build in (passed to 'swift build').", valueName: "PATH"))
    var scratchPath: String?

    func run() throws {
        let dependency = Self.dependency(listLab ?? Self.thisCheckout)
        let package = LinuxTestPackage(
            folder: output, files: files, module: module, listLab: dependency, swift6: swift6)
        if let problem = package.problem(fileExists: { FileManager.default.fileExists(atPath: $0) }) {
            throw failure(problem)
        }
        do {
            try package.write()
        } catch {
            throw failure(error.description)
        }
        printLine(
            "wrote \(output): Package.swift, Sources/\(module) (\(files.count) linked screen file\(files.count == 1 ? "" : "s") and Stubs.swift), Tests/\(module)Tests"
        )
        guard !noBuild else { return }
        printLine("building it once (swift build)...")
        let (status, log) = Self.build(output, scratchPath: scratchPath)
        let report = StubReport(buildOutput: log)
        for line in report.lines { printLine(line) }
        if status != 0, report.isEmpty {
            throw failure(
                "swift build failed without a compile error (status \(status)): run it in \(output) to see why")
        }
    }

    /// `text` as a package dependency: a URL when it has a scheme, else a folder.
    static func dependency(_ text: String) -> LinuxTestPackage.Dependency {
        text.contains("://") || text.hasPrefix("git@") ? .url(text) : .path(text)
    }

    /// The ListLab checkout this program was built from (its sources are in it).
    static var thisCheckout: String {
        var path = #filePath
        for _ in 0..<4 { path = LinuxTestPackage.parent(of: path) }
        return path
    }

    /// Runs `swift build` in `folder`; returns its exit status and its output, standard error included.
    static func build(_ folder: String, scratchPath: String?) -> (status: Int32, output: String) {
        var command = "swift build --package-path \(shellQuoted(folder))"
        if let scratchPath { command += " --scratch-path \(shellQuoted(scratchPath))" }
        guard let pipe = popen(command + " 2>&1", "r") else { return (-1, "") }
        var output = ""
        var buffer = [CChar](repeating: 0, count: 4096)
        while fgets(&buffer, Int32(buffer.count), pipe) != nil {
            output += String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        }
        let status = pclose(pipe)
        return (status, output)
    }

    /// `text` quoted for the shell: in single quotes, a quote in it closed, escaped and opened again.
    static func shellQuoted(_ text: String) -> String {
        "'" + text.replacing("'", with: "'\\''") + "'"
    }
}
