public import ListDiff

/// How the list shows an item whose content changed under the same identity.
public enum CellUpdateStyle: String, Sendable, CaseIterable {
    /// A new cell replaces the old one (UIKit's `reloadItems`).
    case reload
    /// The cell showing the item is configured again in place (iOS 15's
    /// `reconfigureItems`): cheaper, and the cell keeps its state.
    case reconfigure
}

/// A diff as the batch updates that take the list from the old state to the
/// new one, each valid by UIKit's rules with the data source already showing
/// the new state.
///
/// At most two stages: first every structural change (sections and items
/// deleted, inserted and moved), then the updated items at their new paths.
/// UIKit cannot reload and move one item in one batch, and a moved cell is
/// not configured again, so an item that moved and changed would otherwise
/// keep its old content: the second stage refreshes it.
///
/// ```swift
/// let old = [DiffSection(id: "Favourites", items: [Contact(id: 1, name: "Ada"), Contact(id: 2, name: "Grace")])]
/// let new = [DiffSection(id: "Favourites", items: [Contact(id: 2, name: "Grace H."), Contact(id: 1, name: "Ada")])]
/// let changes = try SectionedChangeset(from: old, to: new, identity: \.id, isContentEqual: ==)
/// StagedUpdate(changes, style: .reconfigure).stages.count   // 2: move 0.1 -> 0.0, then reconfigure 0.0
/// ```
public struct StagedUpdate: Hashable, Sendable {
    /// The batch updates, in order.
    public var stages: [BatchUpdate]

    /// Stages `changes`, showing updated items with `style`.
    public init(_ changes: SectionedChangeset, style: CellUpdateStyle) {
        func path(_ place: ElementPath) -> ItemPath { ItemPath(place.section, place.item) }
        let structure = BatchUpdate(
            deletedSections: changes.deletedSections, insertedSections: changes.insertedSections,
            movedSections: changes.movedSections.map { SectionMove(from: $0.from, to: $0.to) },
            deletedItems: changes.deletedItems.map(path), insertedItems: changes.insertedItems.map(path),
            movedItems: changes.movedItems.map { ItemMove(from: path($0.from), to: path($0.to)) })
        let updated = changes.updatedItems.map { path($0.to) }.sorted()
        var stages: [BatchUpdate] = []
        if !structure.isEmpty { stages.append(structure) }
        if !updated.isEmpty {
            stages.append(
                style == .reload ? BatchUpdate(reloadedItems: updated) : BatchUpdate(reconfiguredItems: updated))
        }
        self.stages = stages
    }

    /// The number of changes in every stage.
    public var changeCount: Int { stages.reduce(0) { $0 + $1.changeCount } }

    /// Whether a list should reload its data rather than animate this
    /// update: it has more than `threshold` changes.
    public func reloadsData(above threshold: Int) -> Bool { changeCount > threshold }

    /// How ``HeadlessList/apply(_:reloadingDataAbove:willPerform:didPerform:)``
    /// took the list to the new state.
    public enum Outcome: Hashable, Sendable {
        /// There was nothing to change.
        case unchanged
        /// Every stage was performed as a batch update.
        case performedBatchUpdates
        /// The update had more changes than the threshold: the list reloaded its data.
        case reloadedData
    }
}
