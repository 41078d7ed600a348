#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// What a tab sends: a command line to run, or a line to complete (up to
/// the cursor). JSON: `{"command": "load contacts"}`, `{"complete": "load co"}`.
enum ClientMessage: Decodable, Equatable {
    case command(String)
    case complete(String)

    private enum Key: String, CodingKey { case command, complete }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: Key.self)
        if let line = try container.decodeIfPresent(String.self, forKey: .command) {
            self = .command(line)
        } else {
            self = .complete(try container.decode(String.self, forKey: .complete))
        }
    }
}

/// What the server sends a tab, as JSON with a `kind`.
enum ServerMessage: Equatable {
    /// The greeting: the tool's banner.
    case welcome(banner: String)
    /// A command run: its section of the page (command, output, pictures).
    case step(number: Int, html: String, failed: Bool, ended: Bool)
    /// What TAB offers: the partial word and the words that finish it.
    case completion(word: String, candidates: [String])
    /// A message refused, and why (the session is as it was).
    case refused(String)

    /// The message as one line of JSON, its keys sorted.
    var json: String {
        let fields: [String: JSONField] = switch self {
        case .welcome(let banner): ["kind": .text("welcome"), "banner": .text(banner)]
        case .step(let number, let html, let failed, let ended):
            ["kind": .text("step"), "number": .number(number), "html": .text(html), "failed": .flag(failed), "ended": .flag(ended)]
        case .completion(let word, let candidates): ["kind": .text("completion"), "word": .text(word), "candidates": .texts(candidates)]
        case .refused(let reason): ["kind": .text("refused"), "message": .text(reason)]
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

        func encode(to encoder: any Encoder) throws {
            var container = encoder.singleValueContainer()
            switch self {
            case .text(let value): try container.encode(value)
            case .texts(let value): try container.encode(value)
            case .number(let value): try container.encode(value)
            case .flag(let value): try container.encode(value)
            }
        }
    }
}
