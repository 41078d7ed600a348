import ListLabRecords

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// What a tab sends, as JSON: a command line to run (`{"command": "load
/// contacts"}`), a line to complete up to the cursor (`{"complete": "load
/// co"}`), the session to save (`{"save": "session.lab"}`), a transcript to
/// open (`{"open": "demo.lab", "text": "..."}`) or a tour or a teacher's
/// lesson (`{"tour": "1-fountainkit.lab"}`), or in a classroom a file to upload (`{"upload":
/// "people.csv", "text": "..."}`), or what to do with the open lesson
/// (`{"lesson": "step"}`, `"solve"`, `"hint"`, `"reset"` or `"close"`), or in a classroom the
/// student's name (`{"name": "Ada"}`). The first message is `{"hello":
/// KEY}`, with the key of the tab's earlier connection or "".
enum ClientMessage: Decodable, Equatable {
    case command(String)
    case complete(String)
    case save(String)
    case open(name: String, text: String)
    case tour(String)
    case upload(name: String, text: String)
    /// In a classroom, the name the student gave, for the teacher's page.
    case name(String, student: String?)
    /// What to do with the open lesson.
    case lesson(LessonAction)
    /// Whether the page shows the presenter's view: a tab at the front of
    /// the room, not a student's, which the teacher's page and the gradebook
    /// leave out.
    case presenting(Bool)
    /// The first message: the tab's key from an earlier connection, to come
    /// back to its session (a reload), or "" for a new one.
    case hello(String, student: String?)

    /// What a tab asks of its open lesson.
    enum LessonAction: String, Decodable, Equatable {
        /// Run its next command, in the lesson's session.
        case step
        /// Start it again in a fresh session.
        case reset
        /// Close it: the tab's own session is back.
        case close
        /// At an exercise's check: run the lesson's own solution, as steps
        /// the learner sees (then Check passes).
        case solve
        /// At an exercise's check: its next hint (the page is not sent
        /// them before, so that the hints a student saw are the server's to count).
        case hint
    }

    private enum Key: String, CodingKey {
        case command, complete, save, open, text, tour, upload, lesson, hello, name, student, presenting
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: Key.self)
        if let action = try container.decodeIfPresent(LessonAction.self, forKey: .lesson) {
            self = .lesson(action)
        } else if let on = try container.decodeIfPresent(Bool.self, forKey: .presenting) {
            self = .presenting(on)
        } else if let line = try container.decodeIfPresent(String.self, forKey: .command) {
            self = .command(line)
        } else if let line = try container.decodeIfPresent(String.self, forKey: .complete) {
            self = .complete(line)
        } else if let name = try container.decodeIfPresent(String.self, forKey: .save) {
            self = .save(name)
        } else if let name = try container.decodeIfPresent(String.self, forKey: .open) {
            self = .open(name: name, text: try container.decode(String.self, forKey: .text))
        } else if let key = try container.decodeIfPresent(String.self, forKey: .hello) {
            self = .hello(key, student: try container.decodeIfPresent(String.self, forKey: .student))
        } else if let name = try container.decodeIfPresent(String.self, forKey: .name) {
            self = .name(name, student: try container.decodeIfPresent(String.self, forKey: .student))
        } else if let name = try container.decodeIfPresent(String.self, forKey: .upload) {
            self = .upload(name: name, text: try container.decode(String.self, forKey: .text))
        } else {
            self = .tour(try container.decode(String.self, forKey: .tour))
        }
    }
}

/// What the server sends a tab, as JSON with a `kind`.
enum ServerMessage: Equatable {
    /// The greeting: the tool's banner, the tours and the teacher's lessons
    /// there are, whether the server is a classroom's, and the key that
    /// brings the tab back to its session after a reload.
    case welcome(banner: String, tours: [String], lessons: [String], classroom: Bool, key: String)
    /// A command run: its section of the page (command, output, pictures).
    case step(number: Int, html: String, failed: Bool, ended: Bool)
    /// What TAB offers: the partial word and the words that finish it.
    case completion(word: String, candidates: [String])
    /// A message refused, and why (the session is as it was).
    case refused(String)
    /// The session as a transcript, for the page to download.
    case transcript(name: String, text: String)
    /// A transcript opened: its prose and commands, for the page to step through.
    case lesson(Lesson)
    /// How far the open lesson is: the index of its next command, and how
    /// many of the steps run matched the transcript and how many drifted.
    case lessonState(next: Int, commands: Int, matched: Int, drifted: Int)
    /// The lesson was closed: commands run in the tab's own session again.
    case lessonClosed
    /// The open exercise's hint `number` (from 1) of `count`, its text as the lesson writes it.
    case hint(number: Int, count: Int, text: String)
    /// A lesson's step printed other than its transcript recorded: the
    /// step's number and the transcript's lines, to show beside it; or an
    /// exercise's check found another state: the first lines that differ,
    /// the learner's and the lesson's (``Lesson/differences(expected:printed:limit:)``).
    case drift(number: Int, expected: [String], isCheck: Bool)
    /// A file uploaded into a classroom tab's folder.
    case uploaded(name: String, bytes: Int)
    /// A file a command wrote in a classroom tab's folder, for the page to download.
    case download(name: String, text: String)
    /// The student's name, as the teacher's page shows it.
    case named(String)
    /// A message a tab's own process wrote (``TabProcess``), as its JSON:
    /// passed to the page as it came, and read only for a refusal's reason.
    case encoded(String)

    /// The message as one line of JSON, its keys sorted.
    var json: String { String(decoding: jsonBytes, as: UTF8.self) }

    /// ``json`` as UTF-8, as a WebSocket frame carries it. Written by hand
    /// rather than by `JSONEncoder`: a step's page section is most of what
    /// the server sends, and encoding it was a sixth of a command's cost;
    /// written as bytes, it is neither made a `String` nor checked as UTF-8
    /// on its way out.
    var jsonBytes: [UInt8] {
        if case .encoded(let json) = self { return Array(json.utf8) }
        var fields: [(key: String, value: JSONValue)] =
            switch self {
            case .welcome(let banner, let tours, let lessons, let classroom, let key):
                [
                    ("kind", .text("welcome")), ("banner", .text(banner)), ("tours", .texts(tours)),
                    ("lessons", .texts(lessons)),
                    ("classroom", .literal(String(classroom))), ("key", .text(key)),
                ]
            case .uploaded(let name, let bytes):
                [("kind", .text("uploaded")), ("name", .text(name)), ("bytes", .literal(String(bytes)))]
            case .download(let name, let text):
                [("kind", .text("download")), ("name", .text(name)), ("text", .text(text))]
            case .named(let name): [("kind", .text("named")), ("name", .text(name))]
            case .encoded: []
            case .step(let number, let html, let failed, let ended):
                [
                    ("kind", .text("step")), ("number", .literal(String(number))), ("html", .text(html)),
                    ("failed", .literal(String(failed))),
                    ("ended", .literal(String(ended))),
                ]
            case .completion(let word, let candidates):
                [("kind", .text("completion")), ("word", .text(word)), ("candidates", .texts(candidates))]
            case .refused(let reason): [("kind", .text("refused")), ("message", .text(reason))]
            case .lessonState(let next, let commands, let matched, let drifted):
                [
                    ("kind", .text("lessonState")), ("next", .literal(String(next))),
                    ("commands", .literal(String(commands))),
                    ("matched", .literal(String(matched))), ("drifted", .literal(String(drifted))),
                ]
            case .lessonClosed: [("kind", .text("lessonClosed"))]
            case .hint(let number, let count, let text):
                [
                    ("kind", .text("hint")), ("number", .literal(String(number))), ("count", .literal(String(count))),
                    ("text", .text(text)),
                ]
            case .drift(let number, let expected, let isCheck):
                [
                    ("kind", .text("drift")), ("number", .literal(String(number))), ("expected", .texts(expected)),
                    ("check", .literal(String(isCheck))),
                ]
            case .transcript(let name, let text):
                [("kind", .text("transcript")), ("name", .text(name)), ("text", .text(text))]
            case .lesson(let lesson):
                [
                    ("kind", .text("lesson")), ("name", .text(lesson.name)), ("title", .text(lesson.title)),
                    (
                        "items",
                        .literal(
                            Self.array(
                                lesson.items.map { item in
                                    switch item {
                                    case .heading(let text): "{\"heading\":\(JSONStringWriter.quoted(text))}"
                                    case .paragraph(let text): "{\"paragraph\":\(JSONStringWriter.quoted(text))}"
                                    case .command(let line, .step): "{\"command\":\(JSONStringWriter.quoted(line))}"
                                    // An exercise's solution and hints stay on the server: the page knows only that a
                                    // step is there, and asks for each hint (`{"lesson": "hint"}`), which the server
                                    // counts.
                                    case .command(_, .solution): "{\"command\":\"\",\"role\":\"solution\"}"
                                    case .command(_, .hint): "{\"command\":\"\",\"role\":\"hint\"}"
                                    case .command(let line, let role):
                                        "{\"command\":\(JSONStringWriter.quoted(line)),\"role\":\(JSONStringWriter.quoted(role.rawValue))}"
                                    }
                                }))
                    ),
                ]
            }
        fields.sort { $0.key < $1.key }
        var out: [UInt8] = []
        out.reserveCapacity(64 + fields.reduce(0) { $0 + $1.value.estimatedCount })
        out.append(UInt8(ascii: "{"))
        for (index, field) in fields.enumerated() {
            if index > 0 { out.append(UInt8(ascii: ",")) }
            JSONStringWriter.append(field.key, to: &out)
            out.append(UInt8(ascii: ":"))
            switch field.value {
            case .text(let text): JSONStringWriter.append(text, to: &out)
            case .literal(let json): out.append(contentsOf: json.utf8)
            case .texts(let texts):
                out.append(UInt8(ascii: "["))
                for (index, text) in texts.enumerated() {
                    if index > 0 { out.append(UInt8(ascii: ",")) }
                    JSONStringWriter.append(text, to: &out)
                }
                out.append(UInt8(ascii: "]"))
            }
        }
        out.append(UInt8(ascii: "}"))
        return out
    }

    /// A field's value: text to quote, texts to quote as an array, or JSON as it is.
    private enum JSONValue {
        case text(String)
        case texts([String])
        case literal(String)

        /// About how many bytes the value takes, for the room to make.
        var estimatedCount: Int {
            switch self {
            case .text(let text): text.utf8.count + 2
            case .texts(let texts): texts.reduce(2) { $0 + $1.utf8.count + 3 }
            case .literal(let json): json.utf8.count
            }
        }
    }

    /// `values` (JSON already) as a JSON array.
    private static func array(_ values: [String]) -> String { "[" + values.joined(separator: ",") + "]" }
}
