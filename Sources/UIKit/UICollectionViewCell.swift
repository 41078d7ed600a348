/// A view a collection view reuses: its cells, headers and footers.
@preconcurrency @MainActor
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

    /// Runs the configuration update the view owes: a cell's (see ``UICollectionViewCell``).
    func updateConfigurationIfNeeded() {}

    /// The texts the view shows: its labels'.
    var shownTexts: (text: String?, detail: String?) { ShownText.texts(in: self) }
}

/// A collection view's cell. Its content configuration's texts are what the
/// headless list shows for its item; the rest is kept, not drawn.
@preconcurrency @MainActor
open class UICollectionViewCell: UICollectionReusableView {
    /// The view cells' content goes in.
    public let contentView = UIView(frame: .zero)
    /// What the cell shows, as a value: shown by the content view it makes
    /// (or the one it has, when that view supports it); its texts, or its
    /// content view's labels', are the item's.
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
    /// dequeued for an item, when its state changes, and after ``setNeedsUpdateConfiguration()``.
    open var configurationUpdateHandler: ConfigurationUpdateHandler? {
        didSet { setNeedsUpdateConfiguration() }
    }
    /// Whether the cell shows its item selected (a change updates its configuration).
    open var isSelected = false {
        didSet { if oldValue != isSelected { setNeedsUpdateConfiguration() } }
    }
    /// Whether the cell is highlighted (a change updates its configuration).
    open var isHighlighted = false {
        didSet { if oldValue != isHighlighted { setNeedsUpdateConfiguration() } }
    }
    /// The view behind the cell's content (kept).
    open var backgroundView: UIView?
    /// The view behind a selected cell's content (kept).
    open var selectedBackgroundView: UIView?
    private lazy var contentSlot = ContentConfigurationSlot(container: contentView)
    private let cycle = ConfigurationCycle()

    /// The handler of a configuration update: the cell and its state.
    public typealias ConfigurationUpdateHandler = (UICollectionViewCell, UICellConfigurationState) -> Void

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
        setNeedsUpdateConfiguration()
    }

    // MARK: The configuration cycle

    /// The cell's state: selected, highlighted, and what a list cell adds.
    open var configurationState: UICellConfigurationState {
        var state = UICellConfigurationState()
        state.isSelected = isSelected
        state.isHighlighted = isHighlighted
        return state
    }

    /// Asks for the configuration to be updated: at once when the cell is on
    /// screen and no item is being asked for, else before it is shown, as UIKit does.
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
    override func updateConfigurationIfNeeded() {
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

    /// The texts the cell shows: its configuration's, else its content view's labels'.
    override var shownTexts: (text: String?, detail: String?) {
        contentSlot.shownTexts ?? ShownText.texts(in: contentView)
    }
}

extension UICollectionReusableView: ReusableCellView {}

/// A list's cell: a content configuration of a list, accessories, and
/// an outline's indentation.
@preconcurrency @MainActor
open class UICollectionViewListCell: UICollectionViewCell {
    /// The accessories (kept; a picture shows an outline's chevron from the data source).
    open var accessories: [UICellAccessory] = []
    /// The indentation level (kept; an outline's comes from its section snapshot).
    open var indentationLevel = 0

    /// A list content configuration for this cell, with no text.
    open func defaultContentConfiguration() -> UIListContentConfiguration { .cell() }
}

/// An accessory of a list cell (kept, not drawn).
@preconcurrency @MainActor
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
    public static func disclosureIndicator(displayed: DisplayedState = .always) -> UICellAccessory {
        UICellAccessory("disclosureIndicator", displayed: displayed)
    }
    /// A checkmark (kept, not drawn).
    public static func checkmark(displayed: DisplayedState = .always) -> UICellAccessory {
        UICellAccessory("checkmark", displayed: displayed)
    }
    /// An outline's chevron, which expands and collapses its item (kept, not drawn; a picture shows it from the data
    /// source).
    public static func outlineDisclosure(
        displayed: DisplayedState = .always, options: OutlineDisclosureOptions = OutlineDisclosureOptions(),
        actionHandler: (() -> Void)? = nil
    ) -> UICellAccessory {
        UICellAccessory("outlineDisclosure", displayed: displayed)
    }

    /// How an outline's chevron looks (kept).
    @preconcurrency @MainActor
    public struct OutlineDisclosureOptions {
        /// The chevron's style (kept).
        public enum Style: Int, Sendable {
            /// UIKit's choice, a cell's, or a header's (kept).
            case automatic, header, cell
        }

        /// The style (kept).
        public var style: Style
        /// Whether the chevron is hidden (kept).
        public var isHidden: Bool?
        /// The width kept for it (kept).
        public var reservedLayoutWidth: CGFloat?
        /// The tint colour (kept).
        public var tintColor: UIColor?

        /// Options of `style` (kept).
        public init(
            style: Style = .automatic, isHidden: Bool? = nil, reservedLayoutWidth: CGFloat? = nil,
            tintColor: UIColor? = nil
        ) {
            self.style = style
            self.isHidden = isHidden
            self.reservedLayoutWidth = reservedLayoutWidth
            self.tintColor = tintColor
        }
    }
    /// A delete control, shown while editing (kept, not drawn).
    public static func delete(displayed: DisplayedState = .whenEditing) -> UICellAccessory {
        UICellAccessory("delete", displayed: displayed)
    }
    /// A reorder control, shown while editing (kept, not drawn).
    public static func reorder(displayed: DisplayedState = .whenEditing) -> UICellAccessory {
        UICellAccessory("reorder", displayed: displayed)
    }
    /// A detail button (kept, not drawn).
    public static func detail(displayed: DisplayedState = .always) -> UICellAccessory {
        UICellAccessory("detail", displayed: displayed)
    }
    /// A view of the app's own (kept, not drawn).
    public static func customView(configuration: CustomViewConfiguration) -> UICellAccessory {
        UICellAccessory("customView", displayed: configuration.displayed)
    }

    /// A selection circle, shown while editing with multiple selection (kept, not drawn).
    public static func multiselect(displayed: DisplayedState = .whenEditing) -> UICellAccessory {
        UICellAccessory("multiselect", displayed: displayed)
    }

    /// An insert control, shown while editing (kept, not drawn).
    public static func insert(displayed: DisplayedState = .whenEditing, actionHandler: (() -> Void)? = nil)
        -> UICellAccessory
    {
        UICellAccessory("insert", displayed: displayed)
    }

    /// Where an accessory of the app's own goes.
    public enum Placement: Sendable {
        /// Before the content, or after it (kept).
        case leading(displayed: DisplayedState = .always), trailing(displayed: DisplayedState = .always)
    }

    /// An accessory view of the app's own and where it goes (kept).
    @preconcurrency @MainActor
    public struct CustomViewConfiguration {
        /// The view (kept).
        public var customView: UIView
        /// Where it goes (kept).
        public var placement: Placement
        /// When it shows.
        public var isHidden: Bool?
        /// The width kept for it (kept).
        public var reservedLayoutWidth: CGFloat?
        /// The tint colour (kept).
        public var tintColor: UIColor?
        /// Whether it keeps its own size (kept).
        public var maintainsFixedSize: Bool?

        /// `customView` at `placement` (kept).
        public init(
            customView: UIView, placement: Placement, isHidden: Bool? = nil, reservedLayoutWidth: CGFloat? = nil,
            tintColor: UIColor? = nil, maintainsFixedSize: Bool? = nil
        ) {
            self.customView = customView
            self.placement = placement
            self.isHidden = isHidden
            self.reservedLayoutWidth = reservedLayoutWidth
            self.tintColor = tintColor
            self.maintainsFixedSize = maintainsFixedSize
        }

        var displayed: DisplayedState {
            switch placement {
            case .leading(let displayed), .trailing(let displayed): displayed
            }
        }
    }

    /// A label of `text` (kept, not drawn).
    public static func label(text: String, displayed: DisplayedState = .always) -> UICellAccessory {
        UICellAccessory("label: \(text)", displayed: displayed)
    }
}
