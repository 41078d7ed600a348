import ListLabCore

/// The datasets built into ListLab, so that it starts with something to
/// show on a fresh clone.
public enum BuiltInSamples {
    /// Every built-in sample, in the order `samples` lists them.
    public static let all: [Sample] = [contacts, tabs, tasks, photos]

    /// The sample `listlab` starts with.
    public static let startup = contacts

    /// The sample named `name`, or nil.
    public static func named(_ name: String) -> Sample? {
        all.first { $0.name == name }
    }

    /// The Justice League with phone numbers: Abhisek's single-cell example.
    public static let contacts: Sample = {
        let schema = Record.Schema(["id", "name", "phone", "city"])
        let rows: [(Int, String, String, String)] = [
            (1, "Bruce Wayne", "555-0101", "Gotham"), (2, "Clark Kent", "555-0102", "Metropolis"),
            (3, "Diana Prince", "555-0103", "Themyscira"), (4, "Barry Allen", "555-0104", "Central City"),
            (5, "Hal Jordan", "555-0105", "Coast City"), (6, "Arthur Curry", "555-0106", "Atlantis"),
            (7, "Victor Stone", "555-0107", "Detroit"), (8, "J'onn J'onzz", "555-0108", "Mars"),
        ]
        return Sample(
            name: "contacts", summary: "the Justice League with phone numbers (one cell kind)",
            records: rows.map { Record(schema: schema, values: [.int($0.0), .string($0.1), .string($0.2), .string($0.3)]) },
            shape: .array, cellKind: "ContactCell", text: "{name}", detail: "{phone}")
    }()

    /// FountainKit's tabs: a flat array with one cell kind.
    public static let tabs: Sample = {
        let schema = Record.Schema(["id", "title", "icon"])
        let rows: [(Int, String, String)] = [(1, "News", "newspaper"), (2, "Contributions", "hands"), (3, "Settings", "gear")]
        return Sample(
            name: "tabs", summary: "FountainKit's tabs: News, Contributions, Settings (a flat array)",
            records: rows.map { Record(schema: schema, values: [.int($0.0), .string($0.1), .string($0.2)]) },
            shape: .array, cellKind: "TabCell", text: "{title}")
    }()

    /// Prearo's PhotoList: a flat list of photos with titles and URLs, long
    /// enough to page through.
    public static let photos: Sample = {
        let schema = Record.Schema(["id", "title", "url"])
        let subjects = ["Harbour", "Lighthouse", "Market", "Bridge", "Garden", "Station", "Canal", "Tower"]
        let times = ["at dawn", "at noon", "at dusk", "by night", "in rain"]
        let records = (1...40).map { id -> Record in
            let title = "\(subjects[(id - 1) % subjects.count]) \(times[(id - 1) / subjects.count % times.count])"
            return Record(schema: schema, values: [.int(id), .string(title), .string("https://photos.example.com/\(id).jpg")])
        }
        return Sample(
            name: "photos", summary: "Prearo's PhotoList: 40 photos with titles and URLs (a flat list to page through)",
            records: records, shape: .array, cellKind: "PhotoCell", text: "{title}", detail: "{url}")
    }()

    /// Prearo's TaskList: tasks in lists, shown in sections with headers.
    public static let tasks: Sample = {
        let schema = Record.Schema(["id", "title", "list", "done"])
        let rows: [(Int, String, String, Bool)] = [
            (1, "Write the brief", "Work", true), (2, "Review the diff", "Work", false),
            (3, "Buy milk", "Home", false), (4, "Fix the tap", "Home", true),
            (5, "Book flights", "Travel", false), (6, "Plan the demo", "Work", false),
            (7, "Water the plants", "Home", false),
        ]
        return Sample(
            name: "tasks", summary: "Prearo's TaskList: tasks grouped by list, with headers (sectioned)",
            records: rows.map { Record(schema: schema, values: [.int($0.0), .string($0.1), .string($0.2), .bool($0.3)]) },
            shape: .sectioned(by: "list"), cellKind: "TaskCell", text: "{title}", header: "{title} ({count})")
    }()
}
