/// The root of the responder chain, as in UIKit; kept so that views and
/// view controllers have the class hierarchy an app's code expects.
@preconcurrency @MainActor
open class UIResponder: NSObject {
    /// Creates a responder.
    public override init() {
        super.init()
    }
}

/// A view: kept, not drawn. It keeps its frame, its subviews and what an
/// app sets on it, so that an app's code compiles and runs; nothing is laid
/// out or drawn (ListLab's pictures draw the list from its own state).
@preconcurrency @MainActor
open class UIView: UIResponder {
    /// How a view resizes with its superview (kept, not applied).
    public struct AutoresizingMask: OptionSet, Sendable {
        /// The mask's bits.
        public let rawValue: UInt
        /// A mask of the bits `rawValue`.
        public init(rawValue: UInt) { self.rawValue = rawValue }
        /// The left margin stretches (kept, not applied).
        public static let flexibleLeftMargin = AutoresizingMask(rawValue: 1 << 0)
        /// The width stretches (kept, not applied).
        public static let flexibleWidth = AutoresizingMask(rawValue: 1 << 1)
        /// The right margin stretches (kept, not applied).
        public static let flexibleRightMargin = AutoresizingMask(rawValue: 1 << 2)
        /// The top margin stretches (kept, not applied).
        public static let flexibleTopMargin = AutoresizingMask(rawValue: 1 << 3)
        /// The height stretches (kept, not applied).
        public static let flexibleHeight = AutoresizingMask(rawValue: 1 << 4)
        /// The bottom margin stretches (kept, not applied).
        public static let flexibleBottomMargin = AutoresizingMask(rawValue: 1 << 5)
    }

    /// The frame in the superview's coordinates (kept, not laid out).
    open var frame: CGRect {
        didSet { bounds.size = frame.size }
    }
    /// The bounds (kept).
    open var bounds: CGRect
    /// How the view resizes (kept).
    open var autoresizingMask: AutoresizingMask = []
    /// Whether Auto Layout constraints are made from the mask (kept).
    open var translatesAutoresizingMaskIntoConstraints = true
    /// The background colour (kept).
    open var backgroundColor: UIColor?
    /// The tint colour (kept).
    open var tintColor: UIColor?
    /// Whether the view is hidden (kept).
    open var isHidden = false
    /// The opacity (kept).
    open var alpha: CGFloat = 1
    /// A number the app gives the view.
    open var tag = 0
    /// An identifier for accessibility and UI tests (kept).
    open var accessibilityIdentifier: String?
    /// Whether assistive apps see the view as one element (kept).
    open var isAccessibilityElement = false
    /// What VoiceOver says the view is (kept).
    open var accessibilityLabel: String?
    /// What VoiceOver says the view does (kept).
    open var accessibilityHint: String?
    /// What VoiceOver says the view's value is (kept).
    open var accessibilityValue: String?
    /// What kind of element VoiceOver says the view is (kept).
    open var accessibilityTraits: UIAccessibilityTraits = []
    /// Actions VoiceOver offers beside the view's own (a test runs one with ``UIAccessibilityCustomAction/perform()``).
    open var accessibilityCustomActions: [UIAccessibilityCustomAction]?
    /// Whether touches reach the view (kept).
    open var isUserInteractionEnabled = true
    /// Whether subviews are clipped to the bounds (kept).
    open var clipsToBounds = false
    /// How content fills the view (kept).
    open var contentMode: ContentMode = .scaleToFill
    /// The margins inside the view (kept).
    open var layoutMargins = UIEdgeInsets(top: 8, left: 8, bottom: 8, right: 8)
    /// The margins inside the view, by leading and trailing edge (kept).
    open var directionalLayoutMargins = NSDirectionalEdgeInsets(top: 8, leading: 8, bottom: 8, trailing: 8)
    /// Whether the superview's margins add to these (kept).
    open var preservesSuperviewLayoutMargins = false
    /// The subviews, in the order they were added.
    open private(set) var subviews: [UIView] = []
    /// The view's anchors and guides, made when first asked for.
    private(set) lazy var layoutAnchors = LayoutAnchors(view: self)
    /// The window the view is in: none here (a screen is never in a window).
    open var window: UIWindow? { nil }
    /// Called when the view moves to a window or leaves one (never here).
    open func didMoveToWindow() {}
    /// Called when the view moves to a superview.
    open func didMoveToSuperview() {}
    /// The view this one was added to.
    open private(set) weak var superview: UIView?

    /// A view with `frame`.
    public init(frame: CGRect) {
        self.frame = frame
        bounds = CGRect(origin: .zero, size: frame.size)
        super.init()
    }

    /// A view from an archive: storyboards and nibs are not read here, so
    /// nothing is decoded (see the table in Docs/uikit-module.md).
    public required init?(coder: NSCoder) {
        frame = .zero
        bounds = .zero
        super.init()
    }

    /// A view with a zero frame.
    public convenience override init() {
        self.init(frame: .zero)
    }

    /// Adds `view` as the last subview (taking it from its old superview).
    open func addSubview(_ view: UIView) {
        view.removeFromSuperview()
        subviews.append(view)
        view.superview = self
        view.didMoveToSuperview()
    }

    /// Inserts `view` among the subviews at `index` (taking it from its old superview).
    open func insertSubview(_ view: UIView, at index: Int) {
        view.removeFromSuperview()
        subviews.insert(view, at: min(max(0, index), subviews.count))
        view.superview = self
    }

    /// Moves `view`, a subview, to the front (last).
    open func bringSubviewToFront(_ view: UIView) {
        guard view.superview === self else { return }
        addSubview(view)
    }

    /// Moves `view`, a subview, to the back (first).
    open func sendSubviewToBack(_ view: UIView) {
        guard view.superview === self else { return }
        insertSubview(view, at: 0)
    }

    /// Takes the view out of its superview.
    open func removeFromSuperview() {
        guard let superview else { return }
        superview.subviews.removeAll { $0 === self }
        self.superview = nil
    }

    /// The label in `slot`, made and added to this view when first asked for
    /// (a cell's and a header's `textLabel`, `detailTextLabel`).
    func madeLabel(_ slot: inout UILabel?) -> UILabel {
        if let slot { return slot }
        let label = UILabel(frame: .zero)
        addSubview(label)
        slot = label
        return label
    }

    /// Lays out subviews: nothing to place here; a table or collection view
    /// loads what its data source changed, as its layout does in UIKit.
    open func layoutSubviews() {}
    /// Asks for a layout: the next ``layoutIfNeeded()`` does it.
    open func setNeedsLayout() {}
    /// Lays out the view and its subviews now (``layoutSubviews()`` of each),
    /// as the run loop does between events: a list in it shows its data source's rows.
    open func layoutIfNeeded() {
        layoutSubviews()
        for view in subviews { view.layoutIfNeeded() }
    }
    /// Asks for a redraw: nothing is drawn here.
    open func setNeedsDisplay() {}
    /// Sizes the view to its content (kept: the frame does not change).
    open func sizeToFit() {}
    /// The size that fits `size` (`size` itself: nothing is measured here).
    open func sizeThatFits(_ size: CGSize) -> CGSize { size }
    /// The size the content wants (none: nothing is measured here).
    open var intrinsicContentSize: CGSize { CGSize(width: UIView.noIntrinsicMetric, height: UIView.noIntrinsicMetric) }
    /// A size the view does not ask for.
    public static let noIntrinsicMetric: CGFloat = -1

    /// How a view's content fills it (kept).
    public enum ContentMode: Int, Sendable {
        /// Stretched, fit, filled, redrawn, centred or pinned to an edge or corner (kept).
        case scaleToFill, scaleAspectFit, scaleAspectFill, redraw, center, top, bottom, left, right
        /// Pinned to a corner (kept).
        case topLeft, topRight, bottomLeft, bottomRight
    }
}

/// What kind of element VoiceOver says a view is (kept).
public struct UIAccessibilityTraits: OptionSet, Hashable, Sendable {
    /// The traits' bits.
    public let rawValue: UInt64
    /// Traits of the bits `rawValue`.
    public init(rawValue: UInt64) { self.rawValue = rawValue }
    /// A button.
    public static let button = UIAccessibilityTraits(rawValue: 1 << 0)
    /// A link.
    public static let link = UIAccessibilityTraits(rawValue: 1 << 1)
    /// An image.
    public static let image = UIAccessibilityTraits(rawValue: 1 << 2)
    /// Selected.
    public static let selected = UIAccessibilityTraits(rawValue: 1 << 3)
    /// Static text.
    public static let staticText = UIAccessibilityTraits(rawValue: 1 << 6)
    /// A header.
    public static let header = UIAccessibilityTraits(rawValue: 1 << 16)
    /// Not enabled.
    public static let notEnabled = UIAccessibilityTraits(rawValue: 1 << 8)
}

/// An action VoiceOver offers on a view: its name and the handler it runs.
@preconcurrency @MainActor
open class UIAccessibilityCustomAction: NSObject {
    /// What VoiceOver says.
    open var name: String
    private let handler: (UIAccessibilityCustomAction) -> Bool

    /// An action named `name` that runs `actionHandler`, which says whether it succeeded.
    public init(name: String, actionHandler: @escaping (UIAccessibilityCustomAction) -> Bool) {
        self.name = name
        handler = actionHandler
        super.init()
    }

    /// Runs the action as VoiceOver would; returns what the handler says.
    @discardableResult
    public func perform() -> Bool { handler(self) }
}

/// A window (kept: a screen's views are never in one here).
@preconcurrency @MainActor
open class UIWindow: UIView {
    /// The root view controller (kept).
    open var rootViewController: UIViewController?
    /// Makes the window key and visible (kept).
    open func makeKeyAndVisible() {}
}

/// A view that shows an image (kept, not drawn).
@preconcurrency @MainActor
open class UIImageView: UIView {
    /// The image shown.
    open var image: UIImage?

    /// A view showing `image`.
    public init(image: UIImage?) {
        self.image = image
        super.init(frame: .zero)
    }

    /// An image view with no image, with `frame`.
    public override init(frame: CGRect) {
        super.init(frame: frame)
    }

    /// An image view from an archive: storyboards and nibs are not read here.
    public required init?(coder: NSCoder) {
        super.init(coder: coder)
    }
}

/// A label: its text is what a cell shows (its picture draws it).
@preconcurrency @MainActor
open class UILabel: UIView {
    /// The text shown.
    open var text: String?
    /// The font (kept).
    open var font: UIFont = .systemFont(ofSize: 17)
    /// The text colour (kept).
    open var textColor: UIColor = .label
    /// The number of lines, 0 for any (kept).
    open var numberOfLines = 1
    /// The alignment (kept).
    open var textAlignment: NSTextAlignment = .natural
    /// The text, with attributes: its characters are what the label shows when set.
    open var attributedText: NSAttributedString?
    /// Whether the font follows the user's text size (kept).
    open var adjustsFontForContentSizeCategory = false
    /// How a line too long is cut (kept).
    open var lineBreakMode: NSLineBreakMode = .byTruncatingTail

    /// The text the label shows: `text`, else the attributed text's characters.
    var shownText: String? { text ?? attributedText?.string }
}

/// How a line too long for its label is broken or cut (kept).
public enum NSLineBreakMode: Int, Sendable {
    /// At words, at characters, clipped, or cut at the head, the tail or the middle (kept).
    case byWordWrapping, byCharWrapping, byClipping, byTruncatingHead, byTruncatingTail, byTruncatingMiddle
}

/// How text lines up (kept).
public enum NSTextAlignment: Int, Sendable {
    /// Left, centred, right, justified, or the script's natural alignment (kept).
    case left, center, right, justified, natural
}

/// A stack of views (kept, not laid out): its arranged subviews are its
/// subviews, in order, so the labels in it are what a cell shows.
@preconcurrency @MainActor
open class UIStackView: UIView {
    /// How the views are stacked (kept).
    public enum Distribution: Int, Sendable {
        /// Filled, equally, proportionally, or spaced (kept).
        case fill, fillEqually, fillProportionally, equalSpacing, equalCentering
    }

    /// How the views line up across the stack (kept).
    public enum Alignment: Int, Sendable {
        /// Filled, at the leading or trailing edge, centred, or on baselines (kept).
        case fill, leading, firstBaseline, center, trailing, lastBaseline
        /// At the top (the leading edge of a horizontal stack) (kept).
        public static let top = Alignment.leading
        /// At the bottom (the trailing edge of a horizontal stack) (kept).
        public static let bottom = Alignment.trailing
    }

    /// The views stacked, in order.
    open private(set) var arrangedSubviews: [UIView] = []
    /// The stack's axis (kept).
    open var axis: NSLayoutConstraint.Axis = .horizontal
    /// How the views are stacked (kept).
    open var distribution: Distribution = .fill
    /// How the views line up (kept).
    open var alignment: Alignment = .fill
    /// The spacing between views (kept).
    open var spacing: CGFloat = 0
    /// Whether the spacing follows the margins (kept).
    open var isLayoutMarginsRelativeArrangement = false

    /// A stack of `views`.
    public convenience init(arrangedSubviews views: [UIView]) {
        self.init(frame: .zero)
        for view in views { addArrangedSubview(view) }
    }

    /// Adds `view` at the end of the stack.
    open func addArrangedSubview(_ view: UIView) {
        arrangedSubviews.removeAll { $0 === view }
        arrangedSubviews.append(view)
        addSubview(view)
    }

    /// Inserts `view` at `stackIndex` of the stack.
    open func insertArrangedSubview(_ view: UIView, at stackIndex: Int) {
        arrangedSubviews.removeAll { $0 === view }
        arrangedSubviews.insert(view, at: min(max(0, stackIndex), arrangedSubviews.count))
        insertSubview(view, at: min(max(0, stackIndex), subviews.count))
    }

    /// Takes `view` out of the stack (it stays a subview, as in UIKit).
    open func removeArrangedSubview(_ view: UIView) {
        arrangedSubviews.removeAll { $0 === view }
    }

    /// Sets the spacing after `arrangedSubview` (kept).
    open func setCustomSpacing(_ spacing: CGFloat, after arrangedSubview: UIView) {}
}
