internal import ListLabCore

/// The headless list's cell that holds a UIKit cell: the list creates,
/// queues and reuses these, and each one makes its UIKit cell once, from the
/// class registered for its identifier, when first dequeued (see
/// ``UITableView/dequeueReusableCell(withIdentifier:for:)``).
final class HostedCell: ListCell {
    /// The UIKit cell this one holds; nil until it is first dequeued.
    var view: UIView?

    /// Clears the UIKit cell for its next item, as the list reuses this one.
    override func prepareForReuse() {
        super.prepareForReuse()
        MainActor.assumeIsolated { [view] in
            (view as? any ReusableCellView)?.prepareForReuse()
        }
    }

    /// Tells the UIKit cell that the list selected or deselected its row, as
    /// UIKit does (a table's cell through `setSelected(_:animated:)`): its
    /// configuration is updated for the new state.
    override func selectionDidChange() {
        MainActor.assumeIsolated { [view, isSelected] in
            if let cell = view as? UITableViewCell, cell.isSelected != isSelected {
                cell.setSelected(isSelected, animated: false)
            } else if let cell = view as? UICollectionViewCell, cell.isSelected != isSelected {
                cell.isSelected = isSelected
            }
        }
    }

    /// Shows what the UIKit cell shows now, once the configuration update it
    /// owes has run: its content configuration's texts, else its labels'.
    func takeText() {
        let shown = MainActor.assumeIsolated { [view] () -> (text: String?, detail: String?)? in
            guard let cell = view as? any ReusableCellView else { return nil }
            cell.updateConfigurationIfNeeded()
            return cell.shownTexts
        }
        guard let shown else { return }
        text = shown.text ?? ""
        detail = shown.detail
    }
}

/// A UIKit cell the headless list hosts: a table's or a collection view's.
@MainActor
protocol ReusableCellView: UIView {
    /// The host of this cell in the headless list.
    var host: HostedCell? { get set }
    /// Clears the cell for reuse.
    func prepareForReuse()
    /// The text and secondary text the cell shows.
    var shownTexts: (text: String?, detail: String?) { get }
    /// Runs the configuration update the cell owes (UIKit runs it before the cell is drawn).
    func updateConfigurationIfNeeded()
}
