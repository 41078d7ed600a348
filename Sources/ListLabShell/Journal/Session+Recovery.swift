import ListLabRecords

extension Session {
    /// What a recovery did.
    public struct Recovery: Hashable, Sendable {
        /// The commands run again.
        public var replayed: Int
        /// The commands not run again: saves and other writes (their files
        /// are on disk), edits a later save wrote, commands that changed
        /// nothing (failed or interrupted).
        public var skipped: Int
        /// The providers with unsaved edits afterwards.
        public var unsaved: [String]
    }

    /// Runs a journal's commands again so that the data is as the session
    /// left it: every edit made since the last save of its provider is back,
    /// unsaved as it was.
    ///
    /// A file read again has what the session saved into it, so the edits a
    /// later `save` wrote are skipped, as are the writes themselves (`save`,
    /// `export`, `show --svg`) and commands that changed nothing. The data
    /// is right when the files are as the session left them.
    public func recover(_ journal: JournalFile) -> Recovery {
        var replayed = 0
        var skipped = 0
        for (index, record) in journal.records.enumerated() {
            guard !isFinished else { break }
            if record.isReplayed(
                followedBy: journal.records[(index + 1)...], knowsWhatItWrote: journal.recordsSteps)
            {
                execute(record.command)
                replayed += 1
            } else {
                skipped += 1
            }
        }
        return Recovery(
            replayed: replayed, skipped: skipped, unsaved: workspace.providers.filter(\.hasUnsavedEdits).map(\.name))
    }

}

extension CommandRecord {
    /// Whether a recovery runs this command again, given the commands after
    /// it; `knowsWhatItWrote` when its journal records what each command wrote.
    func isReplayed(followedBy later: ArraySlice<CommandRecord>, knowsWhatItWrote: Bool = true) -> Bool {
        if interrupted || (failed && edited.isEmpty) { return false }
        // What a command wrote is on disk already, and a quit is not run again: the record says which did.
        if !written.isEmpty || ended { return false }
        if !knowsWhatItWrote, Command.writesFilesOrEnds(command) { return false }
        // An edit that a later save of its provider wrote is in the file already.
        if !edited.isEmpty, edited.allSatisfy({ name in later.contains { $0.saved.contains(name) } }) {
            return false
        }
        return true
    }
}
