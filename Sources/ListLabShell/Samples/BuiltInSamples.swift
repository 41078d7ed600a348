import ListLabCore
import ListLabFiles
public import ListLabRecords

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif
#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The datasets that ship with ListLab, in `Samples/datasets/`: one per seed
/// article's example. JSON, NDJSON and CSV each appear.
public enum BuiltInSamples {
    /// The names of the built-in samples, in the order `samples` lists them.
    public static var names: [String] { all.map(\.name) }

    /// Every sample, in the order `samples` lists them.
    public static let all: [Sample] = [tabs, contacts, nearby, photos, tasks, expansions, menu]

    /// The sample `listlab` starts with.
    public static let startup = contacts

    /// The sample named `name`, or nil.
    public static func named(_ name: String) -> Sample? {
        all.first { $0.name == name }
    }

    /// The folder of the sample files: `$LISTLAB_SAMPLES`, else the package's
    /// `Samples/datasets` (found from where this source file was built), or
    /// nil when neither exists.
    public static let folder: String? = {
        if let path = getenv("LISTLAB_SAMPLES").map({ String(cString: $0) }), !path.isEmpty { return path }
        // #filePath is …/Sources/ListLabShell/Samples/BuiltInSamples.swift.
        let parts = #filePath.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count > 4 else { return nil }
        let root = parts.dropLast(4).joined(separator: "/")
        let folder = root + "/Samples/datasets"
        var isDirectory = false
        return FileManager.default.fileExists(atPath: folder, isDirectory: &isDirectory) && isDirectory ? folder : nil
    }()

    /// The path of a sample's file, when the files are there.
    public static func path(of sample: Sample) -> String? {
        folder.map { $0 + "/" + sample.file }
    }

    /// A sample's records: from its file, or the built-in copy.
    ///
    /// - Throws: ``ShellError`` when the file cannot be found or read and
    ///   there is no built-in copy.
    public static func records(of sample: Sample) throws -> [Record] {
        if let path = path(of: sample) {
            do {
                return try FileDataProvider(path: path, name: sample.file).records
            } catch {
                if let embedded = sample.embedded { return embedded }
                throw ShellError(.failed("the sample \(sample.name) cannot be read: \(error)"))
            }
        }
        if let embedded = sample.embedded { return embedded }
        throw ShellError(
            .notFound("the sample files are not found: set LISTLAB_SAMPLES to the Samples/datasets folder of ListLab"))
    }

    /// FountainKit's tabs: a flat array with one cell kind.
    static let tabs = Sample(
        name: "tabs", summary: "FountainKit's tabs: News, Contributions, Settings (a flat array, one cell kind; JSON)",
        file: "tabs.json", fieldNames: ["id", "title", "icon"], shape: .array,
        look: .single(kind: "TabCell", text: "{title}", detail: nil))

    /// The Justice League with phone numbers: Abhisek's single-cell example.
    static let contacts = Sample(
        name: "contacts", summary: "the Justice League with phone numbers (one cell kind; CSV)",
        file: "contacts.csv", fieldNames: ["id", "name", "phone", "city"], shape: .array,
        look: .single(kind: "ContactCell", text: "{name}", detail: "{phone}"),
        embedded: {
            let schema = Record.Schema(["id", "name", "phone", "city"])
            let rows: [(Int, String, String, String)] = [
                (1, "Bruce Wayne", "555-0101", "Gotham"), (2, "Clark Kent", "555-0102", "Metropolis"),
                (3, "Diana Prince", "555-0103", "Themyscira"), (4, "Barry Allen", "555-0104", "Central City"),
                (5, "Hal Jordan", "555-0105", "Coast City"), (6, "Arthur Curry", "555-0106", "Atlantis"),
                (7, "Victor Stone", "555-0107", "Detroit"), (8, "J'onn J'onzz", "555-0108", "Mars"),
            ]
            return rows.map {
                Record(schema: schema, values: [.int($0.0), .string($0.1), .string($0.2), .string($0.3)])
            }
        }())

    /// Abhisek's Nearby home: top picks, categories and places grouped by
    /// category, each shown by a cell kind of its own.
    static let nearby = Sample(
        name: "nearby", summary: "a home screen: top picks, categories, places by category (three cell kinds; JSON)",
        file: "nearby.json", fieldNames: ["id", "group", "kind", "name", "category", "rating", "count"],
        shape: .sectioned(by: "group"),
        look: .byField(
            "kind",
            kinds: [
                ("top", "* {name}, {category} ({rating})"), ("category", "{name}: {count} places"),
                ("place", "{name} ({rating})"),
            ]),
        header: "{title}")

    /// Prearo's PhotoList: a flat list of photos with titles and URLs.
    static let photos = Sample(
        name: "photos",
        summary: "Prearo's PhotoList: 40 photos with titles and URLs (a flat list to page through; JSON)",
        file: "photos.json", fieldNames: ["id", "title", "url"], shape: .array,
        look: .single(kind: "PhotoCell", text: "{title}", detail: "{url}"))

    /// Prearo's TaskList: tasks in lists, shown in sections with headers.
    static let tasks = Sample(
        name: "tasks", summary: "Prearo's TaskList: tasks grouped by list, with headers (sectioned; CSV)",
        file: "tasks.csv", fieldNames: ["id", "title", "list", "done"], shape: .sectioned(by: "list"),
        look: .single(kind: "TaskCell", text: "{title}", detail: nil), header: "{title} ({count})")

    /// "DRY Data Sources"' Core Data example, with a file as the store.
    static let expansions = Sample(
        name: "expansions", summary: "card game expansions by series: a file provider with a section key path (NDJSON)",
        file: "expansions.ndjson", fieldNames: ["id", "name", "series", "year", "cards"],
        shape: .file(groupedBy: "series"),
        look: .single(kind: "ExpansionCell", text: "{name}", detail: "{year}, {cards} cards"), header: "{title}")

    /// Apple's "Implementing Modern Collection Views": its outline menu,
    /// each item naming its parent (for `outline by parent`).
    static let menu = Sample(
        name: "menu", summary: "Apple's Modern Collection Views menu: items with a parent, for an outline (JSON)",
        file: "menu.json", fieldNames: ["id", "title", "parent"], shape: .array,
        look: .single(kind: "OutlineCell", text: "{title}", detail: nil))
}
