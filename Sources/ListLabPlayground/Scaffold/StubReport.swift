/// What a Linux test package's first build says the screen files need:
/// the app's types and modules to stub, what Linux cannot compile (and what
/// to do instead), and any other error, which is the UIKit face's bug
/// report. Read from the compiler's output and the files' text; names are
/// listed sorted, so the report reads the same on every run.
struct StubReport: Equatable {
    /// Types and functions the files name that nothing declares: the app's own, to stub.
    var missingNames: [String] = []
    /// Modules the files import that are not there: the app's own or its dependencies', to stub.
    var missingModules: [String] = []
    /// What Linux cannot compile, by file and line, with what to do instead.
    var linuxLimits: [String] = []
    /// Other errors, as the compiler said them (the first of each).
    var otherErrors: [String] = []

    /// Whether the build needs nothing more.
    var isEmpty: Bool { missingNames.isEmpty && missingModules.isEmpty && linuxLimits.isEmpty && otherErrors.isEmpty }

    /// The report of a build's output `output`.
    init(buildOutput output: String) {
        var names: Set<String> = []
        var modules: Set<String> = []
        var limits: Set<String> = []
        var others: [String] = []
        for line in output.split(separator: "\n", omittingEmptySubsequences: true) {
            guard let range = line.firstRange(of: ": error: ") else { continue }
            let place = Self.place(String(line[..<range.lowerBound]))
            let message = String(line[range.upperBound...])
            if let name = Self.quoted(after: "cannot find type '", in: message)
                ?? Self.quoted(after: "cannot find '", in: message)
            {
                names.insert(name)
            } else if let module = Self.quoted(after: "no such module '", in: message) {
                modules.insert(module)
            } else if let advice = Self.advice(for: message) {
                limits.insert("\(place): \(advice)")
            } else if !others.contains(where: { $0.hasSuffix(message) }) {
                others.append("\(place): \(message)")
            }
        }
        missingNames = names.sorted()
        missingModules = modules.sorted()
        linuxLimits = limits.sorted()
        otherErrors = others
    }

    /// The lines the command prints.
    var lines: [String] {
        guard !isEmpty else { return ["the screens compile against ListLab's UIKit: write a test in Tests/"] }
        var lines: [String] = []
        if !missingModules.isEmpty {
            lines.append(
                "modules to stub (a target of each name, beside the screens): " + missingModules.joined(separator: ", ")
            )
        }
        if !missingNames.isEmpty {
            lines.append(
                "the app's types and functions to stub (in Stubs.swift): " + missingNames.joined(separator: ", "))
        }
        if !linuxLimits.isEmpty {
            lines.append("what Linux cannot compile, and what to do instead:")
            lines += linuxLimits.map { "  " + $0 }
        }
        if !otherErrors.isEmpty {
            lines.append("other errors (a name the UIKit face lacks is a bug report to ListLab):")
            lines += otherErrors.prefix(20).map { "  " + $0 }
            if otherErrors.count > 20 { lines.append("  ... and \(otherErrors.count - 20) more") }
        }
        return lines
    }

    /// What to do instead of what Linux cannot compile, for the compiler's `message`; nil for another error.
    static func advice(for message: String) -> String? {
        if message.contains("cannot be overridden from extension") {
            return
                "an override in an extension: move it into the class body (Swift overrides from an extension only "
                + "through the Objective-C runtime)"
        }
        if message.contains("Objective-C interoperability is disabled") || message.contains("'#selector'") {
            return
                "@objc or #selector: Linux has no Objective-C runtime; use a UIAction (addAction(_:for:), "
                + "primaryAction:)"
        }
        if message.contains("'@IBOutlet'") || message.contains("@IBAction") {
            return "an outlet or action of a nib: drop the attribute and make the view in code"
        }
        return nil
    }

    /// The file and line of a diagnostic's place, by the file's name only (no absolute path in output).
    private static func place(_ location: String) -> String {
        let parts = location.split(separator: ":", omittingEmptySubsequences: false)
        guard let path = parts.first else { return location }
        let name = path.split(separator: "/").last.map(String.init) ?? String(path)
        return parts.count > 1 ? "\(name):\(parts[1])" : name
    }

    /// The text between `prefix` and the next `'` in `message`.
    private static func quoted(after prefix: String, in message: String) -> String? {
        guard let start = message.firstRange(of: prefix)?.upperBound, let end = message[start...].firstIndex(of: "'")
        else { return nil }
        return String(message[start..<end])
    }
}
