#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import ListLabShell

/// The tours a tab can open: the `.lab` files of ListLab's `Samples/tours`
/// (beside the samples' datasets), by name; none where the samples are not
/// found.
enum Tours {
    /// The folder of the tours.
    static let folder: String? = BuiltInSamples.folder.map { datasets in
        String(datasets.split(separator: "/", omittingEmptySubsequences: false).dropLast().joined(separator: "/")) + "/tours"
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
        return names.filter { name in !name.hasPrefix(".") && !name.contains("/") && endings.contains { name.hasSuffix($0) } }.sorted()
    }

    /// The text of the lesson `name`; nil for a name that is not one of
    /// ``names`` or a file longer than a tab may open.
    func text(of name: String) -> String? {
        guard names.contains(name) else { return nil }
        return read(name)
    }

    /// The text of the file `name` of the folder, when it holds at most
    /// `limit` bytes of UTF-8.
    func read(_ name: String, limit: Int = TabSession.longestTranscript) -> String? {
        guard let data = FileManager.default.contents(atPath: path + "/" + name), data.count <= limit else { return nil }
        return String(data: data, encoding: .utf8)
    }
}
