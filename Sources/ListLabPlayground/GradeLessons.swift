import ArgumentParser
import ListLabCore
import ListLabFiles
import ListLabShell

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// `listlab grade COLLECTED LESSONS`: a class's collected work, graded
/// against the teacher's lessons (``LessonGrader``), as CSV.
struct GradeLessons: PlaygroundCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: "grade",
            abstract: "Grades a class's collected lessons against the teacher's lessons, as CSV.",
            discussion: """
                COLLECTED is what a classroom collected (--collect DIR, or Collect's class.tar unpacked): a folder \
                a tab (tab-3-Ada/), each lesson the tab ran as N-LESSON.lab. Each run is replayed in a fresh, \
                confined session, and each 'exercise check' is judged by what it prints now against what the \
                lesson's own check in LESSONS recorded: a replay that passes is not a grade. The hints shown and \
                the Solution used are read from the marks the classroom wrote before those steps. Prints a line \
                a student and exercise (student, lesson, exercise, done, tries, hints seen, solution used, file), \
                the student named by the tab's folder; a run whose lesson is not in LESSONS is said on standard \
                error, and the status is 1 then.
                """)
    }

    @Argument(help: "The collected folder: a folder a tab.", completion: .directory)
    var collected: String

    @Argument(help: "The teacher's lessons (.lab transcripts), the folder --lessons served.", completion: .directory)
    var lessons: String

    func run(in playground: Playground) throws {
        let files = FileManager.default
        guard let lessonNames = try? files.contentsOfDirectory(atPath: lessons) else {
            printLine("error: \(lessons): no such folder")
            throw ExitCode(1)
        }
        guard let tabs = try? files.contentsOfDirectory(atPath: collected) else {
            printLine("error: \(collected): no such folder")
            throw ExitCode(1)
        }
        var graders: [String: LessonGrader] = [:]
        for name in lessonNames.sorted() where name.hasSuffix(".lab") {
            guard let text = try? TextFile.readTranscript(lessons + "/" + name) else { continue }
            graders[name] = LessonGrader(name: name, text: text)
        }
        var grades: [ExerciseGrade] = []
        var missing = 0
        for tab in tabs.sorted() where tab.hasPrefix("tab-") {
            let folder = collected + "/" + tab
            guard let runs = try? files.contentsOfDirectory(atPath: folder) else { continue }
            let student = Self.student(ofTabFolder: tab)
            for run in runs.sorted() where run.hasSuffix(".lab") && run != "own.lab" {
                guard let lesson = Self.lessonName(ofRun: run) else { continue }
                guard let grader = graders[lesson] else {
                    if !lessonNames.contains(lesson) {
                        printError("\(tab)/\(run): no lesson \(lesson) in \(lessons); not graded")
                        missing += 1
                    }
                    continue
                }
                do {
                    grades += try grader.grades(ofRunAt: folder + "/" + run, student: student).map { grade in
                        var grade = grade
                        grade.sources = [tab + "/" + run]
                        return grade
                    }
                } catch {
                    printError("\(tab)/\(run): not graded: \(error)")
                    missing += 1
                }
            }
        }
        // Each line escaped as every line the tool prints (a folder's name may hold a control character).
        let csv = ExerciseGrade.csv(ExerciseGrade.sorted(grades), sourcesColumn: "file")
        for line in csv.split(separator: "\r\n") {
            ToolOutput.current.write(VisibleText.escaped(String(line)) + "\r\n")
        }
        if missing > 0 { throw ExitCode(1) }
    }

    /// `Ada` for `tab-3-Ada`; the folder's name when it names no student.
    static func student(ofTabFolder folder: String) -> String {
        let parts = folder.split(separator: "-", maxSplits: 2)
        guard parts.count == 3, parts[0] == "tab", Int(parts[1]) != nil else { return folder }
        return String(parts[2])
    }

    /// `barry.lab` for a run collected as `2-barry.lab`; nil for another name.
    static func lessonName(ofRun file: String) -> String? {
        let parts = file.split(separator: "-", maxSplits: 1)
        guard parts.count == 2, Int(parts[0]) != nil else { return nil }
        return String(parts[1])
    }
}
