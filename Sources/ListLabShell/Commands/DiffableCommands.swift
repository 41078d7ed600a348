import Interruption
import ListLabCore
import ListLabFiles
import ListLabRecords

extension CompletionContext {
    /// What TAB offers after `snapshot`.
    fileprivate var snapshotCompletions: [String] {
        guard let mode = presentation.diffable, let first = arguments.first?.lowercased() else {
            return ["show", "new"] + SnapshotOperation.all.map(\.name)
        }
        if first == "new" {
            return arguments.count == 1 ? ["from"] : arguments.count == 2 ? ["data", "applied"] : []
        }
        let items = mode.identity == .key ? mode.pending.itemIdentifiers.prefix(1_000).map(\.jsonText) : []
        return SnapshotOperation.named(first)?.completions(
            last: last, sections: mode.pending.sectionIdentifiers, items: items) ?? []
    }
}

extension DiffableMode {
    /// The data as an outline: each item under the item whose key its
    /// `parentField` holds (a root when it holds null), in the data's order.
    ///
    /// - Throws: For a parent key that no item has, or items whose parents
    ///   form a cycle (none of them reaches a root).
    fileprivate func outline(parentField: String, keyField: String) throws -> DiffableSectionSnapshot<Value> {
        try loaded.checkRecordsOfEveryItem(for: "outline")
        var records: [Record] = []
        for (index, path) in loaded.allPaths.enumerated() {
            if index & 0x3FFF == 0x3FFF { try Interruption.check() }
            if let record = loaded.provider.item(at: path) { records.append(record) }
        }
        var childrenByParent: [Value: [Value]] = [:]
        var roots: [Value] = []
        var keys: Set<Value> = []
        for record in records { keys.insert(loaded.records.keyIdentity(of: record[keyField] ?? .null)) }
        for record in records {
            let id = identifiers.identifier(of: record)
            let parent = record[parentField] ?? .null
            if parent == .null {
                roots.append(id)
            } else {
                let parentKey = loaded.records.keyIdentity(of: parent)
                guard keys.contains(parentKey) else {
                    throw ShellError(
                        .invalidData(
                            "\(keyField)=\(id.jsonText) has \(parentField)=\(parent.jsonText), and no item has that "
                                + "\(keyField)"
                        )
                    )
                }
                childrenByParent[parentKey, default: []].append(id)
            }
        }
        var outline = DiffableSectionSnapshot<Value>()
        try outline.append(roots)
        // Level by level (not recursively: a long chain of parents must not
        // exhaust the stack). Each parent's children keep the data's order.
        var level = roots
        while !level.isEmpty {
            var next: [Value] = []
            for parent in level {
                let children = childrenByParent[loaded.records.keyIdentity(of: parent)] ?? []
                try outline.append(children, to: parent)
                next += children
            }
            level = next
        }
        if outline.items.count < records.count {
            let lost = records.map(identifiers.identifier(of:)).filter { !outline.contains($0) }
            throw ShellError(
                .invalidData(
                    "the parents of \(lost.prefix(5).map(\.jsonText).joined(separator: ", ")) form a cycle: none of them reaches a root"
                )
            )
        }
        return outline
    }
}

extension CommandContext {
    // MARK: - diffable

    fileprivate func diffableCommand(_ arguments: inout Arguments) throws {
        if arguments.isAtEnd {
            guard let diffable = presentation.diffable else {
                output.write("diffable off: the adapter shows \(try current().name)")
                return
            }
            output.write(
                "diffable on by \(diffable.identity.rawValue): \(diffable.loaded.name), applied "
                    + "\(counts(diffable.dataSource.snapshot())), pending \(counts(diffable.pending))"
            )
            return
        }
        let state = try Command.diffableWords.read(&arguments)
        let loaded = try current()
        if state == "off" {
            try arguments.expectEnd()
            guard presentation.diffable != nil, let index = workspace.currentIndex else {
                output.write("diffable is off already")
                return
            }
            presentation.diffable = nil
            activate(index)
            output.write(
                "diffable off: the adapter shows \(loaded.name) again (reloadData): \(loaded.countDescription)")
            return
        }
        var identity = DiffableIdentifiers.Identity.key
        if arguments.take("by") {
            identity =
                try arguments.choice("'key' or 'value'", DiffableIdentifiers.Identity.allCases.map(\.rawValue))
                == "value" ? .value : .key
        }
        try arguments.expectEnd()
        if loaded.composite != nil || loaded.paged != nil {
            throw ShellError(
                .wrongKind(
                    command: "diffable", worksOn: ProviderKinds.arraySectionedAndFile, dataset: loaded.name,
                    kind: loaded.kindWithArticle, hint: nil)
            )
        }
        if loaded.registered != nil, identity == .key, loaded.keyField == nil {
            identity = .value
        }
        if identity == .key, loaded.keyField == nil {
            throw ShellError(
                .unsupported(
                    "\(loaded.name) has no key to identify its items by: 'diffable on by value', or load it with 'key "
                        + "FIELD'"
                )
            )
        }
        // A filter on a file provider's columns keeps the hidden rows in the provider, where a diffable
        // data source's filter, a new snapshot, cannot reach them (a filter or 'filter off' after it trapped).
        if let filter = loaded.filter, loaded.file?.activeFilter != nil {
            throw ShellError(
                .filterOn(command: "diffable on", field: filter.field, value: filter.value)
            )
        }
        try checkDiffableLimit(loaded.provider.numberOfItems, "diffable on", of: loaded)
        let identifiers = DiffableIdentifiers(loaded: loaded, identity: identity)
        let snapshot = try withProgress("identifying the items of \(loaded.name)", on: loaded) {
            let snapshot = try identifiers.dataSnapshot()
            try identifiers.indexKeys()
            return snapshot
        }
        let mode = DiffableMode(identifiers: identifiers, snapshot: snapshot, list: list) { [output] path, record in
            let text = record.map { loaded.text(of: $0, at: path) } ?? "(no item for its identifier in \(loaded.name))"
            output.write("selected \(path): \(text)")
        }
        presentation.diffable = mode
        let what = identity == .key ? "its key \(loaded.keyField ?? "")" : "its whole record"
        output.write("diffable on: a diffable data source shows \(loaded.name), each item identified by \(what)")
        output.write("applied with reloadData: \(counts(mode.pending))")
    }

    /// Throws when a diffable data source would hold more than the
    /// session's bound on items (a classroom tab's).
    fileprivate func checkDiffableLimit(_ count: Int, _ command: String, of loaded: LoadedProvider?) throws {
        guard let most = presentation.diffableItemLimit, count > most else { return }
        let what = loaded.map { "'\($0.name)' has \(count)" } ?? "the snapshot would hold \(count)"
        throw ShellError(
            .overBound(
                "\(command): a diffable data source holds at most \(most) items in this session, and \(what) (filter "
                    + "it first)"
            )
        )
    }

    // MARK: - snapshot

    /// The diffable mode, or the error that says how to turn it on.
    fileprivate func diffableMode(for command: String) throws -> DiffableMode {
        _ = try current()
        guard let diffable = presentation.diffable else {
            throw ShellError(.needsDiffable(command: command))
        }
        return diffable
    }

    fileprivate func snapshotCommand(_ arguments: inout Arguments) throws {
        let mode = try diffableMode(for: "snapshot")
        if arguments.isAtEnd || arguments.take("show") {
            try arguments.expectEnd()
            showSnapshots(mode)
            return
        }
        if arguments.take("new") {
            var snapshot = DiffableSnapshot<String, Value>()
            var source = "an empty snapshot"
            if arguments.take("from") || !arguments.isAtEnd {
                let from = try arguments.choice("'data' or 'applied'", ["data", "applied"])
                if from == "data" {
                    try checkDiffableLimit(
                        mode.loaded.provider.numberOfItems, "snapshot new from data", of: mode.loaded)
                }
                snapshot =
                    from == "data"
                    ? try withProgress("building the data's snapshot of \(mode.loaded.name)", on: mode.loaded) {
                        try mode.identifiers.dataSnapshot()
                    }
                    : mode.dataSource.snapshot()
                source = from == "data" ? "the data's snapshot" : "the applied snapshot"
            }
            try arguments.expectEnd()
            mode.pending = snapshot
            output.write("pending: \(source), \(counts(snapshot))")
            return
        }
        guard let token = arguments.next() else { throw arguments.missing("an operation") }
        let typed = token.stringValue ?? token.text
        let names = SnapshotOperation.all.map(\.name)
        guard let operation = SnapshotOperation.named(typed) else {
            let suggestion = Suggestion.nearest(to: typed, in: names).map { " (did you mean '\($0)'?)" } ?? ""
            throw ShellError(
                .notFound("no snapshot operation '\(typed)'\(suggestion): show, new, \(names.joined(separator: ", "))"),
                column: token.column)
        }
        if operation.name == "reconfigureItems" {
            try requireIOS(
                .reconfiguring, "reconfigureItemsWithIdentifiers:", of: "NSDiffableDataSourceSnapshot",
                column: token.column)
        }
        // The operation works on a copy: the pending snapshot is as it was when it throws.
        var call = SnapshotCall(
            operation: operation.name, arguments: arguments, snapshot: mode.pending, mode: mode,
            iOSVersion: list.iOSVersion)
        let written = try operation.run(&call)
        arguments = call.arguments
        guard !operation.isQuery else {
            output.write(written)
            return
        }
        if let warning = call.warning { output.write(warning.description) }
        try checkDiffableLimit(call.snapshot.numberOfItems, operation.name, of: nil)
        mode.pending = call.snapshot
        output.write("\(written): \(counts(call.snapshot))")
    }

    // MARK: - apply

    fileprivate func applyCommand(_ arguments: inout Arguments) throws {
        let mode = try diffableMode(for: "apply")
        let withoutAnimation = arguments.take("--no-animation")
        let reloadingData = !withoutAnimation && arguments.take("--reload-data")
        try arguments.expectEnd()
        let snapshot = mode.pending
        // The cells of the applied items are found by key: indexed here, where a stop can end the command.
        try withProgress("indexing the items of \(mode.loaded.name) by key", on: mode.loaded) {
            try mode.identifiers.indexKeys()
        }
        if reloadingData {
            try requireIOS(.reconfiguring, "applySnapshotUsingReloadData:completion:", of: diffableDataSourceClass)
            mode.dataSource.applySnapshotUsingReloadData(snapshot)
            mode.pending = snapshot.unmarked
            output.write("applied with reloadData (no diff): \(counts(snapshot))")
            return
        }
        // The core decides what an apply without animation is in the list's iOS version.
        var outcome = StagedUpdate.Outcome.unchanged
        let performed = try applyToList {
            let applied = try mode.dataSource.apply(snapshot, animatingDifferences: !withoutAnimation)
            outcome = applied.outcome
            return applied
        }
        mode.pending = snapshot.unmarked
        if withoutAnimation, outcome == .reloadedData, performed.isEmpty {
            output.write("applied without animation, which before iOS 15 is reloadData (no diff): \(counts(snapshot))")
            return
        }
        let how = withoutAnimation ? " without animation (still a diff, as UIKit since iOS 15)" : ""
        guard !performed.isEmpty else {
            output.write(
                "applied\(how): no changes (identifiers and order are the same; content is not compared: "
                    + "reconfigureItems or reloadItems update cells)"
            )
            return
        }
        output.write("applied\(how): \(summary(of: performed))")
        for stage in performed { output.write("  \(stage)") }
    }

    /// Runs `apply` (a data source's apply) and returns the batch updates it
    /// performed; a refused one is a bug in ListLab, said as such.
    fileprivate func applyToList(_ apply: () throws -> (outcome: StagedUpdate.Outcome, stages: [BatchUpdate])) throws
        -> [BatchUpdate]
    {
        do {
            return try apply().stages
        } catch let error as BatchUpdateError where error.itemWithoutCell != nil {
            // The cell provider found no record for an identifier: UIKit raises; the data source
            // and the list are as they were.
            throw ShellError(.ruleBroken(error.description))
        } catch let error as BatchUpdateError {
            // The data source computed the update, so the list refusing it is a bug.
            list.reloadData()
            throw ShellError(.refused(error))
        } catch {
            list.reloadData()
            throw error
        }
    }

    // MARK: - outline

    fileprivate func outlineCommand(_ arguments: inout Arguments) throws {
        let mode = try diffableMode(for: "outline")
        try requireIOS(
            .sectionSnapshots, "applySnapshot:toSection:animatingDifferences:completion:", of: diffableDataSourceClass)
        guard mode.identity == .key, let keyField = mode.loaded.keyField else {
            throw ShellError(.needsFirst("an outline names items by their keys: 'diffable on by key' first"))
        }
        let section = DiffableIdentifiers.mainSection
        guard !mode.identifiers.sectionsAreTitled else {
            throw ShellError(
                .unsupported("an outline is one section of items, and \(mode.loaded.name) is grouped into sections"))
        }
        var outline = mode.dataSource.snapshot(for: section)
        if arguments.isAtEnd {
            guard !outline.items.isEmpty else {
                output.write("the outline is empty")
                return
            }
            try withProgress("indexing the items of \(mode.loaded.name) by key", on: mode.loaded) {
                try mode.identifiers.indexKeys()
            }
            for (index, item) in outline.items.enumerated() {
                if index & 0x3FFF == 0x3FFF { try Interruption.check() }
                let children = !outline.children(of: item).isEmpty
                let mark = children ? (outline.isExpanded(item) ? "- " : "+ ") : "  "
                let text =
                    mode.identifiers.record(for: item).map { mode.loaded.text(of: $0, at: ItemPath(0, 0)) }
                    ?? "(no item with this key)"
                let hidden = outline.isVisible(item) ? "" : "  (hidden)"
                output.write(
                    String(repeating: "  ", count: outline.level(of: item) ?? 0) + mark
                        + "\(item.jsonText)  \(text)\(hidden)")
            }
            return
        }
        let verb = try Command.outlineWords.read(&arguments)
        let said: String
        if verb == "by" {
            let fieldToken = arguments.peek
            let field = try arguments.string("a FIELD")
            try arguments.expectEnd()
            try checkField(field, in: mode.loaded, column: fieldToken?.column)
            try checkDiffableLimit(mode.loaded.provider.numberOfItems, "outline by", of: mode.loaded)
            outline = try mode.outline(parentField: field, keyField: keyField)
            said = "outline by \(field): \(outline.rootItems.count) roots, \(outline.items.count) items"
        } else if verb == "append" || verb == "insert" {
            said = try changeOutline(&outline, verb: verb, arguments: &arguments, mode: mode)
        } else {
            var ids: [Value] = []
            var skipped: [Value] = []
            while let token = arguments.next() {
                try Interruption.check()
                guard let text = token.stringValue else {
                    throw ShellError(.expected("an ID", found: token.text), column: token.column)
                }
                let id = try mode.identifier(
                    named: token.kind == .quoted(text) ? .string(text) : Tokenizer.typedValue(text))
                // UIKit skips an identifier the section snapshot does not hold, without a word
                // (NSDiffableDataSourceSectionSnapshot.mm, decompiled from iOS 26.1); ListLab says so.
                if outline.contains(id) { ids.append(id) } else { skipped.append(id) }
            }
            guard !ids.isEmpty || !skipped.isEmpty else { throw arguments.missing("an ID") }
            if verb == "expand" { outline.expand(ids) } else { outline.collapse(ids) }
            let done =
                ids.isEmpty
                ? [] : ["\(verb == "expand" ? "expanded" : "collapsed") \(ids.map(\.jsonText).joined(separator: ", "))"]
            let notThere =
                skipped.isEmpty
                ? []
                : [
                    "\(skipped.map(\.jsonText).joined(separator: ", ")) not in the section snapshot: skipped, as UIKit skips it"
                ]
            said = (done + notThere).joined(separator: "; ")
        }
        // An outline's items, hidden ones too, count against the session's bound.
        try checkDiffableLimit(outline.items.count, "outline \(verb)", of: nil)
        let performed = try applyToList { try mode.dataSource.apply(outline, to: section) }
        mode.pending = mode.dataSource.snapshot()
        let visible = outline.visibleItems.count
        output.write("\(said); \(visible) visible: " + (performed.isEmpty ? "no changes" : summary(of: performed)))
        for stage in performed { output.write("  \(stage)") }
    }

    /// `outline append ID ... [under PARENT]` and `outline insert ID ...
    /// before|after ID`: the section snapshot's own checks decide, in UIKit's words.
    fileprivate func changeOutline(
        _ outline: inout DiffableSectionSnapshot<Value>, verb: String, arguments: inout Arguments, mode: DiffableMode
    ) throws -> String {
        let keywords = verb == "append" ? ["under"] : ["before", "after"]
        var ids: [Value] = []
        while let token = arguments.peek, !keywords.contains(token.text) {
            _ = arguments.next()
            try Interruption.check()
            guard let text = token.stringValue else {
                throw ShellError(.expected("an ID", found: token.text), column: token.column)
            }
            ids.append(
                try mode.identifier(named: token.kind == .quoted(text) ? .string(text) : Tokenizer.typedValue(text)))
        }
        guard !ids.isEmpty else { throw arguments.missing("an ID") }
        let listed = ids.map(\.jsonText).joined(separator: ", ")
        if verb == "append" {
            var parent: Value?
            if arguments.take("under") {
                let token = arguments.peek
                let text = try arguments.string("a PARENT")
                parent = try mode.identifier(
                    named: token?.kind == .quoted(text) ? .string(text) : Tokenizer.typedValue(text))
            }
            try arguments.expectEnd()
            try outline.append(ids, to: parent)
            return "appended \(listed)\(parent.map { " under \($0.jsonText)" } ?? "")"
        }
        let place = try arguments.choice("'before' or 'after'", ["before", "after"])
        let token = arguments.peek
        let text = try arguments.string("an ID")
        let destination = try mode.identifier(
            named: token?.kind == .quoted(text) ? .string(text) : Tokenizer.typedValue(text))
        try arguments.expectEnd()
        if place == "before" {
            try outline.insert(ids, before: destination)
        } else {
            try outline.insert(ids, after: destination)
        }
        return "inserted \(listed) \(place) \(destination.jsonText)"
    }

    // MARK: - Showing snapshots

    /// `2 sections, 9 items`.
    func counts(_ snapshot: DiffableSnapshot<String, Value>) -> String {
        let sections = snapshot.numberOfSections
        let items = snapshot.numberOfItems
        return "\(sections) \(sections == 1 ? "section" : "sections"), \(items) \(items == 1 ? "item" : "items")"
    }

    /// The lines that list `snapshot`'s sections and items (at most 20 a
    /// section; whole records one a line).
    fileprivate func lines(of snapshot: DiffableSnapshot<String, Value>, in mode: DiffableMode) -> [String] {
        let shown = 20
        var lines: [String] = []
        for section in snapshot.sectionIdentifiers {
            let items = (try? snapshot.itemIdentifiers(inSection: section)) ?? []
            let more = items.count > shown ? ", … (\(items.count - shown) more)" : ""
            if mode.identity == .value {
                lines.append("  \(section):" + (items.isEmpty ? " (no items)" : ""))
                lines += items.prefix(shown).map { "    \($0.jsonText)" }
                if items.count > shown { lines.append("    … (\(items.count - shown) more)") }
            } else {
                lines.append(
                    "  \(section): "
                        + (items.isEmpty
                            ? "(no items)" : items.prefix(shown).map(\.jsonText).joined(separator: ", ") + more))
            }
        }
        var marks: [String] = []
        if !snapshot.reloadedSectionIdentifiers.isEmpty {
            marks.append("reload sections " + snapshot.reloadedSectionIdentifiers.joined(separator: ", "))
        }
        if !snapshot.reloadedItemIdentifiers.isEmpty {
            marks.append(
                "reload "
                    + snapshot.reloadedItemIdentifiers.map(mode.identifiers.shortText(of:)).joined(separator: ", "))
        }
        if !snapshot.reconfiguredItemIdentifiers.isEmpty {
            marks.append(
                "reconfigure "
                    + snapshot.reconfiguredItemIdentifiers.map(mode.identifiers.shortText(of:)).joined(separator: ", "))
        }
        if !marks.isEmpty { lines.append("  marked: " + marks.joined(separator: "; ")) }
        return lines
    }

    /// `snapshot`: the applied snapshot, the pending one, and what applying would do.
    fileprivate func showSnapshots(_ mode: DiffableMode) {
        let applied = mode.dataSource.snapshot()
        let pending = mode.pending
        output.write("applied: \(counts(applied))")
        for line in lines(of: applied, in: mode) { output.write(line) }
        let marked =
            !pending.reloadedItemIdentifiers.isEmpty || !pending.reconfiguredItemIdentifiers.isEmpty
            || !pending.reloadedSectionIdentifiers.isEmpty
        if pending == applied, !marked {
            output.write("pending: the same")
            return
        }
        output.write("pending: \(counts(pending))")
        for line in lines(of: pending, in: mode) { output.write(line) }
        let staged = DiffableDataSource<String, Value>.stagedUpdate(from: applied, to: pending)
        guard !staged.stages.isEmpty else {
            output.write("apply would change nothing")
            return
        }
        output.write("apply would make \(summary(staged))")
        for stage in staged.stages { output.write("  \(stage)") }
    }
}

extension Command {
    /// `diffable`'s words.
    static let diffableWords = CommandWords(words: [("on", "on [by key | by value]"), ("off", "off")])

    /// `outline`'s words.
    static let outlineWords = CommandWords(words: [
        ("by", "by FIELD"), ("expand", "expand ID ..."), ("collapse", "collapse ID ..."),
        ("append", "append ID ... [under PARENT]"),
        ("insert", "insert ID ... before|after ID"),
    ])
    static let diffableCommands: [Command] = [
        Command(
            name: "diffable", usage: "diffable [" + diffableWords.usage + "]",
            summary:
                "shows the list through a diffable data source (snapshots and apply) instead of the adapter, or back",
            details: [
                "The snapshot is the provider's part, the cell provider (which finds the identifier's record",
                "and has the presenter configure a cell) the presenter's, the data source the adapter's.",
                "Identifiers are the items' keys ('by key', the default) or, to show the pitfall, whole",
                "records ('by value': a changed record is a delete and an insert). Sections are named by",
                "their titles, or 'main'; a header shows its section's identifier ('main' has none).",
                "While it is on, changes reach the data only: the list changes when a snapshot is",
                "applied ('snapshot', 'apply'). PATHs of changes name the data's items; show, select",
                "and inspect name the list's. load, use, bind and compose turn it off.",
            ],
            examples: ["diffable on", "diffable on by value", "diffable off", "diffable"],
            completes: { context in
                switch context.arguments.map({ $0.lowercased() }) {
                case []: diffableWords.names
                case ["on"]: ["by"]
                case ["on", "by"]: DiffableIdentifiers.Identity.allCases.map(\.rawValue)
                default: []
                }
            }
        ) { context, arguments in
            try context.diffableCommand(&arguments)
        },
        Command(
            name: "snapshot", usage: "snapshot [show | new [from data | from applied] | OPERATION ...]",
            summary: "builds the pending snapshot with UIKit's operations; alone, shows it against the applied one",
            details: [
                "new: an empty snapshot; 'from data': the data's sections and identifiers; 'from applied':",
                "dataSource.snapshot(). Operations, as NSDiffableDataSourceSnapshot names them:",
            ] + SnapshotOperation.helpLines + [
                "An ID is a key (42, \"ab\"); by value, a key names its whole record. Where UIKit raises, the",
                "error is UIKit's reason and the snapshot is unchanged; where it only logs, so does this.",
                "Docs/uikit-rules.md lists every rule, with UIKit's words and their public source.",
            ],
            examples: [
                "snapshot", "snapshot new from data", "snapshot appendSections Extra",
                "snapshot appendItems 9 toSection main",
                "snapshot moveItem 1 afterItem 3", "snapshot deleteItems 2", "snapshot reconfigureItems 4",
                "snapshot itemIdentifiers inSection main",
            ],
            speaksUIKitWords: true,
            completes: { context in context.snapshotCompletions }
        ) { context, arguments in
            try context.snapshotCommand(&arguments)
        },
        Command(
            name: "apply", usage: "apply [--no-animation | --reload-data]",
            summary:
                "applies the pending snapshot: the staged batch updates from the applied one, printed as performed",
            details: [
                "apply(_:animatingDifferences:) diffs by identifier (with or without animation, as UIKit",
                "since iOS 15), then reloads and reconfigures what the snapshot marks; content is not",
                "compared. --reload-data: applySnapshotUsingReloadData, no diff.",
            ],
            examples: ["apply", "apply --no-animation", "apply --reload-data"],
            completes: { context in context.arguments.isEmpty ? ["--no-animation", "--reload-data"] : [] }
        ) { context, arguments in
            try context.applyCommand(&arguments)
        },
        Command(
            name: "outline", usage: "outline [" + outlineWords.usage + "]",
            summary:
                "shows a section as an outline (a section snapshot): items under their parents, expanded or collapsed",
            details: [
                "by FIELD: each item's FIELD holds its parent's key (null for a root); the section snapshot",
                "is applied to the section, parents collapsed, as NSDiffableDataSourceSectionSnapshot starts.",
                "expand and collapse apply it again: the children appear or go as batch inserts and deletes.",
                "append and insert add identifiers to the section snapshot (under PARENT, or beside ID) and",
                "apply it, with the section snapshot's rules (Docs/uikit-rules.md): an identifier must be new,",
                "a parent or destination must be in it, and the cell provider must find a record for each.",
                "Alone: the outline, '-' expanded and '+' collapsed parents. Needs 'diffable on' (by key).",
            ],
            examples: [
                "outline by parent", "outline expand 1", "outline collapse 1", "outline append 30 under 1",
                "outline insert 31 after 2", "outline",
            ],
            completes: { context in
                switch context.arguments.count {
                case 0: outlineWords.names
                case 1 where context.last == "by": context.fieldNames
                default:
                    context.presentation.diffable.map { mode in
                        mode.dataSource.snapshot(for: DiffableIdentifiers.mainSection).items.prefix(1_000).map(
                            \.jsonText)
                    } ?? []
                }
            }
        ) { context, arguments in
            try context.outlineCommand(&arguments)
        },
    ]
}
