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

    /// This image drawn in `renderingMode` (kept).
    open func withRenderingMode(_ renderingMode: RenderingMode) -> UIImage {
        UIImage(name: name, isSymbol: isSymbol, renderingMode: renderingMode)
    }

    /// This image tinted with `color` (kept: the same image).
    open func withTintColor(_ color: UIColor) -> UIImage { self }
}
