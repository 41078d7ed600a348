/// A scrolling view, as UIKit's table and collection views are. Its
/// `contentOffset` is the headless viewport's: in a table or collection
/// view, setting it scrolls the list and tells the delegate
/// (`scrollViewDidScroll`), as UIKit does; ``drag(to:)`` is a user's drag;
/// scrolling the list by other means moves it. Its `contentSize` is the rows' height. Insets and indicators are kept.
@preconcurrency @MainActor
open class UIScrollView: UIView {
    /// How the keyboard is dismissed when the view is dragged (kept).
    public enum KeyboardDismissMode: Int, Sendable {
        /// Not dismissed, dismissed when a drag starts, or dismissed as the drag goes (kept).
        case none, onDrag, interactive
    }

    /// How the safe area adjusts the content insets (kept).
    public enum ContentInsetAdjustmentBehavior: Int, Sendable {
        /// UIKit's choice, only the scrollable axes, never, or always (kept).
        case automatic, scrollableAxes, never, always
    }

    private var storedOffset = CGPoint.zero
    private var storedSize = CGSize.zero

    /// The point of the content at the top left of the view.
    open var contentOffset: CGPoint {
        get { storedOffset }
        set {
            storedOffset = newValue
            contentOffsetWasSet()
        }
    }

    /// The size of the content.
    open var contentSize: CGSize {
        get { storedSize }
        set { storedSize = newValue }
    }

    /// The insets of the content (kept: they do not move the headless viewport).
    open var contentInset: UIEdgeInsets = .zero
    /// The insets with the safe area's (the content insets here: there is no safe area).
    open var adjustedContentInset: UIEdgeInsets { contentInset }
    /// How the safe area adjusts the insets (kept).
    open var contentInsetAdjustmentBehavior: ContentInsetAdjustmentBehavior = .automatic
    /// The scroll indicators' insets (kept).
    open var scrollIndicatorInsets: UIEdgeInsets = .zero
    /// The vertical scroll indicator's insets (kept).
    open var verticalScrollIndicatorInsets: UIEdgeInsets = .zero
    /// Whether the user can scroll (kept: a test scrolls whatever it says).
    open var isScrollEnabled = true
    /// Whether the view snaps to pages (kept).
    open var isPagingEnabled = false
    /// Whether the view bounces at its edges (kept).
    open var bounces = true
    /// Whether the view bounces vertically with little content (kept).
    open var alwaysBounceVertical = false
    /// Whether the view bounces horizontally with little content (kept).
    open var alwaysBounceHorizontal = false
    /// Whether the vertical indicator shows (kept).
    open var showsVerticalScrollIndicator = true
    /// Whether the horizontal indicator shows (kept).
    open var showsHorizontalScrollIndicator = true
    /// Whether a tap on the status bar scrolls to the top (kept).
    open var scrollsToTop = true
    /// How the keyboard is dismissed (kept).
    open var keyboardDismissMode: KeyboardDismissMode = .none
    /// The pull-to-refresh control (a test pulls it with ``UIRefreshControl/pullToRefresh()``).
    open var refreshControl: UIRefreshControl? {
        didSet {
            oldValue?.removeFromSuperview()
            refreshControl.map(addSubview)
        }
    }
    /// Whether the user is touching the content (false: no finger is down here).
    open var isTracking: Bool { false }
    /// Whether the user is dragging (false: a test's scroll ends at once).
    open var isDragging: Bool { false }
    /// Whether the content is still moving after a drag (false: a test's scroll ends at once).
    open var isDecelerating: Bool { false }

    /// Moves the content to `contentOffset` at once, as the app does (a user's drag is ``drag(to:)``).
    open func setContentOffset(_ contentOffset: CGPoint, animated: Bool) {
        self.contentOffset = contentOffset
    }

    /// Scrolls so that `rect` of the content is visible.
    open func scrollRectToVisible(_ rect: CGRect, animated: Bool) {
        let height = bounds.height
        if rect.minY < contentOffset.y {
            contentOffset = CGPoint(x: contentOffset.x, y: rect.minY)
        } else if height > 0, rect.maxY > contentOffset.y + height {
            contentOffset = CGPoint(x: contentOffset.x, y: rect.maxY - height)
        }
    }

    /// Flashes the scroll indicators (kept, not drawn).
    open func flashScrollIndicators() {}

    /// What a table or collection view does when the app or a test sets the offset: scroll its list.
    func contentOffsetWasSet() {}

    /// The delegate a table's or collection view's drag tells (a plain scroll view has none here).
    var scrollDelegate: (any UIScrollViewDelegate)? { nil }

    /// Drags the content to `contentOffset`, as a user's finger does: the
    /// delegate is told the drag begins, the content moves (and it is told
    /// of the scroll), and the drag ends without decelerating.
    public func drag(to contentOffset: CGPoint) {
        guard !UIKitException.hasBeenRaised else { return }
        scrollDelegate?.scrollViewWillBeginDragging(self)
        self.contentOffset = contentOffset
        scrollDelegate?.scrollViewDidEndDragging(self, willDecelerate: false)
    }

    /// Sets the offset from the list's own scroll, without scrolling it again.
    func followScroll(to offset: CGPoint) {
        storedOffset = offset
    }
}

/// What a scroll view tells its delegate. A table's and a collection
/// view's delegates are scroll view delegates too, as in UIKit.
@preconcurrency @MainActor
public protocol UIScrollViewDelegate: NSObjectProtocol {
    /// The content moved: by the app's `contentOffset`, a test's ``UIScrollView/drag(to:)``, or a scroll to a row.
    func scrollViewDidScroll(_ scrollView: UIScrollView)
    /// A drag begins (told before a test's ``UIScrollView/drag(to:)``).
    func scrollViewWillBeginDragging(_ scrollView: UIScrollView)
    /// A drag is about to end; `targetContentOffset` may be changed (kept).
    func scrollViewWillEndDragging(
        _ scrollView: UIScrollView, withVelocity velocity: CGPoint, targetContentOffset: UnsafeMutablePointer<CGPoint>)
    /// A drag ended (a test's drag never decelerates).
    func scrollViewDidEndDragging(_ scrollView: UIScrollView, willDecelerate decelerate: Bool)
    /// The content stopped after a drag (never told: a test's drag does not decelerate).
    func scrollViewDidEndDecelerating(_ scrollView: UIScrollView)
    /// An animated scroll ended (kept).
    func scrollViewDidEndScrollingAnimation(_ scrollView: UIScrollView)
    /// Whether a tap on the status bar scrolls to the top (kept).
    func scrollViewShouldScrollToTop(_ scrollView: UIScrollView) -> Bool
    /// The view scrolled to the top (kept).
    func scrollViewDidScrollToTop(_ scrollView: UIScrollView)
}

extension UIScrollViewDelegate {
    /// Does nothing unless the delegate says.
    public func scrollViewDidScroll(_ scrollView: UIScrollView) {}
    /// Does nothing unless the delegate says.
    public func scrollViewWillBeginDragging(_ scrollView: UIScrollView) {}
    /// Does nothing unless the delegate says.
    public func scrollViewWillEndDragging(
        _ scrollView: UIScrollView, withVelocity velocity: CGPoint, targetContentOffset: UnsafeMutablePointer<CGPoint>
    ) {}
    /// Does nothing unless the delegate says.
    public func scrollViewDidEndDragging(_ scrollView: UIScrollView, willDecelerate decelerate: Bool) {}
    /// Does nothing unless the delegate says.
    public func scrollViewDidEndDecelerating(_ scrollView: UIScrollView) {}
    /// Does nothing unless the delegate says.
    public func scrollViewDidEndScrollingAnimation(_ scrollView: UIScrollView) {}
    /// True unless the delegate says.
    public func scrollViewShouldScrollToTop(_ scrollView: UIScrollView) -> Bool { true }
    /// Does nothing unless the delegate says.
    public func scrollViewDidScrollToTop(_ scrollView: UIScrollView) {}
}
