/// UIKit's animation blocks. Nothing is drawn, so an animation's changes
/// are made at once and its completion is called with `true` before the
/// call returns; the blocks are escaping or not as UIKit's Swift interface
/// has them (`performWithoutAnimation`'s is not, so a class's code may use
/// implicit `self` inside it).
extension UIView {
    /// Options of an animation (kept, not drawn).
    public struct AnimationOptions: OptionSet, Sendable {
        /// The options' bits.
        public let rawValue: UInt
        /// Options of the bits `rawValue`.
        public init(rawValue: UInt) { self.rawValue = rawValue }
        /// Lays out subviews as the animation goes (kept).
        public static let layoutSubviews = AnimationOptions(rawValue: 1 << 0)
        /// Lets the user touch the views during the animation (kept).
        public static let allowUserInteraction = AnimationOptions(rawValue: 1 << 1)
        /// Starts from the current state (kept).
        public static let beginFromCurrentState = AnimationOptions(rawValue: 1 << 2)
        /// Repeats the animation (kept: it runs once).
        public static let `repeat` = AnimationOptions(rawValue: 1 << 3)
        /// Runs the animation back and forth (kept).
        public static let autoreverse = AnimationOptions(rawValue: 1 << 4)
        /// Eases in and out (kept).
        public static let curveEaseInOut = AnimationOptions(rawValue: 0 << 16)
        /// Eases in (kept).
        public static let curveEaseIn = AnimationOptions(rawValue: 1 << 16)
        /// Eases out (kept).
        public static let curveEaseOut = AnimationOptions(rawValue: 2 << 16)
        /// No easing (kept).
        public static let curveLinear = AnimationOptions(rawValue: 3 << 16)
        /// A cross dissolve between views (kept).
        public static let transitionCrossDissolve = AnimationOptions(rawValue: 5 << 20)
        /// A flip from the left (kept).
        public static let transitionFlipFromLeft = AnimationOptions(rawValue: 1 << 20)
    }

    /// Whether animations run (kept: every change is made at once here).
    public static var areAnimationsEnabled: Bool { true }

    /// Turns animations on or off (kept).
    public static func setAnimationsEnabled(_ enabled: Bool) {}

    /// Runs `actionsWithoutAnimation` now. The block does not escape, as in UIKit.
    public static func performWithoutAnimation(_ actionsWithoutAnimation: () -> Void) {
        actionsWithoutAnimation()
    }

    /// Makes the changes of `animations` at once.
    public static func animate(withDuration duration: TimeInterval, animations: @escaping () -> Void) {
        animations()
    }

    /// Makes the changes of `animations` at once, then calls `completion` with true.
    public static func animate(
        withDuration duration: TimeInterval, animations: @escaping () -> Void, completion: ((Bool) -> Void)? = nil
    ) {
        animations()
        completion?(true)
    }

    /// Makes the changes of `animations` at once (the delay and options are kept), then calls `completion` with true.
    public static func animate(
        withDuration duration: TimeInterval, delay: TimeInterval, options: AnimationOptions = [],
        animations: @escaping () -> Void, completion: ((Bool) -> Void)? = nil
    ) {
        animations()
        completion?(true)
    }

    /// Makes the changes of `animations` at once (the spring is kept), then calls `completion` with true.
    public static func animate(
        withDuration duration: TimeInterval, delay: TimeInterval, usingSpringWithDamping dampingRatio: CGFloat,
        initialSpringVelocity velocity: CGFloat, options: AnimationOptions = [], animations: @escaping () -> Void,
        completion: ((Bool) -> Void)? = nil
    ) {
        animations()
        completion?(true)
    }

    /// Makes the changes of `animations` to `view` at once, then calls `completion` with true.
    public static func transition(
        with view: UIView, duration: TimeInterval, options: AnimationOptions = [], animations: (() -> Void)?,
        completion: ((Bool) -> Void)? = nil
    ) {
        animations?()
        completion?(true)
    }
}
