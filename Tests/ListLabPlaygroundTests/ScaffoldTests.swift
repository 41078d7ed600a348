import ListLabTestSupport
import Testing

@testable import ListLabPlayground

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

private func listlab(_ arguments: [String]) -> (status: Int32, output: ToolOutput) {
    let output = ToolOutput()
    return (Playground.listlab.run(arguments: arguments, output: output), output)
}

/// An app's folder as an Xcode project lays it out: a screen and a model.
private func appFolder() throws -> TemporaryFolder {
    let folder = try TemporaryFolder()
    try FileManager.default.createDirectory(atPath: folder.path + "/App/Screens", withIntermediateDirectories: true)
    try folder.write(
        "App/Screens/Inbox.swift", "import UIKit\nfinal class InboxViewController: UITableViewController {}\n")
    try folder.write("App/Model.swift", "struct Message {}\n")
    return folder
}

@Test func aScaffoldLinksTheScreensInPlaceAndWritesStubsAndTests() throws {
    let folder = try appFolder()
    let (status, output) = listlab([
        "scaffold", "--output", folder.path + "/LinuxTests", "--listlab", "/opt/ListLab", "--no-build",
        folder.path + "/App/Screens/Inbox.swift", folder.path + "/App/Model.swift",
    ])
    #expect(status == 0, "\(output.standardError)")
    #expect(
        output.standardOutput
            == "wrote \(folder.path)/LinuxTests: Package.swift, Sources/Screens (2 linked screen files and "
            + "Stubs.swift), Tests/ScreensTests\n"
    )
    let manager = FileManager.default
    #expect(
        try manager.destinationOfSymbolicLink(atPath: folder.path + "/LinuxTests/Sources/Screens/Inbox.swift")
            == "../../../App/Screens/Inbox.swift")
    #expect(
        try manager.destinationOfSymbolicLink(atPath: folder.path + "/LinuxTests/Sources/Screens/Model.swift")
            == "../../../App/Model.swift")
    #expect(
        folder.read("LinuxTests/Sources/Screens/Inbox.swift").contains("InboxViewController"),
        "the link reaches the app's own file")
    let manifest = folder.read("LinuxTests/Package.swift")
    #expect(manifest.contains(#"dependencies: [.package(name: "ListLab", path: "/opt/ListLab")],"#))
    #expect(
        manifest.contains(
            #".target(name: "Screens", dependencies: [uiKit], swiftSettings: [.swiftLanguageMode(.v5)]),"#))
    #expect(folder.read("LinuxTests/Sources/Screens/Stubs.swift").hasPrefix("import UIKit\n"))
    #expect(folder.read("LinuxTests/Tests/ScreensTests/ScreensTests.swift").contains("@testable import Screens"))
}

@Test func aRelativeListLabFolderIsWrittenFromThePackagesFolderAndAURLAsAURL() {
    let relative = LinuxTestPackage(
        folder: "/apps/Notes/LinuxTests", files: ["/apps/Notes/A.swift"], listLab: .path("/src/ListLab"))
    #expect(relative.contents.links.map(\.target) == ["../../../A.swift"])
    let fromHere = LinuxTestPackage(folder: "Notes/LinuxTests", files: ["Notes/A.swift"], listLab: .path("ListLab"))
    #expect(fromHere.contents.files.first?.text.contains(#".package(name: "ListLab", path: "../../ListLab")"#) == true)
    #expect(
        LinuxTestPackage.relativePath(to: "/src/ListLab", fromFolder: "/apps/Notes/LinuxTests")
            == "../../../src/ListLab")
    var remote = LinuxTestPackage(
        folder: "Tests", files: ["A.swift"], listLab: .url("https://example.com/team/ListLab.git"), swift6: true)
    remote.module = "Notes"
    let manifest = remote.contents.files.first { $0.path == "Package.swift" }?.text ?? ""
    #expect(manifest.contains(#".package(url: "https://example.com/team/ListLab.git", branch: "main")"#))
    #expect(manifest.contains(#".product(name: "UIKit", package: "ListLab")"#))
    #expect(
        manifest.contains(#".target(name: "Notes", dependencies: [uiKit], swiftSettings: [.swiftLanguageMode(.v6)])"#))
    #expect(ScaffoldCommand.dependency("git@example.com:team/ListLab.git") == .url("git@example.com:team/ListLab.git"))
    #expect(ScaffoldCommand.shellQuoted("it's") == #"'it'\''s'"#)
}

@Test(arguments: [
    (["A.txt"], "Screens", "A.txt: not a Swift file"),
    (["Missing.swift"], "Screens", "Missing.swift: no such file"),
    (
        ["App/Model.swift", "Other/Model.swift"], "Screens",
        "two files are named Model.swift: a module holds one of each name"
    ),
    (["App/Stubs.swift"], "Screens", "App/Stubs.swift: Stubs.swift is the name of the stubs' file"),
    (
        ["App/Model.swift"], "2Screens",
        "2Screens: a module's name is letters, digits and underscores, not starting with a digit"
    ),
    ([], "Screens", "name at least one screen file"),
])
func aRequestThatCannotBeWrittenSaysWhy(files: [String], module: String, problem: String) {
    let package = LinuxTestPackage(folder: "Out", files: files, module: module, listLab: .path("/opt/ListLab"))
    #expect(package.problem { !$0.hasPrefix("Missing") } == problem)
}

@Test func aFolderThatHoldsFilesIsRefusedAndLeftAsItWas() throws {
    let folder = try appFolder()
    let (status, output) = listlab([
        "scaffold", "--output", folder.path + "/App", "--listlab", "/opt/ListLab", "--no-build",
        folder.path + "/App/Model.swift",
    ])
    #expect(status == 1)
    #expect(output.standardError == "error: \(folder.path)/App: the folder holds files already: name a new one\n")
    #expect(!FileManager.default.fileExists(atPath: folder.path + "/App/Package.swift"))
}

@Test func theFirstBuildsErrorsAreSortedIntoStubsLimitsAndBugReports() {
    let output = """
        /x/LinuxTests/Sources/Screens/Inbox.swift:3:8: error: no such module 'Core'
        /x/LinuxTests/Sources/Screens/Inbox.swift:9:20: error: cannot find type 'MessageStore' in scope
        /x/LinuxTests/Sources/Screens/Inbox.swift:12:9: error: cannot find 'Analytics' in scope
          |         `- error: cannot find 'Analytics' in scope
        /x/LinuxTests/Sources/Screens/Inbox.swift:15:5: error: Objective-C interoperability is disabled
        /x/LinuxTests/Sources/Screens/Inbox.swift:30:19: error: instance method 'tableView(_:cellForRowAt:)' declared \
        in 'UITableViewController' cannot be overridden from extension
        /x/LinuxTests/Sources/Screens/Inbox.swift:31:9: error: cannot find type 'MessageStore' in scope
        /x/LinuxTests/Sources/Screens/Inbox.swift:40:22: error: value of type 'UITableView' has no member \
        'hasUncommittedUpdates'
        error: emit-module command failed with exit code 1 (use -v to see invocation)
        """
    let report = StubReport(buildOutput: output)
    #expect(report.missingModules == ["Core"])
    #expect(report.missingNames == ["Analytics", "MessageStore"])
    #expect(report.linuxLimits.count == 2)
    #expect(report.linuxLimits.first?.hasPrefix("Inbox.swift:15: @objc or #selector") == true)
    #expect(report.otherErrors == ["Inbox.swift:40: value of type 'UITableView' has no member 'hasUncommittedUpdates'"])
    #expect(report.lines.first == "modules to stub (a target of each name, beside the screens): Core")
    #expect(
        StubReport(buildOutput: "Build complete!").lines == [
            "the screens compile against ListLab's UIKit: write a test in Tests/"
        ])
}
