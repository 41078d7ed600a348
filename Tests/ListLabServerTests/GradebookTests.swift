import ListLabShell
import Testing

@testable import ListLabServer

private func tab(_ number: Int, _ student: String?, _ exercises: [ExerciseStatus]) -> TabStatus {
    var status = TabStatus(number: number)
    status.student = student
    status.exercises = exercises
    return status
}

private func exercise(
    _ lesson: String, _ number: Int, tries: Int, done: Bool = false, hints: Int = 0, solution: Bool = false
) -> ExerciseStatus {
    ExerciseStatus(lesson: lesson, number: number, tries: tries, done: done, usedSolution: solution, hintsSeen: hints)
}

@Test func aStudentsTabsAreGradedTogetherInAnOrderOfTheGradebooksOwn() {
    let book = Gradebook([
        tab(7, "Grace", [exercise("sorting.lab", 1, tries: 1, done: true)]),
        // Ada's first tab ended after two tries; her second passed with the Solution.
        tab(
            2, "Ada",
            [exercise("sorting.lab", 2, tries: 2, hints: 2), exercise("sorting.lab", 1, tries: 1, done: true)]),
        tab(5, "Ada", [exercise("sorting.lab", 2, tries: 1, done: true, hints: 1, solution: true)]),
        tab(9, nil, [exercise("moves.lab", 1, tries: 4)]),
        tab(3, "Alan", []),
    ])
    func grade(
        _ student: String, _ lesson: String, _ number: Int, done: Bool, tries: Int, hints: Int, solution: Bool,
        tabs: [String]
    ) -> ExerciseGrade {
        var grade = ExerciseGrade(student: student, lesson: lesson, exercise: number)
        (grade.done, grade.tries, grade.hintsSeen, grade.usedSolution, grade.sources) = (
            done, tries, hints, solution, tabs
        )
        return grade
    }
    #expect(
        book.grades == [
            grade("Ada", "sorting.lab", 1, done: true, tries: 1, hints: 0, solution: false, tabs: ["2"]),
            grade("Ada", "sorting.lab", 2, done: true, tries: 3, hints: 2, solution: true, tabs: ["2", "5"]),
            grade("Grace", "sorting.lab", 1, done: true, tries: 1, hints: 0, solution: false, tabs: ["7"]),
            grade("tab 9 (no name)", "moves.lab", 1, done: false, tries: 4, hints: 0, solution: false, tabs: ["9"]),
        ])
    #expect(
        book.csv == "student,lesson,exercise,done,tries,hints seen,solution used,tabs\r\n"
            + "Ada,sorting.lab,1,yes,1,0,no,2\r\nAda,sorting.lab,2,yes,3,2,yes,2 5\r\n"
            + "Grace,sorting.lab,1,yes,1,0,no,7\r\ntab 9 (no name),moves.lab,1,no,4,0,no,9\r\n")
}

@Test func aNameASpreadsheetWouldRunOrSplitIsOneInertCell() {
    #expect(ExerciseGrade.cell("=HYPERLINK(\"http://x\")") == "\"'=HYPERLINK(\"\"http://x\"\")\"")
    #expect(ExerciseGrade.cell("+1") == "'+1")
    #expect(ExerciseGrade.cell("@SUM(A1)") == "'@SUM(A1)")
    #expect(ExerciseGrade.cell("Lovelace, Ada") == "\"Lovelace, Ada\"")
    #expect(ExerciseGrade.cell("Ada") == "Ada")
    let book = Gradebook([tab(1, "-2+3", [exercise("a,b.lab", 1, tries: 1)])])
    #expect(book.csv.hasSuffix("\r\n'-2+3,\"a,b.lab\",1,no,1,0,no,1\r\n"))
}
