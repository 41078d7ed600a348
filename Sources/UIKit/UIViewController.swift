/// A view controller: its view is made when first asked for
/// (``loadViewIfNeeded()``), then ``viewDidLoad()`` runs, as in UIKit.
@preconcurrency @MainActor
open class UIViewController: UIResponder {
    private var loadedView: UIView?
    /// The title (kept).
    open var title: String?

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

    /// Makes the root view: a plain view unless overridden.
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
}
