public import ListDiff

/// What a change made on a file provider's columns did to its items (a
/// sort, a filter and its removal), or what reading its file again would do
/// (``FileDataProvider/changesFromFile(identifiedBy:countingAbove:readingUpdatedValues:)``).
///
/// Below the change threshold the diff itself, ready to become staged batch
/// updates (`StagedUpdate`); above it only how many changes in how many
/// stages, for a list that will reload its data instead, as building a
/// million changes only to throw them away would cost more than the sort.
///
/// ```swift
/// let contacts = try FileDataProvider(path: contactsFile, name: "contacts.csv")
/// switch try contacts.sort(by: "name", descending: true, identifiedBy: "id", countingAbove: 1) {
/// case .changes(let changes)?: print(changes.movedItems)   // at most one move: a batch update
/// case .counted(let count, _)?: print(count)               // 2: the list reloads its data instead
/// case nil: print("sort the records instead")
/// }
/// ```
public enum ItemChanges: Hashable, Sendable {
    /// The diff from the items before to the items after.
    case changes(SectionedChangeset)
    /// Above the threshold: how many changes the diff would make, and in
    /// how many stages (structural changes, then updated content).
    case counted(changes: Int, stages: Int)

    /// The number of changes.
    public var count: Int {
        switch self {
        case .changes(let changes): changes.count
        case .counted(let changes, _): changes
        }
    }
}
