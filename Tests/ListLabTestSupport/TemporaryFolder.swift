#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// A folder of its own for one test, removed when the test is done with it.
public final class TemporaryFolder {
    /// Where the folder is.
    public let path: String

    /// Makes a new, empty folder in the temporary directory.
    public init() throws {
        path = FileManager.default.temporaryDirectory.path + "/listlab-test-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    deinit {
        try? FileManager.default.removeItem(atPath: path)
    }

    /// Writes `text` to `name` (a path inside the folder), making folders as needed.
    public func write(_ name: String, _ text: String) throws {
        let file = path + "/" + name
        if let slash = file.lastIndex(of: "/") {
            try FileManager.default.createDirectory(atPath: String(file[..<slash]), withIntermediateDirectories: true)
        }
        try Data(text.utf8).write(to: URL(fileURLWithPath: file))
    }

    /// The text of `name` (a path inside the folder), or "" when it cannot be read.
    public func read(_ name: String) -> String {
        String(decoding: FileManager.default.contents(atPath: path + "/" + name) ?? Data(), as: UTF8.self)
    }

    /// The names in the folder, sorted.
    public var names: [String] { ((try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []).sorted() }
}
