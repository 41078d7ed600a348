/// A set of changes to a list, stated the way `performBatchUpdates` takes
/// them in UIKit.
///
/// Deletes, reloads, reconfigures and move sources are in the coordinates
/// before the update; inserts and move destinations are in the coordinates
/// after it. Providers return one from every mutation ("what changed"), and
/// ``HeadlessList/performBatchUpdates(_:)`` checks it against the data
/// source by UIKit's rules before applying it.
///
/// ```swift
/// let tabs = ArrayDataProvider([Tab.news, .contributions])
/// let list = HeadlessList()
/// ListAdapter(provider: tabs, presenter: SingleKindPresenter(TabCell.self)).attach(to: list)
/// _ = try tabs.append(.settings, toSection: 0)   // the data changes first
/// var update = BatchUpdate()
/// update.insertedItems = [ItemPath(0, 2)]
/// try list.performBatchUpdates(update)
/// ```
public struct BatchUpdate: Hashable, Sendable {
    /// Sections removed, by their index before the update.
    public var deletedSections: [Int] = []
    /// Sections added, by their index after the update.
    public var insertedSections: [Int] = []
    /// Sections moved.
    public var movedSections: [SectionMove] = []
    /// Sections whose items are all replaced by new cells.
    public var reloadedSections: [Int] = []
    /// Items removed, by their path before the update.
    public var deletedItems: [ItemPath] = []
    /// Items added, by their path after the update.
    public var insertedItems: [ItemPath] = []
    /// Items moved.
    public var movedItems: [ItemMove] = []
    /// Items whose cell is replaced by a newly dequeued one (UIKit's
    /// `reloadItems`), by their path before the update.
    public var reloadedItems: [ItemPath] = []
    /// Items whose existing cell is configured again in place (UIKit's
    /// `reconfigureItems`, iOS 15), by their path before the update.
    public var reconfiguredItems: [ItemPath] = []

    /// Creates an empty update.
    public init() {}

    /// Creates an update of the given changes.
    public init(
        deletedSections: [Int] = [], insertedSections: [Int] = [],
        movedSections: [SectionMove] = [], reloadedSections: [Int] = [],
        deletedItems: [ItemPath] = [], insertedItems: [ItemPath] = [],
        movedItems: [ItemMove] = [], reloadedItems: [ItemPath] = [],
        reconfiguredItems: [ItemPath] = []
    ) {
        self.deletedSections = deletedSections
        self.insertedSections = insertedSections
        self.movedSections = movedSections
        self.reloadedSections = reloadedSections
        self.deletedItems = deletedItems
        self.insertedItems = insertedItems
        self.movedItems = movedItems
        self.reloadedItems = reloadedItems
        self.reconfiguredItems = reconfiguredItems
    }

    /// True when the update changes nothing.
    public var isEmpty: Bool { changeCount == 0 }

    /// The number of section and item changes in the update.
    public var changeCount: Int {
        deletedSections.count + insertedSections.count + movedSections.count
            + reloadedSections.count + deletedItems.count + insertedItems.count
            + movedItems.count + reloadedItems.count + reconfiguredItems.count
    }
}

extension BatchUpdate: CustomStringConvertible {
    /// The changes in a fixed order, one kind per clause, for example
    /// `insert 0.4; move 0.1 -> 0.3`; `no changes` when empty.
    public var description: String {
        // Bytes, each number written as digits: appending each path to a String was a
        // tenth of a reload --diff that stages a million rows' changes.
        var text = UTF8Text(capacity: 16 + 12 * changeCount)
        func start(_ name: String) {
            if !text.isEmpty { text.append("; ") }
            text.append(name)
            text.append(" ")
        }
        func add<T>(_ name: String, _ values: [T], _ write: (T, inout UTF8Text) -> Void) {
            guard !values.isEmpty else { return }
            start(name)
            for (index, value) in values.enumerated() {
                if index > 0 { text.append(", ") }
                write(value, &text)
            }
        }
        func section(_ section: Int, _ text: inout UTF8Text) { text.append(section) }
        func paths(_ name: String, _ paths: [ItemPath]) {
            guard !paths.isEmpty else { return }
            start(name)
            text.append(paths, separator: ", ")
        }
        add("delete section", deletedSections, section)
        add("insert section", insertedSections, section)
        add("move section", movedSections) { move, text in
            text.append(move.from)
            text.append(" -> ")
            text.append(move.to)
        }
        add("reload section", reloadedSections, section)
        paths("delete", deletedItems)
        paths("insert", insertedItems)
        add("move", movedItems) { move, text in
            text.append(move.from)
            text.append(" -> ")
            text.append(move.to)
        }
        paths("reload", reloadedItems)
        paths("reconfigure", reconfiguredItems)
        return text.isEmpty ? "no changes" : text.string
    }
}

/// What a ``HeadlessList`` tells its observers
/// (``HeadlessList/addBatchUpdateObserver(_:)``) about a batch update.
public enum BatchUpdateEvent: Hashable, Sendable {
    /// The list is about to perform `update`; it still shows the old state
    /// (the data source already holds the new one).
    case willPerform(BatchUpdate)
    /// The list performed `update` and shows the new state.
    case didPerform(BatchUpdate)
    /// The list refused `update` by UIKit's rules and is exactly as it was.
    case refused(BatchUpdate, BatchUpdateError)
}
