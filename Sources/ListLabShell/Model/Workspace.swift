import ListLabFiles
import ListLabRecords

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// What a session works on: the providers it has loaded and which one the
/// list shows, the user's own registrations, and the files its commands may
/// read and write (from the working directory, or a replay's confined
/// folder), with the ones they did.
///
/// The workspace knows nothing of the list: ``Presentation`` shows what it
/// holds.
final class Workspace {
    /// The loaded providers, in the order they were first loaded.
    private(set) var providers: [LoadedProvider] = []
    /// The index in ``providers`` of the one the list shows.
    private(set) var currentIndex: Int?
    /// The user's own providers and presenters that `load NAME` shows.
    var registrations: [ProviderRegistration] = []
    /// Whether ListLab's own samples can be loaded.
    var offersSamples = true
    /// The folder relative paths are read from.
    let workingDirectory: String
    /// For a replayed transcript: the only folder its commands may read and
    /// write (nil: anywhere, as at the prompt).
    var confinement: ConfinedFolder?
    /// Whether `save` and `session save` may write files.
    let canWriteFiles: Bool
    /// The bytes of data the providers may hold, estimated (a classroom
    /// tab's); a load past it is refused. Nil for no bound.
    var dataLimit: Int?
    /// Why ``dataLimit`` is what it is, said after it in a refusal (`a tab's
    /// 16 MB, less 4 MB it keeps of its commands`); nil says nothing more.
    var dataLimitReason: String?
    /// Whether file providers sort, filter and diff on their columns where
    /// they can; off, every provider takes the record path, for tests that
    /// compare the two.
    var usesColumnPaths = true
    /// Whether the prompt prints each command's real, user and system time
    /// after its output (`set timer on`), as sqlite3's `.timer on`.
    var timesCommands = false
    /// The files the running command read or wrote, as named.
    var touchedFiles: [String] = []
    /// The files the running command wrote, as named.
    var writtenFiles: [String] = []
    /// Every file the session's commands wrote, as absolute paths.
    var writtenPaths: [String] = []
    /// Whether a command is running (a file written between commands, an upload, is not one a command wrote).
    private(set) var isRunningCommand = false

    /// An empty workspace reading relative paths from `workingDirectory`.
    init(workingDirectory: String, canWriteFiles: Bool) {
        self.workingDirectory = workingDirectory
        self.canWriteFiles = canWriteFiles
    }

    /// The provider the list shows.
    func current() throws(ShellError) -> LoadedProvider {
        guard let currentIndex, providers.indices.contains(currentIndex) else {
            throw ShellError(.nothingLoaded(firstLoad: firstLoad, offersSamples: offersSamples))
        }
        return providers[currentIndex]
    }

    /// The loaded provider called `name`, if any.
    func provider(named name: String) -> LoadedProvider? {
        providers.first { $0.name == name }
    }

    /// The index of the loaded provider called `name`, if any.
    func index(named name: String) -> Int? {
        providers.firstIndex { $0.name == name }
    }

    /// The registration called `name`, if any.
    func registration(named name: String) -> ProviderRegistration? {
        registrations.first { $0.name == name }
    }

    /// Puts `loaded` in place of the provider of its name (or after the
    /// others) and makes it the current one; returns its index.
    @discardableResult
    func put(_ loaded: LoadedProvider) -> Int {
        let index: Int
        if let existing = self.index(named: loaded.name) {
            providers[existing] = loaded
            index = existing
        } else {
            providers.append(loaded)
            index = providers.count - 1
        }
        currentIndex = index
        return index
    }

    /// Makes `providers[index]` the current one.
    func makeCurrent(_ index: Int) {
        currentIndex = index
    }

    /// What `load` to try first: a sample, or the first registration.
    var firstLoad: String {
        offersSamples ? "load contacts" : registrations.first.map { "load \($0.name)" } ?? "load FILE"
    }

    /// The providers with edits not saved yet, by name.
    var unsavedProviderNames: [String] { providers.filter(\.hasUnsavedEdits).map(\.name) }

    /// The path of the file a command names as `name`: from the working
    /// directory, or, in a replay, in the copy of the transcript's folder.
    ///
    /// - Throws: ``ShellError`` in a replay, for a name outside that folder.
    func filePath(_ name: String) throws(ShellError) -> String {
        if let confinement { return try confinement.path(of: name) }
        return name.hasPrefix("/") ? name : workingDirectory + "/" + name
    }

    /// Throws when this session may not write files.
    func checkCanWrite(_ command: String) throws(ShellError) {
        guard canWriteFiles else { throw ShellError(.writesNoFiles(command: command)) }
    }

    /// Forgets the files of the command before: a new one starts.
    func startCommand() {
        touchedFiles = []
        writtenFiles = []
        isRunningCommand = true
    }

    /// The command is done: a file written from now on (an upload) is not one a command wrote.
    func finishCommand() {
        isRunningCommand = false
    }

    /// Writes `text` to `file` as UTF-8 (``writeNewFile(bytes:to:force:)``).
    func writeNewFile(_ text: String, to file: String, force: Bool) throws {
        try writeNewFile(bytes: Array(text.utf8), to: file, force: force)
    }

    /// Writes `bytes` to `file` (from the working directory) atomically; a
    /// file that exists is replaced only with `force`, a folder never.
    /// Errors name the file as the user wrote it.
    func writeNewFile(bytes: [UInt8], to file: String, force: Bool) throws {
        guard !file.isEmpty else { throw ShellError(.emptyFileName) }
        let path = try filePath(file)
        var isDirectory = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) {
            guard !isDirectory else { throw ShellError(.isFolder(file)) }
            guard force else { throw ShellError(.fileExists(file)) }
        }
        try confinement?.checkRoom(forWriting: bytes.count, at: path, named: file)
        do {
            try AtomicFile.write(bytes, to: path, force: force)
        } catch {
            throw ShellError(.failed(error.description.replacingPrefix(path, with: file)))
        }
        writtenFiles.append(file)
        if isRunningCommand { writtenPaths.append(FilePaths.absolutePath(path)) }
    }
}
