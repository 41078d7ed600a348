internal import ListLabCore

/// What the headless list asks, answered by the collection view's UIKit
/// data source, and what it tells, passed to its UIKit delegate.
@MainActor
final class CollectionListBridge: @MainActor ListDataSource, @MainActor ListDelegate {
    private unowned let collection: UICollectionView
    private var isQuiet = false

    init(collection: UICollectionView) {
        self.collection = collection
    }

    /// Runs `body` without telling the delegate of the selections it makes.
    func quietly(_ body: () -> Void) {
        let outer = isQuiet
        isQuiet = true
        defer { isQuiet = outer }
        body()
    }

    func numberOfSections(in list: HeadlessList) -> Int {
        collection.dataSource?.numberOfSections(in: collection) ?? 0
    }

    func list(_ list: HeadlessList, numberOfItemsInSection section: Int) -> Int {
        collection.dataSource?.collectionView(collection, numberOfItemsInSection: section) ?? 0
    }

    func list(_ list: HeadlessList, cellForItemAt path: ItemPath) -> ListCell {
        guard let dataSource = collection.dataSource else {
            return HostedCell(reuseIdentifier: HeadlessList.missingItemIdentifier)
        }
        let cell = CellRequest.asking { dataSource.collectionView(collection, cellForItemAt: IndexPath(path)) }
        if cell.host == nil {
            UIKitException(.cellWithoutReuseIdentifier, in: collection.list.style).raise()
        }
        let host = collection.host(of: cell)
        host.takeText()
        return host
    }

    func list(_ list: HeadlessList, titleForHeaderInSection section: Int) -> String? {
        guard collection.asksForHeaders, let dataSource = collection.dataSource else { return nil }
        let view = dataSource.collectionView(
            collection, viewForSupplementaryElementOfKind: UICollectionView.elementKindSectionHeader,
            at: IndexPath(item: 0, section: section))
        return view.shownTexts.text
    }

    func list(_ list: HeadlessList, didSelectItemAt path: ItemPath) {
        guard !isQuiet else { return }
        collection.delegate?.collectionView(collection, didSelectItemAt: IndexPath(path))
    }

    func list(_ list: HeadlessList, didDeselectItemAt path: ItemPath) {
        guard !isQuiet else { return }
        collection.delegate?.collectionView(collection, didDeselectItemAt: IndexPath(path))
    }

    func list(_ list: HeadlessList, willDisplay cell: ListCell, forItemAt path: ItemPath) {
        guard let view = (cell as? HostedCell)?.view as? UICollectionViewCell else { return }
        collection.delegate?.collectionView(collection, willDisplay: view, forItemAt: IndexPath(path))
    }
}

/// Whether a data source is being asked for a cell: a cell registration made
/// then is one made for every cell, which UIKit refuses since iOS 15.
@MainActor
enum CellRequest {
    private static var depth = 0

    /// Whether a cell is being asked for now.
    static var isOpen: Bool { depth > 0 }

    /// Runs `body` as a request for a cell.
    static func asking<Result>(_ body: () -> Result) -> Result {
        depth += 1
        defer { depth -= 1 }
        return body()
    }
}
