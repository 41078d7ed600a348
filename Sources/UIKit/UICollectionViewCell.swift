/// A view a collection view reuses: its cells, headers and footers.
@MainActor
open class UICollectionReusableView: UIView {
    /// The identifier of the reuse queue the view belongs to.
    open private(set) var reuseIdentifier: String?
    /// The view's host in the headless list.
    weak var host: HostedCell?

    /// A view with `frame`.
    public override init(frame: CGRect) {
        super.init(frame: frame)
    }

    /// A view from an archive: storyboards and nibs are not read here.
    public required init?(coder: NSCoder) {
        super.init(coder: coder)
    }

    /// What the headless collection view calls to make a view of a registered
    /// class: `init(frame: .zero)`, as UIKit makes one. Not for an app's code
    /// (a convenience initializer that every subclass inherits).
    public required convenience init(listLabReuseIdentifier identifier: String) {
        self.init(frame: .zero)
        reuseIdentifier = identifier
    }

    /// Clears the view before it is handed out again; subclasses call `super`.
    open func prepareForReuse() {}
}

/// A collection view's cell. Its content configuration's texts are what the
/// headless list shows for its item; the rest is kept, not drawn.
@MainActor
open class UICollectionViewCell: UICollectionReusableView {
    /// The view cells' content goes in.
    public let contentView = UIView(frame: .zero)
    /// What the cell shows, as a value.
    open var contentConfiguration: (any UIContentConfiguration)?
    /// Whether the cell shows its item selected.
    open var isSelected = false
    /// Whether the cell is highlighted (kept).
    open var isHighlighted = false

    /// A cell with `frame`, its content view added.
    public override init(frame: CGRect) {
        super.init(frame: frame)
        addSubview(contentView)
    }

    /// A cell from an archive: storyboards and nibs are not read here.
    public required init?(coder: NSCoder) {
        super.init(coder: coder)
    }

    /// Clears the selection and the highlight before the cell is handed out again; subclasses call `super`.
    open override func prepareForReuse() {
        super.prepareForReuse()
        isSelected = false
        isHighlighted = false
    }
}

extension UICollectionReusableView: ReusableCellView {
    var shownTexts: (text: String?, detail: String?) {
        guard let configuration = (self as? UICollectionViewCell)?.contentConfiguration as? UIListContentConfiguration else { return (nil, nil) }
        return (configuration.shownText, configuration.shownSecondaryText)
    }
}

/// A list's cell: a content configuration of a list, accessories, and
/// an outline's indentation.
@MainActor
open class UICollectionViewListCell: UICollectionViewCell {
    /// The accessories (kept; a picture shows an outline's chevron from the data source).
    open var accessories: [UICellAccessory] = []
    /// The indentation level (kept; an outline's comes from its section snapshot).
    open var indentationLevel = 0

    /// A list content configuration for this cell, with no text.
    open func defaultContentConfiguration() -> UIListContentConfiguration { .cell() }
}

/// An accessory of a list cell (kept, not drawn).
@MainActor
public struct UICellAccessory {
    /// When an accessory shows.
    public enum DisplayedState: Sendable {
        /// Always, only while the list is editing, or only while it is not (kept: nothing is edited here).
        case always, whenEditing, whenNotEditing
    }

    /// What the accessory is.
    public let kind: String
    /// When it shows.
    public let displayed: DisplayedState

    private init(_ kind: String, displayed: DisplayedState) {
        self.kind = kind
        self.displayed = displayed
    }

    /// A chevron, for a row that leads on (kept, not drawn).
    public static func disclosureIndicator(displayed: DisplayedState = .always) -> UICellAccessory { UICellAccessory("disclosureIndicator", displayed: displayed) }
    /// A checkmark (kept, not drawn).
    public static func checkmark(displayed: DisplayedState = .always) -> UICellAccessory { UICellAccessory("checkmark", displayed: displayed) }
    /// An outline's chevron, which expands and collapses its item (kept, not drawn; a picture shows it from the data source).
    public static func outlineDisclosure(displayed: DisplayedState = .always) -> UICellAccessory { UICellAccessory("outlineDisclosure", displayed: displayed) }
    /// A delete control, shown while editing (kept, not drawn).
    public static func delete(displayed: DisplayedState = .whenEditing) -> UICellAccessory { UICellAccessory("delete", displayed: displayed) }
    /// A reorder control, shown while editing (kept, not drawn).
    public static func reorder(displayed: DisplayedState = .whenEditing) -> UICellAccessory { UICellAccessory("reorder", displayed: displayed) }
    /// A detail button (kept, not drawn).
    public static func detail(displayed: DisplayedState = .always) -> UICellAccessory { UICellAccessory("detail", displayed: displayed) }
    /// A label of `text` (kept, not drawn).
    public static func label(text: String, displayed: DisplayedState = .always) -> UICellAccessory { UICellAccessory("label: \(text)", displayed: displayed) }
}
