/// A command that cannot run: its description is the one-line message the
/// user sees after `error: `, saying what was wrong and where.
public struct ShellError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What is wrong.
    public var message: String
    /// The column (from 1) of the bad token in the command line, if the
    /// problem is in the line itself.
    public var column: Int?

    /// Creates an error.
    public init(_ message: String, column: Int? = nil) {
        self.message = message
        self.column = column
    }

    /// `column 12: unterminated quoted string`, or the message alone.
    public var description: String {
        column.map { "column \($0): \(message)" } ?? message
    }
}
