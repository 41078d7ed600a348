/// The traits of a view's environment: a phone's, in light mode, at the
/// default text size (kept: nothing here changes them).
public struct UITraitCollection: Hashable, Sendable {
    /// Light or dark mode.
    public var userInterfaceStyle: UIUserInterfaceStyle = .light
    /// The horizontal size class.
    public var horizontalSizeClass: UIUserInterfaceSizeClass = .compact
    /// The vertical size class.
    public var verticalSizeClass: UIUserInterfaceSizeClass = .regular
    /// The user's text size.
    public var preferredContentSizeCategory: UIContentSizeCategory = .large
    /// The device's idiom.
    public var userInterfaceIdiom: UIUserInterfaceIdiom = .phone

    /// A phone's traits, in light mode, at the default text size.
    public init() {}
}

/// Light or dark mode.
public enum UIUserInterfaceStyle: Int, Sendable {
    /// Not said, light, or dark.
    case unspecified, light, dark
}

/// A size class.
public enum UIUserInterfaceSizeClass: Int, Sendable {
    /// Not said, compact, or regular.
    case unspecified, compact, regular
}

/// What kind of device the interface is for.
public enum UIUserInterfaceIdiom: Int, Sendable {
    /// Not said, a phone, a pad, a TV, a car, a Mac or a headset.
    case unspecified = -1, phone, pad, tv, carPlay, mac = 5, vision = 6
}

/// The user's preferred text size.
public struct UIContentSizeCategory: RawRepresentable, Hashable, Sendable {
    /// The category's name, as UIKit spells it.
    public let rawValue: String
    /// The category named `rawValue`.
    public init(rawValue: String) { self.rawValue = rawValue }
    /// The default size.
    public static let large = UIContentSizeCategory(rawValue: "UICTContentSizeCategoryL")
    /// The largest size without accessibility sizes.
    public static let extraExtraExtraLarge = UIContentSizeCategory(rawValue: "UICTContentSizeCategoryXXXL")
    /// The first accessibility size.
    public static let accessibilityMedium = UIContentSizeCategory(rawValue: "UICTContentSizeCategoryAccessibilityM")
    /// Whether the size is an accessibility size.
    public var isAccessibilityCategory: Bool { rawValue.contains("Accessibility") }
}

/// The device the app runs on: a phone of the iOS version chosen (``UIKitEnvironment``).
@preconcurrency @MainActor
open class UIDevice: NSObject {
    /// The device.
    public static let current = UIDevice()
    /// The idiom: a phone.
    open var userInterfaceIdiom: UIUserInterfaceIdiom { .phone }
    /// The iOS version chosen, as "16.0".
    open var systemVersion: String {
        let version = UIKitEnvironment.iOSVersion
        return "\(version.majorVersion).\(version.minorVersion)"
    }
    /// The system's name.
    open var systemName: String { "iOS" }
    /// The model's name.
    open var model: String { "iPhone" }
}
