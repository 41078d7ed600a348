/// A snapshot change or query that UIKit refuses with an
/// `NSInternalInconsistencyException`: ListLab throws it instead, with
/// UIKit's reason as its description, and leaves the snapshot unchanged.
///
/// Identifiers are written as UIKit writes them once bridged (``BridgedIdentifier``), in the
/// order they were given, never in a set's order.
///
/// Where each reason comes from:
/// - UIKit's assertion strings in `__UIDiffableDataSourceSnapshot.m` and
///   `_UIDiffableDataSourceState.m`, as decompiled copies of UIKit
///   (iOS 17–18) on GitHub show them, and a port of the class held against
///   the system by randomized comparison, whose notes tabulate the reasons
///   (see each case);
/// - crash reports quoting them: firefox-ios#23056 and Rivulet#187
///   (duplicate item identifiers; mastodon-ios#1366 for the set's layout), the-blue-alliance-ios#713 (a section
///   appended twice, iOS 13's wording), vitemadose-ios#69 (a section that is
///   not there), zotero-ios#1205 (reconfiguring an item that is not there).
public enum DiffableSnapshotError: Error, Hashable, Sendable {
    /// Items appended while the snapshot has no section
    /// (`__UIDiffableDataSourceSnapshot.m`, line 169).
    case noSections
    /// An identifier named twice in one call (firefox-ios#23056).
    case duplicateIdentifiers(kind: IdentifierKind, [String])
    /// Sections appended or inserted that the snapshot has already.
    case sectionsAlreadyExist([String])
    /// A query about a section that is not in the snapshot (vitemadose-ios#69).
    case sectionNotFound
    /// A destination (or a moved identifier) that is not in the snapshot:
    /// UIKit's `Invalid parameter not satisfying: …` with the condition on
    /// the index it could not find.
    case parameterNotSatisfying(MissingIndex)
    /// A destination that is among the identifiers inserted or moved.
    case destinationInIdentifiers(operation: Operation, destination: String, identifiers: [String])
    /// A reload or reconfigure of an identifier that is not in the snapshot
    /// (zotero-ios#1205; `__UIDiffableDataSourceSnapshot.m`, line 374).
    case notInSnapshot(verb: Verb, kind: IdentifierKind, String)

    /// Items or sections.
    public enum IdentifierKind: String, Hashable, Sendable {
        /// An item identifier ("item identifiers" in UIKit's reasons).
        case item
        /// A section identifier.
        case section
    }

    /// The index UIKit looked up and did not find, by the name its
    /// parameter assertion gives it (`section != NSNotFound`).
    public enum MissingIndex: Hashable, Sendable {
        /// The section of an item destination or of items appended to a section.
        case section
        /// The section to insert before or after.
        case insertIndex
        /// The section moved.
        case fromSection
        /// The section moved before or after.
        case toSection
        /// The item moved.
        case fromIndex
        /// The item moved before or after.
        case toIndex
    }

    /// What was asked of an identifier that is not there.
    public enum Verb: Hashable, Sendable {
        /// `reloadItems`, `reloadSections`.
        case reload
        /// `reconfigureItems`.
        case reconfigure
    }

    /// An insertion or a move.
    public enum Operation: String, Hashable, Sendable {
        /// `insertItems` or `insertSections` before or after a destination.
        case insertion
        /// `moveItem` or `moveSection` before or after a destination.
        case move
    }
}

/// What UIKit only logs: a change it carries out another way than asked.
public struct DiffableSnapshotWarning: Hashable, Sendable {
    /// How many inserted or appended identifiers were in the snapshot already
    /// (and were moved into place instead).
    public var alreadyPresent: Int
}
