/// A colour (kept, not drawn): its components, or the name of a system colour.
@MainActor
open class UIColor: NSObject {
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

    private init(named name: String) {
        self.name = name
        components = (0, 0, 0, 1)
        super.init()
    }

    public static let black = UIColor(white: 0, alpha: 1)
    public static let white = UIColor(white: 1, alpha: 1)
    public static let clear = UIColor(white: 0, alpha: 0)
    public static let gray = UIColor(white: 0.5, alpha: 1)
    public static let red = UIColor(red: 1, green: 0, blue: 0, alpha: 1)
    public static let label = UIColor(named: "label")
    public static let secondaryLabel = UIColor(named: "secondaryLabel")
    public static let tertiaryLabel = UIColor(named: "tertiaryLabel")
    public static let systemBackground = UIColor(named: "systemBackground")
    public static let secondarySystemBackground = UIColor(named: "secondarySystemBackground")
    public static let systemGroupedBackground = UIColor(named: "systemGroupedBackground")
    public static let separator = UIColor(named: "separator")
    public static let tintColor = UIColor(named: "tintColor")
    public static let systemBlue = UIColor(named: "systemBlue")
    public static let systemRed = UIColor(named: "systemRed")
    public static let systemGreen = UIColor(named: "systemGreen")
    public static let systemOrange = UIColor(named: "systemOrange")
    public static let systemYellow = UIColor(named: "systemYellow")
    public static let systemPink = UIColor(named: "systemPink")
    public static let systemPurple = UIColor(named: "systemPurple")
    public static let systemTeal = UIColor(named: "systemTeal")
    public static let systemIndigo = UIColor(named: "systemIndigo")
    public static let systemGray = UIColor(named: "systemGray")
    public static let systemGray2 = UIColor(named: "systemGray2")
}
