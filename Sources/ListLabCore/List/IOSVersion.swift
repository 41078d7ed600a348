/// The iOS version whose words a list speaks when it refuses a batch update:
/// UIKit changed them over the years, and a crash report quotes the words of
/// the device it came from.
///
/// - Before iOS 16.4, counts that do not add up are the classic `Invalid
///   update: invalid number of rows in section 0. ...` (items, for a
///   collection view).
/// - From iOS 16.4 (an Apple engineer dates the collection view's change
///   there; public reports of a table's show no version, and ListLab assumes
///   the same), `Invalid batch updates detected: ... before and/or after
///   ...`, with the counts and the updates on lines of their own.
/// - From iOS 17, the same sentence says `before and after`.
///
/// ```swift
/// let list = HeadlessList()
/// list.iOSVersion = IOSVersion(17)
/// let written = IOSVersion("16.4")  // IOSVersion(16, 4)
/// IOSVersion("12")                  // nil: diffable data sources start at iOS 13
/// ```
public struct IOSVersion: Comparable, Hashable, Sendable, CustomStringConvertible {
    /// The major version (16 for iOS 16.4).
    public let major: Int
    /// The minor version (4 for iOS 16.4).
    public let minor: Int

    /// The version a list speaks unless told otherwise: iOS 16, whose words
    /// for counts that do not add up are the classic ones that the articles
    /// ListLab teaches from and most public crash reports quote.
    public static let standard = IOSVersion(16)
    /// The versions a list can speak: iOS 13 (the first with diffable data
    /// sources) to iOS 26.
    public static let supported = IOSVersion(13)...IOSVersion(26, 99)
    /// The first version with `Invalid batch updates detected`.
    public static let batchUpdatesDetected = IOSVersion(16, 4)
    /// The first version whose `Invalid batch updates detected` says
    /// `before and after` rather than `before and/or after`.
    public static let beforeAndAfter = IOSVersion(17)

    /// Creates a version.
    public init(_ major: Int, _ minor: Int = 0) {
        self.major = major
        self.minor = minor
    }

    /// Reads `16`, `16.4` or `17.0.1` (the patch is ignored); nil for
    /// anything else, or a version outside ``supported``.
    public init?(_ text: String) {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        guard (1...3).contains(parts.count),
            parts.allSatisfy({ (1...2).contains($0.count) && $0.allSatisfy { $0.isASCII && $0.isNumber } }),
            let major = Int(parts[0])
        else { return nil }
        let version = IOSVersion(major, parts.count > 1 ? Int(parts[1]) ?? 0 : 0)
        guard Self.supported.contains(version) else { return nil }
        self = version
    }

    /// `16` or `16.4`.
    public var description: String { minor == 0 ? "\(major)" : "\(major).\(minor)" }

    /// Whether `lhs` came before `rhs`.
    public static func < (lhs: IOSVersion, rhs: IOSVersion) -> Bool {
        (lhs.major, lhs.minor) < (rhs.major, rhs.minor)
    }
}

/// What UIKit added after iOS 13, by the version that added it: an app that
/// calls a method its iOS version lacks ends with UIKit's unrecognized
/// selector, and the playground's `set ios` and the UIKit face both refuse
/// it so.
extension IOSVersion {
    /// iOS 14: section snapshots (`NSDiffableDataSourceSectionSnapshot`,
    /// `apply(_:to:animatingDifferences:)`), an outline's expand and collapse.
    public static let sectionSnapshots = IOSVersion(14)
    /// iOS 15: `reconfigureRows`, `reconfigureItems` (of a view and of a
    /// snapshot) and `applySnapshotUsingReloadData`; and `apply` without
    /// animation is a diff (before, it reloads).
    public static let reconfiguring = IOSVersion(15)
}
