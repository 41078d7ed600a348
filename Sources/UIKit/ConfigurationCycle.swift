/// The configuration update a cell owes, and when it runs: UIKit runs a
/// cell's update before the cell is drawn (after it is dequeued for a row)
/// and after ``UITableViewCell/setNeedsUpdateConfiguration()``, at once
/// when the cell is on screen and no row is being asked for. A table's and a
/// collection view's cells share it.
@MainActor
final class ConfigurationCycle {
    private var isOwed = true
    private var isRunning = false

    /// Marks an update owed; runs it now (`run`) when `onScreen` and no cell is being asked for.
    func setNeeded(onScreen: Bool, run: () -> Void) {
        isOwed = true
        guard onScreen, !CellRequest.isOpen, !isRunning else { return }
        runIfOwed(run)
    }

    /// Runs the owed update, if any (`update` is the cell's whole update).
    func runIfOwed(_ update: () -> Void) {
        guard isOwed, !isRunning else { return }
        isRunning = true
        defer { isRunning = false }
        isOwed = false
        update()
    }
}
