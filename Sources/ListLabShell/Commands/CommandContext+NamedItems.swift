import ListLabCore
import ListLabRecords

/// An item a command names: by a PATH, as the list shows it, or by its key
/// (`id=3`); and where the data holds it.
struct NamedItem {
    /// The item's path in the provider's data, where a change is made.
    var dataPath: ItemPath
    /// How the command names it in what it prints: `0.2`; `0.2 (0.12 in
    /// the data)` when the list shows it elsewhere than the data holds it;
    /// `0.3 (id=4)` when it was named by key.
    var label: String
    /// Whether it was named by key.
    var isByKey = false
}

/// A change made to the data that the list was not told of (`--data-only`),
/// so that the list shows its rows where they were before it.
struct UnannouncedChange {
    /// The change, as the provider reported it.
    var update: BatchUpdate
    /// The data's item counts per section before and after it.
    var countsBefore: [Int]
    var countsAfter: [Int]
    /// The command that made it, for messages.
    var command: String
}

extension CommandContext {
    // One PATH is one item in every command, at any moment: what the list
    // shows there. Under a diffable data source the list shows the applied
    // snapshot, and after a change with --data-only its rows where they were,
    // so the data's item at the same path can be another one. Commands that
    // change or read the data find the item the list shows (through its
    // identifier, or through the changes the list was not told of), or by key,
    // and a path the two read differently with no way to tell is refused.

    /// Reads the item the next argument names: a PATH as the list shows it,
    /// or `KEY=VALUE` for the item whose key it is.
    ///
    /// - Throws: ``ShellError`` for a path with no item, a key no item has,
    ///   or a row on screen whose item the data no longer holds.
    func namedItem(_ arguments: inout Arguments, in loaded: LoadedProvider) throws -> NamedItem {
        if let token = arguments.peek, case .assignment(let field, let value) = token.kind {
            _ = arguments.next()
            return try item(withKey: value, field: field, column: token.column, in: loaded)
        }
        let path = try arguments.path()
        return try item(shownAt: path, in: loaded)
    }

    /// The items a PATH or RANGE names, as the list shows them (or one item by `KEY=VALUE`).
    func namedItems(_ arguments: inout Arguments, in loaded: LoadedProvider) throws -> (
        items: [NamedItem], label: String
    ) {
        if let token = arguments.peek, case .assignment(let field, let value) = token.kind {
            _ = arguments.next()
            let item = try item(withKey: value, field: field, column: token.column, in: loaded)
            return ([item], item.label)
        }
        let range = try arguments.range()
        // The ends first, so that a range past the end names its end.
        _ = try item(shownAt: range.first, in: loaded)
        _ = try item(shownAt: range.last, in: loaded)
        let items = try range.paths.map { try item(shownAt: $0, in: loaded) }
        let moved = zip(range.paths, items).contains { $0 != $1.dataPath }
        return (
            items,
            moved ? "\(range) (\(items.map(\.dataPath.description).joined(separator: ", ")) in the data)" : "\(range)"
        )
    }

    /// The item whose key is `value`.
    private func item(withKey value: Value, field: String, column: Int, in loaded: LoadedProvider) throws -> NamedItem {
        guard let keyField = loaded.keyField else {
            throw ShellError(
                .unsupported("items of \(loaded.name) have no key to name them by: name one by its PATH"),
                column: column)
        }
        guard field == keyField else {
            throw ShellError(.usage("an item is named by its key, \(keyField)=VALUE, not by \(field)"), column: column)
        }
        guard let path = loaded.records.path(ofKey: value) else {
            throw ShellError(.noItemWithKey(field: keyField, value: value, dataset: loaded.name), column: column)
        }
        return NamedItem(dataPath: path, label: "\(path) (\(keyField)=\(value.jsonText))", isByKey: true)
    }

    /// The item the list shows at `path`, and where the data holds it.
    func item(shownAt path: ItemPath, in loaded: LoadedProvider) throws -> NamedItem {
        if let diffable = presentation.diffable {
            try list.validate(path)
            guard let identifier = diffable.dataSource.itemIdentifier(for: path) else {
                throw ShellError(.noItem(at: path))
            }
            guard let dataPath = diffable.identifiers.dataPath(for: identifier) else {
                throw ShellError(
                    .needsFirst(
                        "\(path) shows \(diffable.identifiers.shortText(of: identifier)), which \(loaded.name) no "
                            + "longer holds: 'snapshot new from data', then 'apply'"
                    )
                )
            }
            return NamedItem(
                dataPath: dataPath, label: dataPath == path ? "\(path)" : "\(path) (\(dataPath) in the data)")
        }
        guard let change = presentation.currentUnannouncedChange() else {
            _ = try loaded.provider.checkedItem(at: path)
            return NamedItem(dataPath: path, label: "\(path)")
        }
        try list.validate(path)
        var dataPath: ItemPath? = path
        for unannounced in presentation.unannouncedChanges {
            guard let before = dataPath else { break }
            dataPath =
                (try? unannounced.update.pathsAfter(
                    itemCountsBefore: unannounced.countsBefore, itemCountsAfter: unannounced.countsAfter))?(before)
        }
        guard let dataPath else {
            throw ShellError(
                .needsFirst(
                    "\(path) on screen is an item the data no longer holds ('\(change.command)' changed the data, the "
                        + "list was not told): "
                        + "tell the list with 'batch', or 'reload --list'"))
        }
        return NamedItem(dataPath: dataPath, label: dataPath == path ? "\(path)" : "\(path) (\(dataPath) in the data)")
    }

    /// Throws when the list and the data could put a new or moved item at
    /// different places (a position, unlike an item, has no identity to
    /// follow): under a diffable data source whose applied snapshot is not the
    /// data's order, or after a change the list was not told of.
    func checkListAndDataAgree(for command: String, at path: ItemPath, in loaded: LoadedProvider) throws {
        if let diffable = presentation.diffable {
            let applied = diffable.dataSource.snapshot()
            let data = try diffable.identifiers.dataSnapshot()
            guard applied.itemIdentifiers != data.itemIdentifiers else { return }
            let shown =
                diffable.dataSource.itemIdentifier(for: path).map(diffable.identifiers.shortText(of:)) ?? "nothing"
            let held =
                loaded.provider.item(at: path).map {
                    diffable.identifiers.shortText(of: diffable.identifiers.identifier(of: $0))
                } ?? "nothing"
            throw ShellError(
                .needsFirst(
                    "\(command) \(path) is ambiguous: the list shows the applied snapshot, where \(path) is \(shown), "
                        + "and the data "
                        + "holds \(held) there: 'snapshot new from data' and 'apply' first, or use 'snapshot' "
                        + "operations"
                ))
        }
        if let change = presentation.currentUnannouncedChange() {
            throw ShellError(
                .needsFirst(
                    "\(command) \(path) is ambiguous: the list was not told of '\(change.command)', so its "
                        + "\(list.style.itemNoun)s and the data's differ: "
                        + "tell the list with 'batch', or 'reload --list' first"))
        }
    }

    /// Throws when `command` would hand the list a batch update while it was
    /// not told of an earlier change (``Presentation/checkListIsInStep(for:with:)``).
    func checkListIsInStep(for command: String) throws {
        try presentation.checkListIsInStep(for: command, with: try? current())
    }

    /// After a batch update the user wrote: the list is in step again once its counts are the data's.
    func listWasTold() {
        presentation.listWasTold(of: try? current())
    }

    /// The path on screen of the item the next argument names, for commands
    /// that act on the list's rows (`select`): a PATH as it is, or the row
    /// that shows the item with a key.
    ///
    /// - Throws: ``ShellError`` when the list does not show that item there,
    ///   or shows the data's item at PATH elsewhere (its rows and the data's
    ///   differ, and the delegate would be handed another item).
    func listPath(named arguments: inout Arguments, in loaded: LoadedProvider) throws -> ItemPath {
        guard let token = arguments.peek, case .assignment = token.kind else {
            let path = try arguments.path()
            if presentation.diffable == nil, presentation.currentUnannouncedChange() != nil {
                let item = try item(shownAt: path, in: loaded)
                guard item.dataPath == path else {
                    throw ShellError(
                        .needsFirst(
                            "\(path) on screen is \(item.dataPath) in the data (the list was not told of a change): "
                                + "the delegate would be handed another item; tell the list with 'batch', or 'reload "
                                + "--list'"
                        )
                    )
                }
            }
            return path
        }
        let item = try namedItem(&arguments, in: loaded)
        if let diffable = presentation.diffable {
            let identifier = loaded.provider.item(at: item.dataPath).map(diffable.identifiers.identifier(of:))
            guard let path = identifier.flatMap(diffable.dataSource.indexPath(for:)) else {
                throw ShellError(
                    .needsFirst("\(item.label) is not in the applied snapshot: 'snapshot new from data', then 'apply'"))
            }
            return path
        }
        if presentation.currentUnannouncedChange() != nil {
            throw ShellError(
                .needsFirst(
                    "the list was not told of a change, so its \(list.style.itemNoun)s and the data's differ: tell "
                        + "the list with 'batch', or 'reload --list'"
                )
            )
        }
        return item.dataPath
    }
}
