/// The glue of the split: the list's data source and delegate, answering
/// every question by asking the provider (for data) and the presenter (for
/// cells and headers). It holds no data of its own.
///
/// The generic constraint `Provider.Item == Presenter.Item` is the seeds'
/// central idea: a presenter of contacts cannot be joined to a provider of
/// photos, and the compiler says so.
///
/// ```swift
/// let list = HeadlessList()
/// let adapter = ListAdapter(provider: contacts, presenter: SingleKindPresenter(ContactCell.self))
/// adapter.onSelect = { contact, path in print("selected \(path): \(contact.name)") }
/// adapter.attach(to: list)
/// try list.selectItem(at: ItemPath(0, 2))
/// ```
public final class ListAdapter<Provider: DataProvider, Presenter: CellPresenter>: ListDataSource, ListDelegate
where Provider.Item == Presenter.Item {
    /// The item type that provider and presenter share.
    public typealias Item = Provider.Item

    /// Where the items come from.
    public let provider: Provider
    /// How the items look.
    public let presenter: Presenter
    /// Called with the item and its path when the list selects an item.
    public var onSelect: ((Item, ItemPath) -> Void)?
    /// Called with the item and its path when the list deselects an item.
    public var onDeselect: ((Item, ItemPath) -> Void)?
    /// Called with the path of each item whose cell is about to be shown.
    public var onWillDisplay: ((ItemPath) -> Void)?

    /// Creates an adapter of `provider` and `presenter`.
    public init(provider: Provider, presenter: Presenter) {
        self.provider = provider
        self.presenter = presenter
    }

    /// Makes this adapter the data source and delegate of `list`: registers
    /// the presenter's cells and reloads the list.
    ///
    /// - Parameters:
    ///   - list: The list to drive; it keeps the adapter as its data
    ///     source and delegate until another takes its place.
    ///   - scrollingToTop: Whether the list starts again at its first
    ///     row (UIKit keeps the scroll position across a reload).
    public func attach(to list: HeadlessList, scrollingToTop: Bool = false) {
        presenter.registerCells(in: list)
        list.dataSource = self
        list.delegate = self
        list.reloadData(scrollingToTop: scrollingToTop)
    }

    // MARK: ListDataSource

    public func numberOfSections(in list: HeadlessList) -> Int {
        let count = provider.numberOfSections
        list.tracer.note(.adapter, .provider, "numberOfSections → \(count)")
        return count
    }

    public func list(_ list: HeadlessList, numberOfItemsInSection section: Int) -> Int {
        let count = provider.numberOfItems(inSection: section)
        list.tracer.note(.adapter, .provider, "numberOfItems(inSection: \(section)) → \(count)")
        return count
    }

    public func list(_ list: HeadlessList, cellForItemAt path: ItemPath) -> ListCell {
        guard let item = provider.item(at: path) else {
            // The list expects an item the provider does not have: the two
            // disagree (UIKit would crash here). Show that, not a trap.
            list.tracer.note(.adapter, .provider, "item(at: \(path)) → none")
            let cell = list.dequeueReusableCell(withIdentifier: HeadlessList.missingItemIdentifier, for: path)
            cell.text = "(no item at \(path) in the provider)"
            return cell
        }
        list.tracer.note(.adapter, .provider, "item(at: \(path)) → \(traceSummary(item))")
        return list.tracer.call(.adapter, .presenter, "cell(for: \(traceSummary(item)), at: \(path))") {
            presenter.cell(for: item, at: path, in: list)
        }
    }

    public func list(_ list: HeadlessList, titleForHeaderInSection section: Int) -> String? {
        let title = presenter.headerTitle(for: sectionInfo(section))
        list.tracer.note(
            .adapter, .presenter, "headerTitle(forSection: \(section)) → \(title.map { "\"\($0)\"" } ?? "none")")
        return title
    }

    public func list(_ list: HeadlessList, titleForFooterInSection section: Int) -> String? {
        let title = presenter.footerTitle(for: sectionInfo(section))
        list.tracer.note(
            .adapter, .presenter, "footerTitle(forSection: \(section)) → \(title.map { "\"\($0)\"" } ?? "none")")
        return title
    }

    private func sectionInfo(_ section: Int) -> SectionInfo {
        SectionInfo(
            index: section, title: provider.title(ofSection: section),
            itemCount: provider.numberOfItems(inSection: section))
    }

    // MARK: ListDelegate

    public func list(_ list: HeadlessList, didSelectItemAt path: ItemPath) {
        guard let item = provider.item(at: path) else { return }
        list.tracer.note(.adapter, .provider, "item(at: \(path)) → \(traceSummary(item))")
        list.tracer.note(.adapter, .controller, "onSelect(\(traceSummary(item)), at: \(path))")
        onSelect?(item, path)
    }

    public func list(_ list: HeadlessList, didDeselectItemAt path: ItemPath) {
        guard let item = provider.item(at: path) else { return }
        onDeselect?(item, path)
    }

    public func list(_ list: HeadlessList, willDisplay cell: ListCell, forItemAt path: ItemPath) {
        onWillDisplay?(path)
    }
}
