import CloudKit
import Foundation

/// The notes, kept in iCloud: the part of the app the Linux tests stub (CloudKit is not on Linux).
final class NoteStore {
    static let shared = NoteStore()
    private let database = CKContainer.default().privateCloudDatabase
    private(set) var notes: [Note] = []

    func delete(_ id: Note.ID) {
        notes.removeAll { $0.id == id }
        database.delete(withRecordID: CKRecord.ID(recordName: "\(id)")) { _, _ in }
    }

    func togglePin(_ id: Note.ID) {
        guard let index = notes.firstIndex(where: { $0.id == id }) else { return }
        notes[index].isPinned.toggle()
    }
}
