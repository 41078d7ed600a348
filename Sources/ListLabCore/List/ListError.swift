/// A request the headless list refuses (other than a batch update, which
/// throws ``BatchUpdateError``). The description is the message for the user.
public enum ListError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The path names no item the list shows.
    case noItem(ItemPath, sectionCount: Int, itemCount: Int?)
    /// The viewport size is outside ``HeadlessList/viewportRange``.
    case invalidViewport(Int)

    /// What went wrong, in one line, naming the path or value.
    public var description: String {
        switch self {
        case .noItem(let path, let sectionCount, nil):
            "no item at \(path) (the list has \(sectionCount) \(sectionCount == 1 ? "section" : "sections"))"
        case .noItem(let path, _, let itemCount?):
            "no item at \(path) (section \(path.section) has \(itemCount) \(itemCount == 1 ? "item" : "items"))"
        case .invalidViewport(let rows):
            "a viewport of \(rows) rows is not possible: choose \(HeadlessList.viewportRange.lowerBound) to "
                + "\(HeadlessList.viewportRange.upperBound)"
        }
    }
}

/// A batch update that breaks UIKit's rules: the rule broken, with its
/// data, and the list it was asked of (a table or a collection view, and
/// the iOS version whose words it speaks). The description is UIKit's own
/// reason for the same mistake (``UIKitRule/reason(in:on:)``).
public struct BatchUpdateError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The rule the update broke.
    public let rule: UIKitRule
    /// A table or a collection view, whose words the reason uses.
    public let style: ListStyle
    /// The iOS version whose words the reason uses.
    public let version: IOSVersion

    /// The refusal of an update to a list of `style` on `version` for breaking `rule`.
    public init(_ rule: UIKitRule, style: ListStyle, version: IOSVersion) {
        self.rule = rule
        self.style = style
        self.version = version
    }

    /// UIKit's reason.
    public var description: String { rule.reason(in: style, on: version) }

    /// The item a data source gave no cell for, when that is why the update
    /// was refused (the update itself may have been right).
    public var itemWithoutCell: ItemPath? {
        if case .noCell(let path) = rule { path } else { nil }
    }
}
