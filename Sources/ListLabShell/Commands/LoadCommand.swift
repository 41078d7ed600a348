import ListLabCore
import ListLabFiles
import ListLabRecords

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

// `load SOURCE [as SHAPE] [key FIELD] [name NAME] [--force]`, in its phases: the source read (a
// file, a sample; a registration has its own path), the clauses, the keys checked, the provider
// made for the shape, and the loaded provider kept and said.

/// What `load` found at its SOURCE: a file provider, or a sample's records.
private struct LoadSource {
    /// The SOURCE as typed.
    var text: String
    /// Whether it is a file (or a sample shipped as one).
    var isFile: Bool
    /// The file's provider, when it is a file.
    var file: FileDataProvider?
    /// The sample, when it is one.
    var sample: Sample?
    /// A sample's records (empty for a file).
    var records: [Record] = []
    /// The field names.
    var fields: [String]
}

/// The clauses of `load` after its SOURCE.
private struct LoadClauses {
    var shape: ProviderShape
    var keyField: String?
    var name: String
    var force = false
}

extension CommandContext {
    func load(_ arguments: inout Arguments) throws {
        let sourceToken = arguments.peek
        let text = try arguments.string("a SOURCE (a sample, or a .csv, .json or .ndjson file)")
        guard !text.isEmpty else {
            throw ShellError(
                .usage("the SOURCE is empty: name a sample, or a .csv, .json or .ndjson file"),
                column: sourceToken?.column)
        }
        if let registration = registration(named: text) { return try loadRegistered(registration, &arguments) }
        let source = try readLoadSource(text, column: sourceToken?.column)
        let clauses = try loadClauses(&arguments, of: source)
        try checkKeys(clauses.keyField, of: source)
        let (provider, providerSource, records, reread) = try makeProvider(clauses, of: source)
        let schema = records.first?.schema ?? source.file?.schema ?? Record.Schema(source.fields)
        var presenter = try defaultPresenter(sample: source.sample, schema: schema)
        if clauses.shape.groupField != nil || source.file?.groupField != nil, let header = source.sample?.header {
            presenter.header = try Template(header)
        }
        let loaded = LoadedProvider(
            name: clauses.name, records: KeyedRecordProvider(provider, schema: schema, keyField: clauses.keyField),
            source: providerSource,
            schema: schema, presenter: presenter)
        loaded.isShippedSample = source.sample != nil
        loaded.readSource = reread
        if let sample = source.sample {
            loaded.sourcePath = BuiltInSamples.path(of: sample)
        } else if source.isFile {
            loaded.sourcePath = try workspace.filePath(text)
        }
        try workspace.checkDataLimit(adding: loaded, replacing: workspace.index(named: clauses.name))
        if let existing = workspace.provider(named: clauses.name), !clauses.force, !existing.unsavedProviders.isEmpty {
            throw ShellError(
                .needsFirst(
                    "\(clauses.name) has unsaved edits that loading it again would drop: save them first, or load "
                        + "with --force"
                )
            )
        }
        show(loaded)
        if source.isFile { workspace.touchedFiles.append(source.sample?.file ?? text) }
        output.write(loadedLine(loaded, clauses, source))
    }

    /// The file or sample `text` names; an error that says which it is not, with a suggestion.
    private func readLoadSource(_ text: String, column: Int?) throws -> LoadSource {
        if RecordTableWriter.Format(path: text) != nil {
            let path = try workspace.filePath(text)
            // FoundationEssentials reports the size as a UInt.
            let size = Int(((try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? UInt) ?? 0)
            let showsProgress = size >= ProgressThreshold.fileBytes
            let what = "loading \(text) (\(size / 1_000_000) MB"
            if showsProgress { output.progress(what + "; Ctrl-C stops it)...") }
            defer { if showsProgress { output.progress(nil) } }
            var shownPercent = 0
            let provider = try FileDataProvider(path: path, name: text) { done in
                let percent = Int(done * 100)
                guard showsProgress, percent > shownPercent else { return }
                shownPercent = percent
                output.progress(what + ", \(percent)%; Ctrl-C stops it)...")
            }
            return LoadSource(text: text, isFile: true, file: provider, fields: provider.fieldNames)
        }
        if workspace.offersSamples, let sample = BuiltInSamples.named(text) {
            if case .file = sample.shape, let path = BuiltInSamples.path(of: sample) {
                // A sample whose default is a file provider: the shipped file, read-only for save.
                let provider = try FileDataProvider(path: path, name: sample.file)
                return LoadSource(text: text, isFile: true, file: provider, sample: sample, fields: provider.fieldNames)
            }
            let records = try BuiltInSamples.records(of: sample)
            return LoadSource(
                text: text, isFile: false, sample: sample, records: records,
                fields: records.first?.schema.names ?? sample.fieldNames)
        }
        let names =
            workspace.registrations.map(\.name) + (workspace.offersSamples ? BuiltInSamples.all.map(\.name) : [])
        let suggestion = Suggestion.nearest(to: text, in: names).map { "; did you mean '\($0)'?" } ?? ""
        let looksLikeFile = text.contains(".") || text.contains("/")
        throw ShellError(
            .notFound(
                looksLikeFile
                    ? "'\(text)' is neither a sample nor a .csv, .json or .ndjson file"
                    : "no sample named '\(text)' (samples: \(names.joined(separator: ", "))\(suggestion))"),
            column: column)
    }

    /// The clauses after the SOURCE (`as SHAPE`, `key FIELD`, `name NAME`, `--force`), each once,
    /// with the sample's or the file's defaults for those not given.
    private func loadClauses(_ arguments: inout Arguments, of source: LoadSource) throws -> LoadClauses {
        let (fields, dataset) = (source.fields, source.text)
        let shape: ProviderShape =
            (source.sample?.shape).map { shape -> ProviderShape in
                switch shape {
                case .array: .array
                case .sectioned(let field): .sectioned(by: field)
                case .file(let field?): .sectioned(by: field)
                case .file(nil): .file
                }
            } ?? (source.isFile ? .file : .array)
        var clauses = LoadClauses(
            shape: shape, keyField: fields.contains("id") ? "id" : nil,
            name: source.isFile ? source.text.fileBaseName : source.text)
        // Each clause once: `as array as file` would leave one of them unsaid.
        var clausesGiven: [String] = []
        while let token = arguments.peek {
            if let clause = token.stringValue?.lowercased(), ["as", "key", "name"].contains(clause) {
                guard !clausesGiven.contains(clause) else {
                    throw ShellError(.givenTwice(clause, usage: arguments.usage), column: token.column)
                }
                clausesGiven.append(clause)
            }
            if arguments.take("as") {
                clauses.shape = try shapeClause(&arguments, of: source, at: token)
            } else if arguments.take("key") {
                let fieldToken = arguments.peek
                let field = try arguments.string("a key FIELD")
                try FieldNameList.check(field, in: fields, dataset: dataset, column: fieldToken?.column)
                clauses.keyField = field
            } else if arguments.take("name") {
                clauses.name = try arguments.string("a NAME")
            } else if arguments.take("--force") {
                clauses.force = true
            } else {
                throw ShellError(.unexpected(token.text, usage: arguments.usage), column: token.column)
            }
        }
        return clauses
    }

    /// The shape after `as`: `array`, `sectioned by FIELD`, `file`, `paged SIZE [failing N]`.
    private func shapeClause(_ arguments: inout Arguments, of source: LoadSource, at token: Token) throws
        -> ProviderShape
    {
        let kind = try arguments.choice("a shape", Command.shapeKeywords)
        switch kind {
        case "array":
            return .array
        case "sectioned":
            guard arguments.take("by") else {
                throw arguments.peek.map {
                    ShellError(.expected("'by FIELD' after 'as sectioned'", found: $0.text), column: $0.column)
                }
                    ?? arguments.missing("'by FIELD' after 'as sectioned'")
            }
            let fieldToken = arguments.peek
            let field = try arguments.string("a FIELD to group by")
            try FieldNameList.check(field, in: source.fields, dataset: source.text, column: fieldToken?.column)
            return .sectioned(by: field)
        case "file":
            guard source.isFile, source.sample == nil else {
                throw ShellError(
                    .usage("'as file' needs a .csv, .json or .ndjson file, and '\(source.text)' is a sample"),
                    column: token.column)
            }
            return .file
        default:
            let size = try arguments.integer("a page SIZE", in: 1...1_000_000)
            var failing: Int?
            if arguments.take("failing") {
                failing = try arguments.integer("the page to fail", in: 1...1_000_000)
            }
            return .paged(size: size, failing: failing)
        }
    }

    /// Throws when two records of the source have the same key.
    private func checkKeys(_ keyField: String?, of source: LoadSource) throws {
        guard let keyField else { return }
        if let file = source.file {
            if let duplicate = file.firstDuplicate(ofField: keyField) {
                throw ShellError(.duplicateKey(keyField, duplicate, among: "records", source: source.text))
            }
        } else if source.sample != nil,
            let duplicate = KeyedRecordProvider.firstDuplicateKey(keyField, in: source.records)
        {
            throw ShellError(.duplicateKey(keyField, duplicate, among: "rows", source: nil))
        }
    }

    /// The provider of the shape asked for, what it is made from, its records as an array (for the
    /// shapes other than `file`) and how to read them again.
    private func makeProvider(
        _ clauses: LoadClauses, of source: LoadSource
    ) throws -> (
        provider: any DataProvider<Record>, source: ProviderSource, records: [Record], reread: () throws -> [Record]
    ) {
        let records: [Record]
        let reread: () throws -> [Record]
        // What a provider's plain reload reads: a file read again is refused, as `load` refuses it, when a
        // key repeats in it (a sample's rows are the ones `load` checked).
        let rereadRefusingRepeats: () throws -> [Record]
        if let file = source.file {
            let asRecords = !(clauses.shape.isFile || clauses.shape.groupField != nil)
            if asRecords { try RecordValueLimit.check(file, source: source.text) }
            records = asRecords ? file.records : []
            let (path, name) = (file.path, source.text)
            // The file's records now; refused when `keyField` is given and repeats in them.
            let read = { (keyField: String?) throws -> [Record] in
                let file = try FileDataProvider(path: path, name: name)
                if let keyField, let duplicate = file.firstDuplicate(ofField: keyField) {
                    throw ShellError(.duplicateKey(keyField, duplicate, among: "records", source: name))
                }
                try RecordValueLimit.check(file, source: name)
                return file.records
            }
            reread = { try read(nil) }
            rereadRefusingRepeats = { [keyField = clauses.keyField] in try read(keyField) }
        } else {
            records = source.records
            if let sample = source.sample {
                reread = { try BuiltInSamples.records(of: sample) }
            } else {
                reread = { [records] in records }
            }
            rereadRefusingRepeats = reread
        }
        switch clauses.shape {
        case .file:
            // Only a file takes `as file` (``shapeClause(_:of:at:)``).
            guard let file = source.file else {
                throw ShellError(.usage("'as file' needs a .csv, .json or .ndjson file"))
            }
            return (file, .file(file, groupedBy: nil), records, reread)
        case .array:
            let array = ArrayDataProvider(title: nil, loadingFrom: rereadRefusingRepeats)
            array.replaceItems(with: records)
            return (array, .array, records, reread)
        case .sectioned(let field):
            if let file = source.file {
                // A file grouped by a field stays a file provider: save writes it back.
                file.group(by: field)
                return (file, .file(file, groupedBy: field), records, reread)
            }
            let sectioned = SectionedDataProvider(
                groupedBy: { $0[field]?.description ?? "" }, loadingFrom: rereadRefusingRepeats)
            sectioned.replaceItems(with: records)
            return (sectioned, .sectioned(by: field), records, reread)
        case .paged(let size, let failing):
            // Read again on a reload, its keys checked as a load checks them.
            let pages = PagedRecordSource(records, failing: failing, reread: rereadRefusingRepeats)
            let paged = PagedDataProvider(pageSize: size) { try pages.page($0, size: $1) }
            do {
                _ = try paged.loadNextPage()
            } catch {
                // Only 'failing 1' fails the first page of a load, and it fails it at every load.
                throw ShellError(.failed("page 1 failed to load: \(error); load without 'failing 1' to see it load"))
            }
            return (paged, .paged(paged, size: size, failing: failing, source: pages), records, reread)
        case .composite:
            // `load` never makes one (`compose` does); said rather than trapped.
            throw ShellError(.usage("a composite is made with 'compose NAME NAME ...', not loaded"))
        case .registered:
            // A registration is loaded by `loadRegistered`; said rather than trapped.
            throw ShellError(.usage("a registered provider is loaded by its name"))
        case .rows:
            throw ShellError(.usage("rows are given by 'rows TEXT ...', not loaded"))
        }
    }

    /// `loaded 8 items into an array provider (1 section)`, or a paged provider's first page.
    private func loadedLine(_ loaded: LoadedProvider, _ clauses: LoadClauses, _ source: LoadSource) -> String {
        let provider = loaded.provider
        let items = provider.numberOfItems
        let sections = provider.numberOfSections
        let kind: String
        switch clauses.shape {
        case .array: kind = "an array provider"
        case .file: kind = "a file provider"
        case .sectioned: kind = source.file == nil ? "a sectioned provider" : "a file provider"
        case .paged(let size, _): kind = "a paged provider (pages of \(size))"
        case .composite: kind = "a composite provider"
        case .registered: kind = "a registered provider"
        case .rows: kind = "a rows provider"
        }
        if case .paged(let paged, _, _, let pages) = loaded.source {
            return
                "loaded page 1 of \(loaded.name): \(items) of \(pages.count) items into a paged provider (pages of "
                + "\(paged.pageSize))"
        }
        let origin = source.isFile ? " from \(source.file?.name ?? source.text)" : ""
        let grouping = clauses.shape.groupField.map { ", by \($0)" } ?? ""
        return
            "loaded \(items) \(items == 1 ? "item" : "items")\(origin) into \(kind) (\(sections) \(sections == 1 ? "section" : "sections")\(grouping))"
    }

    /// The sample's presenter, or for a file one cell kind showing the first
    /// text field (or the first field).
    private func defaultPresenter(sample: Sample?, schema: Record.Schema) throws -> TemplatePresenter {
        switch sample?.look {
        case .single(let kind, let text, let detail)?:
            return TemplatePresenter(kind: kind, text: try Template(text), detail: try detail.map { try Template($0) })
        case .byField(let field, let kinds)?:
            return TemplatePresenter(
                choosingBy: field,
                kinds: try kinds.map { TemplatePresenter.Kind(name: $0.name, text: try Template($0.text)) })
        case nil:
            break
        }
        // Looked up in the schema's table: a file with a key per record has as many names as records.
        let fields = schema.names
        let preferred =
            ["name", "title", "label"].first { schema.index(of: $0) != nil }
            ?? fields.first { $0 != "id" } ?? fields.first ?? "id"
        return TemplatePresenter(kind: "Cell", text: try Template(Template.placeholder(for: preferred)))
    }
}

extension ShellError.Reason {
    /// `duplicate key id=1 in records 1 and 2`: what a load says of a key
    /// that two items have (counted from 0 in `duplicate`, from 1 in the words).
    static func duplicateKey(
        _ field: String, _ duplicate: (value: Value, first: Int, second: Int), among: String, source: String?
    ) -> Self {
        .duplicateKey(
            field: field, value: duplicate.value, first: duplicate.first + 1, second: duplicate.second + 1,
            among: among, source: source)
    }
}
