/// A colour (kept, not drawn): its components, or the name of a system colour.
open class UIColor: NSObject, @unchecked Sendable {
    /// The system colour's name, or nil for one made of components.
    public let name: String?
    /// Red, green, blue and alpha, from 0 to 1 (0 for a system colour).
    public let components: (red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat)

    /// A colour of `red`, `green`, `blue` and `alpha`.
    public init(red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {
        name = nil
        components = (red, green, blue, alpha)
        super.init()
    }

    /// A grey of `white` and `alpha`.
    public convenience init(white: CGFloat, alpha: CGFloat) {
        self.init(red: white, green: white, blue: white, alpha: alpha)
    }

    private init(systemNamed name: String) {
        self.name = name
        components = (0, 0, 0, 1)
        super.init()
    }

    /// The asset catalogue's colour `name` (any name: there is no catalogue here).
    public convenience init?(named name: String) {
        self.init(systemNamed: name)
    }

    /// A colour that resolves for the traits (kept: it is `provider`'s colour for a phone in light mode).
    public convenience init(dynamicProvider provider: @escaping (UITraitCollection) -> UIColor) {
        let resolved = provider(UITraitCollection())
        self.init(
            red: resolved.components.red, green: resolved.components.green, blue: resolved.components.blue,
            alpha: resolved.components.alpha)
    }

    /// This colour with `alpha` (kept).
    open func withAlphaComponent(_ alpha: CGFloat) -> UIColor {
        UIColor(red: components.red, green: components.green, blue: components.blue, alpha: alpha)
    }

    /// Black.
    public static let black = UIColor(white: 0, alpha: 1)
    /// White.
    public static let white = UIColor(white: 1, alpha: 1)
    /// Clear: no colour, alpha 0.
    public static let clear = UIColor(white: 0, alpha: 0)
    /// Mid grey.
    public static let gray = UIColor(white: 0.5, alpha: 1)
    /// Pure red.
    public static let red = UIColor(red: 1, green: 0, blue: 0, alpha: 1)
    /// The system colour for primary text (a name, kept).
    public static let label = UIColor(systemNamed: "label")
    /// The system colour for secondary text (a name, kept).
    public static let secondaryLabel = UIColor(systemNamed: "secondaryLabel")
    /// The system colour for tertiary text (a name, kept).
    public static let tertiaryLabel = UIColor(systemNamed: "tertiaryLabel")
    /// The system colour for a view's background (a name, kept).
    public static let systemBackground = UIColor(systemNamed: "systemBackground")
    /// The system colour for content over the background (a name, kept).
    public static let secondarySystemBackground = UIColor(systemNamed: "secondarySystemBackground")
    /// The system colour for a grouped list's background (a name, kept).
    public static let systemGroupedBackground = UIColor(systemNamed: "systemGroupedBackground")
    /// The system colour for separators (a name, kept).
    public static let separator = UIColor(systemNamed: "separator")
    /// The tint colour, resolved from the view in UIKit (a name, kept).
    public static let tintColor = UIColor(systemNamed: "tintColor")
    /// The system blue (a name, kept).
    public static let systemBlue = UIColor(systemNamed: "systemBlue")
    /// The system red (a name, kept).
    public static let systemRed = UIColor(systemNamed: "systemRed")
    /// The system green (a name, kept).
    public static let systemGreen = UIColor(systemNamed: "systemGreen")
    /// The system orange (a name, kept).
    public static let systemOrange = UIColor(systemNamed: "systemOrange")
    /// The system yellow (a name, kept).
    public static let systemYellow = UIColor(systemNamed: "systemYellow")
    /// The system pink (a name, kept).
    public static let systemPink = UIColor(systemNamed: "systemPink")
    /// The system purple (a name, kept).
    public static let systemPurple = UIColor(systemNamed: "systemPurple")
    /// The system teal (a name, kept).
    public static let systemTeal = UIColor(systemNamed: "systemTeal")
    /// The system indigo (a name, kept).
    public static let systemIndigo = UIColor(systemNamed: "systemIndigo")
    /// The system grey (a name, kept).
    public static let systemGray = UIColor(systemNamed: "systemGray")
    /// The system's second grey (a name, kept).
    public static let systemGray2 = UIColor(systemNamed: "systemGray2")
}
