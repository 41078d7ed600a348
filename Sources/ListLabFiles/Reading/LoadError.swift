/// A file that cannot be loaded: where (`file:line:column` when the problem
/// is inside it) and what was expected. The description is the user's message.
public struct LoadError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The file, as the user named it.
    public var file: String
    /// The line (from 1), when the problem is at a place in the file.
    public var line: Int?
    /// The column in characters (from 1), with ``line``.
    public var column: Int?
    /// What is wrong.
    public var message: String
    /// Whether the load stopped because it was asked to (see
    /// `Interruption`), not because of the file.
    public var wasInterrupted = false

    /// Creates an error about the file as a whole.
    public init(file: String, message: String) {
        self.file = file
        self.message = message
    }

    /// Creates an error at byte `offset` of `bytes`, with its line and column.
    init(file: String, bytes: UnsafeBufferPointer<UInt8>, offset: Int, message: String) {
        var line = 1
        var lineStart = 0
        let end = min(max(offset, 0), bytes.count)
        for index in 0..<end where bytes[index] == 0x0A {
            line += 1
            lineStart = index + 1
        }
        // Columns count characters: every byte that does not continue a UTF-8 sequence.
        var column = 1
        for index in lineStart..<end where bytes[index] & 0xC0 != 0x80 {
            column += 1
        }
        self.file = file
        self.line = line
        self.column = column
        self.message = message
    }

    /// The error of a load stopped by `Interruption.request()`.
    static func interrupted(file: String) -> LoadError {
        var error = LoadError(file: file, message: "interrupted")
        error.wasInterrupted = true
        return error
    }

    /// `file:line:column: message`, or `file: message`.
    public var description: String {
        if let line, let column { return "\(file):\(line):\(column): \(message)" }
        return "\(file): \(message)"
    }
}
