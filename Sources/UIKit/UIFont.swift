/// A font (kept, not drawn): its size and weight, or a text style.
@MainActor
open class UIFont: NSObject {
    /// A Dynamic Type style.
    public struct TextStyle: RawRepresentable, Hashable, Sendable {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        public static let largeTitle = TextStyle(rawValue: "UICTFontTextStyleTitle0")
        public static let title1 = TextStyle(rawValue: "UICTFontTextStyleTitle1")
        public static let title2 = TextStyle(rawValue: "UICTFontTextStyleTitle2")
        public static let title3 = TextStyle(rawValue: "UICTFontTextStyleTitle3")
        public static let headline = TextStyle(rawValue: "UICTFontTextStyleHeadline")
        public static let subheadline = TextStyle(rawValue: "UICTFontTextStyleSubhead")
        public static let body = TextStyle(rawValue: "UICTFontTextStyleBody")
        public static let callout = TextStyle(rawValue: "UICTFontTextStyleCallout")
        public static let footnote = TextStyle(rawValue: "UICTFontTextStyleFootnote")
        public static let caption1 = TextStyle(rawValue: "UICTFontTextStyleCaption1")
        public static let caption2 = TextStyle(rawValue: "UICTFontTextStyleCaption2")
    }

    /// A weight.
    public struct Weight: Hashable, Sendable {
        public let rawValue: CGFloat
        public init(rawValue: CGFloat) { self.rawValue = rawValue }
        public static let regular = Weight(rawValue: 0)
        public static let medium = Weight(rawValue: 0.23)
        public static let semibold = Weight(rawValue: 0.3)
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
