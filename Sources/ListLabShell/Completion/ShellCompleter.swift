import FoundationEssentials
import ListLabCore

/// What TAB offers at the prompt: command names, then each command's
/// options, sample and provider names, field names of the data shown, and
/// file paths.
public struct ShellCompleter {
    /// The partial word before the cursor and the words that could finish it.
    public struct Candidates: Hashable, Sendable {
        /// The partial word.
        public var word: String
        /// Whole words starting with `word`, sorted.
        public var words: [String]
    }

    private let session: Session

    /// Creates a completer for `session`.
    public init(session: Session) {
        self.session = session
    }

    /// The candidates for the word that ends `line` (the line up to the cursor).
    public func candidates(for line: String) -> Candidates {
        let endsInSpace = line.last?.isWhitespace ?? true
        let words = line.split(whereSeparator: \.isWhitespace).map(String.init)
        let word = endsInSpace ? "" : words.last ?? ""
        let previous = endsInSpace ? words : Array(words.dropLast())
        let options = previous.isEmpty ? Session.commandNames : options(after: previous, word: word)
        let matches = Set(options.filter { $0.hasPrefix(word) }).sorted()
        return Candidates(word: word, words: matches)
    }

    private func options(after previous: [String], word: String) -> [String] {
        let command = previous[0].lowercased()
        let last = previous.last?.lowercased() ?? ""
        let fields = fieldNames
        switch command {
        case "help":
            return previous.count == 1 ? Session.commandNames : []
        case "load":
            switch last {
            case "load": return BuiltInSamples.all.map(\.name) + paths(matching: word)
            case "as": return ["array", "sectioned"]
            case "by", "key": return BuiltInSamples.all.flatMap(\.fieldNames)
            case "name": return []
            default: return ["as", "key", "name", "by"]
            }
        case "use":
            return session.providers.map(\.name)
        case "trace":
            return ["on", "off"]
        case "scroll":
            return ["top", "bottom"]
        case "show":
            return ["--all", "--json"]
        case "run":
            return paths(matching: word)
        case "update", "append", "insert":
            return fields.map { $0 + "=" }
        case "bind":
            if last == "by" { return fields }
            if word.hasPrefix("\"{") || word.hasPrefix("{") {
                let prefix = word.hasPrefix("\"") ? "\"{" : "{"
                return fields.map { prefix + $0 + "}" }
            }
            return ["by", "header", "footer", "detail", "kind", "off"]
        default:
            return []
        }
    }

    private var fieldNames: [String] {
        guard let index = session.currentIndex, session.providers.indices.contains(index) else { return [] }
        return session.providers[index].fieldNames
    }

    /// Files and folders whose path starts with `word` (folders end in `/`),
    /// relative to the session's working directory.
    private func paths(matching word: String) -> [String] {
        let slash = word.lastIndex(of: "/")
        let folder = slash.map { String(word[...$0]) } ?? ""
        let base = folder.hasPrefix("/") ? folder : session.workingDirectory + "/" + folder
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: base.isEmpty ? "." : base) else {
            return []
        }
        return names.filter { !$0.hasPrefix(".") || word.hasSuffix(".") }.map { name in
            var isDirectory = false
            _ = FileManager.default.fileExists(atPath: base + name, isDirectory: &isDirectory)
            return folder + name + (isDirectory ? "/" : "")
        }
    }
}
