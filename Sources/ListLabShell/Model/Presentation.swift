import ListLabCore
import ListLabPictures
import ListLabRecords

/// How a session's data is shown: the headless list, what joins the current
/// provider to it (a `ListAdapter`, the user's own, or a diffable data
/// source), and how far the list lags behind the data after changes made
/// with `--data-only`.
///
/// The session's commands change the data; the presentation decides what
/// the list is told of it, as a view controller does: a batch update, a
/// note that the list was not told, or nothing until a snapshot is applied.
final class Presentation {
    /// The list every provider is shown in.
    let list: HeadlessList
    /// The adapter that joins ListLab's own provider and presenter to the list.
    private var adapter: ListAdapter<AnyDataProvider<Record>, AnyCellPresenter<Record>>?
    /// While the list is shown through a diffable data source (`diffable on`).
    var diffable: DiffableMode?
    /// Set for a change made with `--data-only`: the provider changes, the list is not told.
    var changesDataOnly = false
    /// The changes made with `--data-only` since the list was last in step
    /// with the data (``currentUnannouncedChange()``), oldest first.
    private(set) var unannouncedChanges: [UnannouncedChange] = []
    /// The list's count of `reloadData` calls when the first of them was made.
    private var reloadsWhenUnannounced = 0
    /// The provider the list showed last.
    private weak var shownProvider: LoadedProvider?
    /// Set when a cell near the end of a paged list came into view: the next
    /// page loads when the command is done, as an asynchronous load would
    /// complete after the scroll.
    var wantsNextPage = false
    /// How an item whose content changed is shown: reloaded or reconfigured.
    var updateStyle: CellUpdateStyle = .reconfigure
    /// Above this many changes, a diff is shown with reloadData instead of
    /// batch updates (IGListKit does the same above 100).
    var changeThreshold = 100
    /// Whether pictures draw each row's cell as a badge (`set badges`).
    var drawsCellBadges = true

    /// The list's screen as pictures draw it, with the badges as set.
    var screen: ListScreen {
        var screen = ListScreen(list)
        screen.showsCellBadges = drawsCellBadges
        return screen
    }

    /// The most rows `viewport` takes (a classroom tab's); nil for the list's own bound.
    var viewportLimit: Int?
    /// The highest change threshold `set threshold` takes (a classroom tab's); nil for no bound.
    var thresholdLimit: Int?
    /// The most items a diffable data source's snapshots may hold (a classroom tab's); nil for no bound.
    var diffableItemLimit: Int?

    /// Whether changes to the data reach the list: not with `--data-only`,
    /// nor under a diffable data source (a snapshot must be applied).
    var listFollowsData: Bool { !changesDataOnly && diffable == nil }

    /// A presentation of nothing yet, in a list of `viewportRows` rows.
    init(viewportRows: Int) {
        list = HeadlessList(style: .table, viewportRows: viewportRows)
    }

    /// Shows `loaded` in the list, through a new adapter of its provider and
    /// presenter (or the user's own); a selection is written to `output`.
    /// Another provider starts at the top; the same one, rebound, keeps its place.
    func show(_ loaded: LoadedProvider, output: any ShellOutput) {
        if diffable != nil {
            diffable = nil
            output.write("(diffable off: the list is shown through the adapter again)")
        }
        if let (_, instance) = loaded.registered {
            // The user's own provider and presenter, joined by a ListAdapter as their app joins them.
            adapter = nil
            instance.attach(to: list, scrollingToTop: shownProvider !== loaded) { [weak self] path in
                guard let self else { return }
                output.write("selected \(path): \(self.text(at: path, in: loaded))")
            }
            shownProvider = loaded
            return
        }
        let adapter = ListAdapter(provider: loaded.provider, presenter: loaded.cellPresenter)
        adapter.onSelect = { record, path in
            output.write("selected \(path): \(loaded.text(of: record, at: path))")
        }
        adapter.onWillDisplay = { [weak self] path in
            // Within 3 items of the end of a paged list that has more: ask for the next page
            // (not while a filter is on, which shows a part of the pages loaded).
            guard let self, loaded.filter == nil, let paged = loaded.paged?.provider, paged.hasMore else { return }
            if path.item >= paged.numberOfItems(inSection: 0) - 3 { self.wantsNextPage = true }
        }
        self.adapter = adapter
        adapter.attach(to: list, scrollingToTop: shownProvider !== loaded)
        shownProvider = loaded
    }

    /// Tells the list of a provider's change to `loaded` as a batch update;
    /// `call` names the change the controller asked of the provider, for the
    /// trace. Under a diffable data source the list is not told (a snapshot
    /// must be applied); with `--data-only` the change is noted as one the
    /// list was not told of, made by `command`. What the list was told (or
    /// not) is written to `output`.
    ///
    /// - Throws: ``ShellError`` when the list refuses the update (a bug in
    ///   ListLab, since the provider computed it): the list is reloaded.
    func apply(
        _ change: BatchUpdate, from call: @autoclosure () -> String, to loaded: LoadedProvider?,
        command: @autoclosure () -> String, output: any ShellOutput
    ) throws {
        var update = change
        if updateStyle == .reload, !update.reconfiguredItems.isEmpty {
            update.reloadedItems += update.reconfiguredItems
            update.reconfiguredItems = []
        }
        list.tracer.note(.controller, .provider, "\(call()) → \(update)")
        if let diffable {
            diffable.identifiers.dataMayHaveChanged()
            output.write(Self.diffableDataNote(diffable))
            return
        }
        guard !changesDataOnly else {
            if let loaded { noteUnannounced(update, to: loaded, command: command()) }
            let changed = update.reconfiguredItems + update.reloadedItems
            if update.insertedItems.isEmpty, update.deletedItems.isEmpty, update.movedItems.isEmpty,
                let path = changed.first
            {
                // Only content changed: no count is off, the cell is stale.
                output.write(
                    "(--data-only: the data changed, the list was not told: the cell at \(path) still shows the old "
                        + "content)"
                )
            } else {
                output.write(
                    "(--data-only: the data changed, the list was not told: it still has "
                        + "\(Self.countsBefore(update, in: list)))"
                )
            }
            return
        }
        do {
            try list.performBatchUpdates(update)
        } catch {
            // The provider computed the update, so this is a bug in ListLab:
            // bring the list back in line with the data and say so.
            list.reloadData()
            throw ShellError(.refused(error))
        }
    }

    /// What a change to the data says under a diffable data source.
    static func diffableDataNote(_ diffable: DiffableMode) -> String {
        "(diffable: \(diffable.loaded.name) changed, the list shows the applied snapshot: 'snapshot new from data', "
            + "then 'apply')"
    }

    /// What the list still counts where an unannounced change happened: the
    /// rows of the section it changed, or the sections.
    static func countsBefore(_ update: BatchUpdate, in list: HeadlessList) -> String {
        if update.deletedSections.isEmpty, update.insertedSections.isEmpty,
            let section = update.deletedItems.first?.section ?? update.insertedItems.first?.section
                ?? update.movedItems.first?.from.section,
            section < list.numberOfSections
        {
            let count = list.numberOfItems(inSection: section)
            let noun = list.style.itemNoun
            return "\(count) \(noun)\(count == 1 ? "" : "s") in section \(section)"
        }
        let count = list.numberOfSections
        return "\(count) section\(count == 1 ? "" : "s")"
    }

    /// The text the presenter shows for the record at `path` (for a
    /// registered provider, what its cell there shows, when on screen).
    func text(at path: ItemPath, in loaded: LoadedProvider) -> String {
        if loaded.registered != nil, diffable == nil, let cell = list.cellForItem(at: path) { return cell.text }
        guard let record = loaded.provider.item(at: path) else { return "" }
        return loaded.text(of: record, at: path)
    }

    /// The record the list shows at `path`: the data's, or under a diffable
    /// data source, the one its applied snapshot's identifier stands for.
    func shownRecord(at path: ItemPath, in loaded: LoadedProvider) -> Record? {
        guard let diffable else { return loaded.provider.item(at: path) }
        return diffable.dataSource.itemIdentifier(for: path).flatMap { diffable.identifiers.record(for: $0) }
    }

    /// `rows 3-7 of 9`, for what the viewport shows.
    var viewportSummary: String {
        let total = list.totalRows
        guard total > 0 else { return "no rows" }
        let last = min(list.scrollOffset + list.viewportRows, total) - 1
        return "rows \(list.scrollOffset)-\(last) of \(total)"
    }

    // MARK: - Changes the list was not told of

    /// The latest change the list was not told of, while the list still
    /// shows the rows as they were before it (a `reloadData` since, or a
    /// batch update that brought the counts level, ends that).
    func currentUnannouncedChange() -> UnannouncedChange? {
        if list.statistics.reloads != reloadsWhenUnannounced { unannouncedChanges = [] }
        return unannouncedChanges.last
    }

    /// Notes a change made to `loaded`'s data alone (`--data-only`) that
    /// added, removed or moved items.
    func noteUnannounced(_ update: BatchUpdate, to loaded: LoadedProvider, command: String) {
        guard
            !(update.insertedItems.isEmpty && update.deletedItems.isEmpty && update.movedItems.isEmpty
                && update.insertedSections.isEmpty && update.deletedSections.isEmpty && update.movedSections.isEmpty)
        else { return }
        _ = currentUnannouncedChange()
        let after = Self.counts(of: loaded)
        let before = unannouncedChanges.last?.countsAfter ?? shownCounts
        reloadsWhenUnannounced = list.statistics.reloads
        unannouncedChanges.append(
            UnannouncedChange(update: update, countsBefore: before, countsAfter: after, command: command))
    }

    /// Throws when `command` would hand the list a batch update while it was
    /// not told of an earlier change to `loaded` (`--data-only`): UIKit would
    /// refuse it, after the data had changed, so it is refused before anything changes.
    func checkListIsInStep(for command: String, with loaded: LoadedProvider?) throws {
        guard !changesDataOnly, diffable == nil, let change = currentUnannouncedChange(), let loaded else { return }
        let data = Self.counts(of: loaded)
        let shown = shownCounts
        let noun = list.style.itemNoun
        let difference: String
        var consequence = "UIKit would refuse it"
        if let section = data.indices.first(where: { !shown.indices.contains($0) || shown[$0] != data[$0] }),
            shown.indices.contains(section)
        {
            difference =
                "it has \(shown[section]) \(noun)\(shown[section] == 1 ? "" : "s") in section \(section), the data \(data[section])"
        } else if data.count != shown.count {
            difference = "it has \(shown.count) \(shown.count == 1 ? "section" : "sections"), the data \(data.count)"
        } else {
            difference = "its \(noun)s are where they were before it"
            consequence = "it would change \(noun)s that show other items"
        }
        throw ShellError(
            .needsFirst(
                "\(command) would hand the list a batch update, but the list was not told of '\(change.command)' "
                    + "(\(difference)): "
                    + "\(consequence); tell the list with 'batch', or 'reload --list' first"))
    }

    /// After a batch update the user wrote: the list is in step again once
    /// its counts are `loaded`'s.
    func listWasTold(of loaded: LoadedProvider?) {
        guard let loaded else { return }
        if Self.counts(of: loaded) == shownCounts { unannouncedChanges = [] }
    }

    /// The list's item counts, section by section.
    private var shownCounts: [Int] { (0..<list.numberOfSections).map { list.numberOfItems(inSection: $0) } }

    /// The data's item counts, section by section.
    private static func counts(of loaded: LoadedProvider) -> [Int] {
        (0..<loaded.provider.numberOfSections).map { loaded.provider.numberOfItems(inSection: $0) }
    }
}
