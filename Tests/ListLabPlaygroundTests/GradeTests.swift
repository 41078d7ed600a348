import Foundation
import ListLabShell
import ListLabTestSupport
import Testing

@testable import ListLabPlayground

private func listlab(_ arguments: [String]) -> (status: Int32, output: ToolOutput) {
    let output = ToolOutput()
    return (Playground.listlab.run(arguments: arguments, output: output), output)
}

/// A transcript of `commands` run in a new session, with `notes` written before the command at each index.
private func transcript(_ commands: [String], notes: [Int: String] = [:]) throws -> String {
    let session = Session(output: RecordingOutput())
    for (index, command) in commands.enumerated() {
        if let note = notes[index] { session.noteInTranscript(note) }
        session.execute(command)
    }
    return try session.transcript(named: "run.lab").text
}

/// `listlab grade` judges each check by the lesson's own, not by what the student's transcript
/// recorded: a run whose recorded check was edited to read as the lesson's is "no"; the hints and the
/// Solution are read from the classroom's marks.
@Test func gradeJudgesEachCheckByTheLessonNotByTheReplay() throws {
    let folder = try TemporaryFolder()
    let lesson = ["load contacts", "exercise Put Barry Allen first.", "move 0.3 0.0", "exercise check"]
    let lessonText = try transcript(lesson)
    try folder.write("lessons/barry.lab", lessonText)
    // Ada: a wrong move, checked twice (a hint between), undone, then the Solution and a Check that passes.
    try folder.write(
        "collected/tab-3-Ada/1-barry.lab",
        try transcript(
            [
                "load contacts", "exercise Put Barry Allen first.", "move 0.1 0.0", "exercise check",
                "exercise check", "move 0.0 0.1", "move 0.3 0.0", "exercise check",
            ],
            notes: [
                4: LessonGrader.hintMark(1, of: 2, text: "Barry is at `0.3`."),
                6: LessonGrader.solutionMark + ", not typed by the student.",
            ]))
    // Eve: a wrong move, checked; her run replays as it was recorded.
    try folder.write(
        "collected/tab-4-Eve/1-barry.lab",
        try transcript(["load contacts", "exercise Put Barry Allen first.", "move 0.1 0.0", "exercise check"]))
    try folder.write("collected/tab-4-Eve/own.lab", try transcript(["load contacts"]))
    // Mallory: no move, and the check's recorded output edited to be the lesson's.
    let mallory = try transcript(["load contacts", "exercise Put Barry Allen first.", "exercise check"])
    let lessonCheck = try #require(lessonText.range(of: "  > exercise check\n")).upperBound
    let malloryCheck = try #require(mallory.range(of: "  > exercise check\n")).upperBound
    try folder.write(
        "collected/tab-5-Mallory/1-barry.lab", String(mallory[..<malloryCheck]) + lessonText[lessonCheck...])
    let (status, output) = listlab(["grade", folder.path + "/collected", folder.path + "/lessons"])
    #expect(status == 0, "\(output.standardError)")
    #expect(
        output.standardOutput
            == "student,lesson,exercise,done,tries,hints seen,solution used,files\r\n"
            + "Ada,barry.lab,1,yes,3,1,yes,tab-3-Ada/1-barry.lab\r\n"
            + "Eve,barry.lab,1,no,1,0,no,tab-4-Eve/1-barry.lab\r\n"
            + "Mallory,barry.lab,1,no,1,0,no,tab-5-Mallory/1-barry.lab\r\n")
    // Eve's wrong answer replays: `listlab test` passes it, which is why a replay is not a grade.
    #expect(listlab(["test", folder.path + "/collected/tab-4-Eve/1-barry.lab"]).status == 0)
}

@Test func aRunOfALessonThatIsNotThereIsSaidAndFailsTheGrading() throws {
    let folder = try TemporaryFolder()
    try folder.write("lessons/barry.lab", try transcript(["load contacts", "exercise Do it.", "exercise check"]))
    try folder.write("collected/tab-1-Ada/1-moves.lab", try transcript(["load contacts"]))
    let (status, output) = listlab(["grade", folder.path + "/collected", folder.path + "/lessons"])
    #expect(status == 1)
    #expect(output.standardError.contains("tab-1-Ada/1-moves.lab: no lesson in "))
    #expect(output.standardOutput == "student,lesson,exercise,done,tries,hints seen,solution used,files\r\n")
}
