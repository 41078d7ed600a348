/// A button: its title and image for each state (kept); a test taps it
/// with `sendActions(for: .touchUpInside)`, which runs the actions added.
@preconcurrency @MainActor
open class UIButton: UIControl {
    /// The kind of button (kept).
    public enum ButtonType: Int, Sendable {
        /// A custom, system, detail disclosure, info or add button, or a close button (kept).
        case custom, system, detailDisclosure, infoLight, infoDark, contactAdd, close = 7
    }

    /// The kind of button.
    public private(set) var buttonType: ButtonType = .system
    private var titles: [UInt: String] = [:]
    private var images: [UInt: UIImage] = [:]
    /// The label showing the title (made when first asked for).
    public private(set) lazy var titleLabel: UILabel? = {
        let label = UILabel(frame: .zero)
        addSubview(label)
        return label
    }()

    /// A button of `buttonType`.
    public convenience init(type buttonType: ButtonType) {
        self.init(frame: .zero)
        self.buttonType = buttonType
    }

    /// A system button that runs `primaryAction` when tapped (iOS 14).
    public convenience init(type buttonType: ButtonType = .system, primaryAction: UIAction?) {
        self.init(frame: .zero)
        self.buttonType = buttonType
        if let primaryAction {
            setTitle(primaryAction.title, for: .normal)
            addAction(primaryAction, for: .touchUpInside)
        }
    }

    /// Sets the title shown in `state`.
    open func setTitle(_ title: String?, for state: UIControl.State) {
        titles[state.rawValue] = title
        if state == .normal { titleLabel?.text = title }
    }

    /// The title shown in `state` (the normal one when the state has none).
    open func title(for state: UIControl.State) -> String? {
        titles[state.rawValue] ?? titles[UIControl.State.normal.rawValue]
    }

    /// Sets the image shown in `state` (kept).
    open func setImage(_ image: UIImage?, for state: UIControl.State) {
        images[state.rawValue] = image
    }

    /// The image shown in `state` (kept).
    open func image(for state: UIControl.State) -> UIImage? {
        images[state.rawValue] ?? images[UIControl.State.normal.rawValue]
    }

    /// Sets the title's colour in `state` (kept).
    open func setTitleColor(_ color: UIColor?, for state: UIControl.State) {}
}

extension UIControl {
    /// A control's state, for which a button keeps a title and an image.
    public struct State: OptionSet, Hashable, Sendable {
        /// The state's bits.
        public let rawValue: UInt
        /// A state of the bits `rawValue`.
        public init(rawValue: UInt) { self.rawValue = rawValue }
        /// The normal state.
        public static let normal = State([])
        /// Highlighted (touched).
        public static let highlighted = State(rawValue: 1 << 0)
        /// Disabled.
        public static let disabled = State(rawValue: 1 << 1)
        /// Selected.
        public static let selected = State(rawValue: 1 << 2)
    }
}

/// A spinner (kept, not drawn): whether it is animating.
@preconcurrency @MainActor
open class UIActivityIndicatorView: UIView {
    /// The spinner's size (kept).
    public enum Style: Int, Sendable {
        /// A medium or large spinner (kept).
        case medium = 100, large = 101
    }

    /// The style (kept).
    open var style: Style = .medium
    /// Whether it is animating.
    open private(set) var isAnimating = false
    /// Whether it hides when stopped (kept).
    open var hidesWhenStopped = true
    /// The colour (kept).
    open var color: UIColor?

    /// A spinner of `style`.
    public convenience init(style: Style) {
        self.init(frame: .zero)
        self.style = style
    }

    /// Starts animating.
    open func startAnimating() { isAnimating = true }
    /// Stops animating.
    open func stopAnimating() { isAnimating = false }
}
