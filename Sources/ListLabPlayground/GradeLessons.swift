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
                COLLECTED is what a classroom collected (--collect DIR, or Collect's class.tar unpacked): a folder a \
                tab (tab-3-Ada/), each lesson the tab ran as N-LESSON.lab. Each run is replayed in a fresh, confined \
                session, and each 'exercise check' is judged by what it prints now against what the lesson's own check \
                in LESSONS recorded: a replay that passes is not a grade. The hints shown and the Solution used are \
                read from the marks the classroom wrote before those steps. Prints a line a student and exercise, \
                their runs taken together (student, lesson, exercise, done, tries, hints seen, solution used, files), \
                the student named by the tab's folder; a run whose lesson is not in LESSONS is said on standard error, \
                and the status is 1 then.
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
        // A run's file keeps a part of its lesson's name (CollectedNames): each part, its lessons.
        var lessonsByPart: [String: [String]] = [:]
        for name in lessonNames.sorted() where name.hasSuffix(".lab") {
            lessonsByPart[CollectedNames.lessonPart(name), default: []].append(name)
        }
        var graders: [String: LessonGrader] = [:]
        var missing = 0
        var grades: [String: ExerciseGrade] = [:]
        let tabFolders = Set(tabs.filter { $0.hasPrefix("tab-") })
        for tab in tabFolders.sorted() {
            let folder = collected + "/" + tab
            guard let runs = try? files.contentsOfDirectory(atPath: folder) else { continue }
            let student = Self.student(ofTabFolder: tab, among: tabFolders)
            for run in runs.sorted() where run.hasSuffix(".lab") && run != "own.lab" {
                guard let part = Self.lessonPart(ofRun: run) else { continue }
                let candidates = lessonsByPart[part] ?? []
                guard candidates.count == 1, let lesson = candidates.first else {
                    printError(
                        candidates.isEmpty
                            ? "\(tab)/\(run): no lesson in \(lessons) is collected as \(part); not graded"
                            : "\(tab)/\(run): \(candidates.joined(separator: " and ")) are both collected as \(part); not graded"
                    )
                    missing += 1
                    continue
                }
                if graders[lesson] == nil, let text = try? TextFile.readTranscript(lessons + "/" + lesson) {
                    graders[lesson] = LessonGrader(name: lesson, text: text)
                }
                guard let grader = graders[lesson] else { continue }
                do {
                    for grade in try grader.grades(ofRunAt: folder + "/" + run, student: student) {
                        Self.add(grade, source: tab + "/" + run, to: &grades)
                    }
                } catch {
                    printError("\(tab)/\(run): not graded: \(error)")
                    missing += 1
                }
            }
        }
        // Each line escaped as every line the tool prints (a folder's name may hold a control character).
        let csv = ExerciseGrade.csv(ExerciseGrade.sorted(Array(grades.values)), sourcesColumn: "files")
        for line in csv.split(separator: "\r\n") {
            ToolOutput.current.write(VisibleText.escaped(String(line)) + "\r\n")
        }
        if missing > 0 { throw ExitCode(1) }
    }

    /// Takes `grade`, of the run at `source`, into `grades`: one line a
    /// student and exercise, their runs together (done in any, the tries of
    /// all, the most hints seen, the Solution in any).
    static func add(_ grade: ExerciseGrade, source: String, to grades: inout [String: ExerciseGrade]) {
        let key = "\(grade.student)\u{0}\(grade.lesson)\u{0}\(grade.exercise)"
        var kept = grades[key] ?? ExerciseGrade(student: grade.student, lesson: grade.lesson, exercise: grade.exercise)
        kept.done = kept.done || grade.done
        kept.tries += grade.tries
        kept.hintsSeen = max(kept.hintsSeen, grade.hintsSeen)
        kept.usedSolution = kept.usedSolution || grade.usedSolution
        kept.sources.append(source)
        grades[key] = kept
    }

    /// `Ada` for `tab-3-Ada`, and for `tab-3-Ada-2` beside a `tab-3-Ada`
    /// (the folder a second collection of that tab took); the folder's name
    /// when it names no student.
    static func student(ofTabFolder folder: String, among folders: Set<String>) -> String {
        var name = folder
        if let dash = folder.lastIndex(of: "-"), Int(folder[folder.index(after: dash)...]) != nil,
            folders.contains(String(folder[..<dash]))
        {
            name = String(folder[..<dash])
        }
        let parts = name.split(separator: "-", maxSplits: 2)
        guard parts.count == 3, parts[0] == "tab", Int(parts[1]) != nil else { return name }
        return String(parts[2])
    }

    /// `barry.lab` for a run collected as `2-barry.lab`; nil for another name.
    static func lessonPart(ofRun file: String) -> String? {
        let parts = file.split(separator: "-", maxSplits: 1)
        guard parts.count == 2, Int(parts[0]) != nil else { return nil }
        return String(parts[1])
    }
}
