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
            "a viewport of \(rows) rows is not possible: choose \(HeadlessList.viewportRange.lowerBound) to \(HeadlessList.viewportRange.upperBound)"
        }
    }
}

/// A batch update that breaks UIKit's rules. The description is UIKit's own
/// wording for the same mistake (with index paths printed without their
/// object address, so that messages are the same on every run).
public struct BatchUpdateError: Error, Hashable, Sendable, CustomStringConvertible {
    /// UIKit's message.
    public let description: String
    /// The item a data source gave no cell for, when that is why the update
    /// was refused (the update itself may have been right).
    public let itemWithoutCell: ItemPath?

    init(_ description: String, itemWithoutCell: ItemPath? = nil) {
        self.description = description
        self.itemWithoutCell = itemWithoutCell
    }
}
