import Synchronization

/// What the server asks of a tab's session, wherever it runs: in the
/// server's process (``TabSession``), or in a process of its own whose
/// memory, CPU time, files and file size the kernel bounds (``TabProcess``).
protocol TabHost: AnyObject, Sendable {
    /// The steps that greet a new tab.
    func greeting() async -> [ServerMessage]
    /// The steps a page that comes back to this session gets again.
    func stepsSoFar() async -> [ServerMessage]
    /// What the tab gets for `text`, a JSON ``ClientMessage``.
    func reply(to text: String) async -> [ServerMessage]
    /// Forgets the exercises the messages so far counted: they replayed a
    /// session whose tab ended, and the class's record counted them then.
    func forgetExercises() async
    /// What the teacher collects of the tab: a folder's name and its files.
    func collection() async -> (folder: String, files: [(name: String, bytes: [UInt8])])
    /// Ends the session; whether it was left for `listlab recover`.
    @discardableResult func end(serverStopping: Bool) async -> Bool
    /// Stops the running command, if any, and every later one (the server is stopping).
    func stop()
    /// What the teacher's page says of the tab now, without waiting for its command.
    var currentStatus: TabStatus { get }
}

extension TabSession: TabHost {
    nonisolated var currentStatus: TabStatus { status.withLock { $0 } }
}
