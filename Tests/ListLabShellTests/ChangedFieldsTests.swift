import Dispatch
import ListLabCore
import ListLabRecords
import Testing

@testable import ListLabShell

// What changed in each updated item, held in path order for the stage lines to say once each.

@Test func changedFieldsAreSaidOnceEachInPathOrder() {
    // Out of order, with a path given twice: its last text is kept, as a dictionary kept it.
    var fields = ChangedFields([
        (ItemPath(0, 5), "b: 1 → 2"), (ItemPath(0, 1), "a: x → y"), (ItemPath(0, 5), "b: 1 → 3"),
        (ItemPath(1, 0), "c: true → false"),
    ])
    #expect(
        fields.take(ascending: [ItemPath(0, 2)]) == nil
            && fields.take(ascending: [ItemPath(-1, 0), ItemPath(2, 0)]) == nil)
    // A path not known takes none of them; a path given twice in a row is said once.
    #expect(fields.take(ascending: [ItemPath(0, 5), ItemPath(0, 6)]) == nil)
    #expect(fields.take(ascending: [ItemPath(0, 5), ItemPath(0, 5)]) == ["b: 1 → 3", ""])
    #expect(fields.take(ascending: [ItemPath(0, 5)]) == nil, "said once")
    #expect(fields.unsaid.map(\.path) == [ItemPath(0, 1), ItemPath(1, 0)])
    #expect(fields.unsaid.map(\.text) == ["a: x → y", "c: true → false"])
    #expect(
        fields.take(ascending: [ItemPath(0, 1), ItemPath(1, 0)]) == ["a: x → y", "c: true → false"]
            && fields.unsaid.isEmpty)
    var none = ChangedFields()
    #expect(none.unsaid.isEmpty && none.take(ascending: [ItemPath(0, 0)]) == nil && none.take(ascending: []) == [])
}

/// Many paths taken in order are found as a search for each finds them:
/// consecutive, with gaps, and past the last.
@Test func changedFieldsTakenInOrderAreThoseOfTheirPaths() {
    let known = (0..<500).map { ItemPath($0 / 100, ($0 % 100) * 3) }
    var fields = ChangedFields(known.map { ($0, "at \($0)") })
    let wanted = known.enumerated().filter { $0.offset % 7 != 3 }.map(\.element)
    #expect(fields.take(ascending: wanted) == wanted.map { "at \($0)" })
    #expect(fields.unsaid.map(\.path) == known.enumerated().filter { $0.offset % 7 == 3 }.map(\.element))
    // The last path not said, then one past the last: neither is taken.
    #expect(fields.take(ascending: [ItemPath(4, 279), ItemPath(5, 0)]) == nil, "past the last")
    #expect(fields.unsaid.last?.path == ItemPath(4, 279))
}

/// What changed, worked out on another thread, is what the work gave, as
/// often as it is asked for; the work runs while the caller goes on.
@Test func changedFieldsWorkedOutInTheBackgroundAreTheWorksOwn() {
    let started = DispatchSemaphore(value: 0)
    let goOn = DispatchSemaphore(value: 0)
    let pending = ChangedFieldsInBackground {
        started.signal()
        goOn.wait()
        return ChangedFields([(ItemPath(0, 1), "a: 1 → 2")])
    }
    started.wait()  // the work runs, and waits for this thread: it is on another
    goOn.signal()
    var fields = pending.value
    #expect(fields.take(ascending: [ItemPath(0, 1)]) == ["a: 1 → 2"])
    #expect(pending.value.unsaid.map(\.text) == ["a: 1 → 2"], "asked again")
    // From the changes of a diff: the fields that changed, or a text that says only the text did.
    let pairs = [
        (from: ItemPath(0, 0), to: ItemPath(0, 2)), (from: ItemPath(0, 1), to: ItemPath(0, 3)),
        (from: ItemPath(0, 5), to: ItemPath(0, 4)),
    ]
    let made = ChangedFields(
        pairs, changes: [[("name", .string("Bo"), .string("Bob")), ("n", .int(1), .null)], [], nil])
    #expect(made.unsaid.map(\.path) == [ItemPath(0, 2), ItemPath(0, 3)])
    #expect(
        made.unsaid.map(\.text) == [
            #"name: "Bo" → "Bob", n: 1 → null"#, "(its text in the file changed; its values did not)",
        ])
}

/// Tens of thousands of updates (a staged diff of a big file) are written
/// on two threads, each its own half: in the pairs' order, each with its own
/// text, whichever half finishes first.
@Test func manyChangedFieldsAreWrittenInThePairsOrder() {
    let count = 10_001
    let pairs = (0..<count).map { (from: ItemPath(0, $0 * 2), to: ItemPath(0, $0)) }
    let changes: [[(field: String, old: Value, new: Value)]?] = (0..<count).map { index in
        index % 5 == 4 ? nil : index % 5 == 3 ? [] : [("n", .int(index), .int(index + 1))]
    }
    let made = ChangedFields(pairs, changes: changes)
    let expected = (0..<count).compactMap { index -> (ItemPath, String)? in
        index % 5 == 4
            ? nil
            : (
                ItemPath(0, index),
                index % 5 == 3
                    ? "(its text in the file changed; its values did not)"
                    : "n: \(index) → \(index + 1)"
            )
    }
    #expect(made.unsaid.map(\.path) == expected.map(\.0))
    #expect(made.unsaid.map(\.text) == expected.map(\.1))
}
