#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// What a tab sends, as JSON: a command line to run (`{"command": "load
/// contacts"}`), a line to complete up to the cursor (`{"complete": "load
/// co"}`), the session to save (`{"save": "session.lab"}`), a transcript to
/// open (`{"open": "demo.lab", "text": "..."}`) or a tour (`{"tour":
/// "1-fountainkit.lab"}`).
enum ClientMessage: Decodable, Equatable {
    case command(String)
    case complete(String)
    case save(String)
    case open(name: String, text: String)
    case tour(String)

    private enum Key: String, CodingKey { case command, complete, save, open, text, tour }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: Key.self)
        if let line = try container.decodeIfPresent(String.self, forKey: .command) {
            self = .command(line)
        } else if let line = try container.decodeIfPresent(String.self, forKey: .complete) {
            self = .complete(line)
        } else if let name = try container.decodeIfPresent(String.self, forKey: .save) {
            self = .save(name)
        } else if let name = try container.decodeIfPresent(String.self, forKey: .open) {
            self = .open(name: name, text: try container.decode(String.self, forKey: .text))
        } else {
            self = .tour(try container.decode(String.self, forKey: .tour))
        }
    }
}

/// What the server sends a tab, as JSON with a `kind`.
enum ServerMessage: Equatable {
    /// The greeting: the tool's banner, and the tours there are.
    case welcome(banner: String, tours: [String])
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

    /// The message as one line of JSON, its keys sorted.
    var json: String {
        let fields: [String: JSONField] = switch self {
        case .welcome(let banner, let tours): ["kind": .text("welcome"), "banner": .text(banner), "tours": .texts(tours)]
        case .step(let number, let html, let failed, let ended):
            ["kind": .text("step"), "number": .number(number), "html": .text(html), "failed": .flag(failed), "ended": .flag(ended)]
        case .completion(let word, let candidates): ["kind": .text("completion"), "word": .text(word), "candidates": .texts(candidates)]
        case .refused(let reason): ["kind": .text("refused"), "message": .text(reason)]
        case .transcript(let name, let text): ["kind": .text("transcript"), "name": .text(name), "text": .text(text)]
        case .lesson(let lesson):
            ["kind": .text("lesson"), "name": .text(lesson.name), "title": .text(lesson.title), "items": .items(lesson.items)]
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return (try? encoder.encode(fields)).map { String(decoding: $0, as: UTF8.self) } ?? "{}"
    }

    /// A value of a message's field.
    private enum JSONField: Encodable {
        case text(String)
        case texts([String])
        case number(Int)
        case flag(Bool)
        case items([Lesson.Item])

        func encode(to encoder: any Encoder) throws {
            var container = encoder.singleValueContainer()
            switch self {
            case .text(let value): try container.encode(value)
            case .texts(let value): try container.encode(value)
            case .number(let value): try container.encode(value)
            case .flag(let value): try container.encode(value)
            case .items(let items):
                // Each item one key: {"heading": ...}, {"paragraph": ...} or {"command": ...}.
                try container.encode(items.map { item -> [String: String] in
                    switch item {
                    case .heading(let text): ["heading": text]
                    case .paragraph(let text): ["paragraph": text]
                    case .command(let line): ["command": line]
                    }
                })
            }
        }
    }
}
