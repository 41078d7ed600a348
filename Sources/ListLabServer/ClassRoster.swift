import Synchronization

/// The names a classroom's students gave, each held by the browser that
/// gave it (a key the page makes once and keeps), so that two students are
/// not one name on the teacher's page and in the gradebook: a second "Ada"
/// is asked to write her name otherwise, while Ada's own new tabs, which her
/// browser sends the same key from, keep it. Shared by every copy of the
/// ``Classroom``; kept for the server's life.
package final class ClassRoster: Sendable {
    /// The most names a class holds: a page that sends names in a loop meets this bound.
    static let mostNames = 2_000

    /// Each name (folded: case and spaces do not make two names) and the key that holds it, and back.
    private let names = Mutex<(holders: [String: String], held: [String: String])>(([:], [:]))

    /// Why the student whose browser sends `key` may not take `name`; nil
    /// when they may, and then they hold it, giving up the name they held.
    func claim(_ name: String, by key: String) -> String? {
        let folded = Self.folded(name)
        return names.withLock { names in
            if let holder = names.holders[folded] {
                return holder == key
                    ? nil
                    : "another student of this class is named \(name): add a letter of your family name (\(name) L.)"
            }
            let renaming = names.held[key] != nil
            guard renaming || names.holders.count < Self.mostNames else {
                return "this class has \(Self.mostNames) names, the most it holds: ask your teacher"
            }
            if let old = names.held[key] { names.holders[old] = nil }
            names.holders[folded] = key
            names.held[key] = folded
            return nil
        }
    }

    /// `name` as the roster compares names: lowercased, its runs of spaces one.
    static func folded(_ name: String) -> String {
        name.lowercased().split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }
}
