internal import ListLabCore

/// A table view's cell. Its text (its content configuration's, else its
/// labels') is what the headless list shows for its row and draws in its
/// pictures; the rest is kept, not drawn.
@MainActor
open class UITableViewCell: UIView {
    /// The styles of a cell with labels of its own.
    public enum CellStyle: Int, Sendable {
        /// One label, or a label with a detail label: beside it (`value1`, `value2`) or below it (`subtitle`); the labels' texts are what the row shows.
        case `default`, value1, value2, subtitle
    }

    /// The standard accessory views.
    public enum AccessoryType: Int, Sendable {
        /// None, a chevron, a detail button with a chevron, a checkmark, or a detail button (kept).
        case none, disclosureIndicator, detailDisclosureButton, checkmark, detailButton
    }

    /// How the cell shows it is selected (kept).
    public enum SelectionStyle: Int, Sendable {
        /// No highlight, a blue one, a grey one, or the default one (kept, not drawn).
        case none, blue, gray, `default`
    }

    /// The identifier of the reuse queue the cell belongs to.
    public let reuseIdentifier: String?
    /// The style the cell was made with.
    public let style: CellStyle
    /// The view cells' content goes in.
    public let contentView = UIView(frame: .zero)
    private var madeTextLabel: UILabel?
    private var madeDetailLabel: UILabel?
    private var madeImageView: UIImageView?
    /// The accessory (kept; a picture shows a checkmark's or chevron's place).
    open var accessoryType: AccessoryType = .none
    /// A custom accessory view (kept).
    open var accessoryView: UIView?
    /// How selection shows (kept).
    open var selectionStyle: SelectionStyle = .default
    /// Whether the cell shows its row selected.
    open var isSelected = false
    /// Whether the cell is highlighted (kept).
    open var isHighlighted = false
    /// What the cell shows, as a value; when set, its texts are the cell's.
    open var contentConfiguration: (any UIContentConfiguration)?
    /// The cell's host in the headless list.
    weak var host: HostedCell?

    /// A cell of `style` for the reuse queue `reuseIdentifier`.
    public init(style: CellStyle, reuseIdentifier: String?) {
        self.style = style
        self.reuseIdentifier = reuseIdentifier
        super.init(frame: .zero)
        addSubview(contentView)
    }

    /// A cell from an archive: storyboards and nibs are not read here.
    public required init?(coder: NSCoder) {
        style = .default
        reuseIdentifier = nil
        super.init(coder: coder)
    }

    /// A `.default` cell with no reuse identifier.
    public convenience override init(frame: CGRect) {
        self.init(style: .default, reuseIdentifier: nil)
        self.frame = frame
    }

    /// What the headless table calls to make a cell of a registered class:
    /// `init(style: .default, reuseIdentifier:)`, as UIKit makes one. Not
    /// for an app's code (a convenience initializer that every subclass
    /// inherits, so that the table can make any of them).
    public required convenience init(listLabReuseIdentifier identifier: String) {
        self.init(style: .default, reuseIdentifier: identifier)
    }

    /// The main label (made when first asked for).
    open var textLabel: UILabel? {
        if let madeTextLabel { return madeTextLabel }
        let label = UILabel(frame: .zero)
        contentView.addSubview(label)
        madeTextLabel = label
        return label
    }

    /// The secondary label: nil for a `.default` cell, as in UIKit.
    open var detailTextLabel: UILabel? {
        guard style != .default else { return nil }
        if let madeDetailLabel { return madeDetailLabel }
        let label = UILabel(frame: .zero)
        contentView.addSubview(label)
        madeDetailLabel = label
        return label
    }

    /// The image view (made when first asked for; kept, not drawn).
    open var imageView: UIImageView? {
        if let madeImageView { return madeImageView }
        let view = UIImageView(frame: .zero)
        contentView.addSubview(view)
        madeImageView = view
        return view
    }

    /// A list content configuration for this cell's style, with no text.
    open func defaultContentConfiguration() -> UIListContentConfiguration {
        switch style {
        case .default: .cell()
        case .subtitle: .subtitleCell()
        case .value1, .value2: .valueCell()
        }
    }

    /// Clears the cell before it is handed out again; subclasses call `super`.
    /// As in UIKit, the content configuration is kept (the next item sets its own).
    open func prepareForReuse() {
        isSelected = false
        isHighlighted = false
    }

    /// Selects or deselects the cell.
    open func setSelected(_ selected: Bool, animated: Bool) {
        isSelected = selected
    }
}

extension UITableViewCell: ReusableCellView {
    var shownTexts: (text: String?, detail: String?) {
        if let configuration = contentConfiguration as? UIListContentConfiguration {
            return (configuration.shownText, configuration.shownSecondaryText)
        }
        return (madeTextLabel?.text, madeDetailLabel?.text)
    }
}
