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
    /// let tabs = ArrayDataProvider([Tab.news, .contributions])
    /// let list = HeadlessList()
    /// ListAdapter(provider: tabs, presenter: SingleKindPresenter(TabCell.self)).attach(to: list)
    /// let update = try tabs.append(.settings, toSection: 0)
    /// try list.performBatchUpdates(update)
    /// ```
    ///
    /// - Parameter update: The changes, in UIKit's coordinates.
    /// - Throws: ``BatchUpdateError`` with UIKit's message when the update
    ///   breaks a rule, when a diffable data source's cell provider gives
    ///   no cell for an item the update shows, or when the list's data
    ///   source is a ``DiffableDataSource`` and a non-empty update does not
    ///   come from it (UIKit's lists take only its snapshots then); the list is
    ///   then exactly as it was.
    public func performBatchUpdates(_ update: BatchUpdate) throws(BatchUpdateError) {
        try tracer.call(.controller, .list, "performBatchUpdates(\(update))") { () throws(BatchUpdateError) in
            // An empty update (`performBatchUpdates(nil)`, which apps call to lay out again) is one UIKit takes.
            if dataSource?.traceRole == .diffableDataSource, tracer.callerRole != .diffableDataSource, !update.isEmpty {
                let error = BatchUpdateError(.mutationBehindDiffableDataSource, style: style, version: iOSVersion)
                tellObservers(.willPerform(update))
                statistics.refusedBatchUpdates += 1
                tellObservers(.refused(update, error))
                throw error
            }
            guard hasLoaded else {
                // A list that has never loaded has nothing to animate: it loads.
                reloadData()
                return
            }
            tellObservers(.willPerform(update))
            let oldCounts = sections.map(\.itemCount)
            let loaded = loadSections()
            let plan: BatchUpdatePlan
            do throws(BatchUpdateError) {
                plan = try BatchUpdatePlan(
                    update, old: oldCounts, new: loaded.map(\.itemCount), style: style, version: iOSVersion)
            } catch {
                statistics.refusedBatchUpdates += 1
                tellObservers(.refused(update, error))
                throw error
            }
            let before = checkpoint()
            itemWithoutCell = nil
            apply(plan, newSections: keepingTitles(of: loaded, through: plan))
            if let path = itemWithoutCell {
                // UIKit raises while it lays out the cells; the list goes back to what it was.
                itemWithoutCell = nil
                restore(before)
                let error = noCellError(at: path)
                statistics.refusedBatchUpdates += 1
                tellObservers(.refused(update, error))
                throw error
            }
            tellObservers(.didPerform(update))
        }
    }

    /// `loaded` with the header and footer titles the list showed for each
    /// section that survives `plan` as it was: UIKit asks for a section's
    /// header again only when the section is inserted or reloaded (or the
    /// list reloads), so a title that changed in such a section stays stale
    /// on screen, as a user sees it.
    private func keepingTitles(of loaded: [SectionLayout], through plan: BatchUpdatePlan) -> [SectionLayout] {
        var kept = loaded
        for (section, layout) in sections.enumerated() {
            guard let new = plan.survivingIndex(ofSection: section), kept.indices.contains(new) else { continue }
            kept[new].headerTitle = layout.headerTitle
            kept[new].footerTitle = layout.footerTitle
        }
        SectionLayout.placeRows(&kept, columns: style.columns)
        return kept
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

extension HeadlessList {
    /// Takes the list to what its data source shows now through `staged`:
    /// each stage as a batch update, or, when the update has more than
    /// `threshold` changes, one `reloadData()` instead (animating thousands
    /// of changes costs more than it shows; DifferenceKit's
    /// `reload(using:interrupt:setData:)` makes the same choice through its
    /// `interrupt` closure).
    ///
    /// Change the data first, then apply the update that describes the change:
    ///
    /// ```swift
    /// let tabs = ArrayDataProvider([Tab.news, .contributions, .settings])
    /// let list = HeadlessList()
    /// ListAdapter(provider: tabs, presenter: SingleKindPresenter(TabCell.self)).attach(to: list)
    /// let new: [Tab] = [.settings, .news]
    /// let changes = try SectionedChangeset(
    ///     from: [DiffSection(id: 0, items: tabs.items)], to: [DiffSection(id: 0, items: new)],
    ///     identity: { $0 }, isContentEqual: ==)
    /// tabs.replaceItems(with: new)
    /// try list.apply(StagedUpdate(changes, style: .reconfigure), reloadingDataAbove: 100)
    /// ```
    ///
    /// - Parameters:
    ///   - staged: The update, staged (see ``StagedUpdate``).
    ///   - threshold: The most changes to animate as batch updates.
    ///   - willPerform: Called before each stage is performed.
    ///   - didPerform: Called after each stage is performed.
    /// - Returns: How the list got there.
    /// - Throws: ``BatchUpdateError`` when the list refuses a stage (the
    ///   update does not describe the change the data source made); the
    ///   stages before it stay applied.
    @discardableResult
    public func apply(
        _ staged: StagedUpdate, reloadingDataAbove threshold: Int = .max,
        willPerform: (BatchUpdate) -> Void = { _ in }, didPerform: (BatchUpdate) -> Void = { _ in }
    ) throws(BatchUpdateError) -> StagedUpdate.Outcome {
        guard !staged.stages.isEmpty else { return .unchanged }
        if staged.reloadsData(above: threshold) {
            reloadData()
            return .reloadedData
        }
        for stage in staged.stages {
            willPerform(stage)
            try performBatchUpdates(stage)
            didPerform(stage)
        }
        return .performedBatchUpdates
    }
}
