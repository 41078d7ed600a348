extension HeadlessList {
    /// The number of rows of the whole list: headers, rows of items, footers.
    public var totalRows: Int { sections.last?.endRow ?? 0 }

    /// The greatest scroll offset: the last row at the bottom of the viewport.
    public var maximumScrollOffset: Int { max(0, totalRows - viewportRows) }

    /// Changes how many rows are visible, creating or reusing cells for the
    /// rows that come into view.
    ///
    /// - Throws: ``ListError/invalidViewport(_:)`` when `rows` is outside
    ///   ``viewportRange``; nothing changes then.
    public func setViewportRows(_ rows: Int) throws(ListError) {
        guard Self.viewportRange.contains(rows) else { throw .invalidViewport(rows) }
        tracer.call(.controller, .list, "setViewportRows(\(rows))") {
            viewportRows = rows
            clampScrollOffset()
            layoutVisibleCells()
        }
    }

    /// Scrolls so that `row` is the first visible row, as far as the content
    /// allows.
    public func scroll(toRow row: Int) {
        tracer.call(.controller, .list, "scroll(toRow: \(row))") {
            scrollOffset = min(max(0, row), maximumScrollOffset)
            layoutVisibleCells()
        }
    }

    /// Scrolls by `rows` (negative: up), as far as the content allows.
    public func scroll(by rows: Int) {
        let clamped = min(max(rows, -totalRows), totalRows)
        scroll(toRow: scrollOffset + clamped)
    }

    /// Scrolls to the first row.
    public func scrollToTop() { scroll(toRow: 0) }

    /// Scrolls so that the last row is at the bottom of the viewport.
    public func scrollToBottom() { scroll(toRow: maximumScrollOffset) }

    /// Scrolls so that the item at `path` is the first visible row (its
    /// section's header just above it stays hidden), as far as the content
    /// allows.
    ///
    /// - Throws: ``ListError/noItem(_:sectionCount:itemCount:)`` when the list
    ///   shows no item at `path`.
    public func scrollToItem(at path: ItemPath) throws(ListError) {
        try validate(path)
        scroll(toRow: row(of: path))
    }

    /// The row that shows the item at `path`.
    func row(of path: ItemPath) -> Int {
        sections[path.section].firstItemRow + path.item / style.columns
    }

    /// The rows in the viewport, in order.
    ///
    /// - Complexity: O(log *s* + *v*) for *s* sections and *v* visible rows.
    public var visibleRows: [ListRow] {
        var rows: [ListRow] = []
        let end = min(scrollOffset + viewportRows, totalRows)
        let columns = style.columns
        var section = sectionIndex(containingRow: scrollOffset)
        var row = scrollOffset
        while row < end {
            while section < sections.count, sections[section].endRow <= row {
                section += 1
            }
            guard section < sections.count else { break }
            if let shown = self.row(row, inSection: section, columns: columns) { rows.append(shown) }
            row += 1
        }
        return rows
    }

    /// The paths of the items in the viewport, in order.
    public var visiblePaths: [ItemPath] {
        visibleRows.flatMap { row -> [ItemPath] in
            if case .items(let paths) = row { return paths }
            return []
        }
    }

    /// The row at `index` of the whole list (a header, a row of items or a
    /// footer), or nil outside it: what a point of a table's content shows.
    ///
    /// - Complexity: O(log *s*) for *s* sections.
    public func row(at index: Int) -> ListRow? {
        guard index >= 0, index < totalRows else { return nil }
        let section = sectionIndex(containingRow: index)
        guard section < sections.count else { return nil }
        return row(index, inSection: section, columns: style.columns)
    }

    /// What the row `index` of `section` (a row of the whole list that the
    /// section takes) shows: its header, a row of items, or its footer.
    private func row(_ index: Int, inSection section: Int, columns: Int) -> ListRow? {
        let layout = sections[section]
        let itemRow = index - layout.firstItemRow
        if itemRow < 0, let title = layout.headerTitle { return .header(section: section, title: title) }
        if itemRow >= 0, itemRow < layout.itemRowCount(columns: columns) {
            let first = itemRow * columns
            return .items((first..<min(first + columns, layout.itemCount)).map { ItemPath(section, $0) })
        }
        return layout.footerTitle.map { .footer(section: section, title: $0) }
    }

    /// The index of the row that shows the item at `path` in the whole
    /// list, or nil when the list has no item there.
    public func rowIndex(ofItemAt path: ItemPath) -> Int? {
        contains(path) ? row(of: path) : nil
    }

    /// The index of the section whose rows include `row` (binary search).
    private func sectionIndex(containingRow row: Int) -> Int {
        var low = 0
        var high = sections.count
        while low < high {
            let middle = (low + high) / 2
            if sections[middle].endRow <= row {
                low = middle + 1
            } else {
                high = middle
            }
        }
        return low
    }

    func clampScrollOffset() {
        scrollOffset = min(max(0, scrollOffset), maximumScrollOffset)
    }

    /// Makes the cells match the viewport: cells of items that left it go
    /// back to their reuse queues first, then the items that came into view
    /// (and those waiting to be reconfigured) get cells from the data source.
    ///
    /// Paths are visited in order, so which cell is reused for which item is
    /// the same on every run.
    func layoutVisibleCells() {
        let paths = visiblePaths
        let visible = Set(paths)
        for path in visibleCells.keys.sorted() where !visible.contains(path) {
            if let cell = visibleCells.removeValue(forKey: path) { enqueue(cell) }
        }
        for path in cellsToReconfigure.keys.sorted() where !visible.contains(path) {
            cellsToReconfigure[path] = nil
        }
        for path in paths where visibleCells[path] == nil || cellsToReconfigure[path] != nil {
            loadCell(at: path)
        }
    }

    /// Asks the data source for the cell of the item at `path` and shows it.
    private func loadCell(at path: ItemPath) {
        guard let dataSource else { return }
        let reconfiguring = cellsToReconfigure[path]
        let cell = askDataSource("cellForItem(at: \(path))") {
            dataSource.list(self, cellForItemAt: path)
        }
        cellsToReconfigure[path] = nil
        statistics.configurations += 1
        cell.configurationCount += 1
        if let reconfiguring {
            if reconfiguring === cell {
                statistics.reconfigurations += 1
            } else {
                enqueue(reconfiguring)
            }
        }
        cell.isSelected = selectedPaths.contains(path)
        let isNewOnScreen = visibleCells[path] !== cell
        visibleCells[path] = cell
        if isNewOnScreen, let delegate {
            statistics.delegateCalls += 1
            tracer.call(.list, delegateTraceRole, "willDisplay(cell #\(cell.serial), forItemAt: \(path))") {
                delegate.list(self, willDisplay: cell, forItemAt: path)
            }
        }
    }
}
