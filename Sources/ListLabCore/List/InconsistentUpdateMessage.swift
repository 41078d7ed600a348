/// The reason a list gives, since iOS 16.4, for a batch update whose counts
/// do not add up: one sentence, then the counts before and after and the
/// updates, on lines of their own.
///
/// The sentence and the layout are quoted from public crash reports
/// (ra1028/DifferenceKit#155 and exyte/Chat#26, `before and/or after`;
/// xmartlabs/XLPagerTabStrip#859 and exyte/Chat#56, iOS 17's `before and
/// after`), as is a reload listed as a delete and an insert; UIKit indents
/// the updates with a tab, printed here as four spaces so that it survives a
/// terminal and a transcript. How moves, reconfigures and section changes
/// are listed is not on public record and is ListLab's own.
enum InconsistentUpdateMessage {
    static func text(for update: BatchUpdate, old: [Int], new: [Int], style: ListStyle, version: IOSVersion) -> String {
        let noun = style.itemNoun
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
        var lines = [
            "Invalid batch updates detected: the number of sections and/or \(noun)s returned by the data source before \(version >= .beforeAndAfter ? "and" : "and/or") after performing the batch updates are inconsistent with the updates.",
            "Data source before updates = \(counts(old, noun))",
            "Data source after updates = \(counts(new, noun))",
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
    private static func counts(_ counts: [Int], _ noun: String) -> String {
        let sections = counts.count == 1 ? "1 section" : "\(counts.count) sections"
        return "{ \(sections) with \(noun) counts: [\(counts.map(String.init).joined(separator: ", "))] }"
    }

    /// `0 - 1`, as UIKit writes an index path in this message.
    private static func pair(_ path: ItemPath) -> String { "\(path.section) - \(path.item)" }
}
