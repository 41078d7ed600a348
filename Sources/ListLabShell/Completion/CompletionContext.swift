import ListLabCore
import ListLabRecords

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// What a command's completion sees when TAB is pressed: the words typed
/// after the command's name, the partial word, and the names the session
/// knows (fields, providers, samples, files) from its workspace and what its
/// list shows; nothing else of the session.
struct CompletionContext {
    /// The words after the command's name, before the one being typed.
    let arguments: [String]
    /// The partial word before the cursor.
    let word: String
    /// The session's providers, registrations and folder.
    let workspace: Workspace
    /// The session's list and what joins it to the data.
    let presentation: Presentation

    /// The last whole word, lowercased (the command's name when there is none).
    var last: String { arguments.last?.lowercased() ?? "" }

    /// The fields of the dataset the list shows.
    var fieldNames: [String] { (try? workspace.current())?.fieldNames ?? [] }

    /// The paths of the items on screen (`0.3`), as `show` prints them.
    var visiblePaths: [String] { presentation.list.visiblePaths.map(\.description) }

    /// What names an item (`update`, `delete`, `inspect`, `select`, `move`):
    /// the paths on screen and `KEY=`; once `KEY=` is typed, the keys that
    /// start with what follows it (at most 200, in the data's order).
    var itemNames: [String] {
        guard let loaded = try? workspace.current(), let keyField = loaded.keyField else { return visiblePaths }
        let prefix = keyField + "="
        guard word.hasPrefix(prefix) else { return visiblePaths + [prefix] }
        let typed = word.dropFirst(prefix.count)
        var keys: [String] = []
        for path in loaded.allPaths {
            guard let key = loaded.provider.item(at: path)?[keyField], key != .null else { continue }
            let text = key.description
            if text.hasPrefix(typed) { keys.append(prefix + text) }
            if keys.count == 200 { break }
        }
        return keys
    }

    /// The paths of the selected items.
    var selectedPaths: [String] { presentation.list.selectedPaths.map(\.description) }

    /// The loaded providers' names.
    var providerNames: [String] { workspace.providers.map(\.name) }

    /// The names `load` takes besides files: the registered providers' and
    /// the built-in samples'.
    var sampleNames: [String] {
        workspace.registrations.map(\.name) + (workspace.offersSamples ? BuiltInSamples.all.map(\.name) : [])
    }

    /// Every command's name.
    var commandNames: [String] { Command.names }

    /// Files and folders whose path starts with the partial word (folders
    /// end in `/`), relative to the session's working directory; in a
    /// confined session (a classroom tab), inside its folder only.
    var paths: [String] {
        let slash = word.lastIndex(of: "/")
        let folder = slash.map { String(word[...$0]) } ?? ""
        let base: String
        if let confinement = workspace.confinement {
            guard let inside = confinement.folderToList(folder) else { return [] }
            base = inside
        } else {
            base = folder.hasPrefix("/") ? folder : workspace.workingDirectory + "/" + folder
        }
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: base.isEmpty ? "." : base) else {
            return []
        }
        return names.filter { !$0.hasPrefix(".") || word.hasSuffix(".") }.map { name in
            var isDirectory = false
            _ = FileManager.default.fileExists(atPath: base + name, isDirectory: &isDirectory)
            return folder + name + (isDirectory ? "/" : "")
        }
    }
}
