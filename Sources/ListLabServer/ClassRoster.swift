import Synchronization

/// The names a classroom's students gave, each held by the browser that
/// gave it (a key the page makes once and keeps), so that two students are
/// not one name on the teacher's page and in the gradebook: a second "Ada"
/// is asked to write her name otherwise, while Ada's own new tabs, which her
/// browser sends the same key from, keep it. Shared by every copy of the
/// ``Classroom``; kept for the server's life.
///
/// A key is the page's word, so the roster is bounded against a page that
/// makes keys up: a browser holds a few names (a student who renames keeps
/// the old name while a tab may still show it), an address gives names for
/// a bounded number of browsers (a lab machine or a school's network seats
/// many students; a script seats no more), and the class holds at most
/// ``mostNames``.
package final class ClassRoster: Sendable {
    /// The most names a class holds.
    static let mostNames = 2_000
    /// The most names one browser holds.
    static let mostNamesPerStudent = 4
    /// The most browsers one address gives names for.
    static let mostStudentsPerAddress = 100

    private struct Names {
        /// Each name (folded: case and spaces do not make two names) and the key that holds it.
        var holders: [String: String] = [:]
        /// The names each key holds.
        var held: [String: Set<String>] = [:]
        /// The keys each address has given names for.
        var keys: [String: Set<String>] = [:]
    }

    private let names = Mutex(Names())

    /// Why the student whose browser sends `key`, from the address
    /// `client`, may not take `name`; nil when they may, and then they hold it.
    func claim(_ name: String, by key: String, from client: String) -> String? {
        let folded = Self.folded(name)
        return names.withLock { names in
            if let holder = names.holders[folded] {
                return holder == key
                    ? nil
                    : "another student of this class is named \(name): add a letter of your family name (\(name) L.)"
            }
            let mine = names.held[key, default: []]
            guard mine.count < Self.mostNamesPerStudent else {
                return
                    "this browser has given \(Self.mostNamesPerStudent) names in this class, the most it may: keep "
                    + "one of them"
            }
            let seated = names.keys[client, default: []]
            guard seated.contains(key) || seated.count < Self.mostStudentsPerAddress else {
                return
                    "this address has given names for \(Self.mostStudentsPerAddress) students, the most it may: ask "
                    + "your teacher"
            }
            guard names.holders.count < Self.mostNames else {
                return "this class has \(Self.mostNames) names, the most it holds: ask your teacher"
            }
            names.holders[folded] = key
            names.held[key, default: []].insert(folded)
            names.keys[client, default: []].insert(key)
            return nil
        }
    }

    /// The names held and the keys each address gave names for, for the class's record (``ClassRecord``).
    func record() -> (holders: [String: String], keysByAddress: [String: [String]]) {
        names.withLock { names in (names.holders, names.keys.mapValues { $0.sorted() }) }
    }

    /// Takes back the names of a class's record: each held by its key again.
    func restore(holders: [String: String], keysByAddress: [String: [String]]) {
        names.withLock { names in
            for (name, key) in holders.prefix(Self.mostNames) {
                names.holders[name] = key
                names.held[key, default: []].insert(name)
            }
            for (client, keys) in keysByAddress { names.keys[client, default: []].formUnion(keys) }
        }
    }

    /// Whether `text` is a key as the page makes them: 32 lowercase hex digits.
    static func isKey(_ text: String) -> Bool {
        text.utf8.count == 32 && text.utf8.allSatisfy { (0x30...0x39).contains($0) || (0x61...0x66).contains($0) }
    }

    /// `name` as the roster compares names: lowercased, its runs of spaces one.
    static func folded(_ name: String) -> String {
        name.lowercased().split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }
}
