public import ListLabCore

/// Hears a session's commands: what the list does and what `trace on` shows
/// while a command runs, and the command's record when it is done.
///
/// The one way out of a session for what a command did: the journal, the
/// pictures of a page and a classroom's tab each observe the session this
/// way (``Session/addStepObserver(_:)``) and read the ``CommandRecord``,
/// never the output's text or counts taken before and after.
public protocol StepObserver: AnyObject {
    /// The list is about to perform, performed or refused a batch update
    /// (as it happens, so the list can be drawn before and after).
    func session(_ session: Session, list event: BatchUpdateEvent)
    /// A call across the split, while tracing is on.
    func session(_ session: Session, traced event: TraceEvent)
    /// A top-level command ran: its record.
    func session(_ session: Session, didRun record: CommandRecord)
}

extension StepObserver {
    public func session(_ session: Session, list event: BatchUpdateEvent) {}
    public func session(_ session: Session, traced event: TraceEvent) {}
    public func session(_ session: Session, didRun record: CommandRecord) {}
}
