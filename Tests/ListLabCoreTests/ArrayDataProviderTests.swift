import ListLabCore
import Testing

@Test func arrayProviderCountsAndLooksUp() {
    let provider = ArrayDataProvider(["a", "b", "c"], title: "Letters")
    #expect(provider.numberOfSections == 1)
    #expect(provider.numberOfItems(inSection: 0) == 3)
    #expect(provider.numberOfItems(inSection: 1) == 0)
    #expect(provider.item(at: ItemPath(0, 2)) == "c")
    #expect(provider.title(ofSection: 0) == "Letters")
    #expect(provider.path(of: "b") == ItemPath(0, 1))
    #expect(provider.path(of: "z") == nil)
}

@Test(arguments: [ItemPath(0, 3), ItemPath(0, -1), ItemPath(1, 0), ItemPath(-1, 0), ItemPath(0, .max)])
func outOfRangeLookupsAreNilOrErrorsNeverTraps(path: ItemPath) {
    let provider = ArrayDataProvider(["a", "b", "c"])
    #expect(provider.item(at: path) == nil)
    #expect(throws: ProviderError.self) { try provider.checkedItem(at: path) }
}

@Test func lookupErrorsSayWhatIsThere() {
    let provider = ArrayDataProvider(["a", "b", "c", "d"])
    #expect(describe { try provider.checkedItem(at: ItemPath(0, 9)) } == "no item at 0.9 (section 0 has 4 items)")
    #expect(describe { try provider.checkedItem(at: ItemPath(3, 9)) } == "no item at 3.9 (the list has 1 section)")
}

@Test func appendInsertUpdateDeleteMoveReportWhatChanged() throws {
    let provider = ArrayDataProvider(["a", "b", "c"])
    #expect(try provider.append("d", toSection: nil) == BatchUpdate(insertedItems: [ItemPath(0, 3)]))
    #expect(try provider.insert("x", at: ItemPath(0, 0)) == BatchUpdate(insertedItems: [ItemPath(0, 0)]))
    #expect(provider.items == ["x", "a", "b", "c", "d"])
    #expect(try provider.update("B", at: ItemPath(0, 2)) == BatchUpdate(reconfiguredItems: [ItemPath(0, 2)]))
    #expect(
        try provider.delete(at: [ItemPath(0, 4), ItemPath(0, 0)])
            == BatchUpdate(deletedItems: [ItemPath(0, 0), ItemPath(0, 4)]))
    #expect(provider.items == ["a", "B", "c"])
    #expect(
        try provider.move(from: ItemPath(0, 0), to: ItemPath(0, 2))
            == BatchUpdate(movedItems: [ItemMove(from: ItemPath(0, 0), to: ItemPath(0, 2))]))
    #expect(provider.items == ["B", "c", "a"])
    #expect(try provider.insert("end", at: ItemPath(0, 3)) == BatchUpdate(insertedItems: [ItemPath(0, 3)]))
}

@Test func refusedMutationsChangeNothing() {
    let provider = ArrayDataProvider(["a", "b", "c"])
    #expect(
        describe { try provider.insert("x", at: ItemPath(0, 5)) }
            == "cannot insert at 0.5: section 0 has 3 items, so the last place is 0.3")
    #expect(describe { try provider.append("x", toSection: 2) } == "no section 2 (the list has 1 section)")
    #expect(describe { try provider.update("x", at: ItemPath(0, 3)) } == "no item at 0.3 (section 0 has 3 items)")
    #expect(
        describe { try provider.delete(at: [ItemPath(0, 1), ItemPath(0, 7)]) }
            == "no item at 0.7 (section 0 has 3 items)")
    #expect(describe { try provider.delete(at: [ItemPath(0, 1), ItemPath(0, 1)]) } == "0.1 is named twice")
    #expect(
        describe { try provider.move(from: ItemPath(0, 0), to: ItemPath(0, 3)) }
            == "cannot move 0.0 to 0.3: the last place in section 0 is 0.2")
    #expect(
        describe { try provider.move(from: ItemPath(0, 1), to: ItemPath(0, 1)) }
            == "0.1 is already at 0.1: nothing to move")
    #expect(
        describe { try provider.move(from: ItemPath(0, 5), to: ItemPath(0, 1)) }
            == "no item at 0.5 (section 0 has 3 items)")
    #expect(provider.items == ["a", "b", "c"])
}

@Test func reloadReadsTheSourceAndKeepsItemsWhenItFails() throws {
    struct Offline: Error, CustomStringConvertible { var description: String { "offline" } }
    var pages = [["a"], ["a", "b"]]
    var fail = false
    let provider = ArrayDataProvider<String>(loadingFrom: {
        if fail { throw Offline() }
        return pages.removeFirst()
    })
    #expect(provider.numberOfItems(inSection: 0) == 0)
    try provider.reload()
    #expect(provider.items == ["a"])
    fail = true
    #expect(describe { try provider.reload() } == "offline")
    #expect(provider.items == ["a"])
    fail = false
    try provider.reload()
    #expect(provider.items == ["a", "b"])
    #expect(describe { try ArrayDataProvider([1]).reload() } == "this provider has no source to reload from")
}

/// The description of the error `body` throws, or "no error".
func describe<T>(_ body: () throws -> T) -> String {
    do {
        _ = try body()
        return "no error"
    } catch {
        return "\(error)"
    }
}
