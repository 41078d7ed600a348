/// A class's grades: for each student and each exercise they checked,
/// whether a Check passed, how many tries it took, how many of its hints
/// they were shown, and whether they ran the lesson's Solution, gathered from every tab the student worked in, open or
/// ended (a tab's last status is kept when it ends). A tab whose student gave
/// no name is graded as `tab N`.
///
/// The teacher's page downloads it as CSV (`/teacher/grades.csv`), in an
/// order of its own (student, lesson, exercise), never the order tabs opened.
struct Gradebook: Equatable {
    /// One student's exercise.
    struct Grade: Equatable {
        /// The student's name, or `tab N` for a tab without one.
        var student: String
        /// The lesson's name.
        var lesson: String
        /// The exercise's number in its lesson, from 1.
        var exercise: Int
        /// Whether a Check passed, in any of the student's tabs.
        var done: Bool
        /// The Checks pressed, in all of the student's tabs.
        var tries: Int
        /// The most of its hints the student was shown, in any tab.
        var hintsSeen: Int
        /// Whether the student ran the lesson's Solution for it.
        var usedSolution: Bool
        /// The tabs the student worked on it in, by number.
        var tabs: [Int]
    }

    /// The grades, by student, lesson and exercise.
    var grades: [Grade]

    /// The grades of the tabs `statuses`, each student's tabs taken together.
    init(_ statuses: [TabStatus]) {
        var byExercise: [String: Grade] = [:]
        for status in statuses {
            let student = status.student ?? "tab \(status.number)"
            for exercise in status.exercises {
                let key = "\(student)\u{0}\(exercise.lesson)\u{0}\(exercise.number)"
                var grade =
                    byExercise[key]
                    ?? Grade(
                        student: student, lesson: exercise.lesson, exercise: exercise.number, done: false, tries: 0,
                        hintsSeen: 0, usedSolution: false, tabs: [])
                grade.done = grade.done || exercise.done
                grade.tries += exercise.tries
                grade.hintsSeen = max(grade.hintsSeen, exercise.hintsSeen)
                grade.usedSolution = grade.usedSolution || exercise.usedSolution
                if !grade.tabs.contains(status.number) { grade.tabs.append(status.number) }
                byExercise[key] = grade
            }
        }
        grades = byExercise.values.sorted {
            ($0.student, $0.lesson, $0.exercise) < ($1.student, $1.lesson, $1.exercise)
        }
        for index in grades.indices { grades[index].tabs.sort() }
    }

    /// The grades as CSV (RFC 4180, with a header line): a spreadsheet opens
    /// it. A cell that a spreadsheet would take for a formula (a student may
    /// name themselves `=HYPERLINK(…)`) starts with an apostrophe.
    var csv: String {
        var out = "student,lesson,exercise,done,tries,hints seen,solution used,tabs\r\n"
        for grade in grades {
            let cells = [
                Self.cell(grade.student), Self.cell(grade.lesson), "\(grade.exercise)", grade.done ? "yes" : "no",
                "\(grade.tries)", "\(grade.hintsSeen)", grade.usedSolution ? "yes" : "no",
                Self.cell(grade.tabs.map(String.init).joined(separator: " ")),
            ]
            out += cells.joined(separator: ",") + "\r\n"
        }
        return out
    }

    /// `text` as one CSV cell: quoted when it holds a comma, a quote or a
    /// line break, and defused when it starts as a formula would.
    static func cell(_ text: String) -> String {
        var text = text
        if let first = text.first, "=+-@\t\r".contains(first) { text = "'" + text }
        guard text.contains(where: { ",\"\r\n".contains($0) }) else { return text }
        return "\"" + text.split(separator: "\"", omittingEmptySubsequences: false).joined(separator: "\"\"") + "\""
    }
}
