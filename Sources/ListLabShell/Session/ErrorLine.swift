/// The line an error prints, with or without where its command came from.
enum ErrorLine {
    /// The line an error prints after `error: `: its description, after
    /// `FILE:LINE:` when the command came from a file (a column joins them:
    /// `FILE:LINE:COLUMN:`, as compilers write it).
    static func text(for error: any Error, at location: String?) -> String {
        guard let location else { return "\(error)" }
        if let shellError = error as? ShellError, let column = shellError.column {
            return "\(location):\(column): \(shellError.message)"
        }
        return "\(location): \(error)"
    }

    /// An output line with the `FILE:LINE:` that ``text(for:at:)`` put
    /// into an error at `location` taken out again: the line a transcript
    /// recorded, where the command ran with no location.
    static func removingLocation(_ location: String, from line: String) -> String {
        let prefix = "error: \(location):"
        guard line.hasPrefix(prefix) else { return line }
        let rest = line.dropFirst(prefix.count)
        if rest.hasPrefix(" ") { return "error: " + rest.dropFirst() }
        // `FILE:LINE:COLUMN: message` was `column COLUMN: message`.
        guard let colon = rest.firstIndex(of: ":") else { return line }
        return "error: column \(rest[..<colon])\(rest[colon...])"
    }
}
