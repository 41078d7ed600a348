/// A headless cell: what a UITableViewCell or UICollectionViewCell would be,
/// without pixels.
///
/// The list creates cells from registered classes and reuses them; a
/// presenter configures them by setting ``text`` and ``detail``. Subclass it
/// for a cell kind of your own and adopt ``ConfigurableCell``:
///
/// ```swift
/// final class ContactCell: ListCell, ConfigurableCell {
///     func configure(with contact: Contact, at path: ItemPath) {
///         text = contact.name
///         detail = contact.phone
///     }
/// }
/// ```
open class ListCell {
    /// The identifier of the reuse queue this cell belongs to.
    public let reuseIdentifier: String
    /// The order in which the list created this cell: 1 for its first cell.
    public internal(set) var serial: Int = 0
    /// The main text the cell shows.
    public var text: String = ""
    /// Secondary text (a subtitle), if any.
    public var detail: String?
    /// Whether the cell shows its item as selected.
    public internal(set) var isSelected = false {
        didSet { if oldValue != isSelected { selectionDidChange() } }
    }
    /// How many times the data source configured this cell.
    public internal(set) var configurationCount = 0
    /// How many times the list took this cell from its reuse queue.
    public internal(set) var reuseCount = 0

    /// Creates a cell for the queue `reuseIdentifier`. The list calls this;
    /// code that presents items dequeues cells instead.
    public required init(reuseIdentifier: String) {
        self.reuseIdentifier = reuseIdentifier
    }

    /// Called when the list selects the cell's item or deselects it (one
    /// item's selection taking another's away included): a cell that stands
    /// for a view of another kit passes it on. Does nothing by default.
    open func selectionDidChange() {}

    /// Clears the content before the cell is handed out again, as UIKit's
    /// `prepareForReuse` does. Subclasses that override it call `super`.
    open func prepareForReuse() {
        text = ""
        detail = nil
    }
}

/// A cell kind that names its own reuse identifier: the name of its type, as
/// in "Generic Data Sources in Swift".
public protocol ReusableCell: ListCell {
    /// The identifier of this kind's reuse queue; by default the type's name.
    static var reuseIdentifier: String { get }
}

extension ReusableCell {
    /// The type's name, for example `ContactCell`.
    public static var reuseIdentifier: String { String(describing: Self.self) }
}

/// A cell kind that configures itself from one model type.
public protocol ConfigurableCell: ReusableCell {
    /// The type of item this cell shows.
    associatedtype Model
    /// Shows `model`, the item at `path`.
    func configure(with model: Model, at path: ItemPath)
}
