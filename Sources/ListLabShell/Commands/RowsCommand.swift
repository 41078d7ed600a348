import ListLabCore
import ListLabRecords

// `rows`: data given as the texts of its rows, for a data source that is not a dataset. A UIKit
// table's or collection view's recorded steps (the UIKitTranscripts product) set the rows its data
// source reported with `rows --data-only`, then hand the list the batch update the app did.

/// The rows `rows` was given: sections of texts, each with its title.
struct RowsLiteral {
    var sections: [SectionedDataProvider<Record>.Section] = []
    /// Whether each row's text is its key (`--keyed`): a diffable data
    /// source names the rows by their texts, which must differ.
    var isKeyed = false

    /// The fields a row's text and detail are kept in.
    static let textField = "text"
    static let detailField = "detail"
    static let schema = Record.Schema([textField, detailField])

    /// Reads `[section [title TEXT]] TEXT [detail TEXT] ...`: texts before
    /// the first `section` make one section. A quoted "section", "title",
    /// "detail" or "--..." is a text; unquoted where no keyword belongs, it
    /// is refused rather than taken as a row.
    init(_ arguments: inout Arguments, keyed: Bool = false) throws {
        isKeyed = keyed
        while let token = arguments.next() {
            if Self.isKeyword(token, "section") {
                var title: String?
                if let next = arguments.peek, Self.isKeyword(next, "title") {
                    _ = arguments.next()
                    title = try Self.text(&arguments, "the section's title")
                }
                sections.append(.init(title: title, items: []))
                continue
            }
            try Self.checkIsText(token)
            let text = token.stringValue ?? ""
            var detail = Value.null
            if let next = arguments.peek, Self.isKeyword(next, "detail") {
                _ = arguments.next()
                detail = .string(try Self.text(&arguments, "the row's detail"))
            }
            if sections.isEmpty { sections.append(.init(items: [])) }
            sections[sections.count - 1].items.append(Record(schema: Self.schema, values: [.string(text), detail]))
        }
    }

    /// Whether `token` is `keyword` as a bare word.
    private static func isKeyword(_ token: Token, _ keyword: String) -> Bool {
        if case .word(let word) = token.kind { return word == keyword }
        return false
    }

    /// The text the next token gives `what` (a title, a detail).
    private static func text(_ arguments: inout Arguments, _ what: String) throws -> String {
        guard let token = arguments.next() else { throw arguments.missing(what) }
        try checkIsText(token)
        return token.stringValue ?? ""
    }

    /// Throws for a token that is not a row's text: JSON, `FIELD=VALUE`, or
    /// a bare keyword or option where none belongs (quoted, each is a text).
    private static func checkIsText(_ token: Token) throws {
        let quote = "quote it to make it a row's text: \(Token.quoted(token.text))"
        switch token.kind {
        case .quoted:
            return
        case .word(let word) where ["section", "title", "detail"].contains(word) || word.hasPrefix("--"):
            throw ShellError(
                .usage("'\(word)' is not in its place (usage: \(rowsUsage)); \(quote)"), column: token.column)
        case .word:
            return
        case .assignment, .json:
            throw ShellError(.usage("a row is a text, not '\(token.text)': \(quote)"), column: token.column)
        }
    }

    static let rowsUsage = "rows [--data-only] [--keyed] [section [title TEXT]] TEXT [detail TEXT] ..."

    var itemCount: Int { sections.reduce(0) { $0 + $1.items.count } }

    /// `3 items in 2 sections`.
    var countDescription: String {
        "\(itemCount) \(itemCount == 1 ? "item" : "items") in \(sections.count) \(sections.count == 1 ? "section" : "sections")"
    }
}

extension Session {
}

extension CommandContext {
    /// The name of the provider `rows` makes.
    fileprivate static let rowsName = "rows"

    /// Makes (or replaces) the provider named rows and shows it.
    fileprivate func showRows(_ rows: RowsLiteral) throws {
        if let existing = workspace.provider(named: Self.rowsName), existing.rows == nil {
            throw ShellError(
                .needsFirst(
                    "'\(Self.rowsName)' is \(existing.kindWithArticle) loaded by that name: load it under another "
                        + "name ('name NAME') to use rows"
                )
            )
        }
        let loaded = try rowsProvider(rows)
        try workspace.checkDataLimit(adding: loaded, replacing: workspace.index(named: Self.rowsName))
        show(loaded)
        output.write("rows: \(rows.countDescription) (reloadData)")
    }

    /// Gives the rows provider shown new data; the list is not told, and
    /// until it is (`batch`, `reload --list`) a PATH names no row: nothing
    /// says where the rows it showed went.
    fileprivate func changeRowsQuietly(to rows: RowsLiteral) throws {
        let loaded = try current()
        guard let provider = loaded.rows else {
            let hint =
                workspace.provider(named: Self.rowsName)?.rows != nil
                ? "'use \(Self.rowsName)' first" : "run 'rows TEXT ...' first"
            throw ShellError(
                .unsupported(
                    "'rows --data-only' changes the rows provider, and the list shows \(loaded.name), "
                        + "\(loaded.kindWithArticle): \(hint)"
                )
            )
        }
        guard presentation.diffable == nil else {
            throw ShellError(
                .needsFirst(
                    "under a diffable data source the list shows its snapshot, not the rows: 'diffable off' first"))
        }
        try workspace.checkDataLimit(adding: try rowsProvider(rows), replacing: workspace.index(named: loaded.name))
        let before = provider.numberOfSections
        provider.replaceSections(with: rows.sections)
        loaded.records.baseDidChange()
        var unknown = BatchUpdate()
        unknown.deletedSections = Array(0..<before)
        unknown.insertedSections = Array(0..<rows.sections.count)
        presentation.noteUnannounced(unknown, to: loaded, command: commandLine ?? "rows --data-only")
        output.write("rows: the data has \(rows.countDescription); the list was not told")
    }

    /// A provider named rows of `rows`, shown by a cell of their texts.
    private func rowsProvider(_ rows: RowsLiteral) throws -> LoadedProvider {
        if rows.isKeyed,
            let duplicate = KeyedRecordProvider.firstDuplicateKey(
                RowsLiteral.textField, in: rows.sections.flatMap(\.items))
        {
            throw ShellError(
                .duplicateKey(
                    field: RowsLiteral.textField, value: duplicate.value, first: duplicate.first + 1,
                    second: duplicate.second + 1, among: "rows", source: nil))
        }
        let provider = SectionedDataProvider<Record>(sections: rows.sections)
        let loaded = LoadedProvider(
            name: Self.rowsName,
            records: KeyedRecordProvider(
                provider, schema: RowsLiteral.schema, keyField: rows.isKeyed ? RowsLiteral.textField : nil),
            source: .rows(provider),
            schema: RowsLiteral.schema,
            presenter: TemplatePresenter(
                kind: "Cell", text: try Template("{\(RowsLiteral.textField)}"),
                detail: try Template("{\(RowsLiteral.detailField)}")))
        loaded.readSource = { provider.sections.flatMap(\.items) }
        return loaded
    }
}

extension LoadedProvider {
    /// Throws for a command that reads a dataset again or puts its items in
    /// another order or grouping: rows are given, not read, and their
    /// sections are given too.
    func checkNotRows(for command: String) throws(ShellError) {
        guard rows != nil else { return }
        throw ShellError(
            .unsupported(
                "\(command) works on a loaded dataset; \(name) holds rows given as their texts ('rows TEXT ...' gives "
                    + "it others)"
            )
        )
    }
}

extension Command {
    static let rowsCommands: [Command] = [
        Command(
            name: "rows", usage: RowsLiteral.rowsUsage,
            summary:
                "shows rows given as their texts, in sections, as a provider named rows; --data-only changes its data "
                + "without telling the list",
            details: [
                "For a data source that is not a dataset: each TEXT is a row's text (with 'detail TEXT', its",
                "second line), and each 'section' starts a section (with 'title TEXT', its header); texts",
                "before the first 'section' make one.",
                "With --keyed, each row's text is its key, so that a diffable data source names the rows by",
                "their texts (which then differ); a recorded snapshot that UIKit refused is restaged so.",
                "Without --data-only the list shows the rows (reloadData). With it, the rows provider's data",
                "changes and the list is not told, as an app's data source changes before its batch update:",
                "the 'batch' that follows is checked against it by UIKit's rules.",
                "A UIKit table or collection view from a test writes its steps this way (UIKitTranscripts).",
            ],
            examples: [
                #"rows "Ada" "Bob" detail "555-0102" "Cy""#,
                #"rows section title "Today" "Ada" "Bob" section title "Later" "Cy""#,
            ],
            completes: { context in
                switch context.last {
                case "", "--data-only", "--keyed": ["--data-only", "--keyed", "section"].filter { $0 != context.last }
                case "section": ["title"]
                case "title", "detail": []
                default: ["section", "detail"]
                }
            }
        ) { context, arguments in
            let dataOnly = arguments.take("--data-only")
            let keyed = arguments.take("--keyed")
            let rows = try RowsLiteral(&arguments, keyed: keyed)
            guard dataOnly else {
                try context.showRows(rows)
                return
            }
            try context.changeRowsQuietly(to: rows)
        }
    ]
}
