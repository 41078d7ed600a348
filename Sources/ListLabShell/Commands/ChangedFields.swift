import Dispatch
import ListLabCore
import ListLabRecords
import Synchronization

/// What changed in each item a diff updated, by its path after the change
/// (`city: "Metropolis" → "Smallville"`), for each to be said once: on a
/// stage's line for the item, else after the stages.
///
/// Held in path order and found by a binary search: a diff of a big file
/// updates tens of thousands of items, which a dictionary hashed and copied
/// for more than the lines cost to write.
struct ChangedFields: Sendable {
    /// The paths, ascending, each once.
    private var paths: [ItemPath] = []
    /// What changed in the item at each of `paths`.
    private var texts: [String] = []
    /// Whether a stage's line has said each.
    private var said: [Bool] = []

    /// None: the lines say only the paths.
    init() {}

    /// The items at `entries`' paths with what changed in each; a path given
    /// twice keeps its last text, as a dictionary would.
    init(_ entries: [(path: ItemPath, text: String)]) {
        var entries = entries
        // A diff's updates come in path order already, each path once; sorted (and made
        // unique) only when they do not.
        if !zip(entries, entries.dropFirst()).allSatisfy({ $0.path < $1.path }) {
            var last: [ItemPath: String] = [:]
            for entry in entries { last[entry.path] = entry.text }
            entries = last.keys.sorted().map { ($0, last[$0] ?? "") }
        }
        paths = entries.map(\.path)
        texts = entries.map(\.text)
        said = Array(repeating: false, count: entries.count)
    }

    /// What changed in each of `pairs` (from the path before the change, to
    /// the path after), given the fields that changed in each (nil for one
    /// not known), by its path after the change: `city: "Metropolis" → "Smallville"`.
    /// An item with no field changed says `unchanged`: rows compared by
    /// their text in the file can differ where their values do not (`1.10`,
    /// `1.1`), and records whose dataset gained or lost a field too.
    init(
        _ pairs: [(from: ItemPath, to: ItemPath)], changes values: [[FieldChange]?],
        unchanged: String = "(its text in the file changed; its values did not)"
    ) {
        let count = min(pairs.count, values.count)
        // A staged diff of a big file says what changed in tens of thousands of items: their texts
        // are written on two threads, each its own half, while the list takes the structural stage.
        let halves = count >= 4_096 ? 2 : 1
        let parts = Mutex([[(path: ItemPath, text: String)]](repeating: [], count: halves))
        DispatchQueue.concurrentPerform(iterations: halves) { half in
            let range = (count * half / halves)..<(count * (half + 1) / halves)
            let texts = Self.texts(pairs[range], values[range], unchanged: unchanged)
            parts.withLock { $0[half] = texts }
        }
        var changed = parts.withLock { parts in
            var first: [(path: ItemPath, text: String)] = []
            swap(&first, &parts[0])
            return first
        }
        for half in 1..<halves { changed += parts.withLock { $0[half] } }
        self.init(changed)
    }

    /// The text of what changed in each pair of `pairs` whose fields are known (``init(_:changes:unchanged:)``).
    private static func texts(
        _ pairs: ArraySlice<(from: ItemPath, to: ItemPath)>, _ values: ArraySlice<[FieldChange]?>, unchanged: String
    ) -> [(path: ItemPath, text: String)] {
        var changed: [(path: ItemPath, text: String)] = []
        changed.reserveCapacity(pairs.count)
        var text = UTF8Text()
        for (pair, fields) in zip(pairs, values) {
            let path = pair.to
            guard let fields else { continue }
            guard !fields.isEmpty else {
                changed.append((path, unchanged))
                continue
            }
            text.removeAll()
            for (index, field) in fields.enumerated() {
                if index > 0 { text.append(", ") }
                text.append(field.field)
                text.append(": ")
                field.old.writeJSON(to: &text)
                text.append(" → ")
                field.new.writeJSON(to: &text)
            }
            changed.append((path, text.string))
        }
        return changed
    }

    /// Where `path` is among the paths not said yet, or nil, looked for from
    /// `start` on (the paths before it are below `path`): at `start` first,
    /// where the next of paths asked for in order is.
    private func index(of path: ItemPath, from start: Int) -> Int? {
        if start < paths.count, paths[start] == path { return said[start] ? nil : start }
        var low = start
        var high = paths.count
        while low < high {
            let middle = (low + high) / 2
            if paths[middle] < path { low = middle + 1 } else { high = middle }
        }
        return low < paths.count && paths[low] == path && !said[low] ? low : nil
    }

    /// What changed in the items at `wanted` (ascending), each marked said;
    /// nil, with none marked, when one is not known or was said. A path
    /// given again right after itself is said once: its text, then "". Found
    /// in one pass, where a search for each cost more than writing its line.
    mutating func take(ascending wanted: [ItemPath]) -> [String]? {
        var found: [Int?] = []
        found.reserveCapacity(wanted.count)
        var start = 0
        for (offset, path) in wanted.enumerated() {
            if offset > 0, wanted[offset - 1] == path {
                found.append(nil)
                continue
            }
            guard let index = index(of: path, from: start) else { return nil }
            found.append(index)
            start = index + 1
        }
        for case let index? in found { said[index] = true }
        return found.map { $0.map { texts[$0] } ?? "" }
    }

    /// The items not said yet, in path order.
    var unsaid: [(path: ItemPath, text: String)] {
        paths.indices.filter { !said[$0] }.map { (paths[$0], texts[$0]) }
    }
}

/// ``ChangedFields`` worked out on another thread, for the stage lines to
/// wait for when they need it: a staged diff of a big file reads the values
/// of tens of thousands of rows, which the lines need only after the list
/// has taken the deletes, inserts and moves.
typealias ChangedFieldsInBackground = WorkInBackground<ChangedFields>
