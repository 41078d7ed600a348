import Testing
import ListLabCore

private final class ContactCell: ListCell, ConfigurableCell {
    func configure(with name: String, at path: ItemPath) { text = name }
}

/// The README's ten-line example, as written there.
@Test func theReadmeExampleRunsAsDocumented() throws {
    let provider = ArrayDataProvider(["Bruce Wayne", "Diana Prince"])
    let adapter = ListAdapter(provider: provider, presenter: SingleKindPresenter(ContactCell.self))
    let list = HeadlessList(style: .table, viewportRows: 10)
    adapter.attach(to: list)
    try list.performBatchUpdates(try provider.append("Clark Kent", toSection: nil))
    #expect(list.render() == [
        "   0.0  Bruce Wayne  <ContactCell #1>",
        "   0.1  Diana Prince  <ContactCell #2>",
        "   0.2  Clark Kent  <ContactCell #3>",
    ])
}
