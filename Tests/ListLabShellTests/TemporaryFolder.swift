import FoundationEssentials

/// A folder of its own for one test, removed when the test is done with it.
final class TemporaryFolder {
    let path: String

    init() throws {
        path = FileManager.default.temporaryDirectory.path + "/listlab-test-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    deinit {
        try? FileManager.default.removeItem(atPath: path)
    }

    /// Writes `text` to `name` (a path inside the folder), making folders as needed.
    func write(_ name: String, _ text: String) throws {
        let file = path + "/" + name
        if let slash = file.lastIndex(of: "/") {
            try FileManager.default.createDirectory(atPath: String(file[..<slash]), withIntermediateDirectories: true)
        }
        try Data(text.utf8).write(to: URL(fileURLWithPath: file))
    }
}
