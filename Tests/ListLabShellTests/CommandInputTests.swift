import ListLabTestSupport
import Testing

@testable import ListLabShell

// Where commands come from, on its own: the commands entered, a script's depth and echo, and its bounds.

@Test func aScriptRunsDeeperAndEchoesOnlyWhileItRuns() {
    let input = CommandInput()
    input.enter("run a.lab")
    #expect(input.isEntered && input.history == ["run a.lab"])
    input.inScript(nested: 1, echoing: true) {
        #expect(!input.isEntered && input.depth == 1 && input.echoesCommands)
        struct Stop: Error {}
        // A script that fails part-way leaves the input as it found it.
        #expect(throws: Stop.self) { try input.inScript(nested: 1, echoing: false) { throw Stop() } }
        #expect(input.depth == 1 && input.echoesCommands)
    }
    #expect(input.isEntered && !input.echoesCommands)
    // `listlab run FILE`: its commands count as entered.
    input.inScript(nested: 0, echoing: false) { #expect(input.isEntered) }
}

@Test func scriptsStopTogetherPastTheirBoundAndTheNextCommandEnteredStartsAgain() {
    let input = CommandInput()
    input.scriptWasStopped = true
    for _ in 0..<CommandInput.maximumScriptCommands { #expect(input.countScriptCommand()) }
    #expect(!input.scriptCommandsAreSpent && !input.scriptsStopped)
    #expect(!input.countScriptCommand())
    #expect(input.scriptCommandsAreSpent && input.scriptsStopped)
    input.enter("show")
    #expect(!input.scriptsStopped && !input.scriptWasStopped)
    // The bound is the session's, not a command's: it stays spent.
    #expect(input.scriptCommandsAreSpent)
}

@Test func onlyTheSessionsOwnCommandsAreGivenTheSession() {
    // Every other command works with a CommandContext: the data, the list and the output.
    let onSession = Command.all.filter { if case .onSession = $0.run { true } else { false } }.map(\.name)
    #expect(onSession == ["explore", "trace", "run", "session", "history", "quit"])
}

/// A bounded history (a classroom tab's) forgets its oldest commands past its bytes, keeps the
/// latest, and counts what it holds.
@Test func aBoundedHistoryForgetsItsOldestCommandsAndCountsItsBytes() {
    let input = CommandInput()
    input.historyLimit = 10_000
    for number in 0..<100 { input.enter("select \(number) " + String(repeating: "x", count: 490)) }
    let bytes = input.history.map(\.utf8.count).reduce(0, +)
    #expect(input.historyBytes == bytes)
    #expect(bytes <= 10_000 && bytes >= 5_000, "\(bytes)")
    #expect(input.history.last?.hasPrefix("select 99 ") == true)
    #expect(input.history.first?.hasPrefix("select 0 ") == false)
    // Unbounded, nothing is forgotten.
    let unbounded = CommandInput()
    for number in 0..<100 { unbounded.enter("select \(number)") }
    #expect(unbounded.history.count == 100)
}
