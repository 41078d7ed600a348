extension HeadlessList {
    /// Applies a batch update, as UIKit's `performBatchUpdates`: the list
    /// asks the data source for the counts after the update, checks them
    /// against the counts it had and the changes the update states, and only
    /// then moves its cells and selection to their new places.
    ///
    /// Call it after the data has changed (providers return the update that
    /// describes their change). Surviving cells keep their content, as in
    /// UIKit; reloaded items get newly dequeued cells; reconfigured items are
    /// configured again in their existing cells.
    ///
    /// ```swift
    /// let update = try provider.append(item, toSection: 0)
    /// try list.performBatchUpdates(update)
    /// ```
    ///
    /// - Parameter update: The changes, in UIKit's coordinates.
    /// - Throws: ``BatchUpdateError`` with UIKit's message when the update
    ///   breaks a rule; the list is then exactly as it was.
    public func performBatchUpdates(_ update: BatchUpdate) throws(BatchUpdateError) {
        try tracer.call(.controller, .list, "performBatchUpdates(\(update))") { () throws(BatchUpdateError) in
            guard hasLoaded else {
                // A list that has never loaded has nothing to animate: it loads.
                reloadData()
                return
            }
            let oldCounts = sections.map(\.itemCount)
            let loaded = loadSections()
            let plan: BatchUpdatePlan
            do throws(BatchUpdateError) {
                plan = try BatchUpdatePlan(update, old: oldCounts, new: loaded.map(\.itemCount), style: style)
            } catch {
                statistics.refusedBatchUpdates += 1
                throw error
            }
            apply(plan, newSections: loaded)
        }
    }

    private func apply(_ plan: BatchUpdatePlan, newSections: [SectionLayout]) {
        statistics.batchUpdates += 1
        var carried: [ItemPath: ListCell] = [:]
        // Cells of deleted and reloaded items leave the screen during the
        // update (UIKit animates them out), so they are reusable only after it.
        var leaving: [ListCell] = []
        for path in visibleCells.keys.sorted() {
            guard let cell = visibleCells[path] else { continue }
            guard let target = plan.newPath(for: path), !plan.reloadedItems.contains(path) else {
                if plan.reloadedItems.contains(path) { statistics.reloadedCells += 1 }
                leaving.append(cell)
                continue
            }
            carried[target] = cell
            if plan.reconfiguredItems.contains(path) {
                cellsToReconfigure[target] = cell
            }
        }
        visibleCells = carried
        setSelection(selectedPaths.compactMap { plan.newPath(for: $0) })
        for (path, cell) in visibleCells {
            cell.isSelected = selectedPaths.contains(path)
        }
        sections = newSections
        clampScrollOffset()
        layoutVisibleCells()
        for cell in leaving {
            enqueue(cell)
        }
    }
}
