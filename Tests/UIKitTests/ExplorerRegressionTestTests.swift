import Foundation
import ListLabCore
import Testing

@testable import UIKit

// What a failure prints must fail the same way when pasted: the screen laid out between the calls as the explorer
// lays it out, or the pasted calls meet a list that never asked its data source and fail otherwise (a trial's
// finding: a pasted test of an inbox by day raised at its second call, with other counts).

/// An inbox grouped by day, whose "clear read" deletes the read rows but not the days they empty.
final class DayInboxController: UITableViewController {
    private(set) var days: [(day: Int, subjects: [String], read: [Bool])] = []
    let isBuggy: Bool

    init(buggy: Bool) {
        isBuggy = buggy
        super.init(style: .plain)
    }

    required init?(coder: NSCoder) { fatalError("init(coder:) has not been implemented") }

    override func viewDidLoad() {
        super.viewDidLoad()
        tableView.register(UITableViewCell.self, forCellReuseIdentifier: "message")
    }

    override func numberOfSections(in tableView: UITableView) -> Int { days.count }
    override func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int {
        days[section].subjects.count
    }
    override func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
        let cell = tableView.dequeueReusableCell(withIdentifier: "message", for: indexPath)
        let day = days[indexPath.section]
        cell.textLabel?.text = day.subjects[indexPath.row]
        cell.detailTextLabel?.text = day.read[indexPath.row] ? "read" : "unread"
        return cell
    }

    func receive(day: Int) {
        if let section = days.firstIndex(where: { $0.day == day }) {
            days[section].subjects.append("Day \(day) #\(days[section].subjects.count + 1)")
            days[section].read.append(false)
            tableView.insertRows(at: [IndexPath(row: days[section].subjects.count - 1, section: section)], with: .fade)
        } else {
            let section = days.firstIndex(where: { $0.day > day }) ?? days.count
            days.insert((day, ["Day \(day) #1"], [false]), at: section)
            tableView.insertSections(IndexSet(integer: section), with: .fade)
        }
    }

    func markFirstRead() {
        guard let section = days.firstIndex(where: { $0.read.contains(false) }),
            let row = days[section].read.firstIndex(of: false)
        else { return }
        days[section].read[row] = true
        tableView.reloadRows(at: [IndexPath(row: row, section: section)], with: .none)
    }

    func clearRead() {
        var rows: [IndexPath] = []
        var emptied = IndexSet()
        for (section, day) in days.enumerated() {
            rows += day.read.indices.filter { day.read[$0] }.map { IndexPath(row: $0, section: section) }
            if day.read.allSatisfy({ $0 }) { emptied.insert(section) }
        }
        guard !rows.isEmpty else { return }
        days = days.map { day in
            let kept = day.read.indices.filter { !day.read[$0] }
            return (day.day, kept.map { day.subjects[$0] }, kept.map { _ in false })
        }.filter { !$0.subjects.isEmpty }
        tableView.performBatchUpdates {
            if isBuggy {
                tableView.deleteRows(at: rows, with: .fade)
            } else {
                tableView.deleteSections(emptied, with: .fade)
                tableView.deleteRows(at: rows.filter { !emptied.contains($0.section) }, with: .fade)
            }
        }
    }
}

@MainActor
private func dayInboxExplorer(buggy: Bool, seed: UInt64 = 1, steps: Int = 300, runs: Int = 1)
    -> ScreenExplorer<DayInboxController>
{
    ScreenExplorer(
        seed: seed, steps: steps, runs: runs,
        screen: {
            let screen = DayInboxController(buggy: buggy)
            screen.loadViewIfNeeded()
            return screen
        }, list: { $0.tableView },
        actions: [
            .init("receive") { screen, random in
                let day = random.next(upTo: 3)
                screen.receive(day: day)
                return "screen.receive(day: \(day))"
            },
            .init("mark read") { screen, _ in
                screen.markFirstRead()
                return "screen.markFirstRead()"
            },
            .init("clear read") { screen, _ in
                screen.clearRead()
                return "screen.clearRead()"
            },
        ])
}

/// Runs a regression test's lines as pasted, for the calls the day inbox's actions print: the lines a
/// person pastes, read back (an unknown line is an issue).
@MainActor
private func runPasted(_ lines: [String], on screen: DayInboxController) -> UIKitException? {
    UIKitException.catching {
        for line in lines.map({ $0.hasPrefix("    ") ? String($0.dropFirst(4)) : $0 }) {
            switch line {
            case "let exception = UIKitException.catching {", "}", "#expect(exception == nil)": break
            case "screen.view.layoutIfNeeded()": screen.view.layoutIfNeeded()
            case "screen.markFirstRead()": screen.markFirstRead()
            case "screen.clearRead()": screen.clearRead()
            case "#expect(screen.view.firstStaleRow() == nil)": break
            default:
                guard line.hasPrefix("screen.receive(day: "), let day = Int(line.dropFirst(20).dropLast()) else {
                    Issue.record("a line the test cannot run: \(line)")
                    return
                }
                screen.receive(day: day)
            }
        }
    }
}

@Test @MainActor func aFailurePastedAsPrintedFailsTheSameWay() throws {
    let failure = try #require(dayInboxExplorer(buggy: true).run())
    let lines = failure.regressionTest
    // Caught, so that a pasted test fails in UIKit's words rather than end the tests' process.
    #expect(lines.first == "let exception = UIKitException.catching {")
    #expect(lines.suffix(2) == ["}", "#expect(exception == nil)"])
    // The screen is laid out first, and after each call, as the explorer laid it out.
    let body = lines.dropFirst().dropLast(2).map { String($0.dropFirst(4)) }
    #expect(body.count == 1 + 2 * failure.calls.count)
    #expect(stride(from: 1, to: body.count, by: 2).map { body[$0] } == failure.calls)
    #expect(stride(from: 0, to: body.count, by: 2).allSatisfy { body[$0] == "screen.view.layoutIfNeeded()" })
    #expect(failure.reason.contains("Invalid update: invalid number of sections"))
    let screen = DayInboxController(buggy: true)
    screen.loadViewIfNeeded()
    let pasted = try #require(runPasted(lines, on: screen))
    #expect(pasted.description == failure.reason)
    // Without a layout first, a call meets a list that never asked its data source, which asks it after the
    // change, as UIKit does: the second message of a day then raises, where on screen it does not.
    let unlaid = DayInboxController(buggy: true)
    unlaid.loadViewIfNeeded()
    let twice = ["screen.receive(day: 0)", "screen.receive(day: 0)"]
    #expect(runPasted(twice, on: unlaid)?.reason.contains("invalid number of rows") == true)
    let laid = DayInboxController(buggy: true)
    laid.loadViewIfNeeded()
    #expect(runPasted(twice.flatMap { ["screen.view.layoutIfNeeded()", $0] }, on: laid) == nil)
    #expect("\(failure)".contains("        screen.view.layoutIfNeeded()\n"))
}

@Test @MainActor func twoFailuresOfOneRuleAreAlikeWhateverTheirCounts() {
    typealias Explorer = ScreenExplorer<DayInboxController>
    let few = UIKitException(.deleteMissingItem(.init(0, 9), itemsBefore: 8))
    let many = UIKitException(.deleteMissingItem(.init(3, 120), itemsBefore: 14))
    #expect(few.reason != many.reason)
    #expect(Explorer.signature(of: few) == Explorer.signature(of: many))
    #expect(
        Explorer.signature(of: few)
            != Explorer.signature(of: UIKitException(.insertMissingItem(.init(0, 9), itemsAfter: 8))))
    // A count mismatch of sections is another failure than one of rows.
    let raised = UIKitException.catching {
        let screen = DayInboxController(buggy: true)
        screen.loadViewIfNeeded()
        screen.view.layoutIfNeeded()
        screen.receive(day: 1)
        screen.view.layoutIfNeeded()
        screen.markFirstRead()
        screen.clearRead()
    }
    #expect(raised.map(Explorer.signature(of:)) == "rule countMismatch of sections")
    // An exception of no rule of the face's: its reason, each run of digits one mark.
    #expect(
        Explorer.signature(of: UIKitException(name: "NSRangeException", reason: "index 10 beyond bounds [0 .. 3]"))
            == Explorer.signature(
                of: UIKitException(name: "NSRangeException", reason: "index 7 beyond bounds [0 .. 12]")))
}

@Test @MainActor func manyShortRunsFindWhatOneLongOneDoesAndTheFixedScreenPasses() throws {
    // Ten steps a run, each run on a screen of its own.
    let failure = try #require(dayInboxExplorer(buggy: true, steps: 10, runs: 200).run())
    #expect(failure.calls.count <= 3)
    #expect(failure.calls.last == "screen.clearRead()")
    #expect(dayInboxExplorer(buggy: false, steps: 20, runs: 500).run() == nil)
    // The same seed, the same failure.
    #expect(dayInboxExplorer(buggy: true, steps: 10, runs: 200).run() == failure)
}

@Test @MainActor func aSearchBoundedByTimeStopsWithinARunAndSaysHowFarItWent() {
    // One run far longer than the time allows: the time ends it between two steps.
    var explorer = dayInboxExplorer(buggy: false, steps: 10_000_000, runs: 1)
    explorer.timeLimit = .milliseconds(200)
    let started = ContinuousClock.now
    let searched = explorer.search()
    #expect(ContinuousClock.now - started < .seconds(20))
    #expect(searched.failure == nil)
    #expect(searched.outOfTime)
    #expect(searched.runs == 1)
    #expect(searched.steps > 0 && searched.steps < 10_000_000)
    // A search that ends in time says so too.
    let whole = dayInboxExplorer(buggy: false, steps: 20, runs: 30).search()
    #expect(!whole.outOfTime && whole.runs == 30 && whole.steps == 600 && whole.failure == nil)
}

@Test @MainActor func aFailureShrinksToTheFewestStepsWhateverTheSeed() throws {
    // The fewest steps: a message, read, cleared. Taking steps away again after the values are simplified
    // finds them (a trial's shrinks stopped a step or two short).
    for seed in UInt64(1)...10 {
        let failure = try #require(dayInboxExplorer(buggy: true, seed: seed).run())
        #expect(failure.calls.count == 3, "seed \(seed): \(failure.calls)")
    }
}

@Test @MainActor func shrinkingTakesStepsAwayAgainOnceTheirValuesAreSimplest() {
    // A failure that needs two plain "receive" steps before "clear", or one receive with the simplest values: no step
    // can go until the values are simplified, and then one can (a trial's shrinks stopped a step short so).
    typealias Explorer = ScreenExplorer<DayInboxController>
    func outcome(of steps: [Explorer.Step]) -> Explorer.Outcome? {
        guard let clear = steps.firstIndex(where: { $0.action == 2 }) else { return nil }
        let receives = steps[..<clear].filter { $0.action == 0 }
        guard receives.count >= 2 || receives.contains(where: \.simplest) else { return nil }
        return Explorer.Outcome(step: clear, calls: [], reason: "", signature: "the rule")
    }
    let failing = [
        Explorer.Step(action: 0, seed: 5), Explorer.Step(action: 0, seed: 9), Explorer.Step(action: 2, seed: 3),
    ]
    var shrinking = Explorer.Shrinking(failing, like: "the rule", budget: 1_000)
    while let candidate = shrinking.candidate() { shrinking.accept(outcome(of: candidate)) }
    #expect(shrinking.current.map(\.action) == [0, 2])
    #expect(shrinking.current.allSatisfy { $0.simplest })
}
