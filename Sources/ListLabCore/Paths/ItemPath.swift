/// The position of an item in a sectioned list: a section and an item within it.
///
/// Foundation's `IndexPath` on Linux has no `section` and `item`, so ListLab
/// has its own type. Paths order by section, then by item, and print as
/// `S.I`, the way the shell writes them.
///
/// ```swift
/// let path = ItemPath(section: 1, item: 4)
/// print(path)                       // 1.4
/// ItemPath(0, 9) < ItemPath(1, 0)   // true
/// ```
public struct ItemPath: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// The index of the section.
    public var section: Int
    /// The index of the item within its section.
    public var item: Int

    /// Creates a path to `item` in `section`.
    public init(section: Int, item: Int) {
        self.section = section
        self.item = item
    }

    /// Creates a path to `item` in `section`, written positionally.
    public init(_ section: Int, _ item: Int) {
        self.init(section: section, item: item)
    }

    /// Orders by section, then by item.
    public static func < (lhs: ItemPath, rhs: ItemPath) -> Bool {
        (lhs.section, lhs.item) < (rhs.section, rhs.item)
    }

    /// `S.I`, for example `1.4`.
    public var description: String { "\(section).\(item)" }
}

/// A move of an item from one path to another, as a batch update states it:
/// the source in the coordinates before the update, the destination in the
/// coordinates after it.
public struct ItemMove: Hashable, Sendable, CustomStringConvertible {
    /// Where the item was before the update.
    public var from: ItemPath
    /// Where the item is after the update.
    public var to: ItemPath

    /// Creates a move from `from` to `to`.
    public init(from: ItemPath, to: ItemPath) {
        self.from = from
        self.to = to
    }

    /// `0.1 -> 0.3`.
    public var description: String { "\(from) -> \(to)" }
}

/// A move of a whole section, in the same coordinates as ``ItemMove``.
public struct SectionMove: Hashable, Sendable, CustomStringConvertible {
    /// The section's index before the update.
    public var from: Int
    /// The section's index after the update.
    public var to: Int

    /// Creates a move of section `from` to index `to`.
    public init(from: Int, to: Int) {
        self.from = from
        self.to = to
    }

    /// `1 -> 0`.
    public var description: String { "\(from) -> \(to)" }
}
