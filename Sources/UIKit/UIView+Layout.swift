/// A view's Auto Layout surface: anchors, guides, constraints and the
/// safe area, kept so that a screen's layout code compiles and runs
/// (nothing is solved or laid out here).
extension UIView {
    /// The leading edge (kept).
    public var leadingAnchor: NSLayoutXAxisAnchor { layoutAnchors.leading }
    /// The trailing edge (kept).
    public var trailingAnchor: NSLayoutXAxisAnchor { layoutAnchors.trailing }
    /// The left edge (kept).
    public var leftAnchor: NSLayoutXAxisAnchor { layoutAnchors.left }
    /// The right edge (kept).
    public var rightAnchor: NSLayoutXAxisAnchor { layoutAnchors.right }
    /// The top edge (kept).
    public var topAnchor: NSLayoutYAxisAnchor { layoutAnchors.top }
    /// The bottom edge (kept).
    public var bottomAnchor: NSLayoutYAxisAnchor { layoutAnchors.bottom }
    /// The horizontal centre (kept).
    public var centerXAnchor: NSLayoutXAxisAnchor { layoutAnchors.centerX }
    /// The vertical centre (kept).
    public var centerYAnchor: NSLayoutYAxisAnchor { layoutAnchors.centerY }
    /// The first line's baseline (kept).
    public var firstBaselineAnchor: NSLayoutYAxisAnchor { layoutAnchors.firstBaseline }
    /// The last line's baseline (kept).
    public var lastBaselineAnchor: NSLayoutYAxisAnchor { layoutAnchors.lastBaseline }
    /// The width (kept).
    public var widthAnchor: NSLayoutDimension { layoutAnchors.width }
    /// The height (kept).
    public var heightAnchor: NSLayoutDimension { layoutAnchors.height }
    /// The safe area (the bounds: there are no bars or notch here).
    public var safeAreaLayoutGuide: UILayoutGuide { layoutAnchors.guide(\.safeArea, of: self) }
    /// The margins (kept).
    public var layoutMarginsGuide: UILayoutGuide { layoutAnchors.guide(\.margins, of: self) }
    /// The readable width (kept).
    public var readableContentGuide: UILayoutGuide { layoutAnchors.guide(\.readable, of: self) }
    /// The safe area's insets (none: there are no bars or notch here).
    public var safeAreaInsets: UIEdgeInsets { .zero }

    /// Adds `constraint` (kept).
    public func addConstraint(_ constraint: NSLayoutConstraint) { constraint.isActive = true }
    /// Adds `constraints` (kept).
    public func addConstraints(_ constraints: [NSLayoutConstraint]) { NSLayoutConstraint.activate(constraints) }
    /// Removes `constraint` (kept).
    public func removeConstraint(_ constraint: NSLayoutConstraint) { constraint.isActive = false }
    /// Adds `layoutGuide` to the view.
    public func addLayoutGuide(_ layoutGuide: UILayoutGuide) { layoutGuide.owningView = self }
    /// Sets how much the view resists growing past its content along `axis` (kept).
    public func setContentHuggingPriority(_ priority: UILayoutPriority, for axis: NSLayoutConstraint.Axis) {}
    /// Sets how much the view resists shrinking below its content along `axis` (kept).
    public func setContentCompressionResistancePriority(_ priority: UILayoutPriority, for axis: NSLayoutConstraint.Axis)
    {}
}

/// A view's anchors and guides, made when first asked for.
@MainActor
final class LayoutAnchors {
    let leading: NSLayoutXAxisAnchor
    let trailing: NSLayoutXAxisAnchor
    let left: NSLayoutXAxisAnchor
    let right: NSLayoutXAxisAnchor
    let top: NSLayoutYAxisAnchor
    let bottom: NSLayoutYAxisAnchor
    let centerX: NSLayoutXAxisAnchor
    let centerY: NSLayoutYAxisAnchor
    let firstBaseline: NSLayoutYAxisAnchor
    let lastBaseline: NSLayoutYAxisAnchor
    let width: NSLayoutDimension
    let height: NSLayoutDimension
    var safeArea: UILayoutGuide?
    var margins: UILayoutGuide?
    var readable: UILayoutGuide?

    init(view: UIView) {
        leading = NSLayoutXAxisAnchor(item: view)
        trailing = NSLayoutXAxisAnchor(item: view)
        left = NSLayoutXAxisAnchor(item: view)
        right = NSLayoutXAxisAnchor(item: view)
        top = NSLayoutYAxisAnchor(item: view)
        bottom = NSLayoutYAxisAnchor(item: view)
        centerX = NSLayoutXAxisAnchor(item: view)
        centerY = NSLayoutYAxisAnchor(item: view)
        firstBaseline = NSLayoutYAxisAnchor(item: view)
        lastBaseline = NSLayoutYAxisAnchor(item: view)
        width = NSLayoutDimension(item: view)
        height = NSLayoutDimension(item: view)
    }

    /// The guide at `key`, made for `view` when first asked for.
    func guide(_ key: ReferenceWritableKeyPath<LayoutAnchors, UILayoutGuide?>, of view: UIView) -> UILayoutGuide {
        if let made = self[keyPath: key] { return made }
        let guide = UILayoutGuide()
        guide.owningView = view
        self[keyPath: key] = guide
        return guide
    }
}
