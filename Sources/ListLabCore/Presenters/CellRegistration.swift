/// One cell kind of a ``KindChoosingPresenter``: the cell class, and how to
/// get its model out of an item, when the item is one this kind shows.
///
/// ```swift
/// enum HomeRow { case topPicks([Place]), categories([String]), place(Place) }
///
/// let topPicks = CellRegistration<HomeRow>(TopPicksCell.self) { row in
///     if case .topPicks(let places) = row { places } else { nil }
/// }
/// ```
public struct CellRegistration<Item> {
    /// The identifier of the kind's reuse queue.
    public let reuseIdentifier: String
    let cellClass: ListCell.Type
    let accepts: (Item) -> Bool
    let configure: (ListCell, Item, ItemPath) -> Void

    /// Registers `Cell` for the items from which `model` extracts a model.
    ///
    /// - Parameters:
    ///   - cell: The cell kind.
    ///   - model: The cell's model for an item, or nil when this kind does
    ///     not show the item.
    public init<Cell: ConfigurableCell>(_ cell: Cell.Type, model: @escaping (Item) -> Cell.Model?) {
        reuseIdentifier = Cell.reuseIdentifier
        cellClass = Cell.self
        accepts = { model($0) != nil }
        configure = { cell, item, path in
            if let typed = cell as? Cell, let value = model(item) {
                typed.configure(with: value, at: path)
            }
        }
    }

    /// Registers `Cell` for items that are its model (a presentation model
    /// that names its cell kind).
    public init<Cell: ConfigurableCell>(_ cell: Cell.Type) where Cell.Model == Item {
        self.init(cell) { $0 }
    }
}
