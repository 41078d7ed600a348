/// The attributes UIKit adds to attributed strings (kept, not drawn).
extension NSAttributedString.Key {
    /// The font.
    public static let font = NSAttributedString.Key("NSFont")
    /// The text colour.
    public static let foregroundColor = NSAttributedString.Key("NSColor")
    /// The background colour.
    public static let backgroundColor = NSAttributedString.Key("NSBackgroundColor")
    /// The paragraph's style.
    public static let paragraphStyle = NSAttributedString.Key("NSParagraphStyle")
    /// A link.
    public static let link = NSAttributedString.Key("NSLink")
    /// The underline's style.
    public static let underlineStyle = NSAttributedString.Key("NSUnderline")
    /// The strikethrough's style.
    public static let strikethroughStyle = NSAttributedString.Key("NSStrikethrough")
}
