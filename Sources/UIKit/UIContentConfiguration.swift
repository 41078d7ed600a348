/// A cell's state (kept): whether it is selected or highlighted.
@MainActor
public protocol UIConfigurationState {}

/// A cell's state, as a configuration's `updated(for:)` gets it.
@MainActor
public struct UICellConfigurationState: UIConfigurationState, Hashable {
    /// Whether the cell is selected.
    public var isSelected = false
    /// Whether the cell is highlighted.
    public var isHighlighted = false
    /// Whether the cell is disabled.
    public var isDisabled = false
    /// Whether the cell's outline item is expanded.
    public var isExpanded = false

    /// A state with nothing set.
    public init() {}
}

/// A view that shows a content configuration.
@MainActor
public protocol UIContentView: AnyObject {
    /// The configuration shown.
    var configuration: any UIContentConfiguration { get set }
}

/// What a cell shows, as a value: UIKit's content configurations. The text
/// of a ``UIListContentConfiguration`` is what the headless list's cell
/// shows (and its pictures draw); others are kept.
@MainActor
public protocol UIContentConfiguration {
    /// The view that shows this configuration.
    func makeContentView() -> any UIView & UIContentView
    /// This configuration for `state`.
    func updated(for state: any UIConfigurationState) -> Self
}

/// The text and secondary text of a list cell, header or footer, and how
/// they look (kept, not drawn).
@MainActor
public struct UIListContentConfiguration: UIContentConfiguration {
    /// How a text is drawn (kept).
    @MainActor
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
    @MainActor
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
@MainActor
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
