#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import ListLabCore
import ListLabFiles
import ListLabRecords

extension Session {
    static let dataCommands: [Command] = [
        Command(
            name: "samples", usage: "samples", summary: "lists the datasets that ship with ListLab, and the providers registered with this playground",
            examples: ["samples"],
            run: { context, arguments in
                try arguments.expectEnd()
                let samples = context.workspace.offersSamples ? BuiltInSamples.all : []
                let width = (samples.map(\.name.count) + context.workspace.registrations.map(\.name.count)).max() ?? 0
                for registration in context.workspace.registrations {
                    let what = "\(registration.providerTypeName) of \(registration.itemTypeName), shown by \(registration.presenterTypeName)"
                    context.output.write("\(registration.name.padded(to: width))  registered  \(registration.summary.isEmpty ? what : registration.summary + " (" + what + ")")")
                }
                for sample in samples {
                    let count = (try? BuiltInSamples.records(of: sample).count).map(String.init) ?? "?"
                    let items = "\(count) items"
                    context.output.write("\(sample.name.padded(to: width))  \(items.padded(to: 9))  \(sample.summary)")
                }
            }
        ),
        Command(
            name: "load", usage: "load SOURCE [as array | as sectioned by FIELD | as file | as paged SIZE [failing N]] [key FIELD] [name NAME] [--force]",
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
                default: return ["as", "key", "name", "--force"] + (context.arguments.dropLast().last == "paged" ? ["failing"] : [])
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
                let names = context.workspace.providers.map(\.name)
                let suggestion = Suggestion.nearest(to: name, in: names).map { "; did you mean '\($0)'?" } ?? ""
                throw ShellError("no provider named '\(name)' (loaded: \(names.isEmpty ? "none" : names.joined(separator: ", "))\(suggestion))")
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
                    context.output.write("\(mark) \(loaded.name.padded(to: width))  \(loaded.kindDescription), \(loaded.countDescription)\(key), cells \(kinds)\(unsaved)")
                }
            }
        ),
        Command(
            name: "reload", usage: "reload [--diff] [--force] | reload --list",
            summary: "reloads the provider from its source (a file is read again): reloadData, or with --diff the computed batch updates",
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
            completes: { context in context.arguments.isEmpty ? ["--diff", "--force", "--list"] : ["--diff", "--force"] }
        ) { context, arguments in
            if arguments.take("--list") {
                try arguments.expectEnd()
                let loaded = try context.current()
                context.list.reloadData()
                context.output.write("the list reloaded its data from \(loaded.name) (reloadData): \(loaded.countDescription)")
                return
            }
            let flags = try arguments.flags(["--diff", "--force"])
            let withDiff = flags.contains("--diff")
            let force = flags.contains("--force")
            let loaded = try context.unfiltered(for: withDiff ? "reload --diff" : "reload")
            if withDiff { try context.checkListIsInStep(for: "reload --diff") }
            let unsaved = loaded.unsavedProviders
            if !force, !unsaved.isEmpty {
                let names = unsaved.map(\.name).joined(separator: ", ")
                let saveable = unsaved.allSatisfy { $0.file != nil && !$0.isShippedSample }
                throw ShellError("\(names) \(unsaved.count == 1 ? "has" : "have") unsaved edits that a reload would drop: \(saveable ? "save them first, or reload --force" : "reload --force drops them")")
            }
            if loaded.registered != nil {
                try context.reloadRegistered(loaded, withDiff: withDiff)
            } else if withDiff {
                try context.reloadWithDiff()
            } else {
                do {
                    try context.withProgress("reloading \(loaded.name)", on: loaded) { try loaded.provider.reload() }
                } catch where Session.wasInterrupted(error) {
                    throw error
                } catch {
                    throw ShellError("reload failed, the data is as it was: \(error)")
                }
                context.list.reloadData()
                context.output.write("reloaded \(loaded.name): \(loaded.countDescription) (reloadData)")
            }
            for note in loaded.adoptFieldsOfSource() { context.output.write(note) }
            // Items identified by a key they no longer have: the adapter shows them again.
            if let diffable = context.presentation.diffable, diffable.identity == .key, loaded.keyField == nil, let index = context.workspace.currentIndex {
                context.presentation.diffable = nil
                context.activate(index)
                context.output.write("diffable off: its identifiers were keys; the adapter shows \(loaded.name) again (reloadData): \(loaded.countDescription)")
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

    /// Files at least this big show a progress line while they load.
    static let progressThreshold = 16_000_000

    /// The shapes `load ... as` takes (parsed and completed from this list).
    static let shapeKeywords = ["array", "sectioned", "file", "paged"]

    /// The most values a file's records may hold in all when they are
    /// loaded as records (`as array`, `as paged`): a record holds a value of
    /// every field, so a file whose records each have a key of their own
    /// would take rows x fields (100,000 such records, a 3 MB file, went
    /// past 24 GB). A file provider keeps such a file in its columns.
    static let recordValueLimit = 50_000_000

    /// Throws when `file`'s records would hold more than ``recordValueLimit`` values.
    static func checkRecordValues(of file: FileDataProvider, source: String) throws(ShellError) {
        guard let values = valuesPastRecordLimit(file.table.count, "rows", fields: file.fieldNames.count) else { return }
        throw ShellError("\(source): not loaded as records: \(values) (load it without 'as array' or 'as paged': a file provider keeps it in columns)")
    }

    /// `N rows of F fields would be V values, more than 50000000` when
    /// records of `count` rows (or items) of `fields` fields would hold more
    /// than ``recordValueLimit`` values; else nil.
    static func valuesPastRecordLimit(_ count: Int, _ noun: String, fields: Int) -> String? {
        let (values, overflow) = count.multipliedReportingOverflow(by: fields)
        guard overflow || values > recordValueLimit else { return nil }
        return "\(count) \(noun) of \(fields) fields would be \(overflow ? "more than \(Int.max)" : "\(values)") values, more than \(recordValueLimit)"
    }

    /// `contacts` for `Samples/contacts.csv`.
    static func baseName(of path: String) -> String {
        let file = path.split(separator: "/").last.map(String.init) ?? path
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
                throw ShellError("unexpected '\(token.text)' (usage: save [FILE] [--force])", column: token.column)
            }
        }
        try checkCanWrite("save")
        _ = try unfiltered(for: "save")
        try checkNotRegistered(loaded, "save", "writes a file provider back to its file")
        guard let file = loaded.file else {
            throw ShellError("save writes a file provider, and '\(loaded.name)' is \(loaded.kindWithArticle): load a .csv, .json or .ndjson file to save")
        }
        if target == nil, loaded.isShippedSample {
            throw ShellError("\(file.name) ships with ListLab and is not changed: save FILE writes a copy")
        }
        var destination: (path: String, name: String)?
        if let target {
            let path = try filePath(target)
            if path != file.path, FileManager.default.fileExists(atPath: path), !force {
                throw ShellError("\(target) exists: add --force to replace it")
            }
            destination = (path, target)
        }
        let bytes = try withProgress("saving \(destination?.name ?? file.name)", on: loaded) {
            try file.save(to: destination, force: force) { [confinement = workspace.confinement] path, count in confinement?.roomRefusal(forWriting: count, at: path) }
        }
        if destination == nil || destination?.path == file.path { loaded.markSaved() }
        workspace.touchedFiles.append(destination?.name ?? file.name)
        workspace.writtenFiles.append(destination?.name ?? file.name)
        workspace.writtenPaths.append(FilePaths.absolutePath(destination?.path ?? file.path))
        let items = file.numberOfItems
        output.write("saved \(items) \(items == 1 ? "item" : "items") to \(destination?.name ?? file.name) (\(bytes) bytes)")
    }

    fileprivate func load(_ arguments: inout Arguments) throws {
        let sourceToken = arguments.peek
        let source = try arguments.string("a SOURCE (a sample, or a .csv, .json or .ndjson file)")
        guard !source.isEmpty else { throw ShellError("the SOURCE is empty: name a sample, or a .csv, .json or .ndjson file", column: sourceToken?.column) }
        if let registration = registration(named: source) { return try loadRegistered(registration, &arguments) }
        var isFile = RecordTableWriter.Format(path: source) != nil
        var fileProvider: FileDataProvider?
        let fields: [String]
        let sample: Sample?
        var sampleRecords: [Record] = []
        if isFile {
            let path = try filePath(source)
            // FoundationEssentials reports the size as a UInt.
            let size = Int(((try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? UInt) ?? 0)
            let showsProgress = size >= Session.progressThreshold
            let what = "loading \(source) (\(size / 1_000_000) MB"
            if showsProgress { output.progress(what + "; Ctrl-C stops it)...") }
            defer { if showsProgress { output.progress(nil) } }
            var shownPercent = 0
            let provider = try FileDataProvider(path: path, name: source) { done in
                let percent = Int(done * 100)
                guard showsProgress, percent > shownPercent else { return }
                shownPercent = percent
                output.progress(what + ", \(percent)%; Ctrl-C stops it)...")
            }
            fileProvider = provider
            fields = provider.fieldNames
            sample = nil
        } else if workspace.offersSamples, let found = BuiltInSamples.named(source) {
            sample = found
            if case .file = found.shape, let path = BuiltInSamples.path(of: found) {
                // A sample whose default is a file provider: the shipped file, read-only for save.
                let provider = try FileDataProvider(path: path, name: found.file)
                fileProvider = provider
                fields = provider.fieldNames
                isFile = true
            } else {
                sampleRecords = try BuiltInSamples.records(of: found)
                fields = sampleRecords.first?.schema.names ?? found.fieldNames
            }
        } else {
            let names = workspace.registrations.map(\.name) + (workspace.offersSamples ? BuiltInSamples.all.map(\.name) : [])
            let suggestion = Suggestion.nearest(to: source, in: names).map { "; did you mean '\($0)'?" } ?? ""
            let looksLikeFile = source.contains(".") || source.contains("/")
            throw ShellError(
                looksLikeFile
                    ? "'\(source)' is neither a sample nor a .csv, .json or .ndjson file"
                    : "no sample named '\(source)' (samples: \(names.joined(separator: ", "))\(suggestion))",
                column: sourceToken?.column)
        }
        let dataset = source
        var shape: ProviderShape = (sample?.shape).map { shape -> ProviderShape in
            switch shape {
            case .array: .array
            case .sectioned(let field): .sectioned(by: field)
            case .file(let field?): .sectioned(by: field)
            case .file(nil): .file
            }
        } ?? (isFile ? .file : .array)
        var keyField: String? = fields.contains("id") ? "id" : nil
        var name = isFile ? Session.baseName(of: source) : source
        var force = false
        // Each clause once: `as array as file` would leave one of them unsaid.
        var clausesGiven: [String] = []
        while let token = arguments.peek {
            if let clause = token.stringValue?.lowercased(), ["as", "key", "name"].contains(clause) {
                guard !clausesGiven.contains(clause) else {
                    throw ShellError("'\(clause)' is given twice (usage: \(arguments.usage))", column: token.column)
                }
                clausesGiven.append(clause)
            }
            if arguments.take("as") {
                let kind = try arguments.choice("a shape", Session.shapeKeywords)
                switch kind {
                case "array":
                    shape = .array
                case "sectioned":
                    guard arguments.take("by") else {
                        throw arguments.peek.map { ShellError("expected 'by FIELD' after 'as sectioned', found '\($0.text)'", column: $0.column) }
                            ?? arguments.missing("'by FIELD' after 'as sectioned'")
                    }
                    let fieldToken = arguments.peek
                    let field = try arguments.string("a FIELD to group by")
                    try Session.checkField(field, in: fields, dataset: dataset, column: fieldToken?.column)
                    shape = .sectioned(by: field)
                case "file":
                    guard isFile, sample == nil else {
                        throw ShellError("'as file' needs a .csv, .json or .ndjson file, and '\(source)' is a sample", column: token.column)
                    }
                    shape = .file
                default:
                    let size = try arguments.integer("a page SIZE", in: 1...1_000_000)
                    var failing: Int?
                    if arguments.take("failing") {
                        failing = try arguments.integer("the page to fail", in: 1...1_000_000)
                    }
                    shape = .paged(size: size, failing: failing)
                }
            } else if arguments.take("key") {
                let fieldToken = arguments.peek
                let field = try arguments.string("a key FIELD")
                try Session.checkField(field, in: fields, dataset: dataset, column: fieldToken?.column)
                keyField = field
            } else if arguments.take("name") {
                name = try arguments.string("a NAME")
            } else if arguments.take("--force") {
                force = true
            } else {
                throw ShellError("unexpected '\(token.text)' (usage: \(arguments.usage))", column: token.column)
            }
        }
        if let keyField {
            if let fileProvider {
                if let duplicate = fileProvider.firstDuplicate(ofField: keyField) {
                    throw ShellError("\(source): " + Self.duplicateKeyText(keyField, duplicate, in: "records"))
                }
            } else if sample != nil, let duplicate = KeyedRecordProvider.firstDuplicateKey(keyField, in: sampleRecords) {
                throw ShellError(Self.duplicateKeyText(keyField, duplicate, in: "rows"))
            }
        }
        // The records as an array, and how to read them again, for shapes other than `file`.
        let records: [Record]
        let reread: () throws -> [Record]
        if let fileProvider {
            let asRecords = !(shape.isFile || shape.groupField != nil)
            if asRecords { try Session.checkRecordValues(of: fileProvider, source: source) }
            records = asRecords ? fileProvider.records : []
            let path = fileProvider.path
            reread = {
                let file = try FileDataProvider(path: path, name: source)
                try Session.checkRecordValues(of: file, source: source)
                return file.records
            }
        } else {
            records = sampleRecords
            if let sample {
                reread = { try BuiltInSamples.records(of: sample) }
            } else {
                reread = { [records] in records }
            }
        }
        let provider: any DataProvider<Record>
        let providerSource: ProviderSource
        switch shape {
        case .file:
            guard let fileProvider else { return }
            provider = fileProvider
            providerSource = .file(fileProvider, groupedBy: nil)
        case .array:
            let array = ArrayDataProvider(title: nil, loadingFrom: reread)
            array.replaceItems(with: records)
            provider = array
            providerSource = .array
        case .sectioned(let field):
            if let fileProvider {
                // A file grouped by a field stays a file provider: save writes it back.
                fileProvider.group(by: field)
                provider = fileProvider
                providerSource = .file(fileProvider, groupedBy: field)
            } else {
                let sectioned = SectionedDataProvider(groupedBy: { $0[field]?.description ?? "" }, loadingFrom: reread)
                sectioned.replaceItems(with: records)
                provider = sectioned
                providerSource = .sectioned(by: field)
            }
        case .paged(let size, let failing):
            // Read again on a reload, its keys checked as a load checks them.
            let pages = PagedRecordSource(records, failing: failing) { [keyField] in
                let records = try reread()
                if let keyField, let duplicate = KeyedRecordProvider.firstDuplicateKey(keyField, in: records) {
                    throw ShellError(Self.duplicateKeyText(keyField, duplicate, in: "records"))
                }
                return records
            }
            let paged = PagedDataProvider(pageSize: size) { try pages.page($0, size: $1) }
            do {
                _ = try paged.loadNextPage()
            } catch {
                // Only 'failing 1' fails the first page of a load, and it fails it at every load.
                throw ShellError("page 1 failed to load: \(error); load without 'failing 1' to see it load")
            }
            provider = paged
            providerSource = .paged(paged, size: size, failing: failing, source: pages)
        case .composite:
            // `load` never makes one (`compose` does); said rather than trapped.
            throw ShellError("a composite is made with 'compose NAME NAME ...', not loaded")
        case .registered:
            // A registration is loaded by `loadRegistered`; said rather than trapped.
            throw ShellError("a registered provider is loaded by its name")
        }
        let schema = records.first?.schema ?? fileProvider?.schema ?? Record.Schema(fields)
        var presenter = try defaultPresenter(sample: sample, schema: schema)
        if shape.groupField != nil || fileProvider?.groupField != nil, let header = sample?.header {
            presenter.header = try Template(header)
        }
        let loaded = LoadedProvider(
            name: name, records: KeyedRecordProvider(provider, schema: schema, keyField: keyField), source: providerSource,
            schema: schema, presenter: presenter)
        loaded.isShippedSample = sample != nil
        loaded.readSource = reread
        if let sample {
            loaded.sourcePath = BuiltInSamples.path(of: sample)
        } else if isFile {
            loaded.sourcePath = try filePath(source)
        }
        try workspace.checkDataLimit(adding: loaded, replacing: workspace.index(named: name))
        if let existing = workspace.provider(named: name), !force, !existing.unsavedProviders.isEmpty {
            throw ShellError("\(name) has unsaved edits that loading it again would drop: save them first, or load with --force")
        }
        show(loaded)
        if isFile { workspace.touchedFiles.append(sample?.file ?? source) }
        let items = provider.numberOfItems
        let sections = provider.numberOfSections
        let kind: String
        switch shape {
        case .array: kind = "an array provider"
        case .file: kind = "a file provider"
        case .sectioned: kind = fileProvider == nil ? "a sectioned provider" : "a file provider"
        case .paged(let size, _): kind = "a paged provider (pages of \(size))"
        case .composite: kind = "a composite provider"
        case .registered: kind = "a registered provider"
        }
        if case .paged(let paged, _, _, let pages) = providerSource {
            output.write("loaded page 1 of \(name): \(items) of \(pages.count) items into a paged provider (pages of \(paged.pageSize))")
            return
        }
        let origin = isFile ? " from \(fileProvider?.name ?? source)" : ""
        let grouping = shape.groupField.map { ", by \($0)" } ?? ""
        output.write("loaded \(items) \(items == 1 ? "item" : "items")\(origin) into \(kind) (\(sections) \(sections == 1 ? "section" : "sections")\(grouping))")
    }

    /// The sample's presenter, or for a file one cell kind showing the first
    /// text field (or the first field).
    /// `duplicate key id=1 in records 1 and 2`: what a load says of a key
    /// that two items have (counted from 0 in `duplicate`, from 1 in the text).
    fileprivate static func duplicateKeyText(_ field: String, _ duplicate: (value: Value, first: Int, second: Int), in what: String) -> String {
        "duplicate key \(FieldNameList.name(field))=\(duplicate.value.messageText) in \(what) \(duplicate.first + 1) and \(duplicate.second + 1)"
    }

    fileprivate func defaultPresenter(sample: Sample?, schema: Record.Schema) throws -> TemplatePresenter {
        switch sample?.look {
        case .single(let kind, let text, let detail)?:
            return TemplatePresenter(kind: kind, text: try Template(text), detail: try detail.map { try Template($0) })
        case .byField(let field, let kinds)?:
            return TemplatePresenter(
                choosingBy: field, kinds: try kinds.map { TemplatePresenter.Kind(name: $0.name, text: try Template($0.text)) })
        case nil:
            break
        }
        // Looked up in the schema's table: a file with a key per record has as many names as records.
        let fields = schema.names
        let preferred = ["name", "title", "label"].first { schema.index(of: $0) != nil }
            ?? fields.first { $0 != "id" } ?? fields.first ?? "id"
        return TemplatePresenter(kind: "Cell", text: try Template(Template.placeholder(for: preferred)))
    }
}
