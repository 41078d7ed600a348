/// An image (kept, not drawn): the name it was asked for. A value UIKit
/// lets any thread hold, as here.
open class UIImage: NSObject, @unchecked Sendable {
    /// How an image is drawn: as itself or as a template tinted by its view (kept).
    public enum RenderingMode: Int, Sendable {
        /// UIKit's choice, the image's own colours, or a template (kept).
        case automatic, alwaysOriginal, alwaysTemplate
    }

    /// The SF Symbol's or the asset's name.
    public let name: String
    /// Whether it names an SF Symbol.
    public let isSymbol: Bool
    /// How it is drawn (kept).
    public let renderingMode: RenderingMode

    private init(name: String, isSymbol: Bool, renderingMode: RenderingMode) {
        self.name = name
        self.isSymbol = isSymbol
        self.renderingMode = renderingMode
        super.init()
    }

    /// The SF Symbol `name` (any name: there is no symbol catalogue to check here).
    public convenience init?(systemName name: String) {
        self.init(name: name, isSymbol: true, renderingMode: .automatic)
    }

    /// The asset `name` (any name: there is no asset catalogue here).
    public convenience init?(named name: String) {
        self.init(name: name, isSymbol: false, renderingMode: .automatic)
    }

    /// An empty image.
    public convenience override init() {
        self.init(name: "", isSymbol: false, renderingMode: .automatic)
    }

    /// The asset `name` of `bundle` (any name: there is no asset catalogue here).
    public convenience init?(named name: String, in bundle: Bundle?, compatibleWith traitCollection: UITraitCollection?)
    {
        self.init(name: name, isSymbol: false, renderingMode: .automatic)
    }

    /// The SF Symbol `name` with `configuration` (kept).
    public convenience init?(systemName name: String, withConfiguration configuration: SymbolConfiguration?) {
        self.init(name: name, isSymbol: true, renderingMode: .automatic)
    }

    /// The image's size in points (zero: nothing is drawn).
    open var size: CGSize { .zero }

    /// This image with `configuration` (kept: the same image).
    open func applyingSymbolConfiguration(_ configuration: SymbolConfiguration) -> UIImage? { self }

    /// How an SF Symbol is drawn (kept).
    open class SymbolConfiguration: NSObject, @unchecked Sendable {
        /// A symbol's scale (kept).
        public enum Scale: Int, Sendable {
            /// UIKit's choice, unspecified, small, medium or large (kept).
            case `default` = -1, unspecified, small, medium, large
        }

        /// A symbol's weight (kept).
        public enum Weight: Int, Sendable {
            /// The weights of the symbols (kept).
            case unspecified, ultraLight, thin, light, regular, medium, semibold, bold, heavy, black
        }

        /// A configuration of `pointSize` (kept).
        public init(pointSize: CGFloat) { super.init() }
        /// A configuration of `pointSize`, `weight` and `scale` (kept).
        public init(pointSize: CGFloat, weight: Weight, scale: Scale = .default) { super.init() }
        /// A configuration of `scale` (kept).
        public init(scale: Scale) { super.init() }
        /// A configuration of `weight` (kept).
        public init(weight: Weight) { super.init() }
        /// A configuration of `font` and `scale` (kept).
        public init(font: UIFont, scale: Scale = .default) { super.init() }
        /// A configuration of `textStyle` (kept).
        public init(textStyle: UIFont.TextStyle) { super.init() }
    }

    /// This image drawn in `renderingMode` (kept).
    open func withRenderingMode(_ renderingMode: RenderingMode) -> UIImage {
        UIImage(name: name, isSymbol: isSymbol, renderingMode: renderingMode)
    }

    /// This image tinted with `color` (kept: the same image).
    open func withTintColor(_ color: UIColor) -> UIImage { self }
}
