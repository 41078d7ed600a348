/// An action a row's swipe shows: its title and style, and the handler a
/// tap on it runs (a test taps it with `UITableView.swipeRow(at:edge:)` or
/// `UICollectionView.swipeItem(at:edge:)`, then ``tap()``).
@preconcurrency @MainActor
open class UIContextualAction: NSObject {
    /// How the action looks: plain, or destructive (a delete).
    public enum Style: Int, Sendable {
        /// A plain action, or one that deletes.
        case normal, destructive
    }

    /// The handler of a tap: the action, the view it sits in, and a completion to call with whether it was done.
    public typealias Handler = (UIContextualAction, UIView, @escaping (Bool) -> Void) -> Void

    /// The style.
    public let style: Style
    /// The title.
    open var title: String?
    /// The background colour (kept).
    open var backgroundColor: UIColor!
    /// The image (kept).
    open var image: UIImage?
    /// What runs on a tap.
    public let handler: Handler

    /// An action of `style` titled `title` that runs `handler`.
    public init(style: Style, title: String?, handler: @escaping Handler) {
        self.style = style
        self.title = title
        self.handler = handler
        super.init()
    }

    /// Taps the action as a user does: runs its handler; returns what the
    /// handler's completion said (false when it did not call it before returning).
    @discardableResult
    public func tap() -> Bool {
        var done = false
        handler(self, UIView(frame: .zero)) { done = $0 }
        return done
    }
}

/// The actions a swipe on a row shows, in order from the edge.
@preconcurrency @MainActor
open class UISwipeActionsConfiguration: NSObject {
    /// The actions, from the edge inwards.
    public let actions: [UIContextualAction]
    /// Whether a full swipe runs the first action (kept: a test taps the action it means).
    open var performsFirstActionWithFullSwipe = true

    /// A configuration of `actions`.
    public init(actions: [UIContextualAction]) {
        self.actions = actions
        super.init()
    }
}

/// A menu: a title and its children, actions or menus (kept; a test runs an action with ``UIAction/perform()``).
@preconcurrency @MainActor
open class UIMenu: UIMenuElement {
    /// How a menu shows its children (kept).
    public struct Options: OptionSet, Sendable {
        /// The options' bits.
        public let rawValue: UInt
        /// Options of the bits `rawValue`.
        public init(rawValue: UInt) { self.rawValue = rawValue }
        /// The children shown in place, with separators (kept).
        public static let displayInline = Options(rawValue: 1 << 0)
        /// Destructive children (kept).
        public static let destructive = Options(rawValue: 1 << 1)
    }

    /// The children.
    public let children: [UIMenuElement]
    /// The options (kept).
    public let options: Options

    /// A menu titled `title` of `children`.
    public init(title: String = "", image: UIImage? = nil, options: Options = [], children: [UIMenuElement] = []) {
        self.children = children
        self.options = options
        super.init(title: title, image: image)
    }

    /// The actions of the menu and of its submenus, in order.
    public var allActions: [UIAction] {
        children.flatMap { child -> [UIAction] in
            if let action = child as? UIAction { return [action] }
            return (child as? UIMenu)?.allActions ?? []
        }
    }
}

/// A menu's element: an action or a menu.
@preconcurrency @MainActor
open class UIMenuElement: NSObject {
    /// The title.
    open var title: String
    /// The image (kept).
    open var image: UIImage?

    init(title: String, image: UIImage?) {
        self.title = title
        self.image = image
        super.init()
    }
}

/// What a long press on a row shows: a preview (kept) and a menu the actions come from.
@preconcurrency @MainActor
open class UIContextMenuConfiguration: NSObject {
    /// The identifier the app gave (kept).
    public let identifier: (any NSCopying)?
    private let actionProvider: (([UIMenuElement]) -> UIMenu?)?

    /// A configuration whose menu `actionProvider` makes (the preview is kept, not shown).
    public init(
        identifier: (any NSCopying)? = nil, previewProvider: (() -> UIViewController?)? = nil,
        actionProvider: (([UIMenuElement]) -> UIMenu?)? = nil
    ) {
        self.identifier = identifier
        self.actionProvider = actionProvider
        super.init()
    }

    /// The menu the long press shows, or nil.
    public var menu: UIMenu? { actionProvider?([]) }
}
