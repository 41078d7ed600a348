import Foundation
import Testing

@testable import ListLabCore

/// The rule a list of `before` counts, whose data now has `after` counts,
/// refuses `update` with; nil when it takes the update.
private func ruleBroken(by update: BatchUpdate, before: [Int], after: [Int]) -> UIKitRule? {
    let data = CountsDataSource(before)
    let list = data.makeList(style: .table, viewportRows: 6)
    data.counts = after
    do {
        try list.performBatchUpdates(update)
        return nil
    } catch {
        return error.rule
    }
}

private let p = ItemPath.init(_:_:)

@Test func aRefusedUpdateIsTheRuleItBrokeWithItsData() {
    let cases: [(BatchUpdate, [Int], [Int], UIKitRule)] = [
        (BatchUpdate(deletedItems: [p(0, 9)]), [8], [7], .deleteMissingItem(p(0, 9), itemsBefore: 8)),
        (BatchUpdate(deletedItems: [p(5, 0)]), [8], [7], .deleteFromMissingSection(p(5, 0), sectionsBefore: 1)),
        (BatchUpdate(reloadedItems: [p(0, 9)]), [8], [8], .deleteMissingItem(p(0, 9), itemsBefore: 8)),
        (BatchUpdate(deletedItems: [p(0, 1)], reloadedItems: [p(0, 1)]), [8], [7], .deleteAndReload(p(0, 1))),
        (BatchUpdate(reconfiguredItems: [p(0, 9)]), [8], [8], .reconfigureMissingItem(p(0, 9), itemsBefore: 8)),
        (BatchUpdate(reconfiguredItems: [p(3, 0)]), [8], [8], .reconfigureMissingItem(p(3, 0), itemsBefore: 0)),
        (BatchUpdate(insertedItems: [p(0, 9)]), [8], [9], .insertMissingItem(p(0, 9), itemsAfter: 9)),
        (BatchUpdate(insertedSections: [4]), [8], [8, 0], .insertMissingSection(4, sectionsAfter: 2)),
        (
            BatchUpdate(movedSections: [SectionMove(from: 0, to: 1), SectionMove(from: 2, to: 1)]), [1, 1, 1],
            [1, 1, 1],
            .moveSectionsToOne(0, and: 2, to: 1)
        ),
        (
            BatchUpdate(movedItems: [ItemMove(from: p(0, 0), to: p(0, 1)), ItemMove(from: p(0, 0), to: p(0, 2))]), [3],
            [3],
            .moveItemTwice(p(0, 0), to: p(0, 1), and: p(0, 2))
        ),
        (
            // A move repeated as it was is dropped; one from the same item elsewhere, after it, breaks the rule.
            BatchUpdate(movedItems: [
                ItemMove(from: p(0, 0), to: p(0, 1)), ItemMove(from: p(0, 2), to: p(0, 3)),
                ItemMove(from: p(0, 0), to: p(0, 1)), ItemMove(from: p(0, 4), to: p(0, 5)),
                ItemMove(from: p(0, 4), to: p(0, 6)),
            ]), [7], [7],
            .moveItemTwice(p(0, 4), to: p(0, 5), and: p(0, 6))
        ),
        (
            BatchUpdate(insertedItems: [p(0, 0)], movedItems: [ItemMove(from: p(0, 2), to: p(0, 0))]), [3], [4],
            .insertAndMove(p(0, 0))
        ),
    ]
    for (update, before, after, rule) in cases {
        #expect(ruleBroken(by: update, before: before, after: after) == rule, "\(update)")
    }
}

@Test func countsThatDoNotAddUpCarryEveryNumberOfTheReason() {
    let update = BatchUpdate(movedItems: [ItemMove(from: p(0, 0), to: p(1, 0))])
    let rule = ruleBroken(by: update, before: [2, 2], after: [1, 2])
    #expect(
        rule
            == .countMismatch(
                UIKitRule.CountMismatch(
                    section: 1, before: 2, after: 2, inserted: 0, deleted: 0, movedIn: 1, movedOut: 0,
                    update: update, countsBefore: [2, 2], countsAfter: [1, 2])))
    let sections = ruleBroken(by: BatchUpdate(deletedSections: [0]), before: [1, 1], after: [1, 1])
    #expect(
        sections
            == .countMismatch(
                UIKitRule.CountMismatch(
                    section: nil, before: 2, after: 2, inserted: 0, deleted: 1,
                    update: BatchUpdate(deletedSections: [0]), countsBefore: [1, 1], countsAfter: [1, 1])))
}

@Test func oneRuleIsSaidInTheWordsOfEachVersion() throws {
    let update = BatchUpdate(deletedItems: [p(0, 1)])
    let rule = try #require(ruleBroken(by: update, before: [8], after: [9]))
    #expect(
        rule.reason(in: .table, on: IOSVersion(16)).hasPrefix("Invalid update: invalid number of rows in section 0. "))
    #expect(
        rule.reason(in: .collection(columns: 2), on: IOSVersion(16)).hasPrefix(
            "Invalid update: invalid number of items in section 0. "))
    #expect(
        rule.reason(in: .table, on: IOSVersion(16, 4)).hasPrefix(
            "Invalid batch updates detected: the number of sections and/or rows returned by the data source before "
                + "and/or after"
        ))
    #expect(rule.reason(in: .table, on: IOSVersion(17)).contains("before and after performing"))
    #expect(UIKitRule.countMismatchOutline(on: IOSVersion(13)) == "Invalid update: invalid number of ...")
    #expect(
        UIKitRule.countMismatchOutline(on: IOSVersion(26)) == "Invalid batch updates detected: ... before and after ..."
    )
}

/// One of every rule, to render.
private let everyRule: [UIKitRule] = [
    .deleteAndReload(p(0, 1)), .deleteAndMove(p(0, 1)), .deleteAndReconfigure(p(0, 1)), .insertAndMove(p(0, 1)),
    .deleteAndMoveSection(1), .insertAndMoveSection(1), .moveFromDeletedSection(1), .moveIntoInsertedSection(1),
    .deleteMissingSection(5, sectionsBefore: 1), .deleteFromMissingSection(p(5, 0), sectionsBefore: 1),
    .deleteMissingItem(p(0, 9), itemsBefore: 8), .reconfigureMissingItem(p(0, 9), itemsBefore: 8),
    .insertMissingSection(5, sectionsAfter: 1), .insertIntoMissingSection(p(5, 0), sectionsAfter: 1),
    .insertMissingItem(p(0, 9), itemsAfter: 8), .moveMissingSection(5, sectionsBefore: 3),
    .moveSectionPastEnd(from: 0, to: 5, sectionsAfter: 3), .moveSectionTwice(0, to: 1, and: 2),
    .moveSectionsToOne(0, and: 2, to: 1),
    .moveFromMissingSection(p(5, 0), sectionsBefore: 1), .moveMissingItem(p(0, 9), itemsBefore: 8),
    .moveToMissingSection(from: p(0, 0), to: p(5, 0), sectionsAfter: 1),
    .moveToMissingItem(from: p(0, 0), to: p(0, 9), itemsAfter: 8),
    .moveItemTwice(p(0, 0), to: p(0, 1), and: p(0, 2)), .moveItemsToOne(p(0, 0), and: p(0, 2), to: p(0, 1)),
    .countMismatch(
        UIKitRule.CountMismatch(
            section: 0, before: 8, after: 9, inserted: 0, deleted: 1, update: BatchUpdate(), countsBefore: [8],
            countsAfter: [9])),
    .noCell(p(0, 0)), .mutationBehindDiffableDataSource, .noRegistration(identifier: "Cell", elementKind: nil),
    .noRegistration(identifier: "Header", elementKind: "UICollectionElementKindSectionHeader"),
    .notOfKind("UITableViewCell"),
    .nibNotLoaded(name: "Cell"), .cellWithoutReuseIdentifier, .registrationMadeForACell,
    .scrollOutOfBounds(p(0, 9), itemCount: 8),
    .unrecognizedSelector("reconfigureRowsAtIndexPaths:", of: "UITableView"), .snapshot(.noSections),
    .snapshot(.parameterNotSatisfying(.toIndex)), .snapshot(.notInSnapshot(verb: .reconfigure, kind: .item, "404")),
    .sectionSnapshot(.notInSnapshot(role: .insertAfter, "404")),
]

@Test func everyRuleHasWordsForTablesAndCollectionsOnEveryVersion() {
    for rule in everyRule {
        for style in [ListStyle.table, .collection(columns: 3)] {
            for version in [IOSVersion(13), IOSVersion(16), IOSVersion(16, 4), IOSVersion(17), IOSVersion(26)] {
                let reason = rule.reason(in: style, on: version)
                #expect(!reason.isEmpty && !reason.hasPrefix(" ") && !reason.contains("\\("), "\(rule)")
                // Addresses are elided, so a reason is the same on every run.
                #expect(!reason.contains("0x") || reason.contains("0x…"), "\(rule)")
            }
        }
    }
    #expect(
        Set(everyRule.map { $0.reason(in: .table, on: .standard) }).count == everyRule.count,
        "two rules share their words")
    #expect(
        UIKitRule.snapshot(.parameterNotSatisfying(.toIndex)).reason(in: .table, on: .standard)
            == "Invalid parameter not satisfying: toIndex != NSNotFound")
    #expect(
        UIKitRule.noRegistration(identifier: "Cell", elementKind: nil).reason(
            in: .collection(columns: 2), on: .standard
        ).hasPrefix("could not dequeue a view of kind: UICollectionElementKindCell with identifier Cell - "))
    #expect(UIKitRule.scrollOutOfBounds(p(0, 9), itemCount: 8).exceptionName == "NSInvalidArgumentException")
    #expect(UIKitRule.noCell(p(0, 0)).exceptionName == "NSInternalInconsistencyException")
}

/// Phrases of UIKit's reasons: none may be written outside the words file,
/// so that the face, the shell and the server print what the core renders.
private let uiKitPhrases = [
    "attempt to", "Invalid update", "dequeue a", "unrecognized selector", "Diffable data source detected",
    "does not exist in", "Invalid batch updates", "NSIndexPath", "must register a nib", "Invalid parameter not",
    "not unique", "returned a nil cell", "must be updated via", "Could not load NIB", "must pass a class",
    "out-of-bounds", "does not have a reuseIdentifier",
]

@Test func uiKitsWordsAreWrittenInOneFile() throws {
    let sources = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../Sources")
        .standardizedFileURL
    let wordsFile = sources.appendingPathComponent("ListLabCore/Rules/UIKitWords.swift").path
    let files = try #require(FileManager.default.enumerator(atPath: sources.path)).compactMap { $0 as? String }.filter {
        $0.hasSuffix(".swift")
    }
    #expect(files.count > 100)
    var offenders: [String] = []
    for file in files.sorted() {
        let path = sources.appendingPathComponent(file).path
        guard path != wordsFile else { continue }
        let lines = try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n")
        for (number, line) in lines.enumerated() {
            // Comments and help texts may quote UIKit; a string literal that builds a reason may not.
            let code = line.trimmingCharacters(in: .whitespaces)
            guard !code.hasPrefix("//"), let quote = code.firstIndex(of: "\"") else { continue }
            let literal = code[quote...]
            if let phrase = uiKitPhrases.first(where: { literal.contains($0) }) {
                offenders.append("\(file):\(number + 1) says \"\(phrase)\"")
            }
        }
    }
    #expect(offenders == [])
}
