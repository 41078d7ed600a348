/// A change or lookup a provider refuses. The description is the message
/// for the user, and says what was wrong and where.
public enum ProviderError: Error, Hashable, Sendable, CustomStringConvertible {
    /// No item at the path; `itemCount` is nil when the section itself is missing.
    case noItem(ItemPath, sectionCount: Int, itemCount: Int?)
    /// No such section.
    case noSection(Int, sectionCount: Int)
    /// An insert past the end of a section.
    case insertBeyondEnd(ItemPath, itemCount: Int)
    /// A move past the end of the destination section.
    case moveBeyondEnd(from: ItemPath, to: ItemPath, lastPlace: ItemPath)
    /// A move of an item to where it already is.
    case moveOntoItself(ItemPath)
    /// A path named twice in one change.
    case repeatedPath(ItemPath)
    /// An item placed in a section whose group key is not its own.
    case wrongGroup(key: String, section: Int, sectionKey: String)
    /// A move between sections of a provider grouped by key.
    case moveAcrossGroups(from: ItemPath, to: ItemPath)
    /// A change that spans providers of a composite.
    case acrossProviders(ItemPath, ItemPath)
    /// A composite asked to hold items of its own.
    case itemsOfAComposite
    /// A provider with nothing to reload from.
    case noSource
    /// The source could not be read.
    case loadFailed(String)

    /// Why the provider refused, in one line: the path and what the provider holds.
    public var description: String {
        switch self {
        case .noItem(let path, let sectionCount, nil):
            "no item at \(path) (\(Self.sections(sectionCount)))"
        case .noItem(let path, _, let itemCount?):
            "no item at \(path) (section \(path.section) has \(Self.items(itemCount)))"
        case .noSection(let section, let sectionCount):
            "no section \(section) (\(Self.sections(sectionCount)))"
        case .insertBeyondEnd(let path, let itemCount):
            "cannot insert at \(path): section \(path.section) has \(Self.items(itemCount)), so the last place is "
                + "\(path.section).\(itemCount)"
        case .moveBeyondEnd(let from, let to, let lastPlace):
            "cannot move \(from) to \(to): the last place in section \(to.section) is \(lastPlace)"
        case .moveOntoItself(let path):
            "\(path) is already at \(path): nothing to move"
        case .repeatedPath(let path):
            "\(path) is named twice"
        case .wrongGroup(let key, let section, let sectionKey):
            "an item of group '\(key)' cannot go in section \(section), which holds group '\(sectionKey)'"
        case .moveAcrossGroups(let from, let to):
            "cannot move \(from) to \(to): sections are grouped by key, so an item changes section only when its key "
                + "changes"
        case .acrossProviders(let first, let second):
            "\(first) and \(second) belong to different providers of the composite: change one provider at a time"
        case .itemsOfAComposite:
            "a composite's items are its providers': change those"
        case .noSource:
            "this provider has no source to reload from"
        case .loadFailed(let reason):
            "load failed: \(reason)"
        }
    }

    /// The same error in the words of a composite: a child's sections
    /// numbered from `offset`, the child's first section in the composite,
    /// which has `sectionCount` sections in all.
    func inComposite(sectionOffset offset: Int, sectionCount: Int) -> ProviderError {
        func shift(_ path: ItemPath) -> ItemPath { ItemPath(path.section + offset, path.item) }
        switch self {
        case .noItem(let path, _, let itemCount):
            return .noItem(shift(path), sectionCount: sectionCount, itemCount: itemCount)
        case .noSection(let section, _): return .noSection(section + offset, sectionCount: sectionCount)
        case .insertBeyondEnd(let path, let itemCount): return .insertBeyondEnd(shift(path), itemCount: itemCount)
        case .moveBeyondEnd(let from, let to, let lastPlace):
            return .moveBeyondEnd(from: shift(from), to: shift(to), lastPlace: shift(lastPlace))
        case .moveOntoItself(let path): return .moveOntoItself(shift(path))
        case .repeatedPath(let path): return .repeatedPath(shift(path))
        case .wrongGroup(let key, let section, let sectionKey):
            return .wrongGroup(key: key, section: section + offset, sectionKey: sectionKey)
        case .moveAcrossGroups(let from, let to): return .moveAcrossGroups(from: shift(from), to: shift(to))
        case .acrossProviders(let first, let second): return .acrossProviders(shift(first), shift(second))
        case .itemsOfAComposite, .noSource, .loadFailed: return self
        }
    }

    private static func sections(_ count: Int) -> String {
        count == 1 ? "the list has 1 section" : "the list has \(count) sections"
    }

    private static func items(_ count: Int) -> String {
        count == 1 ? "1 item" : "\(count) items"
    }
}
