/// A collection view's layout (kept, not laid out: the headless list shows
/// its items as a list, one a row).
@preconcurrency @MainActor
open class UICollectionViewLayout: NSObject {
    /// A layout (kept, not laid out).
    public override init() {
        super.init()
    }

    /// Asks for the layout to be worked out again (nothing is laid out here).
    open func invalidateLayout() {}
}

/// A flow layout (kept).
@preconcurrency @MainActor
open class UICollectionViewFlowLayout: UICollectionViewLayout {
    /// The items' size (kept).
    open var itemSize = CGSize(width: 50, height: 50)
    /// The spacing between lines (kept).
    open var minimumLineSpacing: CGFloat = 10
    /// The spacing between items (kept).
    open var minimumInteritemSpacing: CGFloat = 10
    /// The estimated items' size (kept).
    open var estimatedItemSize = CGSize.zero
    /// The sections' insets (kept).
    open var sectionInset = UIEdgeInsets.zero
    /// The headers' size (kept).
    open var headerReferenceSize = CGSize.zero
    /// The direction the items flow in (kept).
    open var scrollDirection: UICollectionView.ScrollDirection = .vertical
    /// A size the layout works out from each item's content (kept).
    public static let automaticSize = CGSize(width: -1, height: -1)
}

extension UICollectionView {
    /// The direction a layout scrolls in (kept).
    public enum ScrollDirection: Int, Sendable {
        /// Up and down, or side to side (kept).
        case vertical, horizontal
    }
}

/// A compositional layout: its list form is what a list of a collection view uses (kept).
@preconcurrency @MainActor
open class UICollectionViewCompositionalLayout: UICollectionViewLayout {
    /// Makes the layout of the section at an index, in an environment.
    public typealias SectionProvider = (Int, any NSCollectionLayoutEnvironment) -> NSCollectionLayoutSection?

    private let fixedList: UICollectionLayoutListConfiguration?
    private let sectionProvider: SectionProvider?

    private init(listConfiguration: UICollectionLayoutListConfiguration?, sectionProvider: SectionProvider?) {
        fixedList = listConfiguration
        self.sectionProvider = sectionProvider
        super.init()
    }

    /// A layout of one section's layout for every section (kept, not laid out).
    public convenience init(section: NSCollectionLayoutSection) {
        self.init(listConfiguration: section.listConfiguration, sectionProvider: nil)
    }

    /// A layout whose sections `sectionProvider` makes: the first section's
    /// list configuration, if it is a list, is the layout's (headers, swipe actions).
    public convenience init(sectionProvider: @escaping SectionProvider) {
        self.init(listConfiguration: nil, sectionProvider: sectionProvider)
    }

    /// A layout of one list section for every section.
    public static func list(using configuration: UICollectionLayoutListConfiguration)
        -> UICollectionViewCompositionalLayout
    {
        UICollectionViewCompositionalLayout(listConfiguration: configuration, sectionProvider: nil)
    }

    /// The list configuration, when the layout is a list.
    public var listConfiguration: UICollectionLayoutListConfiguration? {
        fixedList ?? sectionProvider?(0, LayoutEnvironment())?.listConfiguration
    }
}

/// What a section provider is told of where the layout is (kept).
@preconcurrency @MainActor
public protocol NSCollectionLayoutEnvironment {
    /// The size of the container (a phone's width here).
    var container: any NSCollectionLayoutContainer { get }
}

/// The size of a layout's container (kept).
@preconcurrency @MainActor
public protocol NSCollectionLayoutContainer {
    /// The container's size.
    var contentSize: CGSize { get }
    /// The size inside the content insets.
    var effectiveContentSize: CGSize { get }
}

/// The environment a section provider is given: a phone-wide container.
private struct LayoutEnvironment: NSCollectionLayoutEnvironment, NSCollectionLayoutContainer {
    var container: any NSCollectionLayoutContainer { self }
    var contentSize: CGSize { CGSize(width: 390, height: 844) }
    var effectiveContentSize: CGSize { contentSize }
}

/// A section of a compositional layout (kept, not laid out; a list section's configuration is asked).
@preconcurrency @MainActor
open class NSCollectionLayoutSection: NSObject {
    /// How the section scrolls on its own axis (kept).
    public enum OrthogonalScrollingBehavior: Int, Sendable {
        /// Not, continuously, or by pages or groups (kept).
        case none, continuous, continuousGroupLeadingBoundary, paging, groupPaging, groupPagingCentered
    }

    let listConfiguration: UICollectionLayoutListConfiguration?
    /// The section's insets (kept).
    open var contentInsets = NSDirectionalEdgeInsets.zero
    /// The spacing between groups (kept).
    open var interGroupSpacing: CGFloat = 0
    /// How the section scrolls on its own axis (kept).
    open var orthogonalScrollingBehavior: OrthogonalScrollingBehavior = .none
    /// The headers and footers (kept).
    open var boundarySupplementaryItems: [NSCollectionLayoutBoundarySupplementaryItem] = []

    /// A section of `group` (kept).
    public init(group: NSCollectionLayoutGroup) {
        listConfiguration = nil
        super.init()
    }

    private init(list: UICollectionLayoutListConfiguration) {
        listConfiguration = list
        super.init()
    }

    /// A list section of `configuration`.
    public static func list(
        using configuration: UICollectionLayoutListConfiguration, layoutEnvironment: any NSCollectionLayoutEnvironment
    ) -> NSCollectionLayoutSection {
        NSCollectionLayoutSection(list: configuration)
    }
}

/// A dimension of a layout item: a fraction of the container, points, or an estimate (kept).
@preconcurrency @MainActor
open class NSCollectionLayoutDimension: NSObject {
    /// The value (kept).
    public let dimension: CGFloat

    private init(_ dimension: CGFloat) {
        self.dimension = dimension
        super.init()
    }

    /// A fraction of the container's width (kept).
    public static func fractionalWidth(_ fraction: CGFloat) -> NSCollectionLayoutDimension {
        NSCollectionLayoutDimension(fraction)
    }
    /// A fraction of the container's height (kept).
    public static func fractionalHeight(_ fraction: CGFloat) -> NSCollectionLayoutDimension {
        NSCollectionLayoutDimension(fraction)
    }
    /// A size in points (kept).
    public static func absolute(_ points: CGFloat) -> NSCollectionLayoutDimension {
        NSCollectionLayoutDimension(points)
    }
    /// An estimated size in points (kept).
    public static func estimated(_ points: CGFloat) -> NSCollectionLayoutDimension {
        NSCollectionLayoutDimension(points)
    }
}

/// A layout item's width and height (kept).
@preconcurrency @MainActor
open class NSCollectionLayoutSize: NSObject {
    /// The width (kept).
    public let widthDimension: NSCollectionLayoutDimension
    /// The height (kept).
    public let heightDimension: NSCollectionLayoutDimension

    /// A size of `widthDimension` by `heightDimension`.
    public init(widthDimension: NSCollectionLayoutDimension, heightDimension: NSCollectionLayoutDimension) {
        self.widthDimension = widthDimension
        self.heightDimension = heightDimension
        super.init()
    }
}

/// An item of a compositional layout (kept).
@preconcurrency @MainActor
open class NSCollectionLayoutItem: NSObject {
    /// The size (kept).
    public let layoutSize: NSCollectionLayoutSize
    /// The insets (kept).
    open var contentInsets = NSDirectionalEdgeInsets.zero

    /// An item of `layoutSize`.
    public init(layoutSize: NSCollectionLayoutSize) {
        self.layoutSize = layoutSize
        super.init()
    }
}

/// A group of items in a compositional layout (kept).
@preconcurrency @MainActor
open class NSCollectionLayoutGroup: NSCollectionLayoutItem {
    /// The spacing between items (kept).
    open var interItemSpacing: NSCollectionLayoutSpacing?

    /// A row of `subitems` (kept).
    public static func horizontal(layoutSize: NSCollectionLayoutSize, subitems: [NSCollectionLayoutItem])
        -> NSCollectionLayoutGroup
    {
        NSCollectionLayoutGroup(layoutSize: layoutSize)
    }

    /// A column of `subitems` (kept).
    public static func vertical(layoutSize: NSCollectionLayoutSize, subitems: [NSCollectionLayoutItem])
        -> NSCollectionLayoutGroup
    {
        NSCollectionLayoutGroup(layoutSize: layoutSize)
    }

    /// A row of `count` copies of `subitem` (kept).
    public static func horizontal(
        layoutSize: NSCollectionLayoutSize, repeatingSubitem subitem: NSCollectionLayoutItem, count: Int
    ) -> NSCollectionLayoutGroup {
        NSCollectionLayoutGroup(layoutSize: layoutSize)
    }
}

/// The spacing between a group's items (kept).
@preconcurrency @MainActor
open class NSCollectionLayoutSpacing: NSObject {
    /// A fixed spacing in points (kept).
    public static func fixed(_ points: CGFloat) -> NSCollectionLayoutSpacing { NSCollectionLayoutSpacing() }
    /// A flexible spacing of at least `points` (kept).
    public static func flexible(_ points: CGFloat) -> NSCollectionLayoutSpacing { NSCollectionLayoutSpacing() }
}

/// A section's header or footer in a compositional layout (kept).
@preconcurrency @MainActor
open class NSCollectionLayoutBoundarySupplementaryItem: NSCollectionLayoutItem {
    /// The kind of the supplementary view.
    public let elementKind: String

    /// A header or footer of `elementKind` at `alignment` (kept).
    public init(layoutSize: NSCollectionLayoutSize, elementKind: String, alignment: NSRectAlignment) {
        self.elementKind = elementKind
        super.init(layoutSize: layoutSize)
    }
}

/// Where a supplementary item sits (kept).
public enum NSRectAlignment: Int, Sendable {
    /// No alignment, or an edge or corner (kept).
    case none, top, topLeading, leading, bottomLeading, bottom, bottomTrailing, trailing, topTrailing
}

/// How a list of a collection view looks (kept).
@preconcurrency @MainActor
public struct UICollectionLayoutListConfiguration {
    /// The list's appearance.
    public enum Appearance: Sendable {
        /// Plain, grouped, inset grouped, or a sidebar's, plain or not (kept, not drawn).
        case plain, grouped, insetGrouped, sidebar, sidebarPlain
    }

    /// Where a section's header comes from.
    public enum HeaderMode: Sendable {
        /// No headers, headers from the supplementary views (asked for here), or the first item of each section as its
        /// header (kept: that item shows as a row).
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
    /// The actions a swipe from an item's trailing edge shows (a test swipes with `swipeItem(at:edge:)`).
    public var trailingSwipeActionsConfigurationProvider: ((IndexPath) -> UISwipeActionsConfiguration?)?
    /// The actions a swipe from an item's leading edge shows.
    public var leadingSwipeActionsConfigurationProvider: ((IndexPath) -> UISwipeActionsConfiguration?)?
    /// Whether the section headers stay at the top while their section scrolls (kept).
    public var headerTopPadding: CGFloat?

    /// A configuration of `appearance`.
    public init(appearance: Appearance) {
        self.appearance = appearance
    }
}
