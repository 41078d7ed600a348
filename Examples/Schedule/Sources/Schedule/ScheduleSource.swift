#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Where the schedule comes from: a server in the app, a stub in tests.
///
/// The provider knows only this protocol ("DRY Data Sources": the provider
/// is UI-agnostic, and so is its source), so tests can hand it any answer,
/// slow or failing.
public protocol ScheduleSource: Sendable {
    /// The schedule as JSON: an array of entries (see ``ScheduleEntry``).
    func fetchSchedule() async throws -> Data
}

/// Why a load failed.
public enum ScheduleLoadError: Error, Equatable, CustomStringConvertible {
    /// The source failed (no network, a server error); its words.
    case unreachable(String)
    /// The source answered with something that is not a schedule.
    case unreadable(String)
    /// Two entries share an identifier, so no diff can tell them apart.
    case duplicateEntry(String)

    public var description: String {
        switch self {
        case .unreachable(let reason): "the schedule could not be fetched: \(reason)"
        case .unreadable(let reason): "the schedule could not be read: \(reason)"
        case .duplicateEntry(let id): "the schedule lists '\(id)' twice"
        }
    }
}

/// Why the schedule refused an edit.
public enum ScheduleEditError: Error, Equatable, CustomStringConvertible {
    /// Another entry has this id.
    case duplicate(String)

    public var description: String {
        switch self {
        case .duplicate(let id): "the schedule has an entry '\(id)' already"
        }
    }
}
