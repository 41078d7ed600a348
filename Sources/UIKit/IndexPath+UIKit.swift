/// UIKit's index paths of rows and items: Linux Foundation's `IndexPath`
/// has no `row`, `item` or `section` (Apple's are UIKit's own extension).
extension IndexPath {
    /// An index path of the row `row` in the section `section` (a table view's).
    public init(row: Int, section: Int) {
        self.init(indexes: [section, row])
    }

    /// An index path of the item `item` in the section `section` (a collection view's).
    public init(item: Int, section: Int) {
        self.init(indexes: [section, item])
    }

    /// The section: the first index (0 for an empty path; UIKit traps on one).
    public var section: Int {
        get { count > 0 ? self[0] : 0 }
        set { self = IndexPath(indexes: [newValue, count > 1 ? self[1] : 0]) }
    }

    /// The row in the section: the second index.
    public var row: Int {
        get { count > 1 ? self[1] : 0 }
        set { self = IndexPath(indexes: [count > 0 ? self[0] : 0, newValue]) }
    }

    /// The item in the section: the second index, as ``row``.
    public var item: Int {
        get { row }
        set { row = newValue }
    }
}
