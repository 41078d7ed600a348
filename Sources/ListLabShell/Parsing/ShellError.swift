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
        /// A word where a path (`S.I` or `I`) belongs.
        case notAPath(String)
        /// A path with a negative part.
        case negativePath(String)
        /// A path with a part past the largest index a list may have.
        case pathTooLarge(String)
        /// A range (`0.1-1.2`) whose ends are in different sections.
        case rangeCrossesSections(String)
        /// A range whose first end is after its last.
        case rangeRunsBackwards(String, first: ItemPath, last: ItemPath)

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
        /// A command that needs a kind of provider (`worksOn`: `paged providers`) that `dataset` is not
        /// (`kind`: `an array provider`), with what to do instead.
        case wrongKind(command: String, worksOn: String, dataset: String, kind: String, hint: String?)
        /// A change refused while a filter hides part of the data: it would lose the hidden items.
        case filterOn(command: String, field: String, value: Value)
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

        // Refusals that one command makes, in its own words, by what went wrong.

        /// A command line whose form is wrong (a token out of its place, a bad path or escape).
        case usage(String)
        /// A name (a sample, a file, a command, an operation) that names nothing.
        case notFound(String)
        /// What the session holds asks for another command first (`filter off`, `reload --list`, `apply`).
        case needsFirst(String)
        /// What the provider, its kind or the session cannot do.
        case unsupported(String)
        /// Past one of the session's bounds (its data, its record, its viewport, a file's size).
        case overBound(String)
        /// A path outside the folder a replay or a classroom's tab is confined to.
        case outsideFolder(String)
        /// Data that breaks a rule of its own (a repeated key, a cycle of parents, text that is not UTF-8).
        case invalidData(String)
        /// Reading, writing or making a file or folder failed, or a provider's load did.
        case failed(String)
        /// A rule of UIKit's, in the words the core renders for the session's iOS version.
        case ruleBroken(String)
        /// `reason`, of the file named `file`.
        indirect case inFile(String, Reason)
    }
}

extension ShellError.Reason {
    /// What went wrong, as a few kinds a caller can act on without reading words.
    public enum Kind: Hashable, Sendable, CaseIterable {
        /// The command line's form: a fix is to type it differently.
        case usage
        /// A name that names nothing.
        case notFound
        /// Another command first: the session's state does not allow this one yet.
        case needsFirst
        /// Something the provider, its kind or the session cannot do.
        case unsupported
        /// Past a bound of the session or the classroom.
        case overBound
        /// A path outside the folder the session is confined to.
        case outsideFolder
        /// Data that breaks a rule of its own.
        case invalidData
        /// Reading, writing or loading failed.
        case failed
        /// A rule of UIKit's.
        case ruleBroken
    }

    /// The kind of this reason.
    public var kind: Kind {
        switch self {
        case .unknownCommand, .noField, .noProvider, .noItem, .noItemWithKey, .noSuchFile, .notFound: .notFound
        case .expected, .unexpected, .missing, .unknownOption, .givenTwice, .outOfBounds, .emptyFileName, .usage,
            .notAPath, .negativePath, .pathTooLarge, .rangeCrossesSections, .rangeRunsBackwards:
            .usage
        case .nothingLoaded, .fileExists, .needsDiffable, .filterOn, .needsFirst: .needsFirst
        case .writesNoFiles, .wrongKind, .unsupported: .unsupported
        case .scriptCommandsSpent, .scriptsTooDeep, .overBound: .overBound
        case .notCopiedIntoReplay, .outsideFolder: .outsideFolder
        case .duplicateKey, .invalidData: .invalidData
        case .isFolder, .registeredLoadFailed, .sourceUnreadable, .failed: .failed
        case .refused, .ruleBroken: .ruleBroken
        case .inFile(_, let reason): reason.kind
        }
    }
}
