/// A collection view's layout (kept, not laid out: the headless list shows
/// its items as a list, one a row).
@MainActor
open class UICollectionViewLayout: NSObject {
    /// A layout (kept, not laid out).
    public override init() {
        super.init()
    }
}

/// A flow layout (kept).
@MainActor
open class UICollectionViewFlowLayout: UICollectionViewLayout {
    /// The items' size (kept).
    open var itemSize = CGSize(width: 50, height: 50)
    /// The spacing between lines (kept).
    open var minimumLineSpacing: CGFloat = 10
    /// The spacing between items (kept).
    open var minimumInteritemSpacing: CGFloat = 10
}

/// A compositional layout: its list form is what a list of a collection view uses (kept).
@MainActor
open class UICollectionViewCompositionalLayout: UICollectionViewLayout {
    /// The list configuration, when the layout is a list.
    public let listConfiguration: UICollectionLayoutListConfiguration?

    private init(listConfiguration: UICollectionLayoutListConfiguration?) {
        self.listConfiguration = listConfiguration
        super.init()
    }

    /// A layout of one list section for every section.
    public static func list(using configuration: UICollectionLayoutListConfiguration) -> UICollectionViewCompositionalLayout {
        UICollectionViewCompositionalLayout(listConfiguration: configuration)
    }
}

/// How a list of a collection view looks (kept).
@MainActor
public struct UICollectionLayoutListConfiguration {
    /// The list's appearance.
    public enum Appearance: Sendable {
        /// Plain, grouped, inset grouped, or a sidebar's, plain or not (kept, not drawn).
        case plain, grouped, insetGrouped, sidebar, sidebarPlain
    }

    /// Where a section's header comes from.
    public enum HeaderMode: Sendable {
        /// No headers, headers from the supplementary views (asked for here), or the first item of each section as its header (kept: that item shows as a row).
        case none, supplementary, firstItemInSection
    }

    /// Where a section's footer comes from.
    public enum FooterMode: Sendable {
        /// No footers, or footers from the supplementary views (kept: footers are not asked for here).
        case none, supplementary
    }

    /// The appearance.
    public var appearance: Appearance
    /// The header mode (kept).
    public var headerMode: HeaderMode = .none
    /// The footer mode (kept).
    public var footerMode: FooterMode = .none
    /// Whether separators show (kept).
    public var showsSeparators = true
    /// The background (kept).
    public var backgroundColor: UIColor?

    /// A configuration of `appearance`.
    public init(appearance: Appearance) {
        self.appearance = appearance
    }
}
