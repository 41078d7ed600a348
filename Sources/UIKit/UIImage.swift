/// An image (kept, not drawn): the name it was asked for.
@MainActor
open class UIImage: NSObject {
    /// The SF Symbol's or the asset's name.
    public let name: String
    /// Whether it names an SF Symbol.
    public let isSymbol: Bool

    /// The SF Symbol `name` (any name: there is no symbol catalogue to check here).
    public init?(systemName name: String) {
        self.name = name
        isSymbol = true
        super.init()
    }

    /// The asset `name` (any name: there is no asset catalogue here).
    public init?(named name: String) {
        self.name = name
        isSymbol = false
        super.init()
    }
}
