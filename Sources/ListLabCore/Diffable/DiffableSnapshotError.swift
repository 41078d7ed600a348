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
public enum DiffableSnapshotError: Error, Hashable, Sendable, CustomStringConvertible {
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
    /// UIKit's `Invalid parameter not satisfying: …` with the condition.
    case parameterNotSatisfying(String)
    /// A destination that is among the identifiers inserted or moved.
    case destinationInIdentifiers(operation: Operation, destination: String, identifiers: [String])
    /// A reload or reconfigure of an identifier that is not in the snapshot
    /// (zotero-ios#1205; `__UIDiffableDataSourceSnapshot.m`, line 374).
    case notInSnapshot(verb: String, kind: IdentifierKind, String)

    /// Items or sections.
    public enum IdentifierKind: String, Hashable, Sendable {
        /// An item identifier ("item identifiers" in UIKit's reasons).
        case item
        /// A section identifier.
        case section
    }

    /// An insertion or a move.
    public enum Operation: String, Hashable, Sendable {
        /// `insertItems` or `insertSections` before or after a destination.
        case insertion
        /// `moveItem` or `moveSection` before or after a destination.
        case move
    }

    /// UIKit's reason, as its exception says it (`Invalid parameter not
    /// satisfying: ...`, `Fatal: supplied item identifiers are not unique. ...`).
    public var description: String {
        switch self {
        case .noSections:
            return "There are currently no sections in the data source. Please add a section first."
        case .duplicateIdentifiers(let kind, let identifiers):
            return "Fatal: supplied \(kind.rawValue) identifiers are not unique. Duplicate identifiers: \(Self.setDescription(identifiers))"
        case .sectionsAlreadyExist(let identifiers):
            let one = identifiers.count == 1
            return "Diffable data source detected an attempt to insert or append \(identifiers.count) section "
                + (one ? "identifier that already exists" : "identifiers that already exist")
                + " in the snapshot. Identifiers in a snapshot must be unique. Section "
                + (one ? "identifier that already exists" : "identifiers that already exist")
                + ": \(identifiers.joined(separator: ", "))"
        case .sectionNotFound:
            return "Section identifier was not found. You can verify the section exists by calling the indexOfSectionIdentifier API (which has O(1) performance)"
        case .parameterNotSatisfying(let condition):
            return "Invalid parameter not satisfying: \(condition)"
        case .destinationInIdentifiers(let operation, let destination, let identifiers):
            let action = operation == .insertion ? "INS" : "MOV"
            return "Invalid update: destination for \(operation.rawValue) operation [\(destination)] is in the \(operation.rawValue) identifier list for update: "
                + "<_UIDiffableDataSourceUpdate - action: \(action); destination: [\(destination)]; identifiers: [\(identifiers.joined(separator: ", "))]>."
        case .notInSnapshot(let verb, let kind, let identifier):
            return "Attempted to \(verb) \(kind.rawValue) identifier that does not exist in the snapshot: \(identifier)"
        }
    }

    /// Identifiers as Foundation describes an `NSSet` of them, one to a line
    /// (mastodon-ios#1366 quotes UIKit's reason so): `{(`, each identifier
    /// indented by four spaces, `)}`. Each identifier is escaped first
    /// (``VisibleText``), so the only line breaks are the layout's. Past 20
    /// identifiers, or 200 characters of one, the rest is said as `...`
    /// (and how many there are): 1,500 records of 5 KB alike were one error
    /// of 7.5 MB, where UIKit's crash report would be cut short too.
    static func setDescription(_ identifiers: [String]) -> String {
        var lines = identifiers.prefix(20).map { identifier in
            let shown = VisibleText.escaped(String(identifier.prefix(201)))
            return "    " + (shown.count > 200 ? shown.prefix(200) + "..." : shown)
        }
        if identifiers.count > 20 { lines.append("    ... (\(identifiers.count) in all)") }
        return "{(\n" + lines.joined(separator: ",\n") + "\n)}"
    }
}

/// What UIKit only logs: a change it carries out another way than asked.
public struct DiffableSnapshotWarning: Hashable, Sendable, CustomStringConvertible {
    /// How many inserted or appended identifiers were in the snapshot already
    /// (and were moved into place instead).
    public var alreadyPresent: Int

    /// UIKit's log line, as jessesquires/ReactiveCollectionsKit#138 quotes
    /// it from a run on iOS 18. (The public quote ends after its second
    /// sentence; ListLab prints what is quoted.)
    public var description: String {
        let one = alreadyPresent == 1
        return "Diffable data source detected an attempt to insert or append \(alreadyPresent) item "
            + (one ? "identifier that already exists" : "identifiers that already exist")
            + " in the snapshot. The existing item "
            + (one ? "identifier will be moved into place instead" : "identifiers will be moved into place instead")
            + ", but this operation will be more expensive."
    }
}
