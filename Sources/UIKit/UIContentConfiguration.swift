/// A cell's state (kept): whether it is selected or highlighted.
@preconcurrency @MainActor
public protocol UIConfigurationState {}

/// A cell's state, as a configuration's `updated(for:)` gets it.
@preconcurrency @MainActor
public struct UICellConfigurationState: UIConfigurationState, Hashable {
    /// Whether the cell is selected.
    public var isSelected = false
    /// Whether the cell is highlighted.
    public var isHighlighted = false
    /// Whether the cell is disabled.
    public var isDisabled = false
    /// Whether the cell's outline item is expanded.
    public var isExpanded = false
    /// Whether the cell's table or list is editing.
    public var isEditing = false
    /// Whether the cell is swiped open (kept: a test's swipe ends at once).
    public var isSwiped = false
    /// Whether the cell is being reordered (kept).
    public var isReordering = false
    /// Whether the cell has focus (kept).
    public var isFocused = false

    /// A state with nothing set.
    public init() {}
}

/// A view that shows a content configuration.
@preconcurrency @MainActor
public protocol UIContentView: NSObjectProtocol {
    /// The configuration shown.
    var configuration: any UIContentConfiguration { get set }
    /// Whether the view can show `configuration` (by default, whether it is
    /// of the type of the one it shows): a cell gives it a new configuration
    /// it supports, else makes a new content view (iOS 16).
    func supports(_ configuration: any UIContentConfiguration) -> Bool
}

extension UIContentView {
    /// Whether `configuration` is of the type of the one the view shows.
    public func supports(_ configuration: any UIContentConfiguration) -> Bool {
        ObjectIdentifier(type(of: configuration)) == ObjectIdentifier(type(of: self.configuration))
    }
}

/// What a cell shows, as a value: UIKit's content configurations. The text
/// of a ``UIListContentConfiguration`` is what the headless list's cell
/// shows (and its pictures draw); others are kept.
@preconcurrency @MainActor
public protocol UIContentConfiguration {
    /// The view that shows this configuration.
    func makeContentView() -> any UIView & UIContentView
    /// This configuration for `state`.
    func updated(for state: any UIConfigurationState) -> Self
}

/// The text and secondary text of a list cell, header or footer, and how
/// they look (kept, not drawn).
@preconcurrency @MainActor
public struct UIListContentConfiguration: UIContentConfiguration {
    /// How a text is drawn (kept).
    @preconcurrency @MainActor
    public struct TextProperties {
        /// The font (kept).
        public var font: UIFont = .preferredFont(forTextStyle: .body)
        /// The colour (kept).
        public var color: UIColor = .label
        /// The number of lines, 0 for any (kept).
        public var numberOfLines = 0
        /// The alignment (kept).
        public var alignment: NSTextAlignment = .natural
    }

    /// How the image is drawn (kept).
    @preconcurrency @MainActor
    public struct ImageProperties {
        /// The image's tint colour (kept).
        public var tintColor: UIColor?
        /// The image's corner radius (kept).
        public var cornerRadius: CGFloat = 0
    }

    /// The main text.
    public var text: String?
    /// The secondary text.
    public var secondaryText: String?
    /// The main text, with attributes (its characters are what the cell shows).
    public var attributedText: NSAttributedString?
    /// The secondary text, with attributes.
    public var secondaryAttributedText: NSAttributedString?
    /// The image (kept).
    public var image: UIImage?
    /// How the main text is drawn (kept).
    public var textProperties = TextProperties()
    /// How the secondary text is drawn (kept).
    public var secondaryTextProperties = TextProperties()
    /// How the image is drawn (kept).
    public var imageProperties = ImageProperties()
    /// The padding between the texts (kept).
    public var textToSecondaryTextVerticalPadding: CGFloat = 0
    /// Whether the texts are side by side (kept).
    public var prefersSideBySideTextAndSecondaryText = false

    private init() {}

    /// A cell's configuration.
    public static func cell() -> UIListContentConfiguration { UIListContentConfiguration() }
    /// A cell's configuration with the secondary text below.
    public static func subtitleCell() -> UIListContentConfiguration { UIListContentConfiguration() }
    /// A cell's configuration with the secondary text at the trailing edge.
    public static func valueCell() -> UIListContentConfiguration { UIListContentConfiguration() }
    /// A plain list's header.
    public static func plainHeader() -> UIListContentConfiguration { UIListContentConfiguration() }
    /// A plain list's footer.
    public static func plainFooter() -> UIListContentConfiguration { UIListContentConfiguration() }
    /// A grouped list's header.
    public static func groupedHeader() -> UIListContentConfiguration { UIListContentConfiguration() }
    /// A grouped list's footer.
    public static func groupedFooter() -> UIListContentConfiguration { UIListContentConfiguration() }
    /// A sidebar cell's configuration.
    public static func sidebarCell() -> UIListContentConfiguration { UIListContentConfiguration() }
    /// A sidebar header's configuration.
    public static func sidebarHeader() -> UIListContentConfiguration { UIListContentConfiguration() }

    /// The text the cell shows: `text`, else the attributed text's characters.
    var shownText: String? { text ?? attributedText?.string }
    /// The secondary text the cell shows.
    var shownSecondaryText: String? { secondaryText ?? secondaryAttributedText?.string }

    /// A ``UIListContentView`` showing this configuration (kept, not drawn).
    public func makeContentView() -> any UIView & UIContentView { UIListContentView(configuration: self) }

    /// This configuration, unchanged: nothing here depends on the cell's state.
    public func updated(for state: any UIConfigurationState) -> UIListContentConfiguration { self }
}

/// The view that shows a ``UIListContentConfiguration`` (kept, not drawn).
@preconcurrency @MainActor
open class UIListContentView: UIView, UIContentView {
    /// The configuration shown.
    open var configuration: any UIContentConfiguration

    /// A view showing `configuration`.
    public init(configuration: UIListContentConfiguration) {
        self.configuration = configuration
        super.init(frame: .zero)
    }

    /// A view from an archive: storyboards and nibs are not read here, so it shows an empty cell configuration.
    public required init?(coder: NSCoder) {
        configuration = UIListContentConfiguration.cell()
        super.init(coder: coder)
    }
}

/// A cell's or a header's background, as a value (kept, not drawn).
@preconcurrency @MainActor
public struct UIBackgroundConfiguration {
    /// The background colour (kept).
    public var backgroundColor: UIColor?
    /// A view of the app's own behind the content (kept).
    public var customView: UIView?
    /// The corner radius (kept).
    public var cornerRadius: CGFloat = 0
    /// The insets of the background (kept).
    public var backgroundInsets = NSDirectionalEdgeInsets.zero
    /// The stroke's colour (kept).
    public var strokeColor: UIColor?
    /// The stroke's width (kept).
    public var strokeWidth: CGFloat = 0
    /// A visual effect (kept).
    public var image: UIImage?

    private init() {}

    /// A plain list cell's background.
    public static func listPlainCell() -> UIBackgroundConfiguration { UIBackgroundConfiguration() }
    /// A grouped list cell's background.
    public static func listGroupedCell() -> UIBackgroundConfiguration { UIBackgroundConfiguration() }
    /// A sidebar cell's background.
    public static func listSidebarCell() -> UIBackgroundConfiguration { UIBackgroundConfiguration() }
    /// A plain list header's or footer's background.
    public static func listPlainHeaderFooter() -> UIBackgroundConfiguration { UIBackgroundConfiguration() }
    /// A grouped list header's or footer's background.
    public static func listGroupedHeaderFooter() -> UIBackgroundConfiguration { UIBackgroundConfiguration() }
    /// A clear background.
    public static func clear() -> UIBackgroundConfiguration { UIBackgroundConfiguration() }

    /// This configuration, unchanged: nothing here depends on the state.
    public func updated(for state: any UIConfigurationState) -> UIBackgroundConfiguration { self }
}

/// A view's content configuration and the content view that shows it: the
/// view UIKit makes (`makeContentView()`) on the first configuration, and
/// gives each next one it ``UIContentView/supports(_:)``.
@MainActor
final class ContentConfigurationSlot {
    private unowned let container: UIView
    /// The configuration shown.
    private(set) var configuration: (any UIContentConfiguration)?
    /// The view showing it, in the container.
    private(set) var view: (any UIView & UIContentView)?

    init(container: UIView) {
        self.container = container
    }

    /// Shows `configuration`: in the content view there when it supports
    /// it, else in a new one (nil takes the content view away).
    func show(_ configuration: (any UIContentConfiguration)?) {
        self.configuration = configuration
        guard let configuration else {
            view?.removeFromSuperview()
            view = nil
            return
        }
        if let view, view.supports(configuration) {
            view.configuration = configuration
            return
        }
        view?.removeFromSuperview()
        let made = configuration.makeContentView()
        container.addSubview(made)
        view = made
    }

    /// The text and secondary text shown: a list configuration's, else the
    /// texts of the content view's labels (the first two), nil without a configuration.
    var shownTexts: (text: String?, detail: String?)? {
        if let list = configuration as? UIListContentConfiguration { return (list.shownText, list.shownSecondaryText) }
        guard configuration != nil else { return nil }
        return ShownText.texts(in: view)
    }
}

/// What a view shows as text: its labels' and text fields' (a field's
/// placeholder while it is empty), depth first in the order they were
/// added, and a list content view's configured texts.
@MainActor
enum ShownText {
    /// `texts` as one line, the second after the first as a row's detail is
    /// written (`Monday — 3 messages`): what a header's row shows.
    static func joined(_ texts: (text: String?, detail: String?)) -> String? {
        switch (texts.text, texts.detail) {
        case (let text?, let detail?) where !detail.isEmpty: text + " — " + detail
        case (let text?, _): text
        case (nil, let detail): detail
        }
    }

    /// The first two texts `view` shows, or nils.
    static func texts(in view: UIView?) -> (text: String?, detail: String?) {
        var found: [String] = []
        if let view { collect(view, into: &found) }
        return (found.first, found.dropFirst().first)
    }

    private static func collect(_ view: UIView, into found: inout [String]) {
        guard found.count < 2, !view.isHidden else { return }
        if let label = view as? UILabel, let text = label.shownText, !text.isEmpty {
            found.append(text)
            return
        }
        if let field = view as? UITextField, let text = field.text?.isEmpty == false ? field.text : field.placeholder,
            !text.isEmpty
        {
            found.append(text)
            return
        }
        if let listView = view as? UIListContentView,
            let configuration = listView.configuration as? UIListContentConfiguration
        {
            found += [configuration.shownText, configuration.shownSecondaryText].compactMap { $0 }.filter {
                !$0.isEmpty
            }
            return
        }
        for subview in view.subviews { collect(subview, into: &found) }
    }
}
