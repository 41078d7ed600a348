internal import ListLabCore

/// A table view's cell. Its text (its content configuration's, else its
/// labels') is what the headless list shows for its row and draws in its
/// pictures; the rest is kept, not drawn.
@preconcurrency @MainActor
open class UITableViewCell: UIView {
    /// The styles of a cell with labels of its own.
    public enum CellStyle: Int, Sendable {
        /// One label, or a label with a detail label: beside it (`value1`, `value2`) or below it (`subtitle`); the
        /// labels' texts are what the row shows.
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
    /// Whether the cell shows its row selected (a change updates its configuration).
    open var isSelected = false {
        didSet { if oldValue != isSelected { setNeedsUpdateConfiguration() } }
    }
    /// Whether the cell is highlighted (a change updates its configuration).
    open var isHighlighted = false {
        didSet { if oldValue != isHighlighted { setNeedsUpdateConfiguration() } }
    }
    /// Whether the cell's table is editing (a change updates its configuration).
    open var isEditing = false {
        didSet { if oldValue != isEditing { setNeedsUpdateConfiguration() } }
    }
    /// What the cell shows, as a value: shown by the content view it makes
    /// (or the one it has, when that view supports it); its texts, or its
    /// content view's labels', are the row's.
    open var contentConfiguration: (any UIContentConfiguration)? {
        get { contentSlot.configuration }
        set { contentSlot.show(newValue) }
    }
    /// The cell's background, as a value (kept, not drawn).
    open var backgroundConfiguration: UIBackgroundConfiguration?
    /// Whether a change of state updates the content configuration for it (`updated(for:)`).
    open var automaticallyUpdatesContentConfiguration = true
    /// Whether a change of state updates the background configuration for it.
    open var automaticallyUpdatesBackgroundConfiguration = true
    /// What runs each time the cell's configuration is updated: when it is
    /// dequeued for a row, when its state changes, and after ``setNeedsUpdateConfiguration()``.
    open var configurationUpdateHandler: ConfigurationUpdateHandler? {
        didSet { setNeedsUpdateConfiguration() }
    }
    /// The editing control's style (kept).
    open var editingAccessoryType: AccessoryType = .none
    /// The indentation level (kept).
    open var indentationLevel = 0
    /// The separator's insets (kept).
    open var separatorInset = UIEdgeInsets.zero
    /// The view behind the cell's content (kept).
    open var backgroundView: UIView?
    /// The view behind a selected cell's content (kept).
    open var selectedBackgroundView: UIView?
    /// What the cell shows, as a value, and the view that shows it.
    private lazy var contentSlot = ContentConfigurationSlot(container: contentView)
    /// The update the cycle owes: UIKit runs it before the cell is drawn.
    private let cycle = ConfigurationCycle()
    /// The cell's host in the headless list.
    weak var host: HostedCell?

    /// The handler of a configuration update: the cell and its state.
    public typealias ConfigurationUpdateHandler = (UITableViewCell, UICellConfigurationState) -> Void

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
    open var textLabel: UILabel? { contentView.madeLabel(&madeTextLabel) }

    /// The secondary label: nil for a `.default` cell, as in UIKit.
    open var detailTextLabel: UILabel? {
        guard style != .default else { return nil }
        return contentView.madeLabel(&madeDetailLabel)
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
        setNeedsUpdateConfiguration()
    }

    /// Selects or deselects the cell.
    open func setSelected(_ selected: Bool, animated: Bool) {
        isSelected = selected
    }

    /// Highlights the cell or takes the highlight away.
    open func setHighlighted(_ highlighted: Bool, animated: Bool) {
        isHighlighted = highlighted
    }

    /// Shows the cell editing or not.
    open func setEditing(_ editing: Bool, animated: Bool) {
        isEditing = editing
    }

    // MARK: The configuration cycle

    /// The cell's state: selected, highlighted, editing.
    open var configurationState: UICellConfigurationState {
        var state = UICellConfigurationState()
        state.isSelected = isSelected
        state.isHighlighted = isHighlighted
        state.isEditing = isEditing
        return state
    }

    /// Asks for the configuration to be updated: at once when the cell is on
    /// screen and no row is being asked for, else before it is shown, as UIKit does.
    open func setNeedsUpdateConfiguration() {
        cycle.setNeeded(onScreen: host != nil) {
            runConfigurationUpdate()
            host?.takeText()
        }
    }

    /// Updates the configuration for `state`: nothing unless a subclass
    /// overrides it (UIKit updates each configuration for the state first,
    /// when automatic, and runs the ``configurationUpdateHandler`` after).
    open func updateConfiguration(using state: UICellConfigurationState) {}

    /// Runs the update the cell owes, if any.
    func updateConfigurationIfNeeded() {
        cycle.runIfOwed(runConfigurationUpdate)
    }

    /// One update, in UIKit's order: each configuration updated for the
    /// state (when automatic), the cell's ``updateConfiguration(using:)``,
    /// then its ``configurationUpdateHandler``.
    private func runConfigurationUpdate() {
        let state = configurationState
        if automaticallyUpdatesContentConfiguration, let configuration = contentConfiguration {
            contentConfiguration = configuration.updated(for: state)
        }
        if automaticallyUpdatesBackgroundConfiguration, let background = backgroundConfiguration {
            backgroundConfiguration = background.updated(for: state)
        }
        updateConfiguration(using: state)
        configurationUpdateHandler?(self, state)
    }
}

extension UITableViewCell: ReusableCellView {
    var shownTexts: (text: String?, detail: String?) {
        if let shown = contentSlot.shownTexts { return shown }
        if madeTextLabel != nil || madeDetailLabel != nil {
            return (madeTextLabel?.shownText, madeDetailLabel?.shownText)
        }
        return ShownText.texts(in: contentView)
    }
}
