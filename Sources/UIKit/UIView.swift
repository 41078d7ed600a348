/// The root of the responder chain, as in UIKit; kept so that views and
/// view controllers have the class hierarchy an app's code expects.
@MainActor
open class UIResponder: NSObject {
    /// Creates a responder.
    public override init() {
        super.init()
    }
}

/// A view: kept, not drawn. It keeps its frame, its subviews and what an
/// app sets on it, so that an app's code compiles and runs; nothing is laid
/// out or drawn (ListLab's pictures draw the list from its own state).
@MainActor
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
    /// The subviews, in the order they were added.
    open private(set) var subviews: [UIView] = []
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
    }

    /// Takes the view out of its superview.
    open func removeFromSuperview() {
        guard let superview else { return }
        superview.subviews.removeAll { $0 === self }
        self.superview = nil
    }

    /// Lays out subviews: nothing to lay out here.
    open func layoutSubviews() {}
    /// Asks for a layout: nothing to lay out here.
    open func setNeedsLayout() {}
    /// Lays out now: nothing to lay out here.
    open func layoutIfNeeded() {}
}

/// A view that shows an image (kept, not drawn).
@MainActor
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
@MainActor
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
}

/// How text lines up (kept).
public enum NSTextAlignment: Int, Sendable {
    /// Left, centred, right, justified, or the script's natural alignment (kept).
    case left, center, right, justified, natural
}
