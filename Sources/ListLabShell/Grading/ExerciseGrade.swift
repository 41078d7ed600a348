/// One student's exercise, graded: whether a Check passed, the Checks it
/// took, the hints they were shown and whether the lesson's Solution ran.
/// The teacher's gradebook (`/teacher/grades.csv`) and `listlab grade` both
/// write these, as the same CSV.
public struct ExerciseGrade: Hashable, Sendable {
    /// The student's name (or what stands for it: `tab N`, a tab's folder).
    public var student: String
    /// The lesson's name.
    public var lesson: String
    /// The exercise's number in its lesson, from 1.
    public var exercise: Int
    /// Whether a Check passed.
    public var done = false
    /// The Checks pressed.
    public var tries = 0
    /// The most of its hints the student was shown.
    public var hintsSeen = 0
    /// Whether the lesson's Solution ran for it.
    public var usedSolution = false
    /// Where the work was done: the tabs' numbers, or the files graded.
    public var sources: [String] = []

    /// Creates a grade of nothing done yet.
    public init(student: String, lesson: String, exercise: Int) {
        self.student = student
        self.lesson = lesson
        self.exercise = exercise
    }

    /// `grades` in the order of a gradebook: by student, lesson and exercise.
    public static func sorted(_ grades: [ExerciseGrade]) -> [ExerciseGrade] {
        grades.sorted { ($0.student, $0.lesson, $0.exercise) < ($1.student, $1.lesson, $1.exercise) }
    }

    /// `grades` as CSV (RFC 4180, with a header line naming `sources`'
    /// column): a spreadsheet opens it. A cell a spreadsheet would take for
    /// a formula (a student may name themselves `=HYPERLINK(…)`) starts with
    /// an apostrophe.
    public static func csv(_ grades: [ExerciseGrade], sourcesColumn: String) -> String {
        var out = "student,lesson,exercise,done,tries,hints seen,solution used,\(cell(sourcesColumn))\r\n"
        for grade in grades {
            let cells = [
                cell(grade.student), cell(grade.lesson), "\(grade.exercise)", grade.done ? "yes" : "no",
                "\(grade.tries)", "\(grade.hintsSeen)", grade.usedSolution ? "yes" : "no",
                cell(grade.sources.joined(separator: " ")),
            ]
            out += cells.joined(separator: ",") + "\r\n"
        }
        return out
    }

    /// `text` as one CSV cell: quoted when it holds a comma, a quote or a
    /// line break, and defused when it starts as a formula would.
    public static func cell(_ text: String) -> String {
        var text = text
        if let first = text.first, "=+-@\t\r".contains(first) { text = "'" + text }
        guard text.contains(where: { ",\"\r\n".contains($0) }) else { return text }
        return "\"" + text.split(separator: "\"", omittingEmptySubsequences: false).joined(separator: "\"\"") + "\""
    }
}
