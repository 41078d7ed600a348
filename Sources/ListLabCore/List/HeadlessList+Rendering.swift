extension HeadlessList {
    /// A text picture of what is on screen, one line per visible row:
    /// headers as `== Title ==`, footers as `-- Title --`, each item as its
    /// path and text with `*` before a selected one, and lines saying how
    /// many rows lie above and below the viewport.
    ///
    /// ```
    /// == Work ==
    ///    0.0  Buy milk  <TaskCell #1>
    ///  * 0.1  Call Bob  <TaskCell #2 reused>
    ///    ... 3 rows below
    /// ```
    ///
    /// - Parameter showsCells: Whether each item names the cell showing it
    ///   (its kind, serial number, and whether it was reused).
    /// - Returns: The lines, without line breaks; the same on every run.
    public func render(showsCells: Bool = true) -> [String] {
        var lines: [String] = []
        if totalRows == 0 {
            return ["(empty: \(sections.count) \(sections.count == 1 ? "section" : "sections"), no rows)"]
        }
        if scrollOffset > 0 {
            lines.append("   ... \(scrollOffset) \(scrollOffset == 1 ? "row" : "rows") above")
        }
        for row in visibleRows {
            switch row {
            case .header(_, let title):
                lines.append("== \(VisibleText.escaped(title)) ==")
            case .footer(_, let title):
                lines.append("-- \(VisibleText.escaped(title)) --")
            case .items(let paths):
                let mark = paths.contains { selectedPaths.contains($0) } && style.columns == 1 ? " * " : "   "
                lines.append(mark + paths.map { renderItem(at: $0, showsCells: showsCells) }.joined(separator: " | "))
            }
        }
        let below = totalRows - scrollOffset - min(viewportRows, totalRows - scrollOffset)
        if below > 0 {
            lines.append("   ... \(below) \(below == 1 ? "row" : "rows") below")
        }
        return lines
    }

    /// The line ``render(showsCells:)`` shows for the item at `path` (without
    /// its selection mark), or nil when the item is not on screen.
    public func line(forItemAt path: ItemPath, showsCells: Bool = true) -> String? {
        visibleCells[path] == nil ? nil : renderItem(at: path, showsCells: showsCells)
    }

    private func renderItem(at path: ItemPath, showsCells: Bool) -> String {
        let selected = style.columns > 1 && selectedPaths.contains(path) ? "*" : ""
        guard let cell = visibleCells[path] else { return "\(selected)\(path)  (no cell)" }
        // A cell's text is data: shown, never obeyed by the terminal that prints this line.
        var line = "\(selected)\(path)  \(VisibleText.escaped(cell.text))"
        if let detail = cell.detail, !detail.isEmpty {
            line += " — \(VisibleText.escaped(detail))"
        }
        if showsCells {
            line +=
                cell.reuseCount > 0
                ? "  <\(cell.reuseIdentifier) #\(cell.serial) reused>"
                : "  <\(cell.reuseIdentifier) #\(cell.serial)>"
        }
        return line
    }
}
