import ListLabPictures

/// A classroom's page for its teacher (`/teacher?token=…`, with the teacher's
/// own token the server prints at start): each tab, the lesson it is in and
/// how far, its steps that drifted from the lesson, and its last error.
/// Read only, drawn on the server (no script), and it reloads itself every
/// five seconds.
enum TeacherPage {
    /// The page for the tabs `rows`, of the playground `tool`.
    static func html(tool: String, rows: [(status: TabStatus, connected: Bool)]) -> String {
        var out = """
            <!DOCTYPE html>
            <html lang="en"><head><meta charset="utf-8"><meta http-equiv="refresh" content="5">
            <title>\(Markup.escape(tool)): the class</title><link rel="stylesheet" href="/listlab.css"></head>
            <body><main><h1>\(Markup.escape(tool)): the class</h1>
            <p class="source">\(rows.count) tab\(rows.count == 1 ? "" : "s"), \(rows.count { $0.connected }) connected; this page reloads every 5 s and changes nothing.</p>
            <table class="teacher"><thead><tr><th>tab</th><th>commands</th><th>lesson</th><th>step</th><th>drifted</th><th>last error</th></tr></thead><tbody>

            """
        for (status, connected) in rows {
            let lesson = status.lesson
            out += "<tr\(connected ? "" : " class=\"closed\"")><td>\(status.number)\(connected ? "" : " (closed)")</td><td>\(status.steps)</td>"
            out += "<td>\(lesson.map { Markup.escape($0.name) } ?? "—")</td>"
            out += "<td>\(lesson.map { $0.next > $0.commands ? "done (\($0.commands))" : "\($0.next) of \($0.commands)" } ?? "—")</td>"
            out += "<td>\(lesson.map { "\($0.drifted)" } ?? "—")</td>"
            out += "<td>\(status.lastError.map { Markup.escape(String($0.prefix(300))) } ?? "—")</td></tr>\n"
        }
        return out + "</tbody></table></main></body></html>\n"
    }

    /// No script, the server's CSS only, no frame, nothing sent anywhere.
    static let contentSecurityPolicy = "default-src 'none'; style-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'"
}
