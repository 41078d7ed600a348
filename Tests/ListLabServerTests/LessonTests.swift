import ListLabShell
import Testing

@testable import ListLabServer

/// A lesson's exercise: Barry Allen first and selected, with a hint and the lesson's solution.
private let exerciseLesson = """
    Exercise
    ========

      > load contacts
      loaded 8 items into an array provider (1 section)
      > viewport 3
      viewport 3 rows: rows 0-2 of 8
      > exercise Put Barry Allen first, then select him.
      exercise: Put Barry Allen first, then select him.
      > exercise hint 'move FROM TO' moves a row.
      hint: 'move FROM TO' moves a row.
      > move 0.3 0.0
      moved 0.3 -> 0.0: Barry Allen
      > select 0.0
      selected 0.0: Barry Allen
      > exercise check

    """

/// What `exercise check` prints after `commands`, in a fresh session on the contacts sample.
private func checked(after commands: [String]) -> [String] {
    let output = RecordingOutput()
    let session = Session(output: output)
    for command in ["load contacts", "viewport 3"] + commands { session.execute(command) }
    output.clear()
    session.execute("exercise check")
    return output.lines
}

/// Check compares the state, not the screen: the lesson's answer scrolled elsewhere passes, and
/// a batch update that moved rows on screen but not in the data does not. "Not yet" says the
/// first lines that differ, the learner's and the lesson's, never the whole answer.
@Test func aCheckComparesTheStateNotTheScreen() {
    let expected = Transcript.expectedLines(for: checked(after: ["move 0.3 0.0", "select 0.0"]))
    #expect(expected.count == 12)
    #expect(OutputMatcher.matches(expected, checked(after: ["move 0.3 0.0", "select 0.0", "scroll bottom"])))
    let onScreenOnly = checked(after: ["batch move 0.3 0.0", "select 0.0"])
    #expect(!OutputMatcher.matches(expected, onScreenOnly))
    let said = Lesson.differences(expected: expected, printed: onScreenOnly)
    #expect(
        said == [
            #"yours:      0.0  {"id":1,"name":"Bruce Wayne","phone":"555-0101","city":"Gotham"}"#,
            #"wanted:     0.0  {"id":4,"name":"Barry Allen","phone":"555-0104","city":"Central City"}"#,
            #"yours:      0.1  {"id":2,"name":"Clark Kent","phone":"555-0102","city":"Metropolis"}"#,
            #"wanted:     0.1  {"id":1,"name":"Bruce Wayne","phone":"555-0101","city":"Gotham"}"#,
        ])
    // Missing lines are said as missing.
    #expect(
        Lesson.differences(expected: [.literal("a"), .literal("b")], printed: ["a"]) == [
            "yours:  (nothing more)", "wanted: b",
        ])
    #expect(
        Lesson.differences(expected: [.anyLines], printed: ["a"]) == [
            "your state differs from the one the exercise asks for"
        ])
}

/// The mistake the lessons teach: the data loses Diana Prince and a hand-made batch update deletes
/// another row. UIKit accepts it (the counts agree) and the phone still shows Diana: not yet,
/// naming the row as the learner's screen shows it. A stale row off screen is not judged: UIKit
/// asks for it again when it scrolls on.
@Test func aCheckSeesARowTheScreenShowsThatTheDataNoLongerHas() {
    let expected = Transcript.expectedLines(for: checked(after: ["delete 0.2"]))
    let stale = checked(after: ["delete 0.2 --data-only", "batch delete 0.5"])
    #expect(
        checked(after: ["delete 0.2 --data-only", "batch delete 0.2"]).contains(
            "screen: each row on screen shows its item"))
    #expect(!OutputMatcher.matches(expected, stale))
    #expect(
        Lesson.differences(expected: expected, printed: stale) == [
            #"yours:  screen: 0.2 shows "Diana Prince — 555-0103", where its item shows "Barry Allen — 555-0104""#,
            "wanted: screen: each row on screen shows its item",
        ])
    let scrolledAway = checked(after: ["delete 0.2 --data-only", "batch delete 0.5", "scroll bottom"])
    #expect(
        OutputMatcher.matches(expected, scrolledAway),
        "the stale cell went back to its queue: the rows on screen are right")
}

/// `exercise hint` lines are hints: never a step, not counted as one, and not run by Solution.
@Test func hintsAreNeitherStepsNorPartOfTheSolution() {
    let lesson = Lesson(name: "exercise.lab", text: exerciseLesson)
    #expect(lesson.roles == [.step, .step, .task, .hint, .solution, .solution, .check])
    #expect(lesson.stepsShown(before: lesson.commandCount) == 4)
    #expect(lesson.stepsShown(before: 4) == 3)
}
