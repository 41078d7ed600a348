/// A layout constraint (kept, not solved: nothing is laid out here). It
/// keeps what it relates, so that a screen's layout code compiles and runs.
@preconcurrency @MainActor
open class NSLayoutConstraint: NSObject {
    /// How the two sides relate.
    public enum Relation: Int, Sendable {
        /// At most, equal, at least.
        case lessThanOrEqual = -1, equal, greaterThanOrEqual
    }

    /// The attribute of an item a constraint relates.
    public enum Attribute: Int, Sendable {
        /// The edges, size, centre and baselines (kept).
        case left = 1, right, top, bottom, leading, trailing, width, height, centerX, centerY, lastBaseline,
            firstBaseline
        /// No attribute (a constant width or height).
        case notAnAttribute = 0
    }

    /// The axis a view resists growing or shrinking along.
    public enum Axis: Int, Sendable {
        /// Horizontal or vertical.
        case horizontal, vertical
    }

    /// The first item.
    open private(set) weak var firstItem: AnyObject?
    /// The second item, if any.
    open private(set) weak var secondItem: AnyObject?
    /// The relation.
    public let relation: Relation
    /// The multiplier.
    public let multiplier: CGFloat
    /// The constant (kept).
    open var constant: CGFloat
    /// Whether the constraint is active (kept).
    open var isActive = false
    /// The priority (kept).
    open var priority: UILayoutPriority = .required
    /// An identifier for debugging (kept).
    open var identifier: String?

    /// A constraint `item1.attr1 relation item2.attr2 * multiplier + c` (kept).
    public init(
        item view1: Any, attribute attr1: Attribute, relatedBy relation: Relation, toItem view2: Any?,
        attribute attr2: Attribute,
        multiplier: CGFloat, constant c: CGFloat
    ) {
        firstItem = view1 as AnyObject
        secondItem = view2 as AnyObject?
        self.relation = relation
        self.multiplier = multiplier
        constant = c
        super.init()
    }

    init(_ first: AnyObject?, _ relation: Relation, _ second: AnyObject?, multiplier: CGFloat = 1, constant: CGFloat) {
        firstItem = first
        secondItem = second
        self.relation = relation
        self.multiplier = multiplier
        self.constant = constant
        super.init()
    }

    /// Activates `constraints` (kept).
    public static func activate(_ constraints: [NSLayoutConstraint]) {
        for constraint in constraints { constraint.isActive = true }
    }

    /// Deactivates `constraints` (kept).
    public static func deactivate(_ constraints: [NSLayoutConstraint]) {
        for constraint in constraints { constraint.isActive = false }
    }
}

/// A constraint's priority (kept).
public struct UILayoutPriority: RawRepresentable, Hashable, Sendable, ExpressibleByFloatLiteral {
    /// The priority, 1 to 1000.
    public let rawValue: Float
    /// The priority `rawValue`.
    public init(rawValue: Float) { self.rawValue = rawValue }
    /// The priority `rawValue`.
    public init(_ rawValue: Float) { self.rawValue = rawValue }
    /// The priority `value`.
    public init(floatLiteral value: Float) { rawValue = value }
    /// Required: 1000.
    public static let required = UILayoutPriority(1000)
    /// High: 750.
    public static let defaultHigh = UILayoutPriority(750)
    /// Low: 250.
    public static let defaultLow = UILayoutPriority(250)
    /// What a view needs to fit its content: 50.
    public static let fittingSizeLevel = UILayoutPriority(50)

    /// The priority `rawValue` more.
    public static func + (priority: UILayoutPriority, value: Float) -> UILayoutPriority {
        UILayoutPriority(priority.rawValue + value)
    }
    /// The priority `rawValue` less.
    public static func - (priority: UILayoutPriority, value: Float) -> UILayoutPriority {
        UILayoutPriority(priority.rawValue - value)
    }
}

/// An edge, centre or size of a view or layout guide, from which constraints are made (kept).
@preconcurrency @MainActor
open class NSLayoutAnchor<AnchorType: AnyObject>: NSObject {
    /// The view or guide it belongs to.
    weak var item: AnyObject?

    init(item: AnyObject) {
        self.item = item
        super.init()
    }

    /// A constraint: this anchor equals `anchor`, plus `c` (kept).
    open func constraint(equalTo anchor: NSLayoutAnchor<AnchorType>, constant c: CGFloat = 0) -> NSLayoutConstraint {
        NSLayoutConstraint(item, .equal, anchor.item, constant: c)
    }

    /// A constraint: this anchor is at least `anchor`, plus `c` (kept).
    open func constraint(greaterThanOrEqualTo anchor: NSLayoutAnchor<AnchorType>, constant c: CGFloat = 0)
        -> NSLayoutConstraint
    {
        NSLayoutConstraint(item, .greaterThanOrEqual, anchor.item, constant: c)
    }

    /// A constraint: this anchor is at most `anchor`, plus `c` (kept).
    open func constraint(lessThanOrEqualTo anchor: NSLayoutAnchor<AnchorType>, constant c: CGFloat = 0)
        -> NSLayoutConstraint
    {
        NSLayoutConstraint(item, .lessThanOrEqual, anchor.item, constant: c)
    }
}

/// A horizontal edge or centre (kept).
@preconcurrency @MainActor
open class NSLayoutXAxisAnchor: NSLayoutAnchor<NSLayoutXAxisAnchor> {
    /// A constraint: this anchor follows `anchor` by `multiplier` of the standard spacing (kept).
    open func constraint(equalToSystemSpacingAfter anchor: NSLayoutXAxisAnchor, multiplier: CGFloat)
        -> NSLayoutConstraint
    {
        NSLayoutConstraint(item, .equal, anchor.item, multiplier: multiplier, constant: 8)
    }
}

/// A vertical edge, centre or baseline (kept).
@preconcurrency @MainActor
open class NSLayoutYAxisAnchor: NSLayoutAnchor<NSLayoutYAxisAnchor> {
    /// A constraint: this anchor is below `anchor` by `multiplier` of the standard spacing (kept).
    open func constraint(equalToSystemSpacingBelow anchor: NSLayoutYAxisAnchor, multiplier: CGFloat)
        -> NSLayoutConstraint
    {
        NSLayoutConstraint(item, .equal, anchor.item, multiplier: multiplier, constant: 8)
    }
}

/// A width or height (kept).
@preconcurrency @MainActor
open class NSLayoutDimension: NSLayoutAnchor<NSLayoutDimension> {
    /// A constraint: this dimension is `c` (kept).
    open func constraint(equalToConstant c: CGFloat) -> NSLayoutConstraint {
        NSLayoutConstraint(item, .equal, nil, constant: c)
    }
    /// A constraint: this dimension is at least `c` (kept).
    open func constraint(greaterThanOrEqualToConstant c: CGFloat) -> NSLayoutConstraint {
        NSLayoutConstraint(item, .greaterThanOrEqual, nil, constant: c)
    }
    /// A constraint: this dimension is at most `c` (kept).
    open func constraint(lessThanOrEqualToConstant c: CGFloat) -> NSLayoutConstraint {
        NSLayoutConstraint(item, .lessThanOrEqual, nil, constant: c)
    }
    /// A constraint: this dimension is `anchor` times `m`, plus `c` (kept).
    open func constraint(equalTo anchor: NSLayoutDimension, multiplier m: CGFloat, constant c: CGFloat = 0)
        -> NSLayoutConstraint
    {
        NSLayoutConstraint(item, .equal, anchor.item, multiplier: m, constant: c)
    }
}

/// A rectangle of a view's layout that is not a view: the safe area, the margins (kept).
@preconcurrency @MainActor
open class UILayoutGuide: NSObject {
    /// The view it belongs to.
    open weak var owningView: UIView?
    /// An identifier for debugging (kept).
    open var identifier = ""
    /// The guide's frame in its view (its view's bounds: nothing is laid out).
    open var layoutFrame: CGRect { owningView?.bounds ?? .zero }
    /// The leading edge (kept).
    open private(set) lazy var leadingAnchor = NSLayoutXAxisAnchor(item: self)
    /// The trailing edge (kept).
    open private(set) lazy var trailingAnchor = NSLayoutXAxisAnchor(item: self)
    /// The left edge (kept).
    open private(set) lazy var leftAnchor = NSLayoutXAxisAnchor(item: self)
    /// The right edge (kept).
    open private(set) lazy var rightAnchor = NSLayoutXAxisAnchor(item: self)
    /// The top edge (kept).
    open private(set) lazy var topAnchor = NSLayoutYAxisAnchor(item: self)
    /// The bottom edge (kept).
    open private(set) lazy var bottomAnchor = NSLayoutYAxisAnchor(item: self)
    /// The horizontal centre (kept).
    open private(set) lazy var centerXAnchor = NSLayoutXAxisAnchor(item: self)
    /// The vertical centre (kept).
    open private(set) lazy var centerYAnchor = NSLayoutYAxisAnchor(item: self)
    /// The width (kept).
    open private(set) lazy var widthAnchor = NSLayoutDimension(item: self)
    /// The height (kept).
    open private(set) lazy var heightAnchor = NSLayoutDimension(item: self)

    /// A guide (add it to a view with `addLayoutGuide(_:)`).
    public override init() {
        super.init()
    }
}
