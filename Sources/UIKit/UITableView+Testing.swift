internal import ListLabCore

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
