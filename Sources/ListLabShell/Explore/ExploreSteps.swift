import ListLabCore
import ListLabRecords

/// Makes `explore`'s random steps: each an edit command of the shell
/// (`append`, `insert`, `delete`, `update`, `move`) that a user could type,
/// chosen from what the loaded provider holds now, so that the provider's
/// own change tracking says what the list is told.
///
/// Values are words of ``words`` and the provider's own group names, which
/// no field reads as a number, so each step is one plain command line.
struct ExploreSteps {
    /// The words a text field is set to; the first is the simplest, which shrinking tries.
    static let words = ["A", "Ada", "Grace", "Alan", "Edsger", "Barbara", "Ken", "Margaret"]
    /// A group no sample has: a step that moves an item there makes a section.
    static let newGroup = "Someday"

    private var random: SeededRandom
    /// Keys made so far, so that each new item has its own.
    private var madeKeys = 0
    /// The last item seen, the model of a new one once the data is empty.
    private var lastSeen: Record?

    init(seed: UInt64) {
        random = SeededRandom(seed: seed)
    }

    /// The next step for `loaded` as it is now.
    mutating func next(for loaded: LoadedProvider) -> String {
        let provider = loaded.provider
        let sections = (0..<provider.numberOfSections).filter { provider.numberOfItems(inSection: $0) > 0 }
        guard let section = random.element(of: sections) else {
            return "append " + newRecordJSON(like: nil, in: loaded)
        }
        let count = provider.numberOfItems(inSection: section)
        let path = ItemPath(section, random.next(upTo: count))
        let record = provider.item(at: path)
        if record != nil { lastSeen = record }
        switch random.next(upTo: 10) {
        case 0..<3:
            return "delete \(path)"
        case 3..<5:
            return "append " + newRecordJSON(like: record, in: loaded)
        case 5:
            return "insert \(ItemPath(section, random.next(upTo: count + 1))) "
                + newRecordJSON(like: record, in: loaded, keepingGroup: true)
        case 6..<9:
            guard let record, let change = fieldChange(of: record, in: loaded) else { return "delete \(path)" }
            return "update \(path) \(change)"
        default:
            guard count > 1 else { return "delete \(path)" }
            // Another place in the section: a move across sections is one a grouped provider refuses.
            let target = (path.item + 1 + random.next(upTo: count - 1)) % count
            return "move \(path) \(ItemPath(section, target))"
        }
    }

    /// `field=word` for a text field of `record` other than its key: a
    /// group field to another group (or a new one), else a word.
    private mutating func fieldChange(of record: Record, in loaded: LoadedProvider) -> String? {
        let fields = record.fields.filter { field in
            guard field.name != loaded.keyField, case .string = field.value else { return false }
            return field.name.allSatisfy { $0.isLetter || $0.isNumber || $0 == "_" }
        }
        guard let field = random.element(of: fields) else { return nil }
        if field.name == loaded.groupField || field.name == groupField(of: loaded) {
            return "\(field.name)=\(Self.quoted(group(in: loaded)))"
        }
        return "\(field.name)=\(random.element(of: Self.words) ?? "A")"
    }

    /// A new item as JSON: a copy of `record` with a key of its own and,
    /// now and then, a text field or its group changed.
    private mutating func newRecordJSON(like record: Record?, in loaded: LoadedProvider, keepingGroup: Bool = false)
        -> String
    {
        var new =
            record ?? lastSeen
            ?? Record(fields: loaded.fieldNames.map { (name: $0, value: Value.string(ExploreSteps.words[0])) })
        if let key = loaded.keyField {
            madeKeys += 1
            let value: Value =
                if case .string = new[key] ?? .null { .string("new\(madeKeys)") } else { .int(1_000 + madeKeys) }
            new = new.setting(key, to: value)
        }
        if !keepingGroup, let group = groupField(of: loaded), random.next(upTo: 4) == 0 {
            new = new.setting(group, to: .string(self.group(in: loaded)))
        } else if random.next(upTo: 2) == 0, let change = fieldChange(of: new, in: loaded),
            let equals = change.firstIndex(of: "="), change[..<equals] != groupField(of: loaded) ?? ""
        {
            // A word, never quoted.
            new = new.setting(String(change[..<equals]), to: .string(String(change[change.index(after: equals)...])))
        }
        return new.jsonText
    }

    /// The field an item's section follows: the provider's group field, or
    /// for a registered provider, a field named like a section title.
    private func groupField(of loaded: LoadedProvider) -> String? {
        if let field = loaded.groupField { return field }
        guard loaded.registered != nil, loaded.provider.numberOfSections > 1,
            let title = loaded.provider.title(ofSection: 0),
            let first = loaded.provider.item(at: ItemPath(0, 0))
        else { return nil }
        return first.fields.first { $0.value == .string(title) }?.name
    }

    /// `step` with one of its text values made the simplest word (`A`), for
    /// each value that is not already: a field's `=value`, and each string
    /// value of a JSON object (not its keys).
    static func simplerVariants(of step: String) -> [String] {
        let simplest = words[0]
        var variants: [String] = []
        let characters = Array(step)
        var index = 0
        while index < characters.count {
            let character = characters[index]
            if character == "=" {
                // `field=value` or `field="some value"`: the value runs to the next space (or closing quote).
                var end = index + 1
                if end < characters.count, characters[end] == "\"" {
                    end += 1
                    while end < characters.count, characters[end] != "\"" { end += 1 }
                    end = min(end + 1, characters.count)
                } else {
                    while end < characters.count, characters[end] != " " { end += 1 }
                }
                let value = String(characters[(index + 1)..<end])
                if value != simplest, !value.isEmpty, !value.allSatisfy(\.isNumber) {
                    variants.append(String(characters[...index]) + simplest + String(characters[end...]))
                }
                index = end
            } else if character == "\"" {
                // A JSON string: a value unless a colon follows it.
                var end = index + 1
                while end < characters.count, characters[end] != "\"" { end += characters[end] == "\\" ? 2 : 1 }
                end = min(end, characters.count - 1)
                var after = end + 1
                while after < characters.count, characters[after] == " " { after += 1 }
                let isKey = after < characters.count && characters[after] == ":"
                let value = String(characters[(index + 1)..<end])
                if !isKey, value != simplest {
                    variants.append(String(characters[...index]) + simplest + String(characters[end...]))
                }
                index = end + 1
            } else {
                index += 1
            }
        }
        return variants
    }

    /// `text` as one word of a command line: as it is when letters and digits alone, else quoted
    /// as the prompt reads it back (``Token/quoted(_:)``).
    static func quoted(_ text: String) -> String {
        guard text.isEmpty || !text.allSatisfy({ $0.isLetter || $0.isNumber }) else { return text }
        return Token.quoted(text)
    }

    /// Another section's title, or now and then one no section has.
    private mutating func group(in loaded: LoadedProvider) -> String {
        let titles = (0..<loaded.provider.numberOfSections).compactMap { loaded.provider.title(ofSection: $0) }
        guard random.next(upTo: 5) != 0, let title = random.element(of: titles) else { return Self.newGroup }
        return title
    }
}
