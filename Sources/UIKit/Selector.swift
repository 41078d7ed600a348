/// An Objective-C method's name, as a target–action pair keeps it. Linux
/// has no Objective-C runtime: `#selector(…)` does not compile here, and a
/// target's action is kept, never sent; use the `UIAction` forms UIKit has
/// since iOS 14 (`addAction(_:for:)`, `primaryAction:`), which run.
public struct Selector: Hashable, Sendable, ExpressibleByStringLiteral, CustomStringConvertible {
    /// The method's name.
    public let description: String

    /// The selector named `name`.
    public init(_ name: String) { description = name }

    /// The selector named `value`.
    public init(stringLiteral value: String) { description = value }
}
