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
    #expect(
        book.grades == [
            .init(
                student: "Ada", lesson: "sorting.lab", exercise: 1, done: true, tries: 1, hintsSeen: 0,
                usedSolution: false, tabs: [2]),
            .init(
                student: "Ada", lesson: "sorting.lab", exercise: 2, done: true, tries: 3, hintsSeen: 2,
                usedSolution: true, tabs: [2, 5]),
            .init(
                student: "Grace", lesson: "sorting.lab", exercise: 1, done: true, tries: 1, hintsSeen: 0,
                usedSolution: false, tabs: [7]),
            .init(
                student: "tab 9", lesson: "moves.lab", exercise: 1, done: false, tries: 4, hintsSeen: 0,
                usedSolution: false, tabs: [9]),
        ])
    #expect(
        book.csv == "student,lesson,exercise,done,tries,hints seen,solution used,tabs\r\n"
            + "Ada,sorting.lab,1,yes,1,0,no,2\r\nAda,sorting.lab,2,yes,3,2,yes,2 5\r\n"
            + "Grace,sorting.lab,1,yes,1,0,no,7\r\ntab 9,moves.lab,1,no,4,0,no,9\r\n")
}

@Test func aNameASpreadsheetWouldRunOrSplitIsOneInertCell() {
    #expect(Gradebook.cell("=HYPERLINK(\"http://x\")") == "\"'=HYPERLINK(\"\"http://x\"\")\"")
    #expect(Gradebook.cell("+1") == "'+1")
    #expect(Gradebook.cell("@SUM(A1)") == "'@SUM(A1)")
    #expect(Gradebook.cell("Lovelace, Ada") == "\"Lovelace, Ada\"")
    #expect(Gradebook.cell("Ada") == "Ada")
    let book = Gradebook([tab(1, "-2+3", [exercise("a,b.lab", 1, tries: 1)])])
    #expect(book.csv.hasSuffix("\r\n'-2+3,\"a,b.lab\",1,no,1,0,no,1\r\n"))
}
