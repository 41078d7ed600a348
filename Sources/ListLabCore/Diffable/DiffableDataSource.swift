import ListDiff

/// A list's data source driven by snapshots: ListLab's
/// `UITableViewDiffableDataSource` / `UICollectionViewDiffableDataSource`.
///
/// The split is the same as with a provider, presenter and adapter: the
/// snapshot holds the structure (the provider's part), the cell provider
/// closure configures a cell for an identifier (the presenter's part), and
/// this data source joins them to the list (the adapter's part).
/// ``apply(_:animatingDifferences:)`` diffs the applied snapshot against the
/// new one by identifier (ListDiff's `SectionedChangeset`) and performs the staged
/// batch updates, which the list checks by UIKit's rules.
///
/// ```swift
/// let list = HeadlessList()
/// list.register(ContactCell.self)
/// let dataSource = DiffableDataSource<String, String>(list: list) { list, path, name in
///     let cell = list.dequeueReusableCell(ContactCell.self, for: path)
///     cell.text = name
///     return cell
/// }
/// var snapshot = DiffableSnapshot<String, String>()
/// try snapshot.appendSections(["Favourites"])
/// try snapshot.appendItems(["Ada", "Grace"])
/// try dataSource.apply(snapshot, animatingDifferences: true)
/// dataSource.itemIdentifier(for: ItemPath(0, 1))   // "Grace"
/// ```
///
/// As in UIKit, identity is the identifier's equality: an item whose
/// content changed but whose identifier compares equal keeps its cell as it
/// was, until a snapshot reloads or reconfigures it; a value identifier
/// whose content is part of its equality is deleted and inserted instead.
public final class DiffableDataSource<SectionID: Hashable, ItemID: Hashable>: ListDataSource {
    /// Returns a configured cell for the item `identifier` at `path`, dequeued
    /// from the list. nil is a mistake: UIKit raises, and here the apply that
    /// needed the cell is refused in UIKit's words (``apply(_:animatingDifferences:)``
    /// throws, and the list and the snapshot stay as they were); where
    /// nothing can be refused (a scroll, ``applySnapshotUsingReloadData(_:)``),
    /// ListLab's missing-item cell shows the mistake.
    public typealias CellProvider = (HeadlessList, ItemPath, ItemID) -> ListCell?

    /// The list this data source feeds (the list holds the data source).
    public private(set) weak var list: HeadlessList?
    private let cellProvider: CellProvider
    /// The section header text, if any.
    public var headerTitle: ((SectionID) -> String?)?
    /// The section footer text, if any.
    public var footerTitle: ((SectionID) -> String?)?
    private var current = DiffableSnapshot<SectionID, ItemID>()
    /// The outlines applied to sections, by section (looked up, never iterated).
    private var outlines: [SectionID: DiffableSectionSnapshot<ItemID>] = [:]

    /// Creates a data source for `list` and makes itself the list's data source.
    public init(list: HeadlessList, cellProvider: @escaping CellProvider) {
        self.list = list
        self.cellProvider = cellProvider
        list.dataSource = self
        list.reloadData()
    }

    /// A copy of the snapshot the list shows, without reload marks.
    public func snapshot() -> DiffableSnapshot<SectionID, ItemID> { current }

    /// The identifier of the item at `path`, or nil.
    public func itemIdentifier(for path: ItemPath) -> ItemID? { current.itemIdentifier(at: path) }

    /// The path of `identifier`, or nil.
    public func indexPath(for identifier: ItemID) -> ItemPath? { current.path(of: identifier) }

    /// Takes the list to `snapshot` by the staged batch updates from the
    /// applied snapshot to this one: deletes, inserts and moves by
    /// identifier, then the reloads and reconfigures the snapshot marks.
    ///
    /// Since iOS 15, UIKit diffs with or without animation; before, no
    /// animation meant `reloadData()` (``UIKitCapabilities/diffsWithoutAnimation``),
    /// and so it does here, by the list's iOS version. A headless list draws
    /// no animation, so that is all `animatingDifferences` changes.
    ///
    /// - Returns: How the list got there (``StagedUpdate/Outcome/reloadedData``
    ///   for an `apply` without animation before iOS 15), and the batch updates performed.
    /// - Throws: ``BatchUpdateError`` when the cell provider gave no cell for
    ///   an item the update shows (UIKit's `UITableView dataSource returned a
    ///   nil cell ...`): the list and the applied snapshot are then as they
    ///   were. (The list refusing the update itself would be a bug.)
    @discardableResult
    public func apply(_ snapshot: DiffableSnapshot<SectionID, ItemID>, animatingDifferences: Bool = true)
        throws(BatchUpdateError)
        -> (outcome: StagedUpdate.Outcome, stages: [BatchUpdate])
    {
        if !animatingDifferences, let list, !list.iOSVersion.capabilities.diffsWithoutAnimation {
            applySnapshotUsingReloadData(snapshot)
            return (.reloadedData, [])
        }
        return try apply(snapshot, animatingDifferences: animatingDifferences, outlines: [:])
    }

    /// ``apply(_:animatingDifferences:)`` with `newOutlines` in force while
    /// the list updates (a picture of it shows each section's outline).
    private func apply(
        _ snapshot: DiffableSnapshot<SectionID, ItemID>, animatingDifferences: Bool,
        outlines newOutlines: [SectionID: DiffableSectionSnapshot<ItemID>]
    ) throws(BatchUpdateError) -> (outcome: StagedUpdate.Outcome, stages: [BatchUpdate]) {
        let staged = Self.stagedUpdate(from: current, to: snapshot)
        let previousOutlines = outlines
        outlines = newOutlines
        guard let list else {
            current = snapshot.unmarked
            return (.unchanged, [])
        }
        let previous = current
        let before = list.checkpoint()
        do {
            let outcome = try list.tracer.call(
                .controller, .diffableDataSource, "apply(snapshot, animatingDifferences: \(animatingDifferences))"
            ) {
                () throws(BatchUpdateError) in
                current = snapshot.unmarked
                return try list.tracer.acting(as: .diffableDataSource) { () throws(BatchUpdateError) in
                    try list.apply(staged)
                }
            }
            return (outcome, staged.stages)
        } catch {
            // A refused stage (the cell provider gave no cell): the stages before it are taken back
            // too, so the data source and the list are as they were.
            current = previous
            outlines = previousOutlines
            let refusals = list.statistics.refusedBatchUpdates
            list.restore(before)
            list.statistics.refusedBatchUpdates = refusals
            throw error
        }
    }

    /// Shows `sectionSnapshot`'s visible items as the items of `section`
    /// (appended as the last section when the list has no such section), by
    /// the staged batch updates from what the section showed: expanding an
    /// item inserts its children, collapsing it deletes them.
    ///
    /// A whole snapshot applied later makes every section flat again.
    ///
    /// - Returns: How the list got there, and the batch updates performed.
    /// - Throws: ``BatchUpdateError`` when the list refuses an update (a bug).
    @discardableResult
    public func apply(
        _ sectionSnapshot: DiffableSectionSnapshot<ItemID>, to section: SectionID, animatingDifferences: Bool = true
    )
        throws(BatchUpdateError) -> (outcome: StagedUpdate.Outcome, stages: [BatchUpdate])
    {
        var snapshot = current
        if snapshot.indexOfSection(section) == nil {
            _ = try? snapshot.appendSections([section])
        }
        snapshot.deleteItems((try? snapshot.itemIdentifiers(inSection: section)) ?? [])
        let visible = sectionSnapshot.visibleItems
        // Visible items are unique (a section snapshot's are), and an item of
        // another section is moved here, as UIKit does.
        if !visible.isEmpty { _ = try? snapshot.appendItems(visible, toSection: section) }
        var newOutlines = outlines
        newOutlines[section] = sectionSnapshot
        let result = try apply(snapshot, animatingDifferences: animatingDifferences, outlines: newOutlines)
        return result
    }

    /// The outline of `section`: the section snapshot last applied to it, or
    /// its items as roots (empty when there is no such section).
    public func snapshot(for section: SectionID) -> DiffableSectionSnapshot<ItemID> {
        if let outline = outlines[section] { return outline }
        var flat = DiffableSectionSnapshot<ItemID>()
        try? flat.append((try? current.itemIdentifiers(inSection: section)) ?? [])
        return flat
    }

    /// Takes the list to `snapshot` with `reloadData()`: no animation, no diff.
    public func applySnapshotUsingReloadData(_ snapshot: DiffableSnapshot<SectionID, ItemID>) {
        outlines = [:]
        guard let list else {
            current = snapshot.unmarked
            return
        }
        list.tracer.call(.controller, .diffableDataSource, "applySnapshotUsingReloadData(snapshot)") {
            current = snapshot.unmarked
            list.tracer.acting(as: .diffableDataSource) { list.reloadData() }
        }
    }

    /// The batch updates from `old` to `new`: the structure by identifier,
    /// then `new`'s reloaded and reconfigured items and reloaded sections.
    public static func stagedUpdate(
        from old: DiffableSnapshot<SectionID, ItemID>, to new: DiffableSnapshot<SectionID, ItemID>
    ) -> StagedUpdate {
        func sections(of snapshot: DiffableSnapshot<SectionID, ItemID>) -> [DiffSection<SectionID, ItemID>] {
            snapshot.sectionIdentifiers.map {
                DiffSection(id: $0, items: (try? snapshot.itemIdentifiers(inSection: $0)) ?? [])
            }
        }
        // A snapshot's identifiers are unique by construction, so the diff cannot throw.
        let changes =
            (try? SectionedChangeset(
                from: sections(of: old), to: sections(of: new), identity: { $0 }, isContentEqual: { _, _ in true }))
            ?? SectionedChangeset()
        var staged = StagedUpdate(changes, style: .reconfigure)
        // What the new snapshot marks, for items and sections that were
        // there before (a new one gets a new cell anyway), at their new paths.
        let inserted = Set(changes.insertedSections)
        var marks = BatchUpdate()
        for item in new.reloadedItemIdentifiers {
            if old.path(of: item) != nil, let path = new.path(of: item), !inserted.contains(path.section) {
                marks.reloadedItems.append(path)
            }
        }
        for item in new.reconfiguredItemIdentifiers where !new.reloadedItemIdentifiers.contains(item) {
            if old.path(of: item) != nil, let path = new.path(of: item), !inserted.contains(path.section) {
                marks.reconfiguredItems.append(path)
            }
        }
        for section in new.reloadedSectionIdentifiers {
            if old.indexOfSection(section) != nil, let index = new.indexOfSection(section) {
                marks.reloadedSections.append(index)
            }
        }
        if !marks.reloadedItems.isEmpty || !marks.reconfiguredItems.isEmpty || !marks.reloadedSections.isEmpty {
            staged.stages.append(marks)
        }
        return staged
    }

    // MARK: ListDataSource

    /// A trace names it `diffable data source`.
    public var traceRole: TraceRole { .diffableDataSource }

    /// The item's place in its section's outline, when an outline was
    /// applied to that section.
    public func list(_ list: HeadlessList, outlinePlaceOfItemAt path: ItemPath) -> OutlinePlace? {
        guard path.section >= 0, path.section < current.sectionIdentifiers.count,
            let outline = outlines[current.sectionIdentifiers[path.section]],
            let item = current.itemIdentifier(at: path), let level = outline.level(of: item)
        else { return nil }
        return OutlinePlace(
            level: level, hasChildren: !outline.children(of: item).isEmpty, isExpanded: outline.isExpanded(item))
    }

    public func numberOfSections(in list: HeadlessList) -> Int { current.numberOfSections }

    public func list(_ list: HeadlessList, numberOfItemsInSection section: Int) -> Int {
        guard current.sectionIdentifiers.indices.contains(section) else { return 0 }
        return (try? current.numberOfItems(inSection: current.sectionIdentifiers[section])) ?? 0
    }

    public func list(_ list: HeadlessList, cellForItemAt path: ItemPath) -> ListCell {
        if let identifier = current.itemIdentifier(at: path),
            let cell = list.tracer.call(
                .diffableDataSource, .cellProvider, "cellProvider(\(path), \(identifier))",
                { cellProvider(list, path, identifier) })
        {
            return cell
        }
        // In a batch update the list refuses it (UIKit raises); elsewhere (a scroll, reloadData,
        // which cannot refuse) the list shows a placeholder that says so.
        list.dataSourceGaveNoCell(at: path)
        let cell = list.dequeueReusableCell(withIdentifier: HeadlessList.missingItemIdentifier, for: path)
        cell.text = "(the cell provider gave no cell for \(path))"
        return cell
    }

    public func list(_ list: HeadlessList, titleForHeaderInSection section: Int) -> String? {
        guard let headerTitle, current.sectionIdentifiers.indices.contains(section) else { return nil }
        return headerTitle(current.sectionIdentifiers[section])
    }

    public func list(_ list: HeadlessList, titleForFooterInSection section: Int) -> String? {
        guard let footerTitle, current.sectionIdentifiers.indices.contains(section) else { return nil }
        return footerTitle(current.sectionIdentifiers[section])
    }
}
