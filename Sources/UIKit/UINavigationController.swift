/// A stack of view controllers: pushes and pops change the stack at once
/// (nothing is shown; a test reads ``topViewController``).
@preconcurrency @MainActor
open class UINavigationController: UIViewController {
    /// The stack, root first.
    open var viewControllers: [UIViewController] = [] {
        didSet { for controller in viewControllers { controller.navigationController = self } }
    }
    /// The navigation bar (kept).
    public let navigationBar = UINavigationBar(frame: .zero)
    /// Whether the bar is hidden (kept).
    open var isNavigationBarHidden = false

    /// A stack of `rootViewController`.
    public init(rootViewController: UIViewController) {
        super.init(nibName: nil, bundle: nil)
        viewControllers = [rootViewController]
        rootViewController.navigationController = self
    }

    /// An empty stack (a nib is not read here).
    public override init(nibName nibNameOrNil: String?, bundle nibBundleOrNil: Bundle?) {
        super.init(nibName: nibNameOrNil, bundle: nibBundleOrNil)
    }

    /// A stack from an archive: storyboards are not read here.
    public required init?(coder: NSCoder) {
        super.init(coder: coder)
    }

    /// The view controller on top.
    open var topViewController: UIViewController? { viewControllers.last }

    /// The view controller shown: what the top one presents, else the top one.
    open var visibleViewController: UIViewController? {
        topViewController?.presentedViewController ?? topViewController
    }

    /// Pushes `viewController` on the stack (its view loads).
    open func pushViewController(_ viewController: UIViewController, animated: Bool) {
        viewControllers.append(viewController)
        viewController.loadViewIfNeeded()
    }

    /// Pops the top view controller, unless it is the root; returns it.
    @discardableResult
    open func popViewController(animated: Bool) -> UIViewController? {
        guard viewControllers.count > 1 else { return nil }
        let popped = viewControllers.removeLast()
        popped.navigationController = nil
        return popped
    }

    /// Pops every view controller above the root; returns them.
    @discardableResult
    open func popToRootViewController(animated: Bool) -> [UIViewController]? {
        guard viewControllers.count > 1 else { return nil }
        let popped = Array(viewControllers.dropFirst())
        viewControllers = Array(viewControllers.prefix(1))
        for controller in popped { controller.navigationController = nil }
        return popped
    }

    /// Hides or shows the bar (kept).
    open func setNavigationBarHidden(_ hidden: Bool, animated: Bool) {
        isNavigationBarHidden = hidden
    }
}

/// A navigation bar (kept, not drawn).
@preconcurrency @MainActor
open class UINavigationBar: UIView {
    /// Whether titles are large (kept).
    open var prefersLargeTitles = false
    /// Whether the bar is translucent (kept).
    open var isTranslucent = true
}

/// What a navigation bar shows for a view controller: its title, buttons
/// and search controller (kept; a test taps a button with ``UIBarButtonItem/tap()``).
@preconcurrency @MainActor
open class UINavigationItem: NSObject {
    /// When the title is large (kept).
    public enum LargeTitleDisplayMode: Int, Sendable {
        /// As the previous item, always, or never (kept).
        case automatic, always, never
    }

    /// The title.
    open var title: String?
    /// The prompt above the title (kept).
    open var prompt: String?
    /// The back button's title (kept).
    open var backButtonTitle: String?
    /// Whether the back button is hidden (kept).
    open var hidesBackButton = false
    /// When the title is large (kept).
    open var largeTitleDisplayMode: LargeTitleDisplayMode = .automatic
    /// The button at the trailing edge (the first of ``rightBarButtonItems``).
    open var rightBarButtonItem: UIBarButtonItem? {
        get { rightBarButtonItems?.first }
        set { rightBarButtonItems = newValue.map { [$0] } }
    }
    /// The button at the leading edge (the first of ``leftBarButtonItems``).
    open var leftBarButtonItem: UIBarButtonItem? {
        get { leftBarButtonItems?.first }
        set { leftBarButtonItems = newValue.map { [$0] } }
    }
    /// The buttons at the trailing edge, from the edge in.
    open var rightBarButtonItems: [UIBarButtonItem]?
    /// The buttons at the leading edge, from the edge in.
    open var leftBarButtonItems: [UIBarButtonItem]?
    /// The search controller in the bar.
    open var searchController: UISearchController?
    /// Whether the search bar hides as the content scrolls (kept).
    open var hidesSearchBarWhenScrolling = true
    /// A view of the app's own as the title (kept).
    open var titleView: UIView?

    /// An item titled `title`.
    public init(title: String) {
        self.title = title
        super.init()
    }

    /// Sets the trailing buttons (kept).
    open func setRightBarButtonItems(_ items: [UIBarButtonItem]?, animated: Bool) {
        rightBarButtonItems = items
    }

    /// Sets the trailing button (kept).
    open func setRightBarButton(_ item: UIBarButtonItem?, animated: Bool) {
        rightBarButtonItem = item
    }
}
