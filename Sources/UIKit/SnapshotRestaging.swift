internal import ListLabCore

/// A snapshot change UIKit refused, as the playground's commands restage it:
/// the snapshot before the change, built again from its identifiers (each
/// item a row keyed by its identifier's text, `rows --keyed`), then the
/// change itself, which the playground refuses in the same words. A recording
/// (UIKitTranscripts) ends its transcript with these commands, so that
/// `listlab test` replays the refusal rather than read it in prose.
struct SnapshotRestaging {
    /// The commands, in order; the last is the refused change.
    let commands: [String]

    /// The restaging of `change` (its snapshot operation's words, as
    /// `appendItems "a" "b" toSection "0"`), made on `snapshot`, naming the
    /// items `named` too (the change's own, which may not be in the snapshot).
    init<Section: Hashable, Item: Hashable>(
        of change: String, on snapshot: DiffableSnapshot<Section, Item>, naming named: [Item]
    ) {
        var rows: [String] = []
        var seen: Set<String> = []
        for item in snapshot.itemIdentifiers + named {
            let text = Self.text(item)
            if seen.insert(text).inserted { rows.append(Self.word(text)) }
        }
        var commands = [
            "rows --keyed" + (rows.isEmpty ? " \"\"" : " " + rows.joined(separator: " ")), "diffable on by key",
            "snapshot new",
        ]
        let sections = snapshot.sectionIdentifiers
        if !sections.isEmpty {
            commands.append(
                "snapshot appendSections " + sections.map { Self.word(Self.text($0)) }.joined(separator: " "))
        }
        for section in sections {
            let items = (try? snapshot.itemIdentifiers(inSection: section)) ?? []
            guard !items.isEmpty else { continue }
            commands.append(
                "snapshot appendItems " + items.map { Self.word(Self.text($0)) }.joined(separator: " ")
                    + " toSection " + Self.word(Self.text(section)))
        }
        commands.append("snapshot " + change)
        self.commands = commands
    }

    /// An identifier's text, as UIKit's words show it.
    static func text(_ identifier: some Hashable) -> String {
        String(describing: identifier)
    }

    /// `text` as a quoted word of a command line (its quotes, backslashes and line breaks escaped).
    static func word(_ text: String) -> String {
        var quoted = "\""
        for character in text {
            switch character {
            case "\"": quoted += "\\\""
            case "\\": quoted += "\\\\"
            case "\n": quoted += "\\n"
            case "\r": quoted += "\\r"
            case "\t": quoted += "\\t"
            default: quoted.append(character)
            }
        }
        return quoted + "\""
    }

    /// `"a" "b"`: identifiers as the words of a command line.
    static func words(_ identifiers: [some Hashable]) -> String {
        identifiers.map { word(text($0)) }.joined(separator: " ")
    }
}
