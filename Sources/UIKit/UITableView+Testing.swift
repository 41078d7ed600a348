public import ListLabCore

/// The edge a swipe starts from.
public enum SwipeEdge: Sendable {
    /// From the leading edge (the left in English).
    case leading
    /// From the trailing edge (the right in English): where a delete is.
    case trailing
}

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
    }

    /// Swipes the row at `indexPath` from `edge`, as a user does, and returns
    /// the actions the swipe shows, from the edge inwards (tap one with
    /// ``UIContextualAction/tap()``). The delegate's configuration gives them;
    /// without one, a trailing swipe on a row the data source can edit, whose
    /// editing style is delete, shows UIKit's Delete, which commits the
    /// delete to the data source (`commit editingStyle:`). Empty when the
    /// swipe shows nothing.
    public func swipeRow(at indexPath: IndexPath, edge: SwipeEdge = .trailing) -> [UIContextualAction] {
        refreshIfNeeded()
        guard !UIKitException.hasBeenRaised, let dataSource,
            list.contains(ItemPath(indexPath)), dataSource.tableView(self, canEditRowAt: indexPath)
        else { return [] }
        let configured =
            switch edge {
            case .trailing: delegate?.tableView(self, trailingSwipeActionsConfigurationForRowAt: indexPath)
            case .leading: delegate?.tableView(self, leadingSwipeActionsConfigurationForRowAt: indexPath)
            }
        if let configured { return configured.actions }
        let style = delegate?.tableView(self, editingStyleForRowAt: indexPath) ?? .delete
        guard edge == .trailing, style == .delete else { return [] }
        let title = delegate?.tableView(self, titleForDeleteConfirmationButtonForRowAt: indexPath) ?? "Delete"
        return [
            UIContextualAction(style: .destructive, title: title) { [weak self] _, _, completion in
                guard let self, let dataSource = self.dataSource else { return completion(false) }
                dataSource.tableView(self, commit: .delete, forRowAt: indexPath)
                completion(true)
            }
        ]
    }

    /// Taps the editing control of the row at `indexPath` while the table
    /// edits, as a user does: the data source must be able to edit the row;
    /// the delegate's editing style says which control it is: an insert
    /// control commits an insert, a delete control (then its Delete button)
    /// commits a delete, to the data source (`commit editingStyle:`). Returns
    /// the style committed, or `.none` when nothing was.
    @discardableResult
    public func tapEditingControl(forRowAt indexPath: IndexPath) -> UITableViewCell.EditingStyle {
        refreshIfNeeded()
        guard isEditing, !UIKitException.hasBeenRaised, let dataSource, list.contains(ItemPath(indexPath)),
            dataSource.tableView(self, canEditRowAt: indexPath)
        else { return .none }
        let style = delegate?.tableView(self, editingStyleForRowAt: indexPath) ?? .delete
        guard style != .none else { return .none }
        dataSource.tableView(self, commit: style, forRowAt: indexPath)
        return style
    }

    /// The menu a long press on the row at `indexPath` shows, as the
    /// delegate gives it, or nil (run an action with ``UIAction/perform()``).
    public func contextMenu(forRowAt indexPath: IndexPath) -> UIMenu? {
        refreshIfNeeded()
        guard !UIKitException.hasBeenRaised, list.contains(ItemPath(indexPath)) else { return nil }
        return delegate?.tableView(self, contextMenuConfigurationForRowAt: indexPath, point: .zero)?.menu
    }

    /// Drags the row at `source` to `destination` while the table edits, as
    /// a user does: nothing unless the data source can move it; the delegate
    /// may change where it lands; the data source is told
    /// (`moveRowAt`), and the table moves the row without asking again, as
    /// UIKit does (its model must have moved it). A diffable data source
    /// moves the item in its snapshot.
    public func dragRow(at source: IndexPath, to destination: IndexPath) {
        refreshIfNeeded()
        guard !UIKitException.hasBeenRaised, let dataSource, list.contains(ItemPath(source)),
            dataSource.tableView(self, canMoveRowAt: source)
        else { return }
        let landing =
            delegate?.tableView(self, targetIndexPathForMoveFromRowAt: source, toProposedIndexPath: destination)
            ?? destination
        guard landing != source else { return }
        if let reordering = dataSource as? any UserReordering {
            reordering.reorderAsUser(from: source, to: landing) {
                dataSource.tableView(self, moveRowAt: source, to: landing)
            }
        } else {
            dataSource.tableView(self, moveRowAt: source, to: landing)
            moveRow(at: source, to: landing)
        }
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
    /// Taps the item at `indexPath`, as a user does: the delegate may refuse
    /// it (`shouldSelectItemAt`), then the item is selected and the delegate
    /// told (`didSelectItemAt`); with multiple selection, a selected item is
    /// deselected (`shouldDeselectItemAt`, `didDeselectItemAt`).
    public func tapItem(at indexPath: IndexPath) {
        refreshIfNeeded()
        guard allowsSelection, !UIKitException.hasBeenRaised, list.contains(ItemPath(indexPath)) else { return }
        if allowsMultipleSelection, list.selectedPaths.contains(ItemPath(indexPath)) {
            guard delegate?.collectionView(self, shouldDeselectItemAt: indexPath) ?? true else { return }
            deselectItem(at: indexPath, animated: false)
            delegate?.collectionView(self, didDeselectItemAt: indexPath)
            return
        }
        guard delegate?.collectionView(self, shouldSelectItemAt: indexPath) ?? true else { return }
        try? list.selectItem(at: ItemPath(indexPath))
    }

    /// Swipes the item at `indexPath` from `edge`, as a user does, and
    /// returns the actions the swipe shows, from the edge inwards, as the
    /// list layout's swipe actions provider gives them (tap one with
    /// ``UIContextualAction/tap()``); empty when it shows none.
    public func swipeItem(at indexPath: IndexPath, edge: SwipeEdge = .trailing) -> [UIContextualAction] {
        refreshIfNeeded()
        guard !UIKitException.hasBeenRaised, list.contains(ItemPath(indexPath)),
            let configuration = (collectionViewLayout as? UICollectionViewCompositionalLayout)?.listConfiguration
        else { return [] }
        let provider =
            switch edge {
            case .trailing: configuration.trailingSwipeActionsConfigurationProvider
            case .leading: configuration.leadingSwipeActionsConfigurationProvider
            }
        return provider?(indexPath)?.actions ?? []
    }

    /// The menu a long press on the item at `indexPath` shows, as the
    /// delegate gives it, or nil.
    public func contextMenu(forItemAt indexPath: IndexPath) -> UIMenu? {
        refreshIfNeeded()
        guard !UIKitException.hasBeenRaised, list.contains(ItemPath(indexPath)) else { return nil }
        return delegate?.collectionView(self, contextMenuConfigurationForItemsAt: [indexPath], point: .zero)?.menu
    }

    /// Drags the item at `source` to `destination`, as a user does: nothing
    /// unless the data source can move it; the delegate may change where it
    /// lands; the data source is told (`moveItemAt`), and the view moves the
    /// item without asking again (a diffable data source moves it in its snapshot).
    public func dragItem(at source: IndexPath, to destination: IndexPath) {
        refreshIfNeeded()
        guard !UIKitException.hasBeenRaised, let dataSource, list.contains(ItemPath(source)),
            dataSource.collectionView(self, canMoveItemAt: source)
        else { return }
        let landing =
            delegate?.collectionView(self, targetIndexPathForMoveFromItemAt: source, toProposedIndexPath: destination)
            ?? destination
        guard landing != source else { return }
        if let reordering = dataSource as? any UserReordering {
            reordering.reorderAsUser(from: source, to: landing) {
                dataSource.collectionView(self, moveItemAt: source, to: landing)
            }
        } else {
            dataSource.collectionView(self, moveItemAt: source, to: landing)
            moveItem(at: source, to: landing)
        }
    }

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

/// A data source that moves an item in its own state when the user drags
/// it (a diffable one, in its snapshot), where a classic one relies on the
/// view to move the row.
@MainActor
protocol UserReordering: AnyObject {
    /// Moves the item at `source` to `destination` as a user's drag ends,
    /// after `tell` tells the data source (whose subclass may have applied the move itself).
    func reorderAsUser(from source: IndexPath, to destination: IndexPath, telling tell: () -> Void)
}

extension DiffableFace {
    /// Moves the item at `source` to `destination` in the snapshot, as
    /// UIKit's diffable data source does when the user drags it, unless
    /// `tell` (the subclass's `moveRowAt`) already put it there.
    func reorderAsUser(from source: IndexPath, to destination: IndexPath, telling tell: () -> Void) {
        guard let item = itemIdentifier(for: source) else { return tell() }
        tell()
        guard indexPath(for: item) != destination, let section = sectionIdentifier(for: destination.section) else {
            return
        }
        var moved = snapshot()
        moved.deleteItems([item])
        let items = moved.itemIdentifiers(inSection: section)
        if destination.item < items.count {
            moved.insertItems([item], beforeItem: items[destination.item])
        } else {
            moved.appendItems([item], toSection: section)
        }
        apply(moved, animatingDifferences: false, completion: nil)
    }
}

extension UITableViewDiffableDataSource: UserReordering {
    func reorderAsUser(from source: IndexPath, to destination: IndexPath, telling tell: () -> Void) {
        face.reorderAsUser(from: source, to: destination, telling: tell)
    }
}

extension UICollectionViewDiffableDataSource: UserReordering {
    func reorderAsUser(from source: IndexPath, to destination: IndexPath, telling tell: () -> Void) {
        face.reorderAsUser(from: source, to: destination, telling: tell)
    }
}
