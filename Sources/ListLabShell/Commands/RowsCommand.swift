import ListLabCore
import ListLabRecords

// `rows`: data given as the texts of its rows, for a data source that is not a dataset. A UIKit
// table's or collection view's recorded steps (the UIKitTranscripts product) set the rows its data
// source reported with `rows --data-only`, then hand the list the batch update the app did.

/// The rows `rows` was given: sections of texts, each with its title.
struct RowsLiteral {
    var sections: [SectionedDataProvider<Record>.Section] = []

    /// The fields a row's text and detail are kept in.
    static let textField = "text"
    static let detailField = "detail"
    static let schema = Record.Schema([textField, detailField])

    /// Reads `[section [title TEXT]] TEXT [detail TEXT] ...`: texts before
    /// the first `section` make one section; a quoted "section", "title" or
    /// "detail" is a text.
    init(_ arguments: inout Arguments) throws {
        while let token = arguments.next() {
            if case .word(let word) = token.kind, word == "section" {
                var title: String?
                if case .word("title")? = arguments.peek?.kind {
                    _ = arguments.next()
                    title = try arguments.string("the section's title")
                }
                sections.append(.init(title: title, items: []))
                continue
            }
            guard let text = token.stringValue else {
                throw ShellError("a row is a text, not '\(token.text)' (quote it: \"\(token.text)\")", column: token.column)
            }
            var detail = Value.null
            if case .word("detail")? = arguments.peek?.kind {
                _ = arguments.next()
                detail = .string(try arguments.string("the row's detail"))
            }
            if sections.isEmpty { sections.append(.init(items: [])) }
            sections[sections.count - 1].items.append(Record(schema: Self.schema, values: [.string(text), detail]))
        }
    }

    var itemCount: Int { sections.reduce(0) { $0 + $1.items.count } }

    /// `3 items in 2 sections`.
    var countDescription: String {
        "\(itemCount) \(itemCount == 1 ? "item" : "items") in \(sections.count) \(sections.count == 1 ? "section" : "sections")"
    }
}

extension Session {
    static let rowsCommands: [Command] = [
        Command(
            name: "rows", usage: "rows [--data-only] [section [title TEXT]] TEXT [detail TEXT] ...",
            summary: "shows rows given as their texts, in sections, as a provider named rows; --data-only changes its data without telling the list",
            details: [
                "For a data source that is not a dataset: each TEXT is a row's text (with 'detail TEXT', its",
                "second line), and each 'section' starts a section (with 'title TEXT', its header); texts",
                "before the first 'section' make one.",
                "Without --data-only the list shows the rows (reloadData). With it, the rows provider's data",
                "changes and the list is not told, as an app's data source changes before its batch update:",
                "the 'batch' that follows is checked against it by UIKit's rules.",
                "A UIKit table or collection view from a test writes its steps this way (UIKitTranscripts).",
            ],
            examples: [
                #"rows "Ada" "Bob" detail "555-0102" "Cy""#, #"rows section title "Today" "Ada" "Bob" section title "Later" "Cy""#,
            ],
            completes: { context in context.arguments.isEmpty ? ["--data-only", "section"] : ["section", "title", "detail"] }
        ) { context, arguments in
            let dataOnly = arguments.take("--data-only")
            let rows = try RowsLiteral(&arguments)
            guard dataOnly else {
                try context.showRows(rows)
                return
            }
            try context.changeRowsQuietly(to: rows)
        },
    ]
}

extension CommandContext {
    /// The name of the provider `rows` makes.
    static let rowsName = "rows"

    /// Makes (or replaces) the provider named rows and shows it.
    fileprivate func showRows(_ rows: RowsLiteral) throws {
        if let existing = workspace.provider(named: Self.rowsName), existing.rows == nil {
            throw ShellError("'\(Self.rowsName)' is \(existing.kindWithArticle) loaded by that name: load it under another name ('name NAME') to use rows")
        }
        let loaded = try rowsProvider(rows)
        try workspace.checkDataLimit(adding: loaded, replacing: workspace.index(named: Self.rowsName))
        show(loaded)
        output.write("rows: \(rows.countDescription) (reloadData)")
    }

    /// Gives the rows provider shown new data; the list is not told.
    fileprivate func changeRowsQuietly(to rows: RowsLiteral) throws {
        let loaded = try current()
        guard let provider = loaded.rows else {
            throw ShellError("'rows --data-only' changes the rows provider, and the list shows \(loaded.name), \(loaded.kindWithArticle): run 'rows TEXT ...' first")
        }
        guard presentation.diffable == nil else {
            throw ShellError("under a diffable data source the list shows its snapshot, not the rows: 'diffable off' first")
        }
        try workspace.checkDataLimit(adding: try rowsProvider(rows), replacing: workspace.index(named: loaded.name))
        provider.replaceSections(with: rows.sections)
        loaded.records.baseDidChange()
        output.write("rows: the data has \(rows.countDescription); the list was not told")
    }

    /// A provider named rows of `rows`, shown by a cell of their texts.
    private func rowsProvider(_ rows: RowsLiteral) throws -> LoadedProvider {
        let provider = SectionedDataProvider<Record>(sections: rows.sections)
        let loaded = LoadedProvider(
            name: Self.rowsName, records: KeyedRecordProvider(provider, schema: RowsLiteral.schema, keyField: nil), source: .rows(provider),
            schema: RowsLiteral.schema, presenter: TemplatePresenter(
                kind: "Cell", text: try Template("{\(RowsLiteral.textField)}"), detail: try Template("{\(RowsLiteral.detailField)}")))
        loaded.readSource = { provider.sections.flatMap(\.items) }
        return loaded
    }
}
