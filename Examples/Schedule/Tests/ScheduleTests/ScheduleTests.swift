import ListLabCore
import Schedule
import Testing

@Test func theListIsEmptyUntilTheLoadArrivesThenShowsEachDayWithItsKindsOfCell() async throws {
    let (provider, _, list) = scheduleScreen([.entries(twoDays)])
    #expect(list.render() == ["(empty: 0 sections, no rows)"])
    #expect(provider.state == .empty)

    let outcome = try list.apply(try await provider.load())

    #expect(outcome == .performedBatchUpdates)
    #expect(provider.state == .loaded)
    #expect(list.render() == [
        "== Monday ==",
        "   0.0  Keynote — Tim  <TalkCell #1>",
        "   0.1  ☕ Coffee — 30 min  <BreakCell #2>",
        "   0.2  Diffing at scale — Ada  <TalkCell #3>",
        "   0.3  Cells, reused — Grace  <TalkCell #4>",
        "-- 4 entries --",
        "== Tuesday ==",
        "   1.0  Snapshots — Alan  <TalkCell #5>",
        "   1.1  ☕ Lunch — 60 min  <BreakCell #6>",
        "   1.2  Outlines — Katherine  <TalkCell #7>",
        "-- 3 entries --",
    ])
}

@Test func entriesDecodeFromTheServersJSONByTheirKind() async throws {
    let (provider, _, list) = scheduleScreen([
        .json(#"[{"kind": "talk", "id": "t1", "title": "Keynote", "speaker": "Tim", "day": "Monday"},"#
            + #" {"kind": "break", "id": "b1", "title": "Coffee", "minutes": 30, "day": "Monday"}]"#),
    ])
    try list.apply(try await provider.load())
    #expect(provider.item(at: ItemPath(0, 0)) == talk("t1", "Keynote", by: "Tim"))
    #expect(provider.item(at: ItemPath(0, 1)) == pause("b1", "Coffee", minutes: 30))
    #expect(list.cellForItem(at: ItemPath(0, 1)) is BreakCell)
}

@Test func scrollingReusesTheCellsThatLeaveTheViewport() async throws {
    let talks = (1...40).map { talk("t\($0)", "Talk \($0)", by: "Speaker \($0)") }
    let (provider, _, list) = scheduleScreen([.entries(talks)], viewportRows: 5)
    try list.apply(try await provider.load())
    let created = list.statistics.cellsCreated

    list.scrollToBottom()

    // 42 rows (a header, 40 talks, a footer) through a 5-row viewport: the
    // header and 4 talks need 4 cells; at the bottom, 4 talks and the footer
    // show, in the same 4 cells, each taken from the reuse queue.
    #expect(created == 4)
    #expect(list.statistics.cellsCreated == created)
    #expect(list.statistics.cellsReused == 4)
    #expect(list.render() == [
        "   ... 37 rows above",
        "   0.36  Talk 37 — Speaker 37  <TalkCell #1 reused>",
        "   0.37  Talk 38 — Speaker 38  <TalkCell #2 reused>",
        "   0.38  Talk 39 — Speaker 39  <TalkCell #3 reused>",
        "   0.39  Talk 40 — Speaker 40  <TalkCell #4 reused>",
        "-- 40 entries --",
    ])
}

@Test func aBatchUpdateThatDoesNotMatchTheDataIsRefusedWithUIKitsReasonAndChangesNothing() async throws {
    let (provider, _, list) = scheduleScreen([.entries(twoDays)])
    try list.apply(try await provider.load())
    let before = list.render()

    // The provider deletes one talk; the code that tells the list names two.
    let update = try provider.delete(at: [ItemPath(0, 2)])
    var wrong = update
    wrong.deletedItems.append(ItemPath(0, 3))

    #expect {
        try list.performBatchUpdates(wrong)
    } throws: { error in
        (error as? BatchUpdateError)?.description == "Invalid update: invalid number of rows in section 0. "
            + "The number of rows contained in an existing section after the update (3) must be equal to the number of rows "
            + "contained in that section before the update (4), plus or minus the number of rows inserted or deleted from "
            + "that section (0 inserted, 2 deleted) and plus or minus the number of rows moved into or out of that section "
            + "(0 moved in, 0 moved out)."
    }
    #expect(list.render() == before)
    #expect(list.statistics.refusedBatchUpdates == 1)

    // The provider's own update is the right one.
    try list.performBatchUpdates(update)
    #expect(list.numberOfItems(inSection: 0) == 3)
}

@Test func aRefreshIsADiffOfTheTwoSchedulesAppliedAsBatchUpdates() async throws {
    var refreshed = twoDays
    refreshed.remove(at: 2)                                              // t2 is cancelled
    refreshed[2] = talk("t3", "Cells, reused (updated)", by: "Grace")    // t3's title changes
    refreshed[3] = talk("t4", "Snapshots", by: "Alan", on: "Monday")     // t4 moves to Monday
    refreshed.append(talk("t6", "Closing", by: "Tim", on: "Tuesday"))    // t6 is new
    let (provider, _, list) = scheduleScreen([.entries(twoDays), .entries(refreshed)])
    try list.apply(try await provider.load())
    let configurationsBefore = list.statistics.reconfigurations

    let update = try await provider.load()
    let outcome = try list.apply(update)

    #expect(outcome == .performedBatchUpdates)
    #expect(update.stages.map(\.description) == [
        "delete 0.2; insert 1.2; move 1.0 -> 0.3",
        "reconfigure 0.2, 0.3",   // t3's title, and t4's day: a moved item whose content changed
    ])
    #expect(list.statistics.reconfigurations == configurationsBefore + 2)
    // What the list shows after the animation is what a fresh list shows of the new data.
    let fresh = HeadlessList(style: .table, viewportRows: 20)
    ListAdapter(provider: provider, presenter: SchedulePresenter()).attach(to: fresh)
    #expect(list.render(showsCells: false) == fresh.render(showsCells: false))
    #expect(list.render(showsCells: false) == [
        "== Monday ==",
        "   0.0  Keynote — Tim",
        "   0.1  ☕ Coffee — 30 min",
        "   0.2  Cells, reused (updated) — Grace",
        "   0.3  Snapshots — Alan",
        "-- 4 entries --",
        "== Tuesday ==",
        "   1.0  ☕ Lunch — 60 min",
        "   1.1  Outlines — Katherine",
        "   1.2  Closing — Tim",
        "-- 3 entries --",
    ])
}

@Test func aFailedLoadKeepsWhatIsShownAndSaysWhyAndARetrySucceeds() async throws {
    let (provider, _, list) = scheduleScreen([
        .entries(twoDays),
        .failure("The network connection was lost."),
        .json(#"[{"kind": "party", "id": "p1"}]"#),
        .entries(twoDays),
    ])
    try list.apply(try await provider.load())
    let shown = list.render()

    await #expect(throws: ScheduleLoadError.unreachable("The network connection was lost.")) {
        try await provider.load()
    }
    #expect(provider.state == .failed(.unreachable("The network connection was lost.")))
    #expect(list.render() == shown)
    #expect(provider.numberOfItems == 7)

    await #expect {
        try await provider.load()
    } throws: { error in
        guard case .unreadable(let reason) = error as? ScheduleLoadError else { return false }
        return reason.contains("unknown kind 'party' (talk or break)")
    }
    #expect(list.render() == shown)

    let retry = try await provider.load()
    #expect(retry.stages.isEmpty)
    #expect(provider.state == .loaded)
}

@Test func aScheduleThatListsAnEntryTwiceIsRefused() async throws {
    let (provider, _, _) = scheduleScreen([.entries([talk("t1", "Keynote", by: "Tim"), talk("t1", "Keynote again", by: "Tim")])])
    await #expect(throws: ScheduleLoadError.duplicateEntry("t1")) {
        try await provider.load()
    }
    #expect(provider.numberOfItems == 0)
}

@Test func theSelectionFollowsItsTalkThroughAMove() async throws {
    var reordered = twoDays
    reordered.swapAt(0, 3)   // t3 first, the keynote last on Monday
    let (provider, adapter, list) = scheduleScreen([.entries(twoDays), .entries(reordered)])
    var selected: [String] = []
    adapter.onSelect = { entry, path in selected.append("\(path) \(entry.id)") }
    try list.apply(try await provider.load())

    try list.selectItem(at: ItemPath(0, 3))
    try list.apply(try await provider.load())

    #expect(selected == ["0.3 t3"])
    #expect(list.selectedPaths == [ItemPath(0, 0)])
    #expect(list.cellForItem(at: ItemPath(0, 0))?.isSelected == true)
    #expect(list.render(showsCells: false).prefix(3) == [
        "== Monday ==",
        " * 0.0  Cells, reused — Grace",
        "   0.1  ☕ Coffee — 30 min",
    ])

    // A move made by the provider itself carries the selection too.
    try list.performBatchUpdates(try provider.move(from: ItemPath(0, 0), to: ItemPath(0, 2)))
    #expect(list.selectedPaths == [ItemPath(0, 2)])
}

@Test func theProviderCannotReloadSynchronously() {
    let (provider, _, _) = scheduleScreen([])
    #expect(throws: ProviderError.loadFailed("the schedule loads asynchronously: call load()")) {
        try provider.reload()
    }
}
