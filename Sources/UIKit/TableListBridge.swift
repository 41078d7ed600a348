internal import ListLabCore

/// What the headless list asks, answered by the table's UIKit data source,
/// and what it tells, passed to the table's UIKit delegate.
@MainActor
final class TableListBridge: @MainActor ListDataSource, @MainActor ListDelegate {
    private unowned let table: UITableView
    /// Whether a selection is the user's (the delegate is told) or the app's (it is not).
    private var isQuiet = false

    init(table: UITableView) {
        self.table = table
    }

    /// Runs `body` without telling the delegate of the selections it makes.
    func quietly(_ body: () -> Void) {
        let outer = isQuiet
        isQuiet = true
        defer { isQuiet = outer }
        body()
    }

    func numberOfSections(in list: HeadlessList) -> Int {
        guard let dataSource = table.dataSource else { return 0 }
        return dataSource.numberOfSections(in: table)
    }

    func list(_ list: HeadlessList, numberOfItemsInSection section: Int) -> Int {
        table.dataSource?.tableView(table, numberOfRowsInSection: section) ?? 0
    }

    func list(_ list: HeadlessList, cellForItemAt path: ItemPath) -> ListCell {
        guard let dataSource = table.dataSource else {
            return HostedCell(reuseIdentifier: HeadlessList.missingItemIdentifier)
        }
        let host = table.host(of: CellRequest.asking { dataSource.tableView(table, cellForRowAt: IndexPath(path)) })
        host.takeText()
        return host
    }

    /// The delegate's header view's text, as UIKit asks it first; else the data source's title's.
    func list(_ list: HeadlessList, titleForHeaderInSection section: Int) -> String? {
        table.sectionText(.header, section) { table.dataSource?.tableView(table, titleForHeaderInSection: section) }
    }

    /// The delegate's footer view's text, as UIKit asks it first; else the data source's title's.
    func list(_ list: HeadlessList, titleForFooterInSection section: Int) -> String? {
        table.sectionText(.footer, section) { table.dataSource?.tableView(table, titleForFooterInSection: section) }
    }

    func list(_ list: HeadlessList, didSelectItemAt path: ItemPath) {
        guard !isQuiet else { return }
        table.delegate?.tableView(table, didSelectRowAt: IndexPath(path))
    }

    func list(_ list: HeadlessList, didDeselectItemAt path: ItemPath) {
        guard !isQuiet else { return }
        table.delegate?.tableView(table, didDeselectRowAt: IndexPath(path))
    }

    func list(_ list: HeadlessList, willDisplay cell: ListCell, forItemAt path: ItemPath) {
        guard let view = (cell as? HostedCell)?.view as? UITableViewCell else { return }
        table.delegate?.tableView(table, willDisplay: view, forRowAt: IndexPath(path))
    }
}
