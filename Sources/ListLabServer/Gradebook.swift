import ListLabShell

/// A class's grades: for each student and each exercise they checked,
/// whether a Check passed, how many tries it took, how many of its hints
/// they were shown, and whether they ran the lesson's Solution, gathered
/// from every tab the student worked in, open or ended (a tab's last status
/// is kept when it ends). A tab whose student gave no name is graded as
/// `tab N (no name)`.
///
/// The teacher's page downloads it as CSV (`/teacher/grades.csv`,
/// ``ExerciseGrade/csv(_:sourcesColumn:)``, as `listlab grade` writes it),
/// in an order of its own (student, lesson, exercise), never the order tabs
/// opened.
struct Gradebook: Equatable {
    /// The grades, by student, lesson and exercise; each one's sources are its tabs' numbers.
    var grades: [ExerciseGrade]

    /// The grades of the tabs `statuses`, each student's tabs taken together.
    init(_ statuses: [TabStatus]) {
        var byExercise: [String: (grade: ExerciseGrade, tabs: [Int])] = [:]
        // The presenter's tab steps through the lessons for the room: not a student's work.
        for status in statuses where !status.presenting {
            // A tab with no name is graded apart from any student's name (one may type "tab 3").
            let student = status.student ?? "tab \(status.number) (no name)"
            for exercise in status.exercises {
                let key = "\(status.student ?? "\u{0}\(status.number)")\u{0}\(exercise.lesson)\u{0}\(exercise.number)"
                var (grade, tabs) =
                    byExercise[key]
                    ?? (ExerciseGrade(student: student, lesson: exercise.lesson, exercise: exercise.number), [])
                grade.done = grade.done || exercise.done
                grade.tries += exercise.tries
                grade.hintsSeen = max(grade.hintsSeen, exercise.hintsSeen)
                grade.usedSolution = grade.usedSolution || exercise.usedSolution
                if !tabs.contains(status.number) { tabs.append(status.number) }
                byExercise[key] = (grade, tabs)
            }
        }
        grades = ExerciseGrade.sorted(
            byExercise.values.map { entry in
                var grade = entry.grade
                grade.sources = entry.tabs.sorted().map(String.init)
                return grade
            })
    }

    /// The grades as CSV, their tabs last.
    var csv: String { ExerciseGrade.csv(grades, sourcesColumn: "tabs") }
}
