import Interruption
import ListLabCore
import ListLabFiles
import ListLabRecords

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// When a long command shows a progress line.
enum ProgressThreshold {
    /// Files at least this big, in bytes, show a progress line while they load.
    static let fileBytes = 16_000_000

    /// Providers with at least this many items show a progress line while
    /// a long command works on them (a sort of 100,000 records takes about a
    /// second in a release build).
    static let items = 100_000
}

/// How many values a dataset's records may hold in all.
enum RecordValueLimit {
    /// The most values a file's records may hold in all when they are
    /// loaded as records (`as array`, `as paged`): a record holds a value of
    /// every field, so a file whose records each have a key of their own
    /// would take rows x fields (100,000 such records, a 3 MB file, went
    /// past 24 GB). A file provider keeps such a file in its columns.
    static let values = 50_000_000

    /// Throws when `file`'s records would hold more than ``values`` values.
    static func check(_ file: FileDataProvider, source: String) throws(ShellError) {
        guard let values = past(file.table.count, "rows", fields: file.fieldNames.count) else {
            return
        }
        throw ShellError(
            .overBound(
                "\(source): not loaded as records: \(values) (load it without 'as array' or 'as paged': a file "
                    + "provider keeps it in columns)"
            )
        )
    }

    /// `N rows of F fields would be V values, more than 50000000` when
    /// records of `count` rows (or items) of `fields` fields would hold more
    /// than ``values`` values; else nil.
    static func past(_ count: Int, _ noun: String, fields: Int) -> String? {
        let (product, overflow) = count.multipliedReportingOverflow(by: fields)
        guard overflow || product > values else { return nil }
        return
            "\(count) \(noun) of \(fields) fields would be \(overflow ? "more than \(Int.max)" : "\(product)") values, more than \(values)"
    }
}

extension String {
    /// `contacts` for `Samples/contacts.csv`: the file's name without its folders and extension.
    var fileBaseName: String {
        let file = split(separator: "/").last.map(String.init) ?? self
        guard let dot = file.lastIndex(of: "."), dot != file.startIndex else { return file }
        return String(file[..<dot])
    }
}

extension String {
    /// The text followed by spaces up to `width` characters as printed (a
    /// line break in it is printed as the two characters of its escape).
    func padded(to width: Int) -> String {
        let shown = visibleWidth
        return shown >= width ? self : self + String(repeating: " ", count: width - shown)
    }

    /// The characters it takes as printed, escapes spelled out.
    var visibleWidth: Int { VisibleText.isSafe(self) ? count : VisibleText.escaped(self).count }
}

extension CommandContext {
    fileprivate func save(_ arguments: inout Arguments) throws {
        let loaded = try current()
        var target: String?
        var force = false
        while let token = arguments.next() {
            if token.stringValue == "--force" {
                force = true
            } else if target == nil, let text = token.stringValue {
                target = text
            } else {
                throw ShellError(.unexpected(token.text, usage: "save [FILE] [--force]"), column: token.column)
            }
        }
        try workspace.checkCanWrite("save")
        _ = try unfiltered(for: "save")
        try checkNotRegistered(loaded, "save", "writes a file provider back to its file")
        guard let file = loaded.file else {
            throw ShellError(
                .wrongKind(
                    command: "save", worksOn: "file providers", dataset: loaded.name, kind: loaded.kindWithArticle,
                    hint: "load a .csv, .json or .ndjson file to save")
            )
        }
        if target == nil, loaded.isShippedSample {
            throw ShellError(
                .unsupported("\(file.name) ships with ListLab and is not changed: save FILE writes a copy"))
        }
        var destination: (path: String, name: String)?
        if let target {
            let path = try workspace.filePath(target)
            if path != file.path, FileManager.default.fileExists(atPath: path), !force {
                throw ShellError(.fileExists(target))
            }
            destination = (path, target)
        }
        let bytes = try withProgress("saving \(destination?.name ?? file.name)", on: loaded) {
            try file.save(to: destination, force: force) { [confinement = workspace.confinement] path, count in
                confinement?.roomRefusal(forWriting: count, at: path)
            }
        }
        if destination == nil || destination?.path == file.path { loaded.markSaved() }
        workspace.touchedFiles.append(destination?.name ?? file.name)
        workspace.writtenFiles.append(destination?.name ?? file.name)
        workspace.writtenPaths.append(FilePaths.absolutePath(destination?.path ?? file.path))
        let items = file.numberOfItems
        output.write(
            "saved \(items) \(items == 1 ? "item" : "items") to \(destination?.name ?? file.name) (\(bytes) bytes)")
    }
}

extension Command {
    /// The shapes `load ... as` takes (parsed and completed from this list).
    static let shapeKeywords = ["array", "sectioned", "file", "paged"]
    static let dataCommands: [Command] = [
        Command(
            name: "samples", usage: "samples",
            summary: "lists the datasets that ship with ListLab, and the providers registered with this playground",
            examples: ["samples"],
            run: { context, arguments in
                try arguments.expectEnd()
                let samples = context.workspace.offersSamples ? BuiltInSamples.all : []
                let width = (samples.map(\.name.count) + context.workspace.registrations.map(\.name.count)).max() ?? 0
                for registration in context.workspace.registrations {
                    let what =
                        "\(registration.providerTypeName) of \(registration.itemTypeName), shown by "
                        + "\(registration.presenterTypeName)"
                    context.output.write(
                        "\(registration.name.padded(to: width))  registered  \(registration.summary.isEmpty ? what : registration.summary + " (" + what + ")")"
                    )
                }
                for sample in samples {
                    let count = (try? BuiltInSamples.records(of: sample).count).map(String.init) ?? "?"
                    let items = "\(count) items"
                    context.output.write("\(sample.name.padded(to: width))  \(items.padded(to: 9))  \(sample.summary)")
                }
            }
        ),
        Command(
            name: "load",
            usage:
                "load SOURCE [as array | as sectioned by FIELD | as file | as paged SIZE [failing N]] [key FIELD] [name NAME] [--force]",
            summary: "loads a sample, or a .csv, .json or .ndjson file, into a provider and shows it",
            details: [
                "A file loads as a file provider (the file is the store: reload reads it, save writes it)",
                "unless another shape is asked for. The provider is named after the sample or file (or NAME)",
                "and becomes the one the list shows; loading a name again replaces that provider (one with",
                "unsaved edits only with --force).",
                "The key gives items their identity: 'id' when the data has one; keys must be unique.",
                "'as paged SIZE' shows the first page and loads more on 'more' or near the end of the list;",
                "'failing N' makes page N fail once, so a failed load and its retry can be seen.",
            ],
            examples: [
                "load contacts", "load tasks as sectioned by list", "load contacts as array key phone name phones",
                "load people.csv", "load people.ndjson as sectioned by city", "load photos as paged 10 failing 3",
            ],
            completes: { context in
                guard let source = context.arguments.first else { return context.sampleNames + context.paths }
                if context.workspace.registration(named: source) != nil { return ["name", "--force"] }
                switch context.last {
                case "as": return shapeKeywords
                case "sectioned": return ["by"]
                case "by", "key":
                    // The fields of the sample being loaded (a file's are not known until it is read).
                    let sample = BuiltInSamples.all.first { $0.name == source }
                    return sample?.fieldNames ?? BuiltInSamples.all.flatMap(\.fieldNames)
                case "name", "paged", "failing": return []
                default:
                    return ["as", "key", "name", "--force"]
                        + (context.arguments.dropLast().last == "paged" ? ["failing"] : [])
                }
            }
        ) { context, arguments in
            try context.load(&arguments)
        },
        Command(
            name: "use", usage: "use NAME", summary: "shows another loaded provider in the list",
            examples: ["use tasks"],
            completes: { context in context.arguments.isEmpty ? context.providerNames : [] }
        ) { context, arguments in
            let name = try arguments.string("a NAME")
            try arguments.expectEnd()
            guard let index = context.workspace.index(named: name) else {
                throw ShellError(.noProvider(name, loaded: context.workspace.providers.map(\.name)))
            }
            context.activate(index)
            let loaded = context.workspace.providers[index]
            context.output.write("using \(name): \(loaded.kindDescription), \(loaded.countDescription)")
        },
        Command(
            name: "providers", usage: "providers", summary: "lists the loaded providers; * marks the one shown",
            examples: ["providers"],
            run: { context, arguments in
                try arguments.expectEnd()
                guard !context.workspace.providers.isEmpty else {
                    context.output.write("no providers loaded: try '\(context.workspace.firstLoad)'")
                    return
                }
                let width = context.workspace.providers.map(\.name.count).max() ?? 0
                for (index, loaded) in context.workspace.providers.enumerated() {
                    let mark = index == context.workspace.currentIndex ? "*" : " "
                    let key = loaded.keyField.map { ", key \($0)" } ?? ", no key"
                    let kinds = loaded.presenter.kinds.map(\.name).joined(separator: ", ")
                    let unsaved = loaded.unsavedProviders.isEmpty ? "" : ", unsaved edits"
                    context.output.write(
                        "\(mark) \(loaded.name.padded(to: width))  \(loaded.kindDescription), "
                            + "\(loaded.countDescription)\(key), cells \(kinds)\(unsaved)"
                    )
                }
            }
        ),
        Command(
            name: "reload", usage: "reload [--diff] [--force] | reload --list",
            summary:
                "reloads the provider from its source (a file is read again): reloadData, or with --diff the computed "
                + "batch updates",
            details: [
                "--diff applies the changes as staged batch updates and prints them (above the change",
                "threshold, see 'set', it falls back to reloadData and says so). A reload that fails keeps",
                "the data as it was and says why. Unsaved edits (see 'providers') are dropped only with",
                "--force. --list: only the list reloads (UIKit's reloadData); the data stays as it is.",
                "The data takes the fields the source has now (a column added on disk); when its key",
                "field is gone, its items have no key (a diffable data source by key turns off), and when",
                "its sections' field is gone, they are one; the reload says so.",
            ],
            examples: ["reload", "reload --diff", "reload --list", "reload --force"],
            completes: { context in
                context.arguments.isEmpty ? ["--diff", "--force", "--list"] : ["--diff", "--force"]
            }
        ) { context, arguments in
            if arguments.take("--list") {
                try arguments.expectEnd()
                let loaded = try context.current()
                context.list.reloadData()
                context.output.write(
                    "the list reloaded its data from \(loaded.name) (reloadData): \(loaded.countDescription)")
                return
            }
            let flags = try arguments.flags(["--diff", "--force"])
            let withDiff = flags.contains("--diff")
            let force = flags.contains("--force")
            let loaded = try context.unfiltered(for: withDiff ? "reload --diff" : "reload")
            try loaded.checkNotRows(for: withDiff ? "reload --diff" : "reload")
            if withDiff { try context.checkListIsInStep(for: "reload --diff") }
            let unsaved = loaded.unsavedProviders
            if !force, !unsaved.isEmpty {
                let names = unsaved.map(\.name).joined(separator: ", ")
                let saveable = unsaved.allSatisfy { $0.file != nil && !$0.isShippedSample }
                throw ShellError(
                    .needsFirst(
                        "\(names) \(unsaved.count == 1 ? "has" : "have") unsaved edits that a reload would drop: \(saveable ? "save them first, or reload --force" : "reload --force drops them")"
                    )
                )
            }
            if loaded.registered != nil {
                try context.reloadRegistered(loaded, withDiff: withDiff)
            } else if withDiff {
                try context.reloadWithDiff()
            } else {
                try context.withProgress("reloading \(loaded.name)", on: loaded) {
                    try context.reloadRefusingRepeats(loaded)
                }
                context.list.reloadData()
                context.output.write("reloaded \(loaded.name): \(loaded.countDescription) (reloadData)")
            }
            for note in loaded.adoptFieldsOfSource() { context.output.write(note) }
            // Items identified by a key they no longer have: the adapter shows them again.
            if let diffable = context.presentation.diffable, diffable.identity == .key, loaded.keyField == nil,
                let index = context.workspace.currentIndex
            {
                context.presentation.diffable = nil
                context.activate(index)
                context.output.write(
                    "diffable off: its identifiers were keys; the adapter shows \(loaded.name) again (reloadData): "
                        + "\(loaded.countDescription)"
                )
            }
            loaded.forgetEdits()
        },
        Command(
            name: "save", usage: "save [FILE] [--force]",
            summary: "writes a file provider back to its file (or to FILE), atomically",
            details: [
                "Only what changed is written anew: untouched rows and cells keep the file's own bytes.",
                "The file is written to a temporary file in the same folder, flushed, and renamed over",
                "the old one (keeping its mode, owner and extended attributes; a link is followed and",
                "kept), so a crash leaves the old or the new file whole. Without --force, save refuses a",
                "file changed or deleted on disk since it was read, one with several hard links, a",
                "read-only one, and another existing FILE.",
            ],
            examples: ["save", "save copy.ndjson", "save --force"],
            completes: { context in context.paths + ["--force"] }
        ) { context, arguments in
            try context.save(&arguments)
        },
    ]
}
