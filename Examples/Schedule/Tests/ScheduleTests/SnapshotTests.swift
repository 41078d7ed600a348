import ListLabCore
import ListLabSnapshotTesting
import Schedule
import SnapshotTesting
import Testing

// The schedule's screen as a team that snapshots its views would assert it: the first
// run wrote the files under __Snapshots__/SnapshotTests/, and a change to what the
// cells show (or to which cells are reused) fails here with a diff of the two.
@Test func theFirstScreenOfTheScheduleAsLinesAndAsAPicture() async throws {
    let (provider, _, list) = scheduleScreen([.entries(twoDays)], viewportRows: 6)
    try list.apply(try await provider.load())
    assertSnapshot(of: list, as: .lines)
    assertSnapshot(of: list, as: .svg(title: "schedule"))
}

@Test func afterScrollingTheReusedCellsShowTheNextDay() async throws {
    let (provider, _, list) = scheduleScreen([.entries(twoDays)], viewportRows: 4)
    try list.apply(try await provider.load())
    list.scroll(toRow: 5)
    assertSnapshot(of: list, as: .lines)
    // Without cells, the same rows whichever cells show them.
    assertSnapshot(of: list, as: .lines(showsCells: false))
}
