/// The words a command takes first (`outline expand`, `diffable on`,
/// `trace off`, `batch move`), each declared once with how to write it: the
/// command's usage, what TAB offers and the reading of the word all come
/// from this list.
struct CommandWords: Sendable {
    /// Each word, and how to write it with what follows (`expand ID ...`).
    let words: [(name: String, usage: String)]

    /// The words, in order.
    var names: [String] { words.map(\.name) }

    /// The usages as a command's usage writes alternatives: `on | off`.
    var usage: String { words.map(\.usage).joined(separator: " | ") }

    /// Reads the word (in any case); a word that is none of them is an
    /// error naming every one.
    func read(_ arguments: inout Arguments) throws(ShellError) -> String {
        let quoted = names.map { "'\($0)'" }
        let what =
            quoted.count > 1
            ? quoted.dropLast().joined(separator: ", ") + " or " + (quoted.last ?? "") : quoted.joined()
        return try arguments.choice(what, names)
    }
}
