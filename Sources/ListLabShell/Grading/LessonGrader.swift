/// Grades a student's run of a lesson, as a classroom collected it, against
/// the teacher's lesson (`listlab grade`): the student's commands are
/// replayed in a fresh, confined session, and each `exercise check` is
/// judged by what it prints now against what the lesson's own check
/// recorded. A replay that passes is not a grade: the student's transcript
/// records what their check printed, right or wrong, and a transcript can
/// be edited; only the lesson says what is right. The hints and the
/// Solution are read from the marks a classroom writes before those steps.
public struct LessonGrader: Sendable {
    /// One exercise of the lesson: its task line and what its check printed.
    struct Exercise: Sendable {
        var task: String
        var expected: [ExpectedLine]
        /// Its number, as the classroom counts them: its check's among the lesson's checks.
        var number: Int
    }

    /// The lesson's name.
    public let name: String
    let exercises: [Exercise]

    /// The grader of the lesson `name`, whose transcript is `text`; nil when
    /// it has no exercise.
    public init?(name: String, text: String) {
        var exercises: [Exercise] = []
        var task: String?
        var checks = 0
        for block in Transcript(text: text).blocks {
            switch Self.exerciseWord(of: block.command) {
            case .task: task = block.command
            case .check:
                checks += 1
                if let current = task {
                    exercises.append(Exercise(task: current, expected: block.expected, number: checks))
                    task = nil
                }
            case .hint, nil: continue
            }
        }
        guard !exercises.isEmpty else { return nil }
        self.name = name
        self.exercises = exercises
    }

    /// The grades of the collected run at `path` (a transcript) of the
    /// student `student`: one for each of the lesson's exercises the run
    /// reached, in order.
    ///
    /// - Throws: ``ShellError`` when the transcript cannot be read or no
    ///   scratch folder can be made for its replay.
    public func grades(ofRunAt path: String, student: String) throws -> [ExerciseGrade] {
        let transcript = Transcript(text: try TextFile.readTranscript(path))
        var grades: [Int: ExerciseGrade] = [:]
        var current: Int?
        var proseStart = 0
        return try TranscriptRunner.withReplaySession(forTranscriptAt: path, output: DiscardingOutput()) { session in
            for block in transcript.blocks {
                let prose = transcript.lines[min(proseStart, block.commandIndex)..<block.commandIndex]
                proseStart = block.outputRange.upperBound
                let printed = session.execute(block.command).output
                switch Self.exerciseWord(of: block.command) {
                case .task:
                    current = exercises.firstIndex { $0.task == block.command }
                    continue
                case .hint: continue
                case .check, nil: break
                }
                guard let index = current else { continue }
                var grade =
                    grades[index]
                    ?? ExerciseGrade(student: student, lesson: name, exercise: exercises[index].number)
                for line in prose {
                    if line.hasPrefix(Self.solutionMark) { grade.usedSolution = true }
                    if let seen = Self.hintNumber(in: line) { grade.hintsSeen = max(grade.hintsSeen, seen) }
                }
                if Self.exerciseWord(of: block.command) == .check {
                    grade.tries += 1
                    if OutputMatcher.matches(exercises[index].expected, printed) { grade.done = true }
                }
                grades[index] = grade
            }
            return grades.keys.sorted().compactMap { grades[$0] }
        }
    }

    /// The mark a classroom writes before the steps a lesson's Solution ran.
    package static let solutionMark = "Solution: the lesson's own commands below were run by the Solution button"

    /// The mark a classroom writes before the step after hint `number` of `count` was shown.
    package static func hintMark(_ number: Int, of count: Int, text: String) -> String {
        "Hint \(number) of \(count), shown to the student: \(text)"
    }

    /// The hint's number in a line ``hintMark(_:of:text:)`` wrote; nil for another line.
    static func hintNumber(in line: String) -> Int? {
        guard line.hasPrefix("Hint "), line.contains(", shown to the student: ") else { return nil }
        return Int(line.dropFirst(5).prefix { $0.isNumber })
    }

    /// An `exercise` line's kind: a task, a hint or a check; nil for another command.
    enum ExerciseWord { case task, hint, check }

    static func exerciseWord(of command: String) -> ExerciseWord? {
        let words = command.split(whereSeparator: \.isWhitespace).map { $0.lowercased() }
        guard words.first == "exercise", words.count > 1 else { return nil }
        if words == ["exercise", "check"] { return .check }
        return words[1] == "hint" ? .hint : .task
    }
}
