// Every word ListLab says in UIKit's name is in this file: the reasons of
// the exceptions UIKit raises and the line it logs, for each iOS version
// that words them differently. Docs/uikit-rules.md gives each rule's source
// (a crash report, an issue, a decompiled format string) and is written
// from these functions by a test, so the two cannot drift apart.

extension UIKitRule {
    /// UIKit's reason for this rule, as the exception of `version`'s UIKit
    /// says it for a table (`style` ``ListStyle/table``) or a collection
    /// view. Object addresses are written `0x…`, so a reason is the same on
    /// every run.
    public func reason(in style: ListStyle, on version: IOSVersion) -> String {
        if let reason = conflictReason(style) ?? placeReason(style) { return reason }
        switch self {
        case .countMismatch(let counts):
            return version.capabilities.saysBatchUpdatesDetected
                ? UIKitWords.batchUpdatesDetected(counts, style: style, version: version)
                : UIKitWords.invalidUpdate(counts, style: style)
        case .snapshot(let error): return error.description
        case .sectionSnapshot(let error): return error.description
        default: return cellReason(style)
        }
    }

    /// The reasons for one update asking two things of one place.
    private func conflictReason(_ style: ListStyle) -> String? {
        switch self {
        case .deleteAndReload(let path):
            "attempt to delete and reload the same index path (\(path.uiKitDescription))"
        case .deleteAndMove(let path):
            "attempt to perform a delete and a move from the same index path (\(path.uiKitDescription))"
        case .deleteAndReconfigure(let path):
            "attempt to delete and reconfigure the same index path (\(path.uiKitDescription))"
        case .insertAndMove(let path):
            "attempt to perform an insert and a move to the same index path (\(path.uiKitDescription))"
        case .deleteAndMoveSection(let section):
            "attempt to perform a delete and a move from the same section (\(section))"
        case .insertAndMoveSection(let section):
            "attempt to perform an insert and a move to the same section (\(section))"
        case .moveFromDeletedSection(let section):
            "cannot move \(style.itemWithArticle) from a deleted section (\(section))"
        case .moveIntoInsertedSection(let section):
            "cannot move \(style.itemWithArticle) into a newly inserted section (\(section))"
        default: nil
        }
    }

    /// The reasons for a place that is not there before or after the update.
    private func placeReason(_ style: ListStyle) -> String? {
        let noun = style.itemNoun
        let nouns = noun + "s"
        switch self {
        case .deleteMissingSection(let section, let count):
            return "attempt to delete section \(section), but there are only \(count) sections before the update"
        case .deleteFromMissingSection(let path, let count):
            return
                "attempt to delete \(noun) \(path.item) from section \(path.section), but there are only \(count) "
                + "sections before the update"
        case .deleteMissingItem(let path, let count):
            return
                "attempt to delete \(noun) \(path.item) from section \(path.section) which only contains \(count) "
                + "\(nouns) before the update"
        case .reconfigureMissingItem(let path, let count):
            return
                "attempt to reconfigure \(noun) \(path.item) in section \(path.section) which only contains \(count) "
                + "\(nouns) before the update"
        case .insertMissingSection(let section, let count):
            return "attempt to insert section \(section) but there are only \(count) sections after the update"
        case .insertIntoMissingSection(let path, let count):
            return
                "attempt to insert \(noun) \(path.item) into section \(path.section), but there are only \(count) "
                + "sections after the update"
        case .insertMissingItem(let path, let count):
            return
                "attempt to insert \(noun) \(path.item) into section \(path.section), but there are only \(count) "
                + "\(nouns) in section \(path.section) after the update"
        case .moveMissingSection(let section, let count):
            return "attempt to move section \(section), but there are only \(count) sections before the update"
        case .moveSectionPastEnd(let from, let to, let count):
            // "to to" is UIKit's own (its format string in a decompiled UITableView of iOS 12).
            return
                "attempt to to move section \(from) to section \(to), but there are only \(count) sections after the "
                + "update"
        case .moveSectionTwice(let section, let first, let second):
            return "attempt to move section \(section) to both section \(first) and section \(second)"
        case .moveSectionsToOne(let first, let second, let target):
            return "attempt to move both section \(first) and section \(second) to section \(target)"
        case .moveFromMissingSection(let from, let count):
            return
                "attempt to move index path (\(from.uiKitDescription)) from a section that does not exist - there are "
                + "only \(count) sections before the update"
        case .moveMissingItem(let from, let count):
            return
                "attempt to move index path (\(from.uiKitDescription)) that does not exist - there are only \(count) "
                + "\(nouns) in section \(from.section) before the update"
        case .moveToMissingSection(let from, let to, let count):
            return
                "attempt to move index path (\(from.uiKitDescription)) to index path (\(to.uiKitDescription)) in "
                + "section that does not exist - there are only \(count) sections after the update"
        case .moveToMissingItem(let from, let to, let count):
            return
                "attempt to move index path (\(from.uiKitDescription)) to index path (\(to.uiKitDescription)) that "
                + "does not exist - there are only \(count) \(nouns) in section \(to.section) after the update"
        case .moveItemTwice(let from, let first, let second):
            return
                "attempt to move \(noun) at index path \(from.uiKitDescription) to both \(first.uiKitDescription) and "
                + "\(second.uiKitDescription)"
        case .moveItemsToOne(let first, let second, let target):
            return
                "attempt to move both \(noun) at index path \(first.uiKitDescription) and \(second.uiKitDescription) "
                + "to \(target.uiKitDescription)"
        default:
            return nil
        }
    }

    /// The reasons about cells, registrations and data sources.
    private func cellReason(_ style: ListStyle) -> String {
        let view = style == .table ? "UITableView" : "UICollectionView"
        let mustRegister =
            "must register a nib or a class for the identifier or connect a prototype cell in a storyboard"
        switch self {
        case .noCell(let path) where style == .table:
            return
                "UITableView dataSource returned a nil cell for row at index path: \(path.uiKitDescription). Table "
                + "view: <UITableView: 0x…>, dataSource: <UITableViewDiffableDataSource: 0x…>"
        case .noCell(let path):
            return
                "the collection view's data source did not return a valid cell from "
                + "-collectionView:cellForItemAtIndexPath: for index path \(path.uiKitDescription)"
        case .mutationBehindDiffableDataSource:
            // Quoted from douglashill/KeyboardKit pull 16 for collection views; the table view's is its twin.
            return
                "\(view) must be updated via the \(view)DiffableDataSource APIs when acting as the \(view)'s "
                + "dataSource: please do not call mutation APIs directly on \(view)."
        case .noRegistration(let identifier, nil) where style == .table:
            return "unable to dequeue a cell with identifier \(identifier) - \(mustRegister)"
        case .noRegistration(let identifier, let kind):
            return
                "could not dequeue a view of kind: \(kind ?? "UICollectionElementKindCell") with identifier \(identifier) - \(mustRegister)"
        case .notOfKind(let className):
            return "must pass a class of kind \(className)"
        case .nibNotLoaded(let name):
            return "Could not load NIB in bundle: 'NSBundle <main> (loaded)' with name '\(name)'"
        case .cellWithoutReuseIdentifier:
            return
                "the cell returned from -collectionView:cellForItemAtIndexPath: does not have a reuseIdentifier - "
                + "cells must be retrieved by calling -dequeueReusableCellWithReuseIdentifier:forIndexPath:"
        case .registrationMadeForACell:
            return
                "Attempted to dequeue a cell using a registration that was created inside "
                + "-collectionView:cellForItemAtIndexPath: or inside a UICollectionViewDiffableDataSource cell "
                + "provider. Creating a new registration each time a cell is requested will prevent reuse and cause "
                + "created cells to remain inaccessible in memory for the lifetime of the collection view. "
                + "Registrations should be created up front and reused. Registration: <UICollectionViewCellRegistration: 0x…>"
        case .scrollOutOfBounds(let path, let count) where style == .table:
            return
                "Attempted to scroll the table view to an out-of-bounds row (\(path.item)) when there are only "
                + "\(count) rows in section \(path.section). Table view: <UITableView: 0x…>"
        case .scrollOutOfBounds(let path, let count):
            return
                "Attempted to scroll the collection view to an out-of-bounds item (\(path.item)) when there are only "
                + "\(count) items in section \(path.section). Collection view: <UICollectionView: 0x…>"
        case .unrecognizedSelector(let selector, let className):
            return "-[\(className) \(selector)]: unrecognized selector sent to instance 0x…"
        default:
            preconditionFailure("\(self) is said by reason(in:on:) itself")
        }
    }
}

extension UIKitRule {
    /// The outline of `version`'s reason for counts that do not add up, to
    /// say which words a version speaks: `Invalid update: invalid number of
    /// ...` before iOS 16.4.
    public static func countMismatchOutline(on version: IOSVersion) -> String {
        let capabilities = version.capabilities
        guard capabilities.saysBatchUpdatesDetected else { return "Invalid update: invalid number of ..." }
        return
            "Invalid batch updates detected: ... before \(capabilities.saysBeforeAndAfter ? "and" : "and/or") after ..."
    }
}

/// How UIKit words counts that do not add up, which changed with iOS 16.4 and 17.
enum UIKitWords {
    /// The classic reason, before iOS 16.4.
    static func invalidUpdate(_ counts: UIKitRule.CountMismatch, style: ListStyle) -> String {
        let nouns = style.itemNoun + "s"
        let view = style == .table ? "table view" : "collection view"
        guard let section = counts.section else {
            return
                "Invalid update: invalid number of sections. The number of sections contained in the \(view) after "
                + "the update (\(counts.after)) must be equal to the number of sections contained in the \(view) "
                + "before the update (\(counts.before)), plus or minus the number of sections inserted or deleted "
                + "(\(counts.inserted) inserted, \(counts.deleted) deleted)."
        }
        return
            "Invalid update: invalid number of \(nouns) in section \(section). The number of \(nouns) contained in an "
            + "existing section after the update (\(counts.after)) must be equal to the number of \(nouns) contained "
            + "in that section before the update (\(counts.before)), plus or minus the number of \(nouns) inserted or "
            + "deleted from that section (\(counts.inserted) inserted, \(counts.deleted) deleted) and plus or minus "
            + "the number of \(nouns) moved into or out of that section (\(counts.movedIn) moved in, \(counts.movedOut) moved out)."
    }

    /// The reason since iOS 16.4: one sentence, then the counts before and
    /// after and the updates, on lines of their own.
    ///
    /// The sentence and the layout are quoted from public crash reports
    /// (ra1028/DifferenceKit#155 and exyte/Chat#26, `before and/or after`;
    /// xmartlabs/XLPagerTabStrip#859 and exyte/Chat#56, iOS 17's `before and
    /// after`), as is a reload listed as a delete and an insert; UIKit
    /// indents the updates with a tab, printed here as four spaces so that it
    /// survives a terminal and a transcript. How moves, reconfigures and
    /// section changes are listed is not on public record and is ListLab's own.
    static func batchUpdatesDetected(_ counts: UIKitRule.CountMismatch, style: ListStyle, version: IOSVersion) -> String
    {
        let noun = style.itemNoun
        let update = counts.update
        var updates: [String] = []
        updates += update.deletedSections.map { "Delete section \($0)" }
        updates += update.insertedSections.map { "Insert section \($0)" }
        updates += update.reloadedSections.map { "Reload section \($0)" }
        updates += update.movedSections.map { "Move section \($0.from) -> \($0.to)" }
        updates += update.deletedItems.map { "Delete \(noun) (\(pair($0)))" }
        updates += update.insertedItems.map { "Insert \(noun) (\(pair($0)))" }
        updates += update.reloadedItems.flatMap { ["Delete \(noun) (\(pair($0)))", "Insert \(noun) (\(pair($0)))"] }
        updates += update.reconfiguredItems.map { "Reconfigure \(noun) (\(pair($0)))" }
        updates += update.movedItems.map { "Move \(noun) (\(pair($0.from))) -> (\(pair($0.to)))" }
        let andOr = version.capabilities.saysBeforeAndAfter ? "and" : "and/or"
        var lines = [
            "Invalid batch updates detected: the number of sections and/or \(noun)s returned by the data source "
                + "before \(andOr) after performing the batch updates are inconsistent with the updates.",
            "Data source before updates = \(countsText(counts.countsBefore, noun))",
            "Data source after updates = \(countsText(counts.countsAfter, noun))",
            "Updates = [",
        ]
        // An empty list is printed with an empty line inside (exyte/Chat#26).
        if updates.isEmpty { lines.append("") }
        for (index, line) in updates.enumerated() {
            lines.append("    \(line)\(index < updates.count - 1 ? "," : "")")
        }
        lines.append("]")
        lines.append(style == .table ? "Table view: <UITableView: 0x…>" : "Collection view: <UICollectionView: 0x…>")
        return lines.joined(separator: "\n")
    }

    /// `{ 2 sections with item counts: [4, 1] }`.
    private static func countsText(_ counts: [Int], _ noun: String) -> String {
        let sections = counts.count == 1 ? "1 section" : "\(counts.count) sections"
        return "{ \(sections) with \(noun) counts: [\(counts.map(String.init).joined(separator: ", "))] }"
    }

    /// `0 - 1`, as UIKit writes an index path in this message.
    private static func pair(_ path: ItemPath) -> String { "\(path.section) - \(path.item)" }
}

extension ItemPath {
    /// The path as UIKit's exception reasons print an `NSIndexPath`, with
    /// the object's address left out so that messages are the same on
    /// every run: `<NSIndexPath: 0x…> {length = 2, path = 0 - 1}`.
    public var uiKitDescription: String { "<NSIndexPath: 0x…> {length = 2, path = \(section) - \(item)}" }
}

extension DiffableSnapshotError: CustomStringConvertible {
    /// UIKit's reason, as its exception says it (`Invalid parameter not
    /// satisfying: ...`, `Fatal: supplied item identifiers are not unique. ...`).
    public var description: String {
        switch self {
        case .noSections:
            return "There are currently no sections in the data source. Please add a section first."
        case .duplicateIdentifiers(let kind, let identifiers):
            return
                "Fatal: supplied \(Self.noun(kind)) identifiers are not unique. Duplicate identifiers: "
                + "\(Self.setDescription(identifiers))"
        case .sectionsAlreadyExist(let identifiers):
            let one = identifiers.count == 1
            return "Diffable data source detected an attempt to insert or append \(identifiers.count) section "
                + (one ? "identifier that already exists" : "identifiers that already exist")
                + " in the snapshot. Identifiers in a snapshot must be unique. Section "
                + (one ? "identifier that already exists" : "identifiers that already exist")
                + ": \(identifiers.joined(separator: ", "))"
        case .sectionNotFound:
            return
                "Section identifier was not found. You can verify the section exists by calling the "
                + "indexOfSectionIdentifier API (which has O(1) performance)"
        case .parameterNotSatisfying(let condition):
            return "Invalid parameter not satisfying: \(Self.parameter(condition)) != NSNotFound"
        case .destinationInIdentifiers(let operation, let destination, let identifiers):
            let (name, action) = operation == .insertion ? ("insertion", "INS") : ("move", "MOV")
            return
                "Invalid update: destination for \(name) operation [\(destination)] is in the \(name) identifier list "
                + "for update: "
                + "<_UIDiffableDataSourceUpdate - action: \(action); destination: [\(destination)]; identifiers: [\(identifiers.joined(separator: ", "))]>."
        case .notInSnapshot(let verb, let kind, let identifier):
            return
                "Attempted to \(verb == .reload ? "reload" : "reconfigure") \(Self.noun(kind)) identifier that does not exist in the snapshot: \(identifier)"
        }
    }

    private static func noun(_ kind: IdentifierKind) -> String { kind == .item ? "item" : "section" }

    /// The parameter's name in UIKit's assertion.
    private static func parameter(_ index: MissingIndex) -> String {
        switch index {
        case .section: "section"
        case .insertIndex: "insertIndex"
        case .fromSection: "fromSection"
        case .toSection: "toSection"
        case .fromIndex: "fromIndex"
        case .toIndex: "toIndex"
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

extension DiffableSectionSnapshotError: CustomStringConvertible {
    /// UIKit's reason, as its exception says it.
    public var description: String {
        switch self {
        case .duplicateIdentifiers(let identifiers):
            "Identifiers in a section snapshot must be unique. Duplicate item identifiers: "
                + "\(DiffableSnapshotError.setDescription(identifiers))"
        case .notInSnapshot(.parent, let identifier):
            "Parent item identifier does not exist in section snapshot: \(identifier)"
        case .notInSnapshot(.insertBefore, let identifier):
            "Item identifier to insert before does not exist in section snapshot: \(identifier)"
        case .notInSnapshot(.insertAfter, let identifier):
            "Item identifier to insert after does not exist in section snapshot: \(identifier)"
        }
    }
}

extension DiffableSnapshotWarning: CustomStringConvertible {
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
