import ListLabCore

extension Session {
    static let dataCommands: [Command] = [
        Command(
            name: "samples", usage: "samples", summary: "lists the datasets that ship with ListLab",
            examples: ["samples"]
        ) { session, arguments in
            try arguments.expectEnd()
            let width = BuiltInSamples.all.map(\.name.count).max() ?? 0
            for sample in BuiltInSamples.all {
                let items = "\(sample.records.count) items"
                session.output.write("\(sample.name.padded(to: width))  \(items.padded(to: 9))  \(sample.summary)")
            }
        },
        Command(
            name: "load", usage: "load SOURCE [as array | as sectioned by FIELD] [key FIELD] [name NAME]",
            summary: "loads a sample into a provider and shows it",
            details: [
                "The provider is named after the sample (or NAME) and becomes the one the list shows;",
                "loading a name again replaces that provider. The key gives items their identity:",
                "'id' when the data has one.",
            ],
            examples: ["load contacts", "load tasks as sectioned by list", "load contacts as array key phone name phones"]
        ) { session, arguments in
            try session.load(&arguments)
        },
        Command(
            name: "use", usage: "use NAME", summary: "shows another loaded provider in the list",
            examples: ["use tasks"]
        ) { session, arguments in
            let name = try arguments.string("a NAME")
            try arguments.expectEnd()
            guard let index = session.providers.firstIndex(where: { $0.name == name }) else {
                let names = session.providers.map(\.name)
                let suggestion = Suggestion.nearest(to: name, in: names).map { "; did you mean '\($0)'?" } ?? ""
                throw ShellError("no provider named '\(name)' (loaded: \(names.isEmpty ? "none" : names.joined(separator: ", "))\(suggestion))")
            }
            session.activate(index)
            let loaded = session.providers[index]
            session.output.write("using \(name): \(loaded.kindDescription), \(session.countDescription(loaded))")
        },
        Command(
            name: "providers", usage: "providers", summary: "lists the loaded providers; * marks the one shown",
            examples: ["providers"]
        ) { session, arguments in
            try arguments.expectEnd()
            guard !session.providers.isEmpty else {
                session.output.write("no providers loaded: try 'load contacts'")
                return
            }
            let width = session.providers.map(\.name.count).max() ?? 0
            for (index, loaded) in session.providers.enumerated() {
                let mark = index == session.currentIndex ? "*" : " "
                let key = loaded.keyField.map { ", key \($0)" } ?? ", no key"
                let kinds = loaded.presenter.kinds.map(\.name).joined(separator: ", ")
                session.output.write("\(mark) \(loaded.name.padded(to: width))  \(loaded.kindDescription), \(session.countDescription(loaded))\(key), cells \(kinds)")
            }
        },
        Command(
            name: "reload", usage: "reload", summary: "reloads the provider from its source, then the list with reloadData",
            examples: ["reload"]
        ) { session, arguments in
            try arguments.expectEnd()
            let loaded = try session.current()
            try loaded.provider.reload()
            session.list.reloadData()
            session.output.write("reloaded \(loaded.name): \(session.countDescription(loaded)) (reloadData)")
        },
    ]

    /// `8 items in 1 section`.
    func countDescription(_ loaded: LoadedProvider) -> String {
        let items = loaded.provider.numberOfItems
        let sections = loaded.provider.numberOfSections
        return "\(items) \(items == 1 ? "item" : "items") in \(sections) \(sections == 1 ? "section" : "sections")"
    }

    private func load(_ arguments: inout Arguments) throws {
        let sourceToken = arguments.peek
        let source = try arguments.string("a SOURCE (a sample name)")
        if [".json", ".ndjson", ".csv"].contains(where: { source.lowercased().hasSuffix($0) }) || source.contains("/") {
            throw ShellError("file providers are not available yet: load a sample (\(BuiltInSamples.all.map(\.name).joined(separator: ", ")))", column: sourceToken?.column)
        }
        guard let sample = BuiltInSamples.named(source) else {
            let names = BuiltInSamples.all.map(\.name)
            let suggestion = Suggestion.nearest(to: source, in: names).map { "; did you mean '\($0)'?" } ?? ""
            throw ShellError("no sample named '\(source)' (samples: \(names.joined(separator: ", "))\(suggestion))", column: sourceToken?.column)
        }
        let fields = sample.fieldNames
        var shape = sample.shape
        var keyField: String? = fields.contains("id") ? "id" : nil
        var name = sample.name
        while let token = arguments.peek {
            if arguments.take("as") {
                let kind = try arguments.choice("a shape", ["array", "sectioned", "file", "paged"])
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
                    try Self.checkField(field, in: fields, dataset: sample.name, column: fieldToken?.column)
                    shape = .sectioned(by: field)
                default:
                    throw ShellError("'as \(kind)' is not available yet: use 'as array' or 'as sectioned by FIELD'")
                }
            } else if arguments.take("key") {
                let fieldToken = arguments.peek
                let field = try arguments.string("a key FIELD")
                try Self.checkField(field, in: fields, dataset: sample.name, column: fieldToken?.column)
                keyField = field
            } else if arguments.take("name") {
                name = try arguments.string("a NAME")
            } else {
                throw ShellError("unexpected '\(token.text)' (usage: \(arguments.usage))", column: token.column)
            }
        }
        if let keyField {
            try Self.checkUniqueKeys(sample.records, keyField: keyField)
        }
        let records = sample.records
        let provider: AnyDataProvider<Record>
        let shapeName: String
        switch shape {
        case .array:
            provider = AnyDataProvider(ArrayDataProvider(title: nil, loadingFrom: { records }))
            shapeName = "array"
        case .sectioned(let field):
            provider = AnyDataProvider(SectionedDataProvider(groupedBy: { $0[field]?.description ?? "" }, loadingFrom: { records }))
            shapeName = "sectioned by \(field)"
        }
        try provider.reload()
        var presenter = TemplatePresenter(
            kind: sample.cellKind, text: try Template(sample.text), detail: try sample.detail.map { try Template($0) })
        if case .sectioned = shape, let header = sample.header {
            presenter.header = try Template(header)
        }
        let loaded = LoadedProvider(
            name: name, provider: provider, shape: shapeName, keyField: keyField, fieldNames: fields,
            schema: records.first?.schema ?? Record.Schema(fields), presenter: presenter)
        if let existing = providers.firstIndex(where: { $0.name == name }) {
            providers[existing] = loaded
            activate(existing)
        } else {
            providers.append(loaded)
            activate(providers.count - 1)
        }
        let items = provider.numberOfItems
        let sections = provider.numberOfSections
        let kind = shapeName == "array" ? "an array provider" : "a sectioned provider"
        let grouping = shapeName == "array" ? "" : ", by \(shapeName.replacingPrefix("sectioned by ", with: ""))"
        output.write("loaded \(items) \(items == 1 ? "item" : "items") into \(kind) (\(sections) \(sections == 1 ? "section" : "sections")\(grouping))")
    }

    /// Throws for the first key that two records share, naming both rows.
    static func checkUniqueKeys(_ records: [Record], keyField: String) throws(ShellError) {
        var seen: [Value: Int] = [:]
        for (row, record) in records.enumerated() {
            let key = record[keyField] ?? .null
            if let first = seen.updateValue(row, forKey: key) {
                throw ShellError("duplicate key \(keyField)=\(key.jsonText) in rows \(first + 1) and \(row + 1)")
            }
        }
    }
}

extension String {
    func padded(to width: Int) -> String {
        count >= width ? self : self + String(repeating: " ", count: width - count)
    }
}
