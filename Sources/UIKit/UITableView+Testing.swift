public import ListLabCore

/// What a test does that a user would do with a finger.
extension UITableView {
    /// Taps the row at `indexPath`, as a user does: the delegate may redirect
    /// or refuse it (`willSelectRowAt`), then the row is selected and the
    /// delegate told (`didSelectRowAt`), unlike ``selectRow(at:animated:scrollPosition:)``.
    public func tapRow(at indexPath: IndexPath) {
        refreshIfNeeded()
        guard allowsSelection, !UIKitException.hasBeenRaised else { return }
        let target = delegate.map { $0.tableView(self, willSelectRowAt: indexPath) } ?? indexPath
        guard let target else { return }
        try? list.selectItem(at: ItemPath(target))
        cellForRow(at: target)?.setSelected(true, animated: false)
    }
}

/// What a test reads of what the app's code did: the headless list a view
/// speaks for, which ListLab's snapshot strategies take
/// (`assertSnapshot(of: tableView.headlessList, as: .lines)`, or `.svg` for
/// a picture) and whose `render()` is the list as `show` prints it.
extension UITableView {
    /// The headless list this table speaks for: its rows, cells (kind,
    /// serial, reused), viewport and selection.
    public var headlessList: HeadlessList {
        refreshIfNeeded()
        return list
    }
}

extension UICollectionView {
    /// The headless list this collection view speaks for: its items, cells
    /// (kind, serial, reused), viewport and selection.
    public var headlessList: HeadlessList {
        refreshIfNeeded()
        return list
    }
}

/// What a test does that a user would do with a finger, in a collection list.
extension UICollectionView {
    /// Taps the outline disclosure of the item at `indexPath`, as a user
    /// does: its diffable data source's `sectionSnapshotHandlers` may refuse
    /// it (`shouldExpandItem`, `shouldCollapseItem`), are told
    /// (`willExpandItem`, `willCollapseItem`) and may give an expanding
    /// parent's children (`snapshotForExpandingParent`); then the section
    /// snapshot is applied with the item expanded or collapsed (iOS 14; an
    /// unrecognized selector before). Nothing happens without a diffable
    /// data source, or where there is no item.
    public func tapOutlineDisclosure(at indexPath: IndexPath) {
        refreshIfNeeded()
        (dataSource as? any OutlineDisclosing)?.toggleOutline(at: indexPath)
    }
}
