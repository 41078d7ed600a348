extension Session {
    /// What a session may hold and do when it runs for others: a classroom
    /// tab (a student's commands), a replay of a transcript from a pull
    /// request. Each bound met is one error line that changes nothing;
    /// ``none`` bounds nothing, as at the prompt.
    public struct Bounds: Sendable {
        /// The only folder its commands may read and write (a replay's
        /// scratch copy of the transcript's folder, a tab's own); nil:
        /// anywhere.
        public var confinement: ConfinedFolder?
        /// The bytes of data its providers may hold, estimated; a load or
        /// an edit past it is refused.
        public var data: Int?
        /// Why ``data`` is what it is, said in a refusal after it (`a tab's
        /// 16 MB, less 4 MB its commands keep`).
        public var dataReason: String?
        /// The highest change threshold `set threshold` takes: a batch
        /// update of a million changes is not one command's work there.
        public var threshold: Int?
        /// The most rows `viewport` takes: every visible row is drawn in
        /// each of a step's pictures.
        public var viewportRows: Int?
        /// The most items a diffable data source's snapshots may hold: each
        /// identifier and its index weigh several times the row it names.
        public var diffableItems: Int?
        /// What the record keeps for `session save`: each command's first
        /// lines and bytes of output, and the bytes of the whole record.
        public var record: (lines: Int, bytes: Int, total: Int)?
        /// The bytes of commands `history` keeps; past them the oldest are forgotten.
        public var historyBytes: Int?
        /// The bytes of a command's output kept to compare and record; the
        /// output past them is still printed.
        public var keptOutputBytes: Int

        /// Bounds of their parts; each nil (or `Int.max`) bounds nothing.
        public init(
            confinement: ConfinedFolder? = nil, data: Int? = nil, dataReason: String? = nil, threshold: Int? = nil,
            viewportRows: Int? = nil, diffableItems: Int? = nil,
            record: (lines: Int, bytes: Int, total: Int)? = nil, historyBytes: Int? = nil, keptOutputBytes: Int = .max
        ) {
            self.confinement = confinement
            self.data = data
            self.dataReason = dataReason
            self.threshold = threshold
            self.viewportRows = viewportRows
            self.diffableItems = diffableItems
            self.record = record
            self.historyBytes = historyBytes
            self.keptOutputBytes = keptOutputBytes
        }

        /// Nothing bounded: the prompt's session.
        public static let none = Bounds()
    }
}
