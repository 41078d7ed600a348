import ListLabCore

@testable import ListLabPictures

/// A fruit and its colour.
struct Fruit: Hashable {
    var name: String
    var colour = ""
}

/// A cell that shows a fruit's name and colour.
final class FruitCell: ListCell, ConfigurableCell {
    func configure(with fruit: Fruit, at path: ItemPath) {
        text = fruit.name
        detail = fruit.colour.isEmpty ? nil : fruit.colour
    }
}

let fruitNames = ["Apple", "Banana", "Cherry", "Date", "Elderberry", "Fig", "Grape"]

/// A list of `count` fruits in a viewport of `rows`, its provider, and the transitions its batch updates make.
final class FruitList {
    let provider: ArrayDataProvider<Fruit>
    let list: HeadlessList
    private(set) var transitions: [ScreenTransition] = []
    private var before: ListScreen?

    init(count: Int = 5, viewportRows: Int = 4) {
        provider = ArrayDataProvider(fruitNames.prefix(count).map { Fruit(name: $0, colour: "colour of \($0)") })
        list = HeadlessList(viewportRows: viewportRows)
        ListAdapter(provider: provider, presenter: SingleKindPresenter(FruitCell.self)).attach(to: list)
        list.addBatchUpdateObserver { [unowned self] event in
            switch event {
            case .willPerform: before = ListScreen(list)
            case .didPerform(let update):
                if let before {
                    transitions.append(ScreenTransition(before: before, after: ListScreen(list), update: update))
                }
            case .refused(let update, let error):
                if let before {
                    transitions.append(
                        ScreenTransition(before: before, after: before, update: update, refusal: error.description))
                }
            }
        }
    }

    var screen: ListScreen { ListScreen(list) }
}

/// The lines `show` prints for a screen, written from the screen's values: a screen
/// read from a list must give exactly the list's own text.
func showLines(_ screen: ListScreen) -> [String] {
    if screen.rows.isEmpty {
        return ["(empty: \(screen.sectionCount) \(screen.sectionCount == 1 ? "section" : "sections"), no rows)"]
    }
    var lines: [String] = []
    if screen.rowsAbove > 0 {
        lines.append("   ... \(screen.rowsAbove) \(screen.rowsAbove == 1 ? "row" : "rows") above")
    }
    for row in screen.rows {
        switch row {
        case .header(_, let title): lines.append("== \(title) ==")
        case .footer(_, let title): lines.append("-- \(title) --")
        case .items(let items):
            let mark = items.contains(where: \.isSelected) ? " * " : "   "
            lines.append(
                mark
                    + items.map { item in
                        var line = "\(item.path)  \(item.cell == nil ? "(no cell)" : item.text)"
                        if let detail = item.detail { line += " — \(detail)" }
                        if let cell = item.cell {
                            line += "  <\(cell.identifier) #\(cell.serial)\(cell.isReused ? " reused" : "")>"
                        }
                        return line
                    }.joined(separator: " | "))
        }
    }
    if screen.rowsBelow > 0 {
        lines.append("   ... \(screen.rowsBelow) \(screen.rowsBelow == 1 ? "row" : "rows") below")
    }
    return lines
}
