import UIKit

// An app's collection list, as an app writes it: a compositional list layout, a diffable data
// source, cell registrations and content configurations. Nothing here knows of ListLab.

struct Book: Hashable, Sendable, Identifiable {
    let id: Int
    var title: String
}

final class LibraryViewController: UIViewController {
    enum Section: Hashable, Sendable { case reading, shelf }

    private(set) var collectionView: UICollectionView!
    private(set) var dataSource: UICollectionViewDiffableDataSource<Section, Book.ID>!
    var books: [Book.ID: Book] = [:]

    private let bookCell = UICollectionView.CellRegistration<UICollectionViewListCell, Book> { cell, _, book in
        var content = cell.defaultContentConfiguration()
        content.text = book.title
        cell.contentConfiguration = content
        cell.accessories = [.disclosureIndicator()]
    }

    override func viewDidLoad() {
        super.viewDidLoad()
        var configuration = UICollectionLayoutListConfiguration(appearance: .insetGrouped)
        configuration.headerMode = .supplementary
        let layout = UICollectionViewCompositionalLayout.list(using: configuration)
        collectionView = UICollectionView(frame: view.bounds, collectionViewLayout: layout)
        collectionView.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        view.addSubview(collectionView)
        let header = UICollectionView.SupplementaryRegistration<UICollectionViewListCell>(
            elementKind: UICollectionView.elementKindSectionHeader
        ) { view, _, indexPath in
            var content = UIListContentConfiguration.groupedHeader()
            content.text = indexPath.section == 0 ? "Reading" : "Shelf"
            view.contentConfiguration = content
        }
        dataSource = UICollectionViewDiffableDataSource<Section, Book.ID>(collectionView: collectionView) {
            [unowned self] collectionView, indexPath, id in
            collectionView.dequeueConfiguredReusableCell(using: bookCell, for: indexPath, item: books[id])
        }
        dataSource.supplementaryViewProvider = { collectionView, _, indexPath in
            collectionView.dequeueConfiguredReusableSupplementary(using: header, for: indexPath)
        }
    }

    func show(reading: [Book], shelf: [Book], reconfiguring: [Book.ID] = []) {
        for book in reading + shelf { books[book.id] = book }
        var snapshot = NSDiffableDataSourceSnapshot<Section, Book.ID>()
        snapshot.appendSections([.reading, .shelf])
        snapshot.appendItems(reading.map(\.id), toSection: .reading)
        snapshot.appendItems(shelf.map(\.id), toSection: .shelf)
        snapshot.reconfigureItems(reconfiguring)
        dataSource.apply(snapshot, animatingDifferences: true)
    }
}

/// A data source that makes its registration in the cell provider: UIKit refuses it since iOS 15.
final class LeakyViewController: UIViewController {
    private(set) var collectionView: UICollectionView!
    private(set) var dataSource: UICollectionViewDiffableDataSource<Int, String>!

    override func viewDidLoad() {
        super.viewDidLoad()
        collectionView = UICollectionView(frame: view.bounds, collectionViewLayout: UICollectionViewFlowLayout())
        dataSource = UICollectionViewDiffableDataSource<Int, String>(collectionView: collectionView) {
            collectionView, indexPath, name in
            let registration = UICollectionView.CellRegistration<UICollectionViewListCell, String> { cell, _, name in
                var content = cell.defaultContentConfiguration()
                content.text = name
                cell.contentConfiguration = content
            }
            return collectionView.dequeueConfiguredReusableCell(using: registration, for: indexPath, item: name)
        }
    }

    func show(_ names: [String]) {
        var snapshot = NSDiffableDataSourceSnapshot<Int, String>()
        snapshot.appendSections([0])
        snapshot.appendItems(names)
        dataSource.apply(snapshot)
    }
}
