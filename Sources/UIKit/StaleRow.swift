internal import ListLabCore

/// A row on screen that does not show what its data source gives for it
/// now: the silent bug UIKit never reports (an update that moved or deleted
/// the wrong rows, a cell configured from an old value, a row the data no
/// longer has). ``UITableView/staleRow()`` and ``UICollectionView/staleRow()`` find the first.
public struct StaleRow: Hashable, Sendable, CustomStringConvertible {
    /// Where the row is.
    public let indexPath: IndexPath
    /// What the row shows: its cell's text, and its detail after " — ".
    public let shown: String
    /// What the data source gives for the row now, or nil when it has no row there.
    public let given: String?

    /// The row, what it shows and what it should.
    public var description: String {
        let place = "\(indexPath.section).\(indexPath.item)"
        guard let given else { return "the row at \(place) shows \"\(shown)\", where the data source has no row" }
        return "the row at \(place) shows \"\(shown)\", where its data source gives \"\(given)\""
    }
}

/// A data source that can make a cell for a row again without the list
/// seeing it (a diffable one, through its cell provider).
@MainActor
protocol CellProbing {
    func probeCell(at indexPath: IndexPath) -> UIView?
}

/// A list a test can ask for its first stale row: a table or a collection view.
@MainActor
public protocol StaleRowChecking: AnyObject {
    /// The first row on screen that does not show what its data source gives for it now, or nil.
    func staleRow() -> StaleRow?
    /// Lays the list out: it loads what its data source changed.
    func layoutIfNeeded()
}

extension UITableView: StaleRowChecking {
    /// The first row on screen, in order, that does not show what the data
    /// source gives for it now: the counts are asked again, and for each
    /// row within them, a cell is made the list never sees and configured as
    /// the data source configures one; its texts are compared with the
    /// row's. Nil when every row on screen is right.
    public func staleRow() -> StaleRow? {
        refreshIfNeeded()
        guard let dataSource, !UIKitException.hasBeenRaised else { return nil }
        let sections = dataSource.numberOfSections(in: self)
        for path in indexPathsForVisibleRows ?? [] {
            let shown = shownText(at: path)
            guard path.section < sections, path.row < dataSource.tableView(self, numberOfRowsInSection: path.section)
            else {
                return StaleRow(indexPath: path, shown: shown, given: nil)
            }
            let given = ShownText.joined(givenTexts(at: path)) ?? ""
            if given != shown { return StaleRow(indexPath: path, shown: shown, given: given) }
        }
        return nil
    }

    /// What the data source gives for the row at `path` now, as a cell made
    /// for it that the list never sees shows it (nil texts when it gives no
    /// cell that shows any).
    package func givenTexts(at path: IndexPath) -> (text: String?, detail: String?) {
        guard let dataSource else { return (nil, nil) }
        let fresh = probing {
            (dataSource as? any CellProbing)?.probeCell(at: path) ?? dataSource.tableView(self, cellForRowAt: path)
        }
        guard let cell = fresh as? any ReusableCellView else { return (nil, nil) }
        cell.updateConfigurationIfNeeded()
        return cell.shownTexts
    }

    /// `body`'s result, made while a dequeue makes cells the list never sees.
    private func probing<Made>(_ body: () -> Made) -> Made {
        isProbing = true
        defer { isProbing = false }
        return body()
    }

    private func shownText(at path: IndexPath) -> String {
        guard let cell = list.cellForItem(at: ItemPath(path)) else { return "" }
        return ShownText.joined((cell.text, cell.detail)) ?? ""
    }
}

extension UICollectionView: StaleRowChecking {
    /// The first item on screen, in order, that does not show what the data
    /// source gives for it now (see ``UITableView/staleRow()``).
    public func staleRow() -> StaleRow? {
        refreshIfNeeded()
        guard let dataSource, !UIKitException.hasBeenRaised else { return nil }
        let sections = dataSource.numberOfSections(in: self)
        for path in indexPathsForVisibleItems {
            let shown = list.cellForItem(at: ItemPath(path)).map { ShownText.joined(($0.text, $0.detail)) ?? "" } ?? ""
            guard path.section < sections,
                path.item < dataSource.collectionView(self, numberOfItemsInSection: path.section)
            else {
                return StaleRow(indexPath: path, shown: shown, given: nil)
            }
            let given = ShownText.joined(givenTexts(at: path)) ?? ""
            if given != shown { return StaleRow(indexPath: path, shown: shown, given: given) }
        }
        return nil
    }

    /// What the data source gives for the item at `path` now (see ``UITableView/givenTexts(at:)``).
    package func givenTexts(at path: IndexPath) -> (text: String?, detail: String?) {
        guard let dataSource else { return (nil, nil) }
        let fresh = probing {
            (dataSource as? any CellProbing)?.probeCell(at: path)
                ?? CellRequest.asking { dataSource.collectionView(self, cellForItemAt: path) }
        }
        guard let cell = fresh as? any ReusableCellView else { return (nil, nil) }
        cell.updateConfigurationIfNeeded()
        return cell.shownTexts
    }

    /// `body`'s result, made while a dequeue makes cells the list never sees.
    private func probing<Made>(_ body: () -> Made) -> Made {
        isProbing = true
        defer { isProbing = false }
        return body()
    }
}

extension UIView {
    /// The first stale row (``StaleRow``) of the tables and collection views
    /// in this view and its subviews, in order, or nil: what a screen's
    /// regression test checks without naming its list
    /// (`#expect(screen.view.firstStaleRow() == nil)`).
    public func firstStaleRow() -> StaleRow? {
        if let list = self as? any StaleRowChecking, let row = list.staleRow() { return row }
        for view in subviews {
            if let row = view.firstStaleRow() { return row }
        }
        return nil
    }
}
