/// What one iOS version's UIKit has, asked by name: the core decides with
/// it (an `apply` without animation before iOS 15 reloads), and the UIKit
/// face and the shell refuse what a version lacks through it, so that no
/// caller compares version numbers of its own.
///
/// ```swift
/// let capabilities = IOSVersion(14).capabilities
/// print(capabilities.reconfigures)          // false: reconfigureRows is an unrecognized selector
/// print(capabilities.sectionSnapshots)      // true
/// ```
public struct UIKitCapabilities: Hashable, Sendable {
    /// The version whose UIKit this is.
    public let version: IOSVersion

    /// The capabilities of `version`'s UIKit.
    public init(_ version: IOSVersion) {
        self.version = version
    }

    /// Section snapshots and outlines: `NSDiffableDataSourceSectionSnapshot`,
    /// `apply(_:to:animatingDifferences:)` (iOS 14).
    public var sectionSnapshots: Bool { version >= .sectionSnapshots }

    /// Whether a snapshot's `itemIdentifiers(inSection:)` raises for a
    /// section it lacks (iOS 14; the-blue-alliance-ios#899 dates it); iOS 13
    /// answered with no items.
    public var raisesForItemsOfAMissingSection: Bool { version >= .sectionSnapshots }

    /// Configuring a cell again in place: `reconfigureRows`,
    /// `reconfigureItems` (of a view and of a snapshot), and
    /// `applySnapshotUsingReloadData` (iOS 15).
    public var reconfigures: Bool { version >= .reconfiguring }

    /// Whether `apply` without animation diffs as with it (iOS 15); before,
    /// it reloads the data.
    public var diffsWithoutAnimation: Bool { version >= .reconfiguring }

    /// Whether a cell registration made while a cell is asked for (in a cell
    /// provider) is refused, as UIKit refuses it since iOS 15.
    public var refusesRegistrationsMadeForACell: Bool { version >= .reconfiguring }

    /// Whether counts that do not add up are said as `Invalid batch updates
    /// detected`, with the counts and the updates listed (iOS 16.4), rather
    /// than the classic `Invalid update: invalid number of rows in section`.
    public var saysBatchUpdatesDetected: Bool { version >= .batchUpdatesDetected }

    /// Whether that reason says `before and after` (iOS 17) rather than `before and/or after`.
    public var saysBeforeAndAfter: Bool { version >= .beforeAndAfter }
}

extension IOSVersion {
    /// What this version's UIKit has.
    public var capabilities: UIKitCapabilities { UIKitCapabilities(self) }
}
