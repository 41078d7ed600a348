import UIKit

// Stubs of the app's own types the screen files reach for: the least that compiles, and for a
// test, the data it needs. `listlab scaffold` listed what is missing; a stub is a test's, not
// the app's code, and is not counted as a change to the screens.

/// The app's store keeps the notes in iCloud; here it keeps them in memory.
final class NoteStore {
    static let shared = NoteStore()
    var notes: [Note] = []

    init(notes: [Note] = []) {
        self.notes = notes
    }

    func delete(_ id: Note.ID) {
        notes.removeAll { $0.id == id }
    }

    func togglePin(_ id: Note.ID) {
        guard let index = notes.firstIndex(where: { $0.id == id }) else { return }
        notes[index].isPinned.toggle()
    }
}
