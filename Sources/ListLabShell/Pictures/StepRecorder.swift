import ListLabCore
import ListLabPictures

/// Records, while one command runs, what a picture of its step needs: each
/// batch update the list performed or refused (with the screens before and
/// after it, read from the list itself), and the calls a trace printed.
final class StepRecorder: StepObserver {
    /// The session heard (weak: its owner, a ``StepRunner``, keeps it).
    private weak var session: Session?
    /// What the pictures are drawn from: the list, and whether a diffable data source shows it.
    private let presentation: Presentation
    /// Where the current provider is, for the counts a refused update shows.
    private let workspace: Workspace
    private var transitions: [ScreenTransition] = []
    private var pendingBefore: ListScreen?
    private var screenBefore: ListScreen
    private(set) var trace: [TraceEvent] = []
    /// The step's batch updates not kept for its pictures, the earliest.
    private(set) var updatesLeftOut = 0

    /// The most batch updates a step's pictures draw, the last ones: a
    /// script of thousands of appends would otherwise make a page of
    /// hundreds of megabytes, drawn after the command (and any budget it
    /// had) ended.
    static let drawnUpdates = 100

    /// Starts listening to `session`'s list and trace.
    init(session: Session) {
        self.session = session
        presentation = session.presentation
        workspace = session.workspace
        screenBefore = presentation.screen
        session.addStepObserver(self)
    }

    /// Stops listening.
    func detach() {
        session?.removeStepObserver(self)
    }

    func session(_ session: Session, list event: BatchUpdateEvent) { record(event) }

    func session(_ session: Session, traced event: TraceEvent) { trace.append(event) }

    /// Forgets the last step: call before each command.
    func beginStep() {
        transitions = []
        updatesLeftOut = 0
        trace = []
        pendingBefore = nil
        screenBefore = presentation.screen
    }

    /// The pictures of the step just run: its batch updates in order, then
    /// the screen at its end when that is not the last update's result (a
    /// page loaded after a scroll, a reload after a refusal). Empty when
    /// the step changed nothing the list shows, unless `always`.
    func frames(always: Bool) -> [TranscriptPage.Frame] {
        let end = presentation.screen
        var frames = transitions.map(TranscriptPage.Frame.transition)
        let last = transitions.last?.after ?? screenBefore
        if last != end || (frames.isEmpty && always) {
            frames.append(.screen(end))
        }
        return frames
    }

    /// The items in each section on the list and in the provider it shows
    /// (read from the provider, not through the list, which would count the
    /// calls); nil under a diffable data source, whose snapshot is the data.
    private func counts() -> ScreenTransition.SectionCounts? {
        guard presentation.diffable == nil, let provider = try? workspace.current().provider else { return nil }
        let list = presentation.list
        return ScreenTransition.SectionCounts(
            list: (0..<list.numberOfSections).map { list.numberOfItems(inSection: $0) },
            data: (0..<provider.numberOfSections).map { provider.numberOfItems(inSection: $0) })
    }

    private func record(_ event: BatchUpdateEvent) {
        switch event {
        case .willPerform:
            pendingBefore = presentation.screen
        case .didPerform(let update):
            guard let before = pendingBefore else { return }
            keep(ScreenTransition(before: before, after: presentation.screen, update: update))
            pendingBefore = nil
        case .refused(let update, let error):
            guard let before = pendingBefore else { return }
            keep(
                ScreenTransition(
                    before: before, after: before, update: update, refusal: error.description, counts: counts()))
            pendingBefore = nil
        }
    }

    /// Keeps `transition` for the pictures, leaving out the earliest past ``drawnUpdates``.
    private func keep(_ transition: ScreenTransition) {
        transitions.append(transition)
        if transitions.count > Self.drawnUpdates {
            transitions.removeFirst()
            updatesLeftOut += 1
        }
    }
}
