import ListLabCore
import ListLabPictures
import ListLabRecords

extension FieldNameList {
    /// The width of a column of field names as printed: the longest name's
    /// of those up to 32 characters (a longer name runs past it, where one
    /// name of 64 KiB padded every line of `fields` to its length).
    fileprivate static func columnWidth(_ names: [String]) -> Int {
        names.lazy.map(\.visibleWidth).filter { $0 <= 32 }.max() ?? 0
    }
}

extension CommandContext {
    fileprivate func show(_ arguments: inout Arguments) throws {
        let loaded = try current()
        var range: PathRange?
        var all = false
        var json = false
        while let token = arguments.peek {
            switch token.stringValue {
            case "--svg"?:
                _ = arguments.next()
                try showPicture(&arguments, of: loaded)
                return
            case "--all"?:
                all = true
                _ = arguments.next()
            case "--json"?:
                json = true
                _ = arguments.next()
            default:
                guard range == nil else {
                    try arguments.expectEnd()
                    return
                }
                range = try arguments.range()
            }
        }
        if let range {
            try list.validate(range.first)
            try list.validate(range.last)
        }
        if json {
            let paths = range?.paths ?? (presentation.diffable == nil ? loaded.allPaths : listPaths)
            for path in paths {
                if let record = shownRecord(at: path, in: loaded) { output.write(record.jsonText) }
            }
            return
        }
        if let range {
            for path in range.paths {
                let mark = list.selectedPaths.contains(path) ? " * " : "   "
                let line =
                    list.line(forItemAt: path)
                    ?? "\(path)  \(offScreenText(at: path, in: loaded))  (off screen: no cell)"
                output.write(mark + line)
            }
            return
        }
        if all, presentation.diffable != nil {
            // The list's sections and items, as the applied snapshot has them.
            for section in 0..<list.numberOfSections {
                if let header = list.headerTitle(inSection: section) { output.write("== \(header) ==") }
                for item in 0..<list.numberOfItems(inSection: section) {
                    let path = ItemPath(section, item)
                    let mark = list.selectedPaths.contains(path) ? " * " : "   "
                    output.write("\(mark)\(path)  \(offScreenText(at: path, in: loaded))")
                }
            }
            return
        }
        if all {
            for section in 0..<loaded.provider.numberOfSections {
                let (presenter, local) = loaded.presenter(forSection: section)
                let count = loaded.provider.numberOfItems(inSection: section)
                let info = SectionInfo(index: local, title: loaded.provider.title(ofSection: section), itemCount: count)
                if let header = presenter.headerTitle(for: info) { output.write("== \(header) ==") }
                for item in 0..<count {
                    let path = ItemPath(section, item)
                    let mark = list.selectedPaths.contains(path) ? " * " : "   "
                    output.write("\(mark)\(path)  \(offScreenText(at: path, in: loaded))")
                }
                if let footer = presenter.footerTitle(for: info) { output.write("-- \(footer) --") }
            }
            return
        }
        for line in list.render() { output.write(line) }
    }

    fileprivate func offScreenText(at path: ItemPath, in loaded: LoadedProvider) -> String {
        guard let record = shownRecord(at: path, in: loaded) else {
            return presentation.diffable == nil ? "" : "(no item for its identifier in \(loaded.name))"
        }
        // A registered provider's item as its own presenter configures a cell.
        if let (_, instance) = loaded.registered, presentation.diffable == nil {
            return instance.cellLine(at: path) ?? loaded.text(of: record, at: path)
        }
        return loaded.presenter(forSection: presentation.diffable == nil ? path.section : 0).presenter.text(for: record)
    }

    /// `show --svg FILE [--force]`: the screen as an SVG picture.
    fileprivate func showPicture(_ arguments: inout Arguments, of loaded: LoadedProvider) throws {
        let file = try arguments.string("a FILE for the picture")
        let force = arguments.peek?.stringValue == "--force"
        if force { _ = arguments.next() }
        try arguments.expectEnd()
        try workspace.checkCanWrite("show --svg")
        try workspace.writeNewFile(
            ScreenDrawing(title: loaded.name).document(presentation.screen), to: file, force: force)
        output.write("drew \(presentation.viewportSummary) of \(loaded.name) in \(file)")
    }

    /// Every path the list shows, in order.
    private var listPaths: [ItemPath] {
        (0..<list.numberOfSections).flatMap { section in
            (0..<list.numberOfItems(inSection: section)).map { ItemPath(section, $0) }
        }
    }

    /// The record the list shows at `path` (``Presentation/shownRecord(at:in:)``).
    func shownRecord(at path: ItemPath, in loaded: LoadedProvider) -> Record? {
        presentation.shownRecord(at: path, in: loaded)
    }
}

extension Command {
    static let listCommands: [Command] = [
        Command(
            name: "show", usage: "show [PATH | RANGE] [--all] [--json] | show --svg FILE [--force]",
            summary: "renders what the list shows: headers, cells, selection marks, reused cells",
            details: [
                "With PATH or RANGE, those items (off-screen ones have no cell); --all lists every item",
                "as its cell would show it; --json prints the items' records, one per line.",
                "--svg FILE draws the screen as a picture of a phone (an SVG file; --force replaces one).",
            ],
            examples: ["show", "show 0.2-0.4", "show --all", "show 1 --json", "show --svg screen.svg --force"],
            alwaysDraws: true,
            completes: { _ in ["--all", "--json", "--svg"] }
        ) { context, arguments in
            try context.show(&arguments)
        },
        Command(
            name: "select", usage: "select PATH | KEY=VALUE",
            summary: "selects an item as a tap does: the list marks it and tells its delegate, which prints the item",
            examples: ["select 0.2", "select 2", "select id=3"],
            completes: { context in context.arguments.isEmpty ? context.itemNames : [] },
            run: { context, arguments in
                let loaded = try context.current()
                let path = try context.listPath(named: &arguments, in: loaded)
                try arguments.expectEnd()
                try context.list.selectItem(at: path)
            }
        ),
        Command(
            name: "deselect", usage: "deselect [PATH]", summary: "deselects an item, or every selected item",
            examples: ["deselect", "deselect 0.2"],
            completes: { context in context.arguments.isEmpty ? context.selectedPaths : [] },
            run: { context, arguments in
                _ = try context.current()
                if arguments.isAtEnd {
                    let selected = context.list.selectedPaths
                    guard !selected.isEmpty else {
                        context.output.write("nothing is selected")
                        return
                    }
                    context.list.deselectAll()
                    context.output.write("deselected \(selected.map(\.description).joined(separator: ", "))")
                    return
                }
                let path = try arguments.path()
                try arguments.expectEnd()
                try context.list.validate(path)
                guard context.list.selectedPaths.contains(path) else {
                    context.output.write("\(path) is not selected")
                    return
                }
                context.list.deselectItem(at: path)
                context.output.write("deselected \(path)")
            }
        ),
        Command(
            name: "viewport", usage: "viewport ROWS", summary: "sets how many rows the list shows (1 to 1000)",
            examples: ["viewport 5"],
            completes: { context in context.arguments.isEmpty ? [String(context.presentation.list.viewportRows)] : [] },
            run: { context, arguments in
                let range = HeadlessList.viewportRange
                if let token = arguments.peek, case .word(let text) = token.kind, text.allSatisfy(\.isNumber),
                    Int(text) == nil
                {
                    // Too many digits for an Int: the same message as any count outside the range.
                    throw ShellError(
                        .usage(
                            "a viewport of \(text) rows is not possible: choose \(range.lowerBound) to "
                                + "\(range.upperBound)"
                        ),
                        column: token.column)
                }
                let rows = try arguments.integer("ROWS", in: Int.min...Int.max)
                try arguments.expectEnd()
                if let most = context.presentation.viewportLimit, rows > most {
                    throw ShellError(
                        .overBound(
                            "a viewport of \(rows) rows: this session shows at most \(most) (each row is drawn in "
                                + "every picture)"
                        )
                    )
                }
                try context.list.setViewportRows(rows)
                context.output.write(
                    "viewport \(rows) \(rows == 1 ? "row" : "rows"): \(context.presentation.viewportSummary)")
            }
        ),
        Command(
            name: "scroll", usage: "scroll top | bottom | PATH | +N | -N", summary: "moves the visible window",
            examples: ["scroll bottom", "scroll +3", "scroll 0.6"],
            completes: { context in context.arguments.isEmpty ? ["top", "bottom"] : [] },
            run: { context, arguments in
                _ = try context.current()
                guard let token = arguments.next() else { throw arguments.missing("a place to scroll to") }
                try arguments.expectEnd()
                let text = token.stringValue ?? token.text
                switch text.lowercased() {
                case "top": context.list.scrollToTop()
                case "bottom": context.list.scrollToBottom()
                case _ where text.hasPrefix("+") || text.hasPrefix("-"):
                    let digits = text.dropFirst()
                    guard !digits.isEmpty, digits.allSatisfy(\.isNumber) else {
                        throw ShellError(
                            .expected("+N or -N (a whole number of rows)", found: text), column: token.column)
                    }
                    let rows = Int(digits) ?? Int.max
                    context.list.scroll(by: text.hasPrefix("-") ? -rows : rows)
                case _ where text.first?.isNumber == true:
                    let path = try PathRange.path(text, column: token.column)
                    try context.list.scrollToItem(at: path)
                default:
                    throw ShellError(.expected("top, bottom, a PATH, +N or -N", found: text), column: token.column)
                }
                context.output.write("scrolled: \(context.presentation.viewportSummary)")
            }
        ),
        Command(
            name: "inspect", usage: "inspect PATH | KEY=VALUE",
            summary: "prints every field of one item, with its type",
            examples: ["inspect 0.2", "inspect id=3"],
            completes: { context in context.arguments.isEmpty ? context.itemNames : [] },
            run: { context, arguments in
                let loaded = try context.current()
                let record: Record
                let label: String
                if context.presentation.diffable != nil, case .word? = arguments.peek?.kind {
                    // What the list shows: under a whole-record identifier, the record it stands for.
                    let path = try arguments.path()
                    try context.list.validate(path)
                    guard let shown = context.presentation.shownRecord(at: path, in: loaded) else {
                        throw ShellError(
                            .invalidData("the item at \(path) has an identifier with no record in \(loaded.name)"))
                    }
                    (record, label) = (shown, "\(path)")
                } else {
                    let named = try context.namedItem(&arguments, in: loaded)
                    if let problem = loaded.registered?.instance.encodingProblem(at: named.dataPath) {
                        throw ShellError(.unsupported(problem))
                    }
                    (record, label) = (
                        try loaded.provider.checkedItem(at: named.dataPath),
                        named.isByKey ? "\(named.dataPath)" : named.label
                    )
                }
                try arguments.expectEnd()
                let key = loaded.keyField.map { " (key \($0) = \(record[$0]?.jsonText ?? "null"))" } ?? ""
                context.output.write("\(label)\(key)")
                let width = FieldNameList.columnWidth(record.schema.names)
                for field in record.fields {
                    context.output.write(
                        "  \(field.name.padded(to: width))  \(field.value.jsonText)  (\(field.value.shownKind))")
                }
            }
        ),
        Command(
            name: "fields", usage: "fields",
            summary: "lists the fields of the provider shown, with the kinds of values each holds",
            details: [
                "Counts every item's value of each field by kind (null, bool, int, double, number, string, date, "
                    + "array, object);",
                "a date is text in ISO 8601 (2026-11-28, 2026-11-28T09:30:00Z), as a Swift Date of your own type is "
                    + "held.",
            ],
            examples: ["fields"],
            run: { context, arguments in
                try arguments.expectEnd()
                let loaded = try context.current()
                let items = loaded.provider.numberOfItems
                let key = loaded.keyField.map { ", key \($0)" } ?? ""
                context.output.write(
                    "\(loaded.name): \(loaded.fieldNames.count) fields, \(items) \(items == 1 ? "item" : "items")\(key)"
                )
                let width = FieldNameList.columnWidth(loaded.fieldNames)
                let kinds = ["null", "bool", "int", "double", "number", "string", "date", "array", "object"]
                for (field, counts) in zip(loaded.fieldNames, loaded.kindCountsWithDates(ofFields: loaded.fieldNames)) {
                    // Printed in a fixed order of kinds, so the output is the same in every process.
                    let held = kinds.compactMap { kind in counts[kind].map { "\(kind) \($0)" } }
                    context.output.write("  \(field.padded(to: width))  \(held.joined(separator: ", "))")
                }
            }
        ),
    ]
}
