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
