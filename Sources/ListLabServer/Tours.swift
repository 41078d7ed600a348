import ListLabShell

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

/// The tours a tab can open: the `.lab` files of ListLab's `Samples/tours`
/// (beside the samples' datasets), by name; none where the samples are not
/// found.
enum Tours {
    /// The folder of the tours.
    static let folder: String? = BuiltInSamples.folder.map { datasets in
        String(datasets.split(separator: "/", omittingEmptySubsequences: false).dropLast().joined(separator: "/"))
            + "/tours"
    }

    /// The tours' file names, sorted.
    static let names: [String] = {
        guard let folder, let names = try? FileManager.default.contentsOfDirectory(atPath: folder) else { return [] }
        return names.filter { $0.hasSuffix(".lab") }.sorted()
    }()

    /// The text of the tour `name`; nil for a name that is not one of ``names``
    /// (no path from a tab reaches a file).
    static func text(of name: String) -> String? {
        guard names.contains(name), let folder else { return nil }
        return try? String(contentsOfFile: folder + "/" + name, encoding: .utf8)
    }
}

/// A teacher's lessons (`serve --lessons DIR`): the `.lab` files of a
/// folder, by plain name, listed again each time a tab asks, so that a
/// lesson added during a class is offered to the tabs that open after.
package struct LessonFolder: Sendable {
    /// The folder, as given.
    package let path: String
    /// The data files beside the lessons that a classroom tab gets with one
    /// (its lessons load them by name), by their endings.
    static let dataEndings = [".csv", ".json", ".ndjson"]

    /// The lessons of the folder at `path`.
    package init(path: String) {
        self.path = path
    }

    /// The lessons' file names, sorted (a name with a path in it is never one).
    var names: [String] { files(endingIn: [".lab"]) }

    /// The data files beside the lessons, sorted.
    var dataFiles: [String] { files(endingIn: Self.dataEndings) }

    private func files(endingIn endings: [String]) -> [String] {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: path) else { return [] }
        return names.filter { name in
            !name.hasPrefix(".") && !name.contains("/") && endings.contains { name.hasSuffix($0) }
        }.sorted()
    }

    /// The text of the lesson `name`; nil for a name that is not one of
    /// ``names`` or a file longer than a tab may open.
    func text(of name: String) -> String? {
        guard names.contains(name) else { return nil }
        return read(name)
    }

    /// The text of the file `name` of the folder, when it is a regular file
    /// (not a link: a lesson reads nothing outside its folder) of at most
    /// `limit` bytes of UTF-8. Its size is read first: a large file is never
    /// read whole to find that it is too large.
    func read(_ name: String, limit: Int = TabSession.longestTranscript) -> String? {
        (try? readChecked(name, limit: limit)) ?? nil
    }

    /// ``read(_:limit:)``, saying why a file is not read.
    func readChecked(_ name: String, limit: Int) throws(ShellError) -> String? {
        let file = path + "/" + name
        // lstat itself: a link is not followed, and the size is the file's (Foundation's attribute
        // values differ in type between its builds).
        var info = stat()
        guard lstat(file, &info) == 0 else { return nil }
        guard info.st_mode & S_IFMT == S_IFREG else {
            throw ShellError(.outsideFolder("\(name) is not a plain file of the lessons' folder"))
        }
        let size = Int(info.st_size)
        guard size <= limit else {
            throw ShellError(.overBound("\(name) holds \(size) bytes, more than a lesson's file may (\(limit))"))
        }
        guard let data = FileManager.default.contents(atPath: file), data.count <= limit else { return nil }
        return String(data: data, encoding: .utf8)
    }
}
