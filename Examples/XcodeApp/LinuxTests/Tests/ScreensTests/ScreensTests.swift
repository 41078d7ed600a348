import Testing
import UIKit
@testable import Screens

@MainActor
private func notesScreen() -> (NotesViewController, NoteStore) {
    let store = NoteStore(notes: [Note(id: 1, title: "Groceries"), Note(id: 2, title: "Talk outline"), Note(id: 3, title: "Books")])
    let screen = NotesViewController(store: store)
    screen.loadViewIfNeeded()
    return (screen, store)
}

@MainActor
@Test func theNotesAreTheRows() {
    let (screen, _) = notesScreen()
    #expect(screen.tableView.headlessList.render() == [
        "   0.0  Groceries  <note #1>", "   0.1  Talk outline  <note #2>", "   0.2  Books  <note #3>",
    ])
}

@MainActor
@Test func pinningANoteMovesItToASectionOfItsOwn() {
    let (screen, store) = notesScreen()
    let actions = screen.tableView.swipeRow(at: IndexPath(row: 1, section: 0))
    #expect(actions.map(\.title) == ["Delete", "Pin"])
    #expect(actions.last?.tap() == true)
    #expect(store.notes[1].isPinned)
    #expect(screen.tableView.numberOfSections == 2)
    // Into a section the same update inserts, the note goes as a delete and an insert: a new cell
    // configured from the pinned note.
    #expect(screen.tableView.headlessList.render().prefix(2) == ["   0.0  Talk outline — Pinned  <note #4>", "   1.0  Groceries  <note #1>"])
}

@MainActor
@Test func deletingANoteTakesItsRowAway() {
    let (screen, store) = notesScreen()
    let raised = UIKitException.catching { screen.tableView.swipeRow(at: IndexPath(row: 0, section: 0)).first?.tap() }
    #expect(raised == nil)
    #expect(store.notes.map(\.title) == ["Talk outline", "Books"])
    #expect(screen.tableView.headlessList.render() == ["   0.0  Talk outline  <note #2>", "   0.1  Books  <note #3>"])
}
