/// A button of a navigation bar or toolbar: its title, image and action
/// (kept; ``tap()`` runs its primary action or menu's first action as a
/// user's tap does; a target–action pair is kept, not sent, see ``Selector``).
@preconcurrency @MainActor
open class UIBarButtonItem: NSObject {
    /// How an item with a title looks (kept).
    public enum Style: Int, Sendable {
        /// Plain, bordered, or done (bold) (kept).
        case plain, bordered, done
    }

    /// The system's items.
    public enum SystemItem: Int, Sendable {
        /// Done, Cancel, Edit, Save, Add, a flexible or fixed space, and the system's icons (kept).
        case done, cancel, edit, save, add, flexibleSpace, fixedSpace, compose, reply, action, organize, bookmarks,
            search, refresh, stop,
            camera, trash, play, pause, rewind, fastForward, undo, redo, pageCurl, close
    }

    /// The title.
    open var title: String?
    /// The image (kept).
    open var image: UIImage?
    /// How it looks (kept).
    open var style: Style = .plain
    /// Whether a tap reaches it.
    open var isEnabled = true
    /// The tint colour (kept).
    open var tintColor: UIColor?
    /// The action a tap runs.
    open var primaryAction: UIAction?
    /// The menu a tap shows (``tap()`` runs its first action when there is no primary action).
    open var menu: UIMenu?
    /// The target of a target–action pair (kept, not sent).
    open weak var target: AnyObject?
    /// The action of a target–action pair (kept, not sent).
    open var action: Selector?
    /// What the edit button item does.
    var toggle: (() -> Void)?

    /// An item with no title.
    public override init() {
        super.init()
    }

    /// An item titled `title` that sends `action` to `target` (kept, not sent).
    public convenience init(title: String?, style: Style, target: Any?, action: Selector?) {
        self.init()
        self.title = title
        self.style = style
        self.target = target as AnyObject?
        self.action = action
    }

    /// An item showing `image` that sends `action` to `target` (kept, not sent).
    public convenience init(image: UIImage?, style: Style, target: Any?, action: Selector?) {
        self.init()
        self.image = image
        self.style = style
        self.target = target as AnyObject?
        self.action = action
    }

    /// The system item `systemItem` that sends `action` to `target` (kept, not sent).
    public convenience init(barButtonSystemItem systemItem: SystemItem, target: Any?, action: Selector?) {
        self.init()
        title = "\(systemItem)"
        self.target = target as AnyObject?
        self.action = action
    }

    /// An item titled `title`, or showing `image`, that runs `primaryAction` or shows `menu` (iOS 14).
    public convenience init(
        title: String? = nil, image: UIImage? = nil, primaryAction: UIAction? = nil, menu: UIMenu? = nil
    ) {
        self.init()
        self.title = title
        self.image = image
        self.primaryAction = primaryAction
        self.menu = menu
    }

    /// The system item `systemItem` that runs `primaryAction` or shows `menu` (iOS 14).
    public convenience init(systemItem: SystemItem, primaryAction: UIAction? = nil, menu: UIMenu? = nil) {
        self.init()
        title = "\(systemItem)"
        self.primaryAction = primaryAction
        self.menu = menu
    }

    /// A view of the app's own as the item (kept).
    public convenience init(customView: UIView) {
        self.init()
        self.customView = customView
    }

    /// The app's own view (kept).
    open var customView: UIView?

    /// Taps the item as a user does: nothing when it is disabled; else its
    /// primary action runs (the edit button item toggles editing), or its
    /// menu's first action. A target–action pair is not sent (see ``Selector``).
    public func tap() {
        guard isEnabled else { return }
        if let toggle { return toggle() }
        if let primaryAction { return primaryAction.perform() }
        menu?.allActions.first?.perform()
    }
}
