import Foundation

/// A note: what the list shows, identified by its id.
struct Note: Hashable, Identifiable {
    let id: Int
    var title: String
    var isPinned = false
}
