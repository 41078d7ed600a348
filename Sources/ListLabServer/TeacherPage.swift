import ListLabPictures

/// A classroom's page for its teacher (`/teacher#token=…`, with the
/// teacher's own token the server prints at start): each tab, its student's
/// name, the lesson it is in and how far, its steps that drifted from the
/// lesson, each exercise checked (done, tries, Solution used), and its last
/// error; Collect, which downloads every tab's sessions as transcripts
/// (`/teacher/collect`, one tar archive); and the gradebook (``Gradebook``,
/// `/teacher/grades.csv`). The page holds no secret and is served to anyone; its script
/// (`Page/teacher.js`) reads the token from the address's fragment and asks
/// for the table (``table(rows:)``, drawn on the server) every five
/// seconds with it. Read only: it changes nothing.
enum TeacherPage {
    /// The page of the playground `tool`, without the class's table.
    static func html(tool: String) -> String {
        """
        <!DOCTYPE html>
        <html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
        <title>\(Markup.escape(tool)): the class</title><link rel="stylesheet" href="/listlab.css"></head>
        <body><main><h1>\(Markup.escape(tool)): the class</h1>
        <p class="source" id="status">loading…</p>
        <p class="source"><button type="button" id="collect">Collect</button> <span id="collected">every tab's \
        sessions as transcripts, in one .tar archive</span></p>
        <p class="source"><button type="button" id="grades">Gradebook</button> <span id="graded">each student's \
        exercises (done, tries, hints, Solution), from every tab, open or ended, as CSV</span></p>
        <div id="class"></div></main>
        <script src="/teacher.js"></script>
        </body></html>

        """
    }

    /// The class's table: the tabs `rows`, and how many are connected; then
    /// the students whose tabs have all ended (`absent`), each marked absent
    /// with the exercises of their tabs.
    static func table(rows: [(status: TabStatus, connected: Bool)], absent: [TabStatus] = []) -> String {
        let students = absent.isEmpty ? "" : ", \(absent.count) student\(absent.count == 1 ? "" : "s") absent"
        var out = """
            <p class="source">\(rows.count) tab\(rows.count == 1 ? "" : "s"), \(rows.count { $0.connected }) \
            connected\(students).</p>
            <table \
            class="teacher"><thead><tr><th>tab</th><th>student</th><th>commands</th><th>lesson</th><th>step</th><th>drifted</th><th>exercises</th><th>last \
            error</th></tr></thead><tbody>

            """
        for (status, connected) in rows {
            let lesson = status.lesson
            out += "<tr\(connected ? "" : " class=\"closed\"")><td>\(status.number)\(connected ? "" : " (closed)")</td>"
            let student = status.presenting ? "the presenter's view" : status.student.map(Markup.escape) ?? "—"
            out += "<td>\(student)</td><td>\(status.steps)</td>"
            out += "<td>\(lesson.map { Markup.escape($0.name) } ?? "—")</td>"
            out +=
                "<td>\(lesson.map { $0.next > $0.commands ? "done (\($0.commands))" : "\($0.next) of \($0.commands)" } ?? "—")</td>"
            out += "<td>\(lesson.map { "\($0.drifted)" } ?? "—")</td>"
            out += "<td>\(exercises(status.exercises))</td>"
            out += "<td>\(status.lastError.map(Markup.escape) ?? "—")</td></tr>\n"
        }
        for status in absent {
            out += "<tr class=\"closed\"><td>\(status.number) (ended)</td>"
            out +=
                "<td>\(status.student.map(Markup.escape) ?? "—") (absent)</td><td>—</td><td>—</td><td>—</td><td>—</td>"
            out += "<td>\(exercises(status.exercises))</td><td>—</td></tr>\n"
        }
        return out + "</tbody></table>\n"
    }

    /// Each exercise checked, as a list: its lesson and number, done or
    /// not, its tries, the hints shown, and whether the student ran the
    /// Solution (`sorting.lab 1: done, 3 tries, 1 hint, Solution`); "—" for none.
    static func exercises(_ exercises: [ExerciseStatus]) -> String {
        guard !exercises.isEmpty else { return "—" }
        let items = exercises.map { exercise in
            var words = [
                exercise.done ? "done" : "not yet", "\(exercise.tries) tr\(exercise.tries == 1 ? "y" : "ies")",
            ]
            if exercise.hintsSeen > 0 {
                words.append("\(exercise.hintsSeen) hint\(exercise.hintsSeen == 1 ? "" : "s")")
            }
            if exercise.usedSolution { words.append("Solution") }
            return "<li>\(Markup.escape(exercise.lesson)) \(exercise.number): \(words.joined(separator: ", "))</li>"
        }
        return "<ul class=\"exercises\">" + items.joined() + "</ul>"
    }

    /// Its own script and the server's CSS only; one connection, back to the
    /// server; no frame may hold it.
    static let contentSecurityPolicy =
        "default-src 'none'; script-src 'self'; style-src 'self'; connect-src 'self'; frame-ancestors 'none'; "
        + "base-uri 'none'; form-action 'none'"

    /// The page's script.
    static let script = String(decoding: PackageResources.teacher_js, as: UTF8.self)
}
