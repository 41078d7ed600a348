/// A font (kept, not drawn): its size and weight, or a text style.
open class UIFont: NSObject, @unchecked Sendable {
    /// A Dynamic Type style.
    public struct TextStyle: RawRepresentable, Hashable, Sendable {
        /// The style's name, as UIKit spells it.
        public let rawValue: String
        /// The style named `rawValue`.
        public init(rawValue: String) { self.rawValue = rawValue }
        /// The large title style: 34 points at the default size.
        public static let largeTitle = TextStyle(rawValue: "UICTFontTextStyleTitle0")
        /// The first-level title style: 28 points at the default size.
        public static let title1 = TextStyle(rawValue: "UICTFontTextStyleTitle1")
        /// The second-level title style: 22 points at the default size.
        public static let title2 = TextStyle(rawValue: "UICTFontTextStyleTitle2")
        /// The third-level title style: 20 points at the default size.
        public static let title3 = TextStyle(rawValue: "UICTFontTextStyleTitle3")
        /// The headline style: 17 points, semibold, at the default size.
        public static let headline = TextStyle(rawValue: "UICTFontTextStyleHeadline")
        /// The subheadline style: 15 points at the default size.
        public static let subheadline = TextStyle(rawValue: "UICTFontTextStyleSubhead")
        /// The body style: 17 points at the default size.
        public static let body = TextStyle(rawValue: "UICTFontTextStyleBody")
        /// The callout style: 16 points at the default size.
        public static let callout = TextStyle(rawValue: "UICTFontTextStyleCallout")
        /// The footnote style: 13 points at the default size.
        public static let footnote = TextStyle(rawValue: "UICTFontTextStyleFootnote")
        /// The standard caption style: 12 points at the default size.
        public static let caption1 = TextStyle(rawValue: "UICTFontTextStyleCaption1")
        /// The alternate caption style: 11 points at the default size.
        public static let caption2 = TextStyle(rawValue: "UICTFontTextStyleCaption2")
    }

    /// A weight.
    public struct Weight: Hashable, Sendable {
        /// The weight as a number, 0 for regular.
        public let rawValue: CGFloat
        /// The weight of `rawValue`.
        public init(rawValue: CGFloat) { self.rawValue = rawValue }
        /// The regular weight.
        public static let regular = Weight(rawValue: 0)
        /// The medium weight.
        public static let medium = Weight(rawValue: 0.23)
        /// The semibold weight.
        public static let semibold = Weight(rawValue: 0.3)
        /// The bold weight.
        public static let bold = Weight(rawValue: 0.4)
    }

    /// The point size.
    public let pointSize: CGFloat
    /// The weight.
    public let weight: Weight
    /// The text style it was made for, if any.
    public let textStyle: TextStyle?

    private init(size: CGFloat, weight: Weight, textStyle: TextStyle?) {
        pointSize = size
        self.weight = weight
        self.textStyle = textStyle
        super.init()
    }

    /// The system font at 17 points, as UIKit's `UIFont()` is.
    public convenience override init() {
        self.init(size: 17, weight: .regular, textStyle: nil)
    }

    /// The font named `fontName` at `fontSize` points: the system font of that size here (kept).
    public convenience init?(name fontName: String, size fontSize: CGFloat) {
        self.init(size: fontSize, weight: .regular, textStyle: nil)
    }

    /// This font at `fontSize` points.
    open func withSize(_ fontSize: CGFloat) -> UIFont { UIFont(size: fontSize, weight: weight, textStyle: textStyle) }

    /// The system font of `fontSize` points and `weight`.
    public class func systemFont(ofSize fontSize: CGFloat, weight: Weight = .regular) -> UIFont {
        UIFont(size: fontSize, weight: weight, textStyle: nil)
    }

    /// The bold system font of `fontSize` points.
    public class func boldSystemFont(ofSize fontSize: CGFloat) -> UIFont {
        UIFont(size: fontSize, weight: .bold, textStyle: nil)
    }

    /// The font of `style` at the default Dynamic Type size.
    public class func preferredFont(forTextStyle style: TextStyle) -> UIFont {
        let sizes: [TextStyle: CGFloat] = [
            .largeTitle: 34, .title1: 28, .title2: 22, .title3: 20, .headline: 17, .subheadline: 15,
            .body: 17, .callout: 16, .footnote: 13, .caption1: 12, .caption2: 11,
        ]
        return UIFont(size: sizes[style] ?? 17, weight: style == .headline ? .semibold : .regular, textStyle: style)
    }
}
