/// A control: it keeps the actions added to it and sends them for an
/// event. Linux has no Objective-C runtime, so `addTarget(_:action:for:)`
/// with a `#selector` cannot compile here: add a ``UIAction`` instead
/// (`addAction(_:for:)`, iOS 14), which UIKit takes too.
@preconcurrency @MainActor
open class UIControl: UIView {
    /// The events a control sends.
    public struct Event: OptionSet, Hashable, Sendable {
        /// The events' bits.
        public let rawValue: UInt
        /// Events of the bits `rawValue`.
        public init(rawValue: UInt) { self.rawValue = rawValue }
        /// A touch lifted inside the control.
        public static let touchUpInside = Event(rawValue: 1 << 6)
        /// The control's value changed (a refresh control pulled, a switch turned).
        public static let valueChanged = Event(rawValue: 1 << 12)
        /// The control's primary action fired.
        public static let primaryActionTriggered = Event(rawValue: 1 << 13)
    }

    /// Whether the control is enabled (kept).
    open var isEnabled = true
    /// Whether the control is selected (kept).
    open var isSelected = false
    private var actions: [(action: UIAction, events: Event)] = []

    /// Adds `action`, sent for `controlEvents`.
    open func addAction(_ action: UIAction, for controlEvents: Event) {
        actions.append((action, controlEvents))
    }

    /// Removes `action` for `controlEvents`.
    open func removeAction(_ action: UIAction, for controlEvents: Event) {
        actions.removeAll { $0.action === action && $0.events == controlEvents }
    }

    /// Sends the actions added for `controlEvents`, in the order they were added.
    open func sendActions(for controlEvents: Event) {
        for entry in actions where !entry.events.isDisjoint(with: controlEvents) {
            entry.action.handler(entry.action)
        }
    }
}

/// An action: a title and image (kept) and the handler a control or a menu runs.
@preconcurrency @MainActor
open class UIAction: UIMenuElement {
    /// How an action in a menu looks (kept).
    public struct Attributes: OptionSet, Sendable {
        /// The attributes' bits.
        public let rawValue: UInt
        /// Attributes of the bits `rawValue`.
        public init(rawValue: UInt) { self.rawValue = rawValue }
        /// Shown disabled (kept).
        public static let disabled = Attributes(rawValue: 1 << 0)
        /// Shown as destructive (kept).
        public static let destructive = Attributes(rawValue: 1 << 1)
        /// Hidden (kept).
        public static let hidden = Attributes(rawValue: 1 << 2)
    }

    /// Whether an action shows a checkmark (kept).
    public enum State: Int, Sendable {
        /// Off, on, or mixed (kept).
        case off, on, mixed
    }

    /// An action's identifier (kept).
    public struct Identifier: RawRepresentable, Hashable, Sendable {
        /// The identifier's text.
        public let rawValue: String
        /// The identifier `rawValue`.
        public init(rawValue: String) { self.rawValue = rawValue }
        /// The identifier `rawValue`.
        public init(_ rawValue: String) { self.rawValue = rawValue }
    }

    /// The identifier (kept).
    public let identifier: Identifier?
    /// The attributes (kept).
    open var attributes: Attributes
    /// The state (kept).
    open var state: State
    /// What runs when the action is sent.
    let handler: (UIAction) -> Void

    /// An action titled `title` that runs `handler`.
    public init(
        title: String = "", image: UIImage? = nil, identifier: Identifier? = nil, discoverabilityTitle: String? = nil,
        attributes: Attributes = [], state: State = .off, handler: @escaping (UIAction) -> Void
    ) {
        self.identifier = identifier
        self.attributes = attributes
        self.state = state
        self.handler = handler
        super.init(title: title, image: image)
    }

    /// Runs the action, as a tap on it in a menu does.
    public func perform() { handler(self) }
}

/// A pull-to-refresh control: ``pullToRefresh()`` is a user's pull, which
/// starts refreshing and sends `.valueChanged` to the actions added.
@preconcurrency @MainActor
open class UIRefreshControl: UIControl {
    /// Whether a refresh is under way.
    open private(set) var isRefreshing = false
    /// The title shown under the spinner (kept).
    open var attributedTitle: NSAttributedString?

    /// A refresh control.
    public init() {
        super.init(frame: .zero)
    }

    /// A refresh control from an archive: storyboards and nibs are not read here.
    public required init?(coder: NSCoder) {
        super.init(coder: coder)
    }

    /// A refresh control with `frame`.
    public override init(frame: CGRect) {
        super.init(frame: frame)
    }

    /// Starts refreshing (the app calls it for a refresh it starts itself).
    open func beginRefreshing() { isRefreshing = true }

    /// Ends the refresh.
    open func endRefreshing() { isRefreshing = false }

    /// Pulls the control as a user does: it starts refreshing and sends
    /// `.valueChanged`. Nothing happens while a refresh is under way.
    public func pullToRefresh() {
        guard !isRefreshing else { return }
        isRefreshing = true
        sendActions(for: .valueChanged)
    }
}
