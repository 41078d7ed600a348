internal import ListLabCore

/// A table's section header or footer view. Its text (its content
/// configuration's, else its labels') is the section's header or footer
/// row in the headless list and in its pictures; the rest is kept.
@preconcurrency @MainActor
open class UITableViewHeaderFooterView: UIView {
    /// The identifier of the reuse queue the view belongs to.
    public let reuseIdentifier: String?
    /// The view the header's content goes in.
    public let contentView = UIView(frame: .zero)
    private var madeTextLabel: UILabel?
    private var madeDetailLabel: UILabel?
    private lazy var contentSlot = ContentConfigurationSlot(container: contentView)
    /// The view behind the content (kept).
    open var backgroundView: UIView?
    /// The background, as a value (kept, not drawn).
    open var backgroundConfiguration: UIBackgroundConfiguration?
    /// Whether a change of state updates the content configuration for it.
    open var automaticallyUpdatesContentConfiguration = true
    /// What runs when the view's configuration is updated: before it is shown, and after
    /// ``setNeedsUpdateConfiguration()``.
    open var configurationUpdateHandler: ((UITableViewHeaderFooterView, UIViewConfigurationState) -> Void)?

    /// What the view shows, as a value; its texts are the header's.
    open var contentConfiguration: (any UIContentConfiguration)? {
        get { contentSlot.configuration }
        set { contentSlot.show(newValue) }
    }

    /// A view for the reuse queue `reuseIdentifier`.
    public init(reuseIdentifier: String?) {
        self.reuseIdentifier = reuseIdentifier
        super.init(frame: .zero)
        addSubview(contentView)
    }

    /// A view from an archive: storyboards and nibs are not read here.
    public required init?(coder: NSCoder) {
        reuseIdentifier = nil
        super.init(coder: coder)
    }

    /// A view with no reuse identifier, with `frame`.
    public convenience override init(frame: CGRect) {
        self.init(reuseIdentifier: nil)
        self.frame = frame
    }

    /// What the headless table calls to make a view of a registered class:
    /// `init(reuseIdentifier:)`, as UIKit makes one. Not for an app's code.
    public required convenience init(listLabReuseIdentifier identifier: String) {
        self.init(reuseIdentifier: identifier)
    }

    /// The main label (made when first asked for).
    open var textLabel: UILabel? { contentView.madeLabel(&madeTextLabel) }

    /// The secondary label (made when first asked for).
    open var detailTextLabel: UILabel? { contentView.madeLabel(&madeDetailLabel) }

    /// A list content configuration for a header, with no text.
    open func defaultContentConfiguration() -> UIListContentConfiguration { .groupedHeader() }

    /// The view's state (nothing is selected or highlighted in a header).
    open var configurationState: UIViewConfigurationState { UIViewConfigurationState() }

    /// Updates the configuration now (a header is not on screen between a table's questions).
    open func setNeedsUpdateConfiguration() {
        updateConfiguration(using: configurationState)
    }

    /// Updates the configuration for `state`: the content configuration
    /// (when automatic), then the ``configurationUpdateHandler``.
    open func updateConfiguration(using state: UIViewConfigurationState) {
        if automaticallyUpdatesContentConfiguration, let configuration = contentConfiguration {
            contentConfiguration = configuration.updated(for: state)
        }
        configurationUpdateHandler?(self, state)
    }

    /// Clears the view before it is handed out again; subclasses call `super`.
    open func prepareForReuse() {}

    /// The text the header shows: its configuration's, else its labels',
    /// a second text after the first as a cell's detail is (`Monday — 3 messages`).
    var shownText: String? {
        if let shown = contentSlot.shownTexts { return ShownText.joined(shown) }
        if madeTextLabel != nil || madeDetailLabel != nil {
            return ShownText.joined((madeTextLabel?.shownText, madeDetailLabel?.shownText))
        }
        return ShownText.joined(ShownText.texts(in: contentView))
    }
}

/// A view's state, as a header's configuration gets it.
@preconcurrency @MainActor
public struct UIViewConfigurationState: UIConfigurationState, Hashable {
    /// Whether the view is disabled.
    public var isDisabled = false
    /// Whether the view is highlighted.
    public var isHighlighted = false
    /// Whether the view is selected.
    public var isSelected = false
    /// Whether the view has focus.
    public var isFocused = false

    /// A state with nothing set.
    public init() {}
}

/// A table's header and footer views: the classes registered for each
/// identifier, the views queued for reuse, and the view each section shows.
@MainActor
final class HeaderFooterViews {
    /// A header or a footer.
    enum Kind { case header, footer }

    private unowned let table: UITableView
    private var classes: [String: UITableViewHeaderFooterView.Type] = [:]
    private var nibs: [String: UINib] = [:]
    private var queues: [String: [UITableViewHeaderFooterView]] = [:]
    private var shownViews: [Kind: [Int: UIView]] = [:]

    init(table: UITableView) {
        self.table = table
    }

    func register(_ aClass: AnyClass?, for identifier: String) {
        guard let aClass else {
            classes[identifier] = nil
            return
        }
        guard let viewType = aClass as? UITableViewHeaderFooterView.Type else {
            UIKitException(.notOfKind("UITableViewHeaderFooterView")).raise()
            return
        }
        classes[identifier] = viewType
    }

    /// Keeps `nib` for `identifier`: a view of it cannot be made here.
    func register(_ nib: UINib?, for identifier: String) {
        nibs[identifier] = nib
        if nib != nil { classes[identifier] = nil }
    }

    func dequeue(_ identifier: String) -> UITableViewHeaderFooterView? {
        if let nib = nibs[identifier] {
            UIKitException(.nibNotLoaded(name: nib.name)).raise()
            return nil
        }
        if var queue = queues[identifier], !queue.isEmpty {
            let view = queue.removeFirst()
            queues[identifier] = queue
            view.prepareForReuse()
            return view
        }
        return classes[identifier]?.init(listLabReuseIdentifier: identifier)
    }

    /// The text `view`, given for a section, shows; it is kept as that section's view.
    func show(_ view: UIView, _ kind: Kind, _ section: Int) -> String {
        shownViews[kind, default: [:]][section] = view
        if let header = view as? UITableViewHeaderFooterView { return header.shownText ?? "" }
        return ShownText.joined(ShownText.texts(in: view)) ?? ""
    }

    /// The view shown for `section`, if the delegate gave one.
    func shown(_ kind: Kind, _ section: Int) -> UIView? { shownViews[kind]?[section] }

    /// Before the table asks for a section's view again: the one it showed goes back to its queue.
    func recycle(_ kind: Kind, _ section: Int) {
        guard let view = shownViews[kind]?.removeValue(forKey: section) as? UITableViewHeaderFooterView,
            let identifier = view.reuseIdentifier, classes[identifier] != nil
        else { return }
        queues[identifier, default: []].append(view)
    }
}
