public import ListLabCore
public import ListLabRecords

/// A command that cannot run: what went wrong (``Reason``), with its data,
/// and where. Its description is the one-line message the user sees after
/// `error: `; the words of every typed reason are made in one place
/// (ShellError+Words.swift), so a test asserts the reason and its data and
/// leaves the wording to the transcripts.
public struct ShellError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What went wrong.
    public var reason: Reason
    /// The column (from 1) of the bad token in the command line, if the
    /// problem is in the line itself.
    public var column: Int?

    /// Creates an error for `reason`.
    public init(_ reason: Reason, column: Int? = nil) {
        self.reason = reason
        self.column = column
    }

    /// Creates an error whose words are its own (``Reason/other(_:)``): a
    /// refusal that only one command makes.
    public init(_ message: String, column: Int? = nil) {
        self.init(.other(message), column: column)
    }

    /// What is wrong, in words.
    public var message: String { reason.text }

    /// `column 12: unterminated quoted string`, or the message alone.
    public var description: String {
        column.map { "column \($0): \(message)" } ?? message
    }
}

extension ShellError {
    /// What went wrong, by kind, with the data a test asserts.
    public enum Reason: Hashable, Sendable {
        // The command line.

        /// A line whose first word names no command, with the nearest name.
        case unknownCommand(String, suggestion: String?)
        /// `expected WHAT, found 'TOKEN'`: a token of the wrong kind.
        case expected(String, found: String)
        /// A token after the arguments a command takes.
        case unexpected(String, usage: String)
        /// An argument left out: `command` needs `what`.
        case missing(String, command: String, usage: String)
        /// A word that reads as an option (`--xml`) that `command` does not take.
        case unknownOption(String, command: String, usage: String)
        /// A clause or option written twice.
        case givenTwice(String, usage: String?)
        /// A whole number outside the bounds its argument takes.
        case outOfBounds(String, bounds: ClosedRange<Int>, found: String)

        // Names that name nothing.

        /// A field the dataset does not have, with the fields it has.
        case noField(String, dataset: String, fields: [String])
        /// A provider name that is not loaded, with the names that are.
        case noProvider(String, loaded: [String])
        /// A command that needs a provider when none is loaded.
        case nothingLoaded(firstLoad: String, offersSamples: Bool)
        /// A path the list shows no item at.
        case noItem(at: ItemPath)
        /// A key that no item of `dataset` has.
        case noItemWithKey(field: String, value: Value, dataset: String)

        // Files.

        /// A file a command would write exists, and `--force` was not given.
        case fileExists(String)
        /// A path that names no file or folder.
        case noSuchFile(String)
        /// A file name that is empty.
        case emptyFileName
        /// A file name that names a folder.
        case isFolder(String)
        /// A file a transcript names that its replay cannot copy into its scratch folder.
        case notCopiedIntoReplay(String)
        /// A command that writes files, in a session that may not.
        case writesNoFiles(command: String)

        // UIKit's rules and the session's bounds.

        /// An update the list refused by UIKit's rules; the list was
        /// reloaded so that it shows the data.
        case refused(BatchUpdateError)
        /// A command of a diffable data source when the list has none.
        case needsDiffable(command: String)
        /// Scripts that have run the most commands a session lets them.
        case scriptCommandsSpent(limit: Int)
        /// Scripts that run each other deeper than a session lets them.
        case scriptsTooDeep(file: String, limit: Int)

        /// Two items of a dataset with one key: `field`=`value` in `among` (`records`, `rows`)
        /// `first` and `second` (from 1), in `source` when it is a file.
        case duplicateKey(field: String, value: Value, first: Int, second: Int, among: String, source: String?)
        /// A registered provider's own `load` threw; nothing changed.
        case registeredLoadFailed(dataset: String, type: String, error: String)
        /// A file read again (`reload`, `reload --diff`) could not be read; nothing changed.
        case sourceUnreadable(String)

        /// A refusal that only one command makes, in its own words.
        case other(String)
    }
}
