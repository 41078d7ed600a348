import Interruption
import ListDiff
import ListLabCore
import ListLabFiles
import ListLabRecords

/// `sort`, `filter`, `diff` and `reload --diff` of a file provider on its
/// columns, through the file provider's own API (ListLabFiles), as any
/// user of the library would call it: no record is built for a row the
/// command only reorders, scans or finds unchanged. Each returns false (or
/// nil) when the columns do not serve the provider, and the record paths
/// take it and say why.
extension CommandContext {
    /// The file provider the column paths serve: not under a diffable data
    /// source, whose snapshot the record paths keep in step.
    fileprivate func columnFile(of loaded: LoadedProvider) -> FileDataProvider? {
        guard workspace.usesColumnPaths, presentation.diffable == nil else { return nil }
        return loaded.file
    }

    /// `sort` on the columns (``FileDataProvider/sort(by:descending:identifiedBy:countingAbove:)``).
    func sortColumns(of loaded: LoadedProvider, by field: String, descending: Bool) throws -> Bool {
        guard let file = columnFile(of: loaded),
            let changes = try file.sort(
                by: field, descending: descending, identifiedBy: loaded.keyField,
                countingAbove: presentation.changeThreshold)
        else { return false }
        loaded.records.baseDidChange()
        loaded.markEdited()
        try show(
            changes,
            saying: "sorted \(loaded.name) by \(Tokenizer.typedFieldName(field))\(descending ? ", descending" : "")",
            itemCount: file.numberOfItems)
        return true
    }

    /// Refuses, as a diff of the records refuses them, two items of a file
    /// provider without a key that hold the same values: found on the
    /// columns, where the records' path made a record of every item to find
    /// the same two (of a wide file, gigabytes).
    func checkItemsAreDistinct(_ loaded: LoadedProvider) throws {
        guard loaded.keyField == nil, let file = columnFile(of: loaded), let (first, second) = file.firstItemsAlike(),
            let record = file.item(at: ItemPath(0, second))
        else { return }
        let duplicate = DuplicateIdentityError(
            identity: "\(Value.object(record))", side: .old, firstPath: ElementPath(0, first),
            secondPath: ElementPath(0, second))
        throw Self.diffError(duplicate, keyField: nil, side: "new state")
    }

    /// `filter FIELD=VALUE` on the columns (``FileDataProvider/filter(by:equalTo:identifiedBy:countingAbove:)``).
    ///
    /// - Returns: false also while a filter on records is on.
    func filterColumns(of loaded: LoadedProvider, field: String, value: Value) throws -> Bool {
        guard let file = columnFile(of: loaded), loaded.filter == nil || file.activeFilter != nil,
            let changes = try file.filter(
                by: field, equalTo: value, identifiedBy: loaded.keyField, countingAbove: presentation.changeThreshold),
            let filter = file.activeFilter
        else { return false }
        loaded.filter = LoadedProvider.Filter(field: field, value: value)
        loaded.records.baseDidChange()
        let kept = file.numberOfItems
        try show(
            changes,
            saying:
                "filtered \(loaded.name) to \(Tokenizer.typedFieldName(field))=\(value.jsonText): \(kept) of "
                + "\(filter.unfilteredCount) items",
            itemCount: kept)
        return true
    }

    /// `filter off` after a filter on the columns (``FileDataProvider/removeFilter(countingAbove:)``).
    ///
    /// - Returns: false for a filter on records.
    func unfilterColumns(of loaded: LoadedProvider) throws -> Bool {
        guard let file = loaded.file, let changes = file.removeFilter(countingAbove: presentation.changeThreshold)
        else { return false }
        loaded.records.baseDidChange()
        let all = file.numberOfItems
        try show(changes, saying: "filter off: \(all) items", itemCount: all)
        return true
    }

    /// The changes from a file provider's items to its file read again, on
    /// the columns (``FileDataProvider/changesFromFile(identifiedBy:countingAbove:readingUpdatedValues:)``);
    /// nil when they do not serve it.
    ///
    /// - Parameter threshold: Above this many changes, only count them.
    func columnChangesFromSource(
        of loaded: LoadedProvider, countingAbove threshold: Int? = nil, readingUpdatedValues: Bool = false
    ) throws -> (changes: FileChanges, file: FileDataProvider)? {
        guard let file = columnFile(of: loaded) else { return nil }
        do {
            return try file.changesFromFile(
                identifiedBy: loaded.keyField, countingAbove: threshold, readingUpdatedValues: readingUpdatedValues
            ).map { ($0, file) }
        } catch let error as DuplicateIdentityError {
            throw Self.diffError(error, keyField: loaded.keyField, side: "source")
        } catch  where Interrupted.isCause(of: error) {
            throw error
        } catch let error as LoadError {
            throw ShellError(.sourceUnreadable("\(error)"))
        }
    }

    /// Shows on the list what a change on the columns did: the batch
    /// updates of its diff, or, above the threshold, reloadData.
    fileprivate func show(_ changes: ItemChanges, saying what: String, itemCount: Int) throws {
        switch changes {
        case .changes(let changes):
            try apply(changes, saying: what, itemCount: itemCount) { ChangedFields() }
        case .counted(let changes, let stages):
            list.reloadData()
            output.write(reloadedDataNote(what, summary(changes: changes, stages: stages)))
        }
    }
}
