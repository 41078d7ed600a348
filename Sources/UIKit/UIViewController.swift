/// A view controller: its view is made when first asked for
/// (``loadViewIfNeeded()``), then ``viewDidLoad()`` runs, as in UIKit. What
/// it presents, its navigation item and its children are kept, so that a
/// screen's code compiles and a test can read them; nothing is shown.
@preconcurrency @MainActor
open class UIViewController: UIResponder {
    private var loadedView: UIView?
    private var madeNavigationItem: UINavigationItem?
    private var madeEditButtonItem: UIBarButtonItem?
    /// The title (kept; the navigation item's title unless it has its own).
    open var title: String?
    /// The navigation controller whose stack holds this one, if any.
    open internal(set) weak var navigationController: UINavigationController?
    /// The view controller this one presents, if any (an alert, a sheet).
    open private(set) var presentedViewController: UIViewController?
    /// The view controller that presents this one, if any.
    open private(set) weak var presentingViewController: UIViewController?
    /// The parent of a child view controller.
    open private(set) weak var parent: UIViewController?
    /// The children, in the order they were added.
    open private(set) var children: [UIViewController] = []
    /// The size the view prefers (kept).
    open var preferredContentSize = CGSize.zero
    /// How the view controller is presented (kept).
    open var modalPresentationStyle: UIModalPresentationStyle = .automatic
    /// Whether a presentation covers only this one's bounds (kept).
    open var definesPresentationContext = false
    /// Whether the view controller is in editing mode (``setEditing(_:animated:)`` changes it).
    open private(set) var isEditing = false
    /// The traits of the environment: a phone's, in light mode.
    open var traitCollection: UITraitCollection { UITraitCollection() }
    /// The status bar's style (kept).
    open var preferredStatusBarStyle: UIStatusBarStyle { .default }
    /// Whether the view controller is being removed from its parent (false: a test pops it at once).
    open var isMovingFromParent: Bool { false }
    /// Whether the view controller is being presented (false: a presentation ends at once here).
    open var isBeingPresented: Bool { false }
    /// Whether appearance calls reach the children by themselves (kept).
    open var shouldAutomaticallyForwardAppearanceMethods: Bool { true }

    /// A view controller (a nib is not read here).
    public init(nibName nibNameOrNil: String?, bundle nibBundleOrNil: Bundle?) {
        super.init()
    }

    /// A view controller from an archive: storyboards are not read here.
    public required init?(coder: NSCoder) {
        super.init()
    }

    /// A view controller without a nib.
    public convenience override init() {
        self.init(nibName: nil, bundle: nil)
    }

    /// The root view, loaded (``loadView()`` then ``viewDidLoad()``) when first asked for.
    open var view: UIView! {
        get {
            loadViewIfNeeded()
            return loadedView
        }
        set { loadedView = newValue }
    }

    /// Whether the view is loaded.
    open var isViewLoaded: Bool { loadedView != nil }

    /// The navigation item a navigation bar shows for this view controller.
    open var navigationItem: UINavigationItem {
        if let madeNavigationItem { return madeNavigationItem }
        let item = UINavigationItem(title: title ?? "")
        madeNavigationItem = item
        return item
    }

    /// A bar button item that toggles ``isEditing`` (Edit, then Done).
    open var editButtonItem: UIBarButtonItem {
        if let madeEditButtonItem { return madeEditButtonItem }
        let item = UIBarButtonItem(title: "Edit", primaryAction: nil)
        item.toggle = { [weak self, weak item] in
            guard let self else { return }
            self.setEditing(!self.isEditing, animated: true)
            item?.title = self.isEditing ? "Done" : "Edit"
        }
        madeEditButtonItem = item
        return item
    }

    /// Makes the root view: a phone-sized plain view unless overridden.
    open func loadView() {
        loadedView = UIView(frame: CGRect(x: 0, y: 0, width: 390, height: 844))
    }

    /// Loads the view now if it is not loaded.
    open func loadViewIfNeeded() {
        guard loadedView == nil else { return }
        loadView()
        if loadedView == nil { loadedView = UIView(frame: .zero) }
        viewDidLoad()
    }

    /// Called once the view is loaded.
    open func viewDidLoad() {}
    /// Called before the view appears (an app's test calls it; nothing appears here).
    open func viewWillAppear(_ animated: Bool) {}
    /// Called after the view appears (an app's test calls it).
    open func viewDidAppear(_ animated: Bool) {}
    /// Called before the view disappears (an app's test calls it).
    open func viewWillDisappear(_ animated: Bool) {}
    /// Called after the view disappears (an app's test calls it).
    open func viewDidDisappear(_ animated: Bool) {}
    /// Called before the view lays out its subviews (nothing is laid out here).
    open func viewWillLayoutSubviews() {}
    /// Called after the view laid out its subviews (nothing is laid out here).
    open func viewDidLayoutSubviews() {}
    /// Called when the safe area changes (it never does here).
    open func viewSafeAreaInsetsDidChange() {}
    /// Asks for the status bar to be updated (kept).
    open func setNeedsStatusBarAppearanceUpdate() {}

    /// Puts the view controller in editing mode or takes it out of it.
    open func setEditing(_ editing: Bool, animated: Bool) {
        isEditing = editing
    }

    /// Presents `viewControllerToPresent` (kept: it is this one's
    /// ``presentedViewController`` until dismissed), then calls `completion`.
    open func present(_ viewControllerToPresent: UIViewController, animated flag: Bool, completion: (() -> Void)? = nil)
    {
        presentedViewController = viewControllerToPresent
        viewControllerToPresent.presentingViewController = self
        viewControllerToPresent.loadViewIfNeeded()
        completion?()
    }

    /// Dismisses what this one presents, or this one when it is presented, then calls `completion`.
    open func dismiss(animated flag: Bool, completion: (() -> Void)? = nil) {
        if let presented = presentedViewController {
            presented.presentingViewController = nil
            presentedViewController = nil
        } else if let presenting = presentingViewController {
            presenting.presentedViewController = nil
            presentingViewController = nil
        }
        completion?()
    }

    /// Adds `childController` as a child.
    open func addChild(_ childController: UIViewController) {
        childController.removeFromParent()
        children.append(childController)
        childController.parent = self
    }

    /// Takes this one from its parent's children.
    open func removeFromParent() {
        parent?.children.removeAll { $0 === self }
        parent = nil
    }

    /// Called before a segue (kept: storyboards are not read here; a test calls it with a segue it makes).
    open func prepare(for segue: UIStoryboardSegue, sender: Any?) {}

    /// Performs the storyboard's segue `identifier` (kept: storyboards are not read here, so nothing happens).
    open func performSegue(withIdentifier identifier: String, sender: Any?) {}

    /// Called before this one moves to `parent` (kept).
    open func willMove(toParent parent: UIViewController?) {}
    /// Called after this one moved to `parent` (kept).
    open func didMove(toParent parent: UIViewController?) {}
}

/// How a view controller is presented (kept).
public enum UIModalPresentationStyle: Int, Sendable {
    /// Full screen, a page or form sheet, over the current context, a popover, or UIKit's choice (kept).
    case fullScreen, pageSheet, formSheet, currentContext, custom, overFullScreen, overCurrentContext, popover, none
    /// UIKit's choice (kept).
    case automatic = -2
}

/// The status bar's style (kept).
public enum UIStatusBarStyle: Int, Sendable {
    /// The default style, or light or dark content (kept).
    case `default`, lightContent, darkContent
}

/// A storyboard's segue (kept: storyboards are not read here, so no segue
/// is performed; a screen's `prepare(for:sender:)` compiles).
@preconcurrency @MainActor
open class UIStoryboardSegue: NSObject {
    /// The segue's identifier.
    public let identifier: String?
    /// The view controller the segue leaves.
    public let source: UIViewController
    /// The view controller the segue shows.
    public let destination: UIViewController

    /// A segue `identifier` from `source` to `destination`.
    public init(identifier: String?, source: UIViewController, destination: UIViewController) {
        self.identifier = identifier
        self.source = source
        self.destination = destination
        super.init()
    }
}
