import ListLabCore
import ListLabFiles
import ListLabRecords

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

extension Session {
}

extension CommandContext {
    /// Writes (or prints) the Swift source of the current provider's experiment.
    fileprivate func exportSwift(to file: String?, force: Bool) throws {
        let loaded = try current()
        try checkNotRegistered(
            loaded, "export swift", "writes ListLab's datasets as Swift, and this one is Swift already")
        if loaded.composite != nil || loaded.paged != nil || loaded.rows != nil {
            throw ShellError(
                .wrongKind(
                    command: "export swift", worksOn: ProviderKinds.arraySectionedAndFile, dataset: loaded.name,
                    kind: loaded.kindWithArticle, hint: nil)
            )
        }
        guard let sourcePath = loaded.sourcePath else {
            throw ShellError(
                .notFound(
                    "export swift reads the data file again, and '\(loaded.name)' has none (it is ListLab's built-in "
                        + "copy): set LISTLAB_SAMPLES to the Samples/datasets folder"
                )
            )
        }
        let records = try loaded.readSource()
        let groupField = loaded.shape.groupField ?? loaded.file?.groupField

        // The test's expectation: what a fresh list of the file's records shows.
        let provider: AnyDataProvider<Record>
        if let groupField {
            provider = AnyDataProvider(SectionedDataProvider(records, groupedBy: { $0[groupField]?.description ?? "" }))
        } else {
            provider = AnyDataProvider(ArrayDataProvider(records))
        }
        let fresh = HeadlessList(style: list.style, viewportRows: list.viewportRows)
        ListAdapter(provider: provider, presenter: loaded.presenter).attach(to: fresh)

        let export = SwiftExport(
            datasetName: loaded.name,
            dataFileName: sourcePath.split(separator: "/").last.map(String.init) ?? sourcePath,
            records: records, fieldNames: loaded.fieldNames, keyField: loaded.keyField, groupField: groupField,
            presenter: loaded.presenter, style: list.style, viewportRows: list.viewportRows,
            expectedLines: fresh.render())
        let text: String
        do {
            text = try export.source()
        } catch {
            throw ShellError(.failed("export swift: \(error.description)"))
        }
        let edited = loaded.filter != nil || loaded.allPaths.compactMap { loaded.provider.item(at: $0) } != records
        let note =
            "note: the export has \(export.dataFileName) as it is on disk; this session's unsaved edits, sort or "
            + "filter are not in it"
        guard let file else {
            for line in text.split(separator: "\n", omittingEmptySubsequences: false).dropLast() {
                output.write(String(line))
            }
            if !export.itemsAreInline {
                output.write("note: its test reads \(export.dataFileName): put a copy beside the file")
            }
            if edited { output.write(note) }
            return
        }
        // More items than the file holds inline: a copy of the data goes beside it, where its test reads it.
        let copy = export.itemsAreInline ? nil : FilePaths.parentFolder(ofName: file) + export.dataFileName
        if let copy, FilePaths.absolutePath(try workspace.filePath(copy)) != FilePaths.absolutePath(sourcePath) {
            let bytes = try readBytes(sourcePath, named: export.dataFileName)
            try workspace.writeNewFile(bytes: bytes, to: copy, force: force)
        }
        try workspace.writeNewFile(text, to: file, force: force)
        let fields = export.properties().properties.count
        output.write(
            "exported \(loaded.name) to \(file): \(export.modelName) (\(fields) \(fields == 1 ? "field" : "fields")), "
                + "\(loaded.presenter.kinds.count == 1 ? "1 cell kind" : "\(loaded.presenter.kinds.count) cell kinds"), "
                + "\(groupField.map { "a sectioned provider by \($0)" } ?? "an array provider"), "
                + (copy != nil ? "a copy of \(export.dataFileName) beside it, " : "its \(records.count) items inline, ")
                + "and a test of the \(export.expectedLines.count) lines the list shows first")
        if edited { output.write(note) }
    }

    /// The bytes of the file at `path`, which messages call `name`.
    fileprivate func readBytes(_ path: String, named name: String) throws(ShellError) -> [UInt8] {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw ShellError(.failed("\(name): cannot be read"))
        }
        return [UInt8](data)
    }
}

extension Command {
    /// `export swift`: from the playground to the user's own code.
    static let exportCommands: [Command] = [
        Command(
            name: "export", usage: "export swift [FILE] [--force]",
            summary: "writes Swift that recreates this list with the library's types, and a test of it",
            details: [
                "A model struct from the data's fields (optional where a field is sometimes absent,",
                "Identifiable by the key), a cell class per cell kind from the bound templates, the",
                "provider with its sections, the presenter with its headers, the adapter, and a Swift",
                "Testing test that checks what the list shows first. Up to 100 items are written into",
                "the file, which then needs nothing beside it; a larger dataset is read by the test from",
                "a copy of its file that export swift writes beside FILE. Without FILE it prints the",
                "source; an existing file is replaced only with --force. It exports the data as it is",
                "on disk, not unsaved edits, a sort or a filter.",
            ],
            examples: ["export swift", "export swift Contacts.swift", "export swift Contacts.swift --force"],
            completes: { context in
                switch context.arguments.count {
                case 0: ["swift"]
                case 1: context.paths
                default: ["--force"]
                }
            }
        ) { context, arguments in
            _ = try arguments.choice("'swift'", ["swift"])
            var file: String?
            var force = false
            while let token = arguments.next() {
                if token.stringValue == "--force" {
                    force = true
                } else if file == nil, let text = token.stringValue {
                    file = text
                } else {
                    throw ShellError(
                        .unexpected(token.text, usage: "export swift [FILE] [--force]"), column: token.column)
                }
            }
            if file != nil { try context.workspace.checkCanWrite("export swift") }
            try context.exportSwift(to: file, force: force)
        }
    ]
}
