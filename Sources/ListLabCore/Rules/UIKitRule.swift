/// A rule of UIKit's that a call broke, with what breaking it involved: the
/// counts, the index paths, the identifiers, the call.
///
/// The rule is the value; its words are not. ``reason(in:on:)`` renders a
/// rule in the words of one iOS version's UIKit for a table or a collection
/// view, and every one of those words is in one file, `UIKitWords.swift`, to
/// be read against Docs/uikit-rules.md. The headless list, the diffable data
/// source, the `UIKit` face and the shell all say a rule through it.
///
/// ```swift
/// let rule = UIKitRule.deleteMissingItem(ItemPath(0, 9), itemsBefore: 8)
/// print(rule.reason(in: .table, on: .standard))
/// // attempt to delete row 9 from section 0 which only contains 8 rows before the update
/// ```
public enum UIKitRule: Error, Hashable, Sendable {
    // MARK: One update asking two things of one place

    /// A path both deleted and reloaded.
    case deleteAndReload(ItemPath)
    /// A path both deleted (or reloaded, which UIKit reads as a delete) and moved away.
    case deleteAndMove(ItemPath)
    /// A path both deleted and reconfigured.
    case deleteAndReconfigure(ItemPath)
    /// A path both inserted and moved to.
    case insertAndMove(ItemPath)
    /// A section both deleted and moved away.
    case deleteAndMoveSection(Int)
    /// A section both inserted and moved to.
    case insertAndMoveSection(Int)
    /// An item moved out of a section the update deletes.
    case moveFromDeletedSection(Int)
    /// An item moved into a section the update inserts.
    case moveIntoInsertedSection(Int)

    // MARK: Places that are not there

    /// A deleted (or reloaded) section past the sections before the update.
    case deleteMissingSection(Int, sectionsBefore: Int)
    /// A deleted (or reloaded) item in a section that is not there before the update.
    case deleteFromMissingSection(ItemPath, sectionsBefore: Int)
    /// A deleted (or reloaded) item past its section's items before the update.
    case deleteMissingItem(ItemPath, itemsBefore: Int)
    /// A reconfigured item that is not there before the update (`itemsBefore`
    /// is 0 when its section is not there either).
    case reconfigureMissingItem(ItemPath, itemsBefore: Int)
    /// An inserted section past the sections after the update.
    case insertMissingSection(Int, sectionsAfter: Int)
    /// An inserted item in a section that is not there after the update.
    case insertIntoMissingSection(ItemPath, sectionsAfter: Int)
    /// An inserted item past its section's items after the update.
    case insertMissingItem(ItemPath, itemsAfter: Int)
    /// A moved section that is not there before the update.
    case moveMissingSection(Int, sectionsBefore: Int)
    /// A section moved past the sections after the update.
    case moveSectionPastEnd(from: Int, to: Int, sectionsAfter: Int)
    /// A section moved to two places.
    case moveSectionTwice(Int, to: Int, and: Int)
    /// Two sections moved to one place.
    case moveSectionsToOne(Int, and: Int, to: Int)
    /// An item moved from a section that is not there before the update.
    case moveFromMissingSection(ItemPath, sectionsBefore: Int)
    /// An item moved from past its section's items before the update.
    case moveMissingItem(ItemPath, itemsBefore: Int)
    /// An item moved into a section that is not there after the update.
    case moveToMissingSection(from: ItemPath, to: ItemPath, sectionsAfter: Int)
    /// An item moved past its new section's items after the update.
    case moveToMissingItem(from: ItemPath, to: ItemPath, itemsAfter: Int)
    /// An item moved to two places.
    case moveItemTwice(ItemPath, to: ItemPath, and: ItemPath)
    /// Two items moved to one place.
    case moveItemsToOne(ItemPath, and: ItemPath, to: ItemPath)

    // MARK: Counts that do not add up

    /// The data source's counts after an update are not the counts before
    /// it plus the changes: of sections (`section` nil) or of one section's items.
    case countMismatch(CountMismatch)

    // MARK: Cells and data sources

    /// A data source gave no cell for the item at the path (a diffable data
    /// source's cell provider returned nil).
    case noCell(ItemPath)
    /// A batch update made by hand on a list whose data source is a
    /// diffable data source.
    case mutationBehindDiffableDataSource
    /// A dequeue of `identifier` with nothing registered for it: a cell
    /// (`elementKind` nil) or a supplementary view of `elementKind`.
    case noRegistration(identifier: String, elementKind: String?)
    /// A class registered for cells (or header views) that is not of the
    /// kind the call takes: `UITableViewCell`, `UICollectionViewCell`,
    /// `UITableViewHeaderFooterView`.
    case notOfKind(String)
    /// A nib registered here that nothing can load (no nib is decoded on Linux).
    case nibNotLoaded(name: String)
    /// A collection view's data source returned a cell it did not dequeue.
    case cellWithoutReuseIdentifier
    /// A cell registration made while a cell is asked for (iOS 15 and later).
    case registrationMadeForACell
    /// A scroll to an item past its section's items.
    case scrollOutOfBounds(ItemPath, itemCount: Int)
    /// A method the iOS version in force does not have.
    case unrecognizedSelector(String, of: String)

    // MARK: Snapshots

    /// A snapshot change or query UIKit refuses.
    case snapshot(DiffableSnapshotError)
    /// A section snapshot change UIKit refuses.
    case sectionSnapshot(DiffableSectionSnapshotError)

    /// The counts of an update that do not add up: the section whose items
    /// (or, for `section` nil, the number of sections) disagree, the numbers
    /// UIKit's classic reason gives, and the whole update with every
    /// section's count before and after, which later versions list.
    public struct CountMismatch: Hashable, Sendable {
        /// The section before the update whose items disagree; nil when the number of sections does.
        public var section: Int?
        /// Items (or sections) before the update.
        public var before: Int
        /// Items (or sections) after the update.
        public var after: Int
        /// Items (or sections) inserted.
        public var inserted: Int
        /// Items (or sections) deleted.
        public var deleted: Int
        /// Items moved in from another section.
        public var movedIn: Int = 0
        /// Items moved out to another section.
        public var movedOut: Int = 0
        /// The update refused.
        public var update: BatchUpdate
        /// Each section's item count before the update.
        public var countsBefore: [Int]
        /// Each section's item count after it.
        public var countsAfter: [Int]
    }

    /// The rule's name without its data, so that two breaks of one rule
    /// have one name: the case (`deleteMissingItem`), and for counts that do
    /// not add up, whose (`sectionCountMismatch`, `itemCountMismatch`).
    public var name: String {
        if case .countMismatch(let counts) = self {
            return counts.section == nil ? "sectionCountMismatch" : "itemCountMismatch"
        }
        return Mirror(reflecting: self).children.first?.label ?? String(describing: self)
    }

    /// The name of the exception UIKit raises for this rule.
    public var exceptionName: String {
        switch self {
        case .notOfKind, .scrollOutOfBounds, .unrecognizedSelector: "NSInvalidArgumentException"
        default: "NSInternalInconsistencyException"
        }
    }
}
