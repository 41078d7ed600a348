internal import ListLabCore
import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// What UIKit raises: an Objective-C exception's name and reason, which
/// ends the app (`*** Terminating app due to uncaught exception …`).
///
/// Here too an exception ends the process, in UIKit's words, unless the
/// code runs inside `catching(_:)`, which a test uses to expect one:
///
/// ```swift
/// let exception = UIKitException.catching {
///     tableView.deleteRows(at: [IndexPath(row: 0, section: 0)], with: .automatic)
/// }
/// #expect(exception?.reason.hasPrefix("Invalid update: invalid number of rows in section 0.") == true)
/// ```
///
/// Inside `catching`, the call that raises changes nothing (the list
/// refuses the whole update) and returns; the code after it runs, but
/// from then on UIKit changes nothing more (no update, apply, reload or
/// selection), as if the app had ended there, and `catching` returns the
/// first exception. To see the process end as an app's does, use Swift
/// Testing's exit tests (`#expect(processExitsWith: .failure)`).
public struct UIKitException: Error, Hashable, Sendable, CustomStringConvertible {
    /// The exception's name: `NSInternalInconsistencyException`, or
    /// `NSInvalidArgumentException` for a method this iOS version lacks.
    public var name: String
    /// UIKit's reason, in the words of the iOS version chosen (``UIKitEnvironment``).
    public var reason: String
    /// The rule broken, when the face raised it for one: what an explorer
    /// compares, so that two failures of one rule are alike whatever their
    /// counts and identifiers.
    var rule: UIKitRule?
    /// The playground's commands that restage the refusal, when it was a
    /// snapshot's change (``SnapshotRestaging``): a recording's transcript ends with them.
    package var restaging: [String]?

    /// An exception of `name` for `reason`.
    public init(name: String, reason: String) {
        self.name = name
        self.reason = reason
    }

    /// Two exceptions are equal when UIKit would print them alike: the same name and reason.
    public static func == (lhs: UIKitException, rhs: UIKitException) -> Bool {
        lhs.name == rhs.name && lhs.reason == rhs.reason
    }

    /// Hashes the name and the reason, as ``==(_:_:)`` compares them.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(name)
        hasher.combine(reason)
    }

    /// The line UIKit prints to standard error before the app ends.
    public var description: String {
        "*** Terminating app due to uncaught exception '\(name)', reason: '\(reason)'"
    }

    /// The name of most of UIKit's exceptions.
    public static let internalInconsistency = "NSInternalInconsistencyException"
    /// The name of an exception for a selector the object does not have.
    public static let invalidArgument = "NSInvalidArgumentException"

    /// Runs `body`; returns the first exception UIKit raised in it, or nil.
    /// Each raising call changes nothing and returns instead of ending the process.
    @preconcurrency @MainActor
    public static func catching(_ body: () throws -> Void) rethrows -> UIKitException? {
        let catcher = Catcher()
        try $catcher.withValue(catcher) { try body() }
        return catcher.first
    }

    /// `catching(_:)` for code that awaits (an `apply` of a diffable data source).
    @preconcurrency @MainActor
    public static func catching(_ body: () async throws -> Void) async rethrows -> UIKitException? {
        let catcher = Catcher()
        try await $catcher.withValue(catcher) { try await body() }
        return catcher.first
    }

    /// Raises `self`: caught by the innermost `catching(_:)` of the task
    /// that raises, else printed as UIKit prints it and the process ends.
    func raise() {
        if let catcher = Self.catcher {
            catcher.keep(self)
            return
        }
        FileHandle.standardError.write(Data((description + "\n").utf8))
        fatalError("uncaught exception '\(name)'")
    }

    /// Whether an exception was raised in the running `catching(_:)`: UIKit
    /// then changes nothing more, as the app would have ended.
    static var hasBeenRaised: Bool { catcher?.first != nil }

    /// UIKit's raise for a method this iOS version does not have.
    static func unrecognizedSelector(_ selector: String, of className: String) -> UIKitException {
        UIKitException(.unrecognizedSelector(selector, of: className))
    }

    /// UIKit's raise for `rule`, in the words of the chosen iOS version
    /// (``UIKitEnvironment``) for a table (`style` `.table`) or a collection view.
    init(_ rule: UIKitRule, in style: ListStyle = .table) {
        self.init(name: rule.exceptionName, reason: rule.reason(in: style, on: UIKitEnvironment.version))
        self.rule = rule
    }

    /// UIKit's raise for the update a list refused, in the words the list speaks.
    init(_ error: BatchUpdateError) {
        self.init(name: error.rule.exceptionName, reason: error.description)
        rule = error.rule
    }

    /// The catcher of the `catching(_:)` the running task is in, if any.
    @TaskLocal private static var catcher: Catcher?

    /// The exceptions raised inside one `catching(_:)`.
    private final class Catcher: Sendable {
        private let caught = Mutex<[UIKitException]>([])
        var first: UIKitException? { caught.withLock { $0.first } }
        func keep(_ exception: UIKitException) { caught.withLock { $0.append(exception) } }
    }
}

/// The UIKit the process stands in for: which iOS version's words and
/// behaviour (`LISTLAB_IOS=17`, or ``iOSVersion`` in code; iOS 16 by default).
public enum UIKitEnvironment {
    /// The iOS version (13.0 to 26.x; another is taken as the nearest):
    /// views made after a change speak its words.
    public static var iOSVersion: OperatingSystemVersion {
        get {
            let version = self.version
            return OperatingSystemVersion(majorVersion: version.major, minorVersion: version.minor, patchVersion: 0)
        }
        set {
            let asked = IOSVersion(newValue.majorVersion, newValue.minorVersion)
            chosen.withLock { $0 = min(max(asked, IOSVersion.supported.lowerBound), IOSVersion.supported.upperBound) }
        }
    }

    /// The version as the core speaks it, read from any thread (a snapshot
    /// may be built off the main actor).
    static var version: IOSVersion { chosen.withLock { $0 } }
    private static let chosen = Mutex(
        ProcessInfo.processInfo.environment["LISTLAB_IOS"].flatMap(IOSVersion.init) ?? IOSVersion.standard)

    /// What the version's UIKit has (the core's one answer for each version).
    static var capabilities: UIKitCapabilities { version.capabilities }
}
