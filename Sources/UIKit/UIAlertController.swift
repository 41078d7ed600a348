/// An alert or action sheet: its title, message, actions and text fields.
/// Presenting it keeps it as the presenter's `presentedViewController`; a
/// test taps one of its actions with ``UIAlertAction/tap()``, which runs the
/// handler and dismisses the alert, as a user's tap does.
@preconcurrency @MainActor
open class UIAlertController: UIViewController {
    /// An alert in the middle, or a sheet from the bottom.
    public enum Style: Int, Sendable {
        /// A sheet from the bottom, or an alert in the middle.
        case actionSheet, alert
    }

    /// The style.
    open private(set) var preferredStyle: Style = .alert
    /// The message.
    open var message: String?
    /// The actions, in the order they were added.
    open private(set) var actions: [UIAlertAction] = []
    /// The text fields, in the order they were added.
    open private(set) var textFields: [UITextField]?
    /// The action a Return runs (kept).
    open var preferredAction: UIAlertAction?

    /// An alert or sheet titled `title` saying `message`.
    public convenience init(title: String?, message: String?, preferredStyle: Style) {
        self.init(nibName: nil, bundle: nil)
        self.title = title
        self.message = message
        self.preferredStyle = preferredStyle
    }

    /// Adds `action` as the last button.
    open func addAction(_ action: UIAlertAction) {
        actions.append(action)
        action.alert = self
    }

    /// Adds a text field, which `configurationHandler` configures.
    open func addTextField(configurationHandler: ((UITextField) -> Void)? = nil) {
        let field = UITextField(frame: .zero)
        configurationHandler?(field)
        textFields = (textFields ?? []) + [field]
    }
}

/// A button of an alert: its title, style and handler.
@preconcurrency @MainActor
open class UIAlertAction: NSObject {
    /// How the button looks: plain, a cancel, or destructive.
    public enum Style: Int, Sendable {
        /// A plain button, the cancel button, or one that destroys data.
        case `default`, cancel, destructive
    }

    /// The title.
    public let title: String?
    /// The style.
    public let style: Style
    /// Whether a tap reaches it.
    open var isEnabled = true
    private let handler: ((UIAlertAction) -> Void)?
    /// The alert it is in.
    weak var alert: UIAlertController?

    /// A button titled `title` of `style` that runs `handler`.
    public convenience init(title: String?, style: Style, handler: ((UIAlertAction) -> Void)? = nil) {
        self.init(title: title, style: style, handlerOrNil: handler)
    }

    private init(title: String?, style: Style, handlerOrNil: ((UIAlertAction) -> Void)?) {
        self.title = title
        self.style = style
        handler = handlerOrNil
        super.init()
    }

    /// Taps the button as a user does: nothing when it is disabled; else the
    /// alert is dismissed and the handler runs.
    public func tap() {
        guard isEnabled else { return }
        alert?.dismiss(animated: true)
        handler?(self)
    }
}

/// A text field (kept; its text is what a test or the app sets).
@preconcurrency @MainActor
open class UITextField: UIControl {
    /// The text.
    open var text: String?
    /// The placeholder (kept).
    open var placeholder: String?
    /// Whether the text is hidden as a password's (kept).
    open var isSecureTextEntry = false
}
