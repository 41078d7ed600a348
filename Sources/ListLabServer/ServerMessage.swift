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
/// (`{"lesson": "step"}`, `"reset"` or `"close"`). The first message is
/// `{"hello": KEY}`, with the key of the tab's earlier connection or "".
enum ClientMessage: Decodable, Equatable {
    case command(String)
    case complete(String)
    case save(String)
    case open(name: String, text: String)
    case tour(String)
    case upload(name: String, text: String)
    /// What to do with the open lesson.
    case lesson(LessonAction)
    /// The first message: the tab's key from an earlier connection, to come
    /// back to its session (a reload), or "" for a new one.
    case hello(String)

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
    }

    private enum Key: String, CodingKey { case command, complete, save, open, text, tour, upload, lesson, hello }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: Key.self)
        if let action = try container.decodeIfPresent(LessonAction.self, forKey: .lesson) {
            self = .lesson(action)
        } else if let line = try container.decodeIfPresent(String.self, forKey: .command) {
            self = .command(line)
        } else if let line = try container.decodeIfPresent(String.self, forKey: .complete) {
            self = .complete(line)
        } else if let name = try container.decodeIfPresent(String.self, forKey: .save) {
            self = .save(name)
        } else if let name = try container.decodeIfPresent(String.self, forKey: .open) {
            self = .open(name: name, text: try container.decode(String.self, forKey: .text))
        } else if let key = try container.decodeIfPresent(String.self, forKey: .hello) {
            self = .hello(key)
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
    /// A lesson's step printed other than its transcript recorded (or an
    /// exercise's check found the list otherwise): the step's number and
    /// the transcript's lines, to show beside it.
    case drift(number: Int, expected: [String], isCheck: Bool)
    /// A file uploaded into a classroom tab's folder.
    case uploaded(name: String, bytes: Int)
    /// A file a command wrote in a classroom tab's folder, for the page to download.
    case download(name: String, text: String)

    /// The message as one line of JSON, its keys sorted. Written by hand
    /// rather than by `JSONEncoder`: a step's page section is most of what
    /// the server sends, and encoding it was a sixth of a command's cost.
    var json: String {
        var fields: [(String, String)] = switch self {
        case .welcome(let banner, let tours, let lessons, let classroom, let key):
            [("kind", Self.quoted("welcome")), ("banner", Self.quoted(banner)), ("tours", Self.array(tours.map(Self.quoted))),
             ("lessons", Self.array(lessons.map(Self.quoted))), ("classroom", String(classroom)), ("key", Self.quoted(key))]
        case .uploaded(let name, let bytes): [("kind", Self.quoted("uploaded")), ("name", Self.quoted(name)), ("bytes", String(bytes))]
        case .download(let name, let text): [("kind", Self.quoted("download")), ("name", Self.quoted(name)), ("text", Self.quoted(text))]
        case .step(let number, let html, let failed, let ended):
            [("kind", Self.quoted("step")), ("number", String(number)), ("html", Self.quoted(html)), ("failed", String(failed)), ("ended", String(ended))]
        case .completion(let word, let candidates):
            [("kind", Self.quoted("completion")), ("word", Self.quoted(word)), ("candidates", Self.array(candidates.map(Self.quoted)))]
        case .refused(let reason): [("kind", Self.quoted("refused")), ("message", Self.quoted(reason))]
        case .lessonState(let next, let commands, let matched, let drifted):
            [("kind", Self.quoted("lessonState")), ("next", String(next)), ("commands", String(commands)), ("matched", String(matched)),
             ("drifted", String(drifted))]
        case .lessonClosed: [("kind", Self.quoted("lessonClosed"))]
        case .drift(let number, let expected, let isCheck):
            [("kind", Self.quoted("drift")), ("number", String(number)), ("expected", Self.array(expected.map(Self.quoted))), ("check", String(isCheck))]
        case .transcript(let name, let text): [("kind", Self.quoted("transcript")), ("name", Self.quoted(name)), ("text", Self.quoted(text))]
        case .lesson(let lesson):
            [("kind", Self.quoted("lesson")), ("name", Self.quoted(lesson.name)), ("title", Self.quoted(lesson.title)),
             ("items", Self.array(lesson.items.map { item in
                switch item {
                case .heading(let text): "{\"heading\":\(Self.quoted(text))}"
                case .paragraph(let text): "{\"paragraph\":\(Self.quoted(text))}"
                case .command(let line, .step): "{\"command\":\(Self.quoted(line))}"
                // An exercise's solution stays on the server: the page knows only that a step is there.
                case .command(_, .solution): "{\"command\":\"\",\"role\":\"solution\"}"
                case .command(let line, let role): "{\"command\":\(Self.quoted(line)),\"role\":\(Self.quoted(role.rawValue))}"
                }
             }))]
        }
        fields.sort { $0.0 < $1.0 }
        return "{" + fields.map { "\(Self.quoted($0.0)):\($0.1)" }.joined(separator: ",") + "}"
    }

    /// `values` (JSON already) as a JSON array.
    private static func array(_ values: [String]) -> String { "[" + values.joined(separator: ",") + "]" }

    /// `text` as a JSON string: quotes, backslashes and control characters
    /// escaped, every other character as it is.
    static func quoted(_ text: String) -> String {
        /// The bytes a byte takes in a JSON string, escaped or not.
        func width(_ byte: UInt8) -> Int {
            switch byte {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"), 0x0A, 0x0D, 0x09: 2
            case 0..<0x20: 6
            default: 1
            }
        }
        var text = text
        return text.withUTF8 { bytes in
            // Measured first, then written in place: a page's HTML has a quote in every attribute,
            // and growing an array byte by byte cost more than drawing the page.
            var length = 2
            for byte in bytes { length += width(byte) }
            return String(unsafeUninitializedCapacity: length) { out in
                let hex = Array("0123456789abcdef".utf8)
                var at = 0
                func put(_ byte: UInt8) {
                    out[at] = byte
                    at += 1
                }
                put(UInt8(ascii: "\""))
                for byte in bytes {
                    switch width(byte) {
                    case 1: put(byte)
                    case 6:
                        for escape in [UInt8(ascii: "\\"), UInt8(ascii: "u"), UInt8(ascii: "0"), UInt8(ascii: "0"), hex[Int(byte >> 4)], hex[Int(byte & 0xF)]] { put(escape) }
                    default:
                        put(UInt8(ascii: "\\"))
                        switch byte {
                        case 0x0A: put(UInt8(ascii: "n"))
                        case 0x0D: put(UInt8(ascii: "r"))
                        case 0x09: put(UInt8(ascii: "t"))
                        default: put(byte)
                        }
                    }
                }
                put(UInt8(ascii: "\""))
                return at
            }
        }
    }
}
