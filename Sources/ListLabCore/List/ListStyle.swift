/// How the headless list lays out its items: a table's rows, or a
/// collection's grid of items in columns.
///
/// The style also chooses UIKit's words in messages: a table speaks of
/// "rows" and "the table view", a collection of "items" and "the
/// collection view".
public enum ListStyle: Hashable, Sendable {
    /// One item per row, as UITableView.
    case table
    /// Items side by side, `columns` to a row, as UICollectionView with a
    /// flow layout.
    case collection(columns: Int)

    /// Items per row.
    public var columns: Int {
        switch self {
        case .table: 1
        case .collection(let columns): max(1, columns)
        }
    }

    /// "row" or "item".
    public var itemNoun: String {
        switch self {
        case .table: "row"
        case .collection: "item"
        }
    }

    /// "a row" or "an item".
    public var itemWithArticle: String {
        switch self {
        case .table: "a row"
        case .collection: "an item"
        }
    }

    /// "table view" or "collection view".
    var viewNoun: String {
        switch self {
        case .table: "table view"
        case .collection: "collection view"
        }
    }
}
