import UIKit

// The compile probe's second part (see CompileProbe.swift): the lists' core API, written once as
// an app writes it.

final class ProbeDiffableViewController: UIViewController, UITableViewDelegate {
    // probe: table view | works | UITableView(frame:style:)
    let tableView = UITableView(frame: CGRect(x: 0, y: 0, width: 390, height: 440), style: .plain)
    // probe: diffable | works | UITableViewDiffableDataSource
    private var dataSource: UITableViewDiffableDataSource<String, Int>!
    private(set) var tapped: [Int] = []

    override func viewDidLoad() {
        super.viewDidLoad()
        tableView.register(UITableViewCell.self, forCellReuseIdentifier: "cell")
        tableView.delegate = self  // probe: table view | works | delegate
        tableView.allowsMultipleSelection = false  // probe: table view | works | allowsMultipleSelection
        // probe: diffable | works | cell provider
        dataSource = UITableViewDiffableDataSource(tableView: tableView) { tableView, indexPath, number in
            let cell = tableView.dequeueReusableCell(withIdentifier: "cell", for: indexPath)
            cell.textLabel?.text = "Number \(number)"  // probe: views | works | textLabel
            cell.detailTextLabel?.text = nil  // probe: views | works | detailTextLabel (nil for a .default cell)
            return cell
        }
        dataSource.defaultRowAnimation = .fade  // probe: diffable | kept | defaultRowAnimation
        // probe: diffable | works | NSDiffableDataSourceSnapshot
        var snapshot = NSDiffableDataSourceSnapshot<String, Int>()
        snapshot.appendSections(["Odd", "Even"])  // probe: diffable | works | appendSections(_:)
        snapshot.appendItems([1, 3], toSection: "Odd")  // probe: diffable | works | appendItems(_:toSection:)
        snapshot.appendItems([2, 4], toSection: "Even")
        snapshot.insertItems([5], afterItem: 3)  // probe: diffable | works | insertItems(_:afterItem:)
        snapshot.moveItem(5, beforeItem: 1)  // probe: diffable | works | moveItem(_:beforeItem:)
        snapshot.deleteItems([5])  // probe: diffable | works | deleteItems(_:)
        // probe: diffable | works | apply(_:animatingDifferences:completion:)
        dataSource.apply(snapshot, animatingDifferences: false)
        view.addSubview(tableView)
    }

    // probe: table view | works | didSelectRowAt (a test's tapRow(at:))
    func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath) {
        // probe: diffable | works | itemIdentifier(for:)
        guard let number = dataSource.itemIdentifier(for: indexPath) else { return }
        tapped.append(number)
        tableView.deselectRow(at: indexPath, animated: true)  // probe: table view | works | deselectRow(at:animated:)
    }

    func update() async {
        var snapshot = dataSource.snapshot()  // probe: diffable | works | snapshot()
        snapshot.reconfigureItems([1])  // probe: diffable | works | reconfigureItems(_:) (iOS 15)
        snapshot.reloadSections(["Even"])  // probe: diffable | works | reloadSections(_:)
        await dataSource.apply(snapshot)  // probe: diffable | works | `apply(_:animatingDifferences:) async`
        _ = dataSource.indexPath(for: 2)  // probe: diffable | works | indexPath(for:)
        _ = dataSource.sectionIdentifier(for: 0)  // probe: diffable | works | sectionIdentifier(for:) (iOS 15)
        // probe: diffable | works | `applySnapshotUsingReloadData(_:) async` (iOS 15)
        await dataSource.applySnapshotUsingReloadData(snapshot)
        // probe: table view | works | selectRow(at:animated:scrollPosition:)
        tableView.selectRow(at: IndexPath(row: 0, section: 0), animated: false, scrollPosition: .none)
        _ = tableView.indexPathForSelectedRow  // probe: table view | works | indexPathForSelectedRow
        // probe: table view | works | scrollToRow(at:at:animated:)
        tableView.scrollToRow(at: IndexPath(row: 1, section: 1), at: .middle, animated: true)
        _ = tableView.visibleCells  // probe: table view | works | visibleCells
        _ = tableView.indexPathsForVisibleRows  // probe: table view | works | indexPathsForVisibleRows
        _ = tableView.cellForRow(at: IndexPath(row: 0, section: 0))  // probe: table view | works | cellForRow(at:)
    }
}

final class ProbeClassicDataSource: NSObject, UITableViewDataSource {
    var sections = [["a", "b"], ["c"]]

    // probe: data source | works | numberOfSections(in:)
    func numberOfSections(in tableView: UITableView) -> Int { sections.count }
    // probe: data source | works | numberOfRowsInSection
    func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { sections[section].count }
    // probe: data source | works | titleForHeaderInSection
    func tableView(_ tableView: UITableView, titleForHeaderInSection section: Int) -> String? { "Section \(section)" }
    // probe: data source | works | titleForFooterInSection
    func tableView(_ tableView: UITableView, titleForFooterInSection section: Int) -> String? { nil }
    // probe: data source | kept | sectionIndexTitles(for:)
    func sectionIndexTitles(for tableView: UITableView) -> [String]? { ["A", "C"] }

    // probe: data source | works | cellForRowAt
    func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
        let cell =
            tableView.dequeueReusableCell(withIdentifier: "cell")
            // probe: table view | works | `dequeueReusableCell(withIdentifier:)`, a cell the data source makes
            ?? UITableViewCell(style: .subtitle, reuseIdentifier: "cell")
        cell.textLabel?.text = sections[indexPath.section][indexPath.row]
        return cell
    }

    func edit(_ tableView: UITableView) {
        tableView.beginUpdates()  // probe: table view | works | beginUpdates(), endUpdates()
        sections[0].append("b2")
        // probe: table view | works | insertRows(at:with:)
        tableView.insertRows(at: [IndexPath(row: 2, section: 0)], with: .automatic)
        tableView.endUpdates()
        sections.insert(["new"], at: 1)
        // probe: table view | works | insertSections(_:with:)
        tableView.insertSections(IndexSet(integer: 1), with: .fade)
        sections.remove(at: 1)
        tableView.deleteSections([1], with: .fade)  // probe: table view | works | deleteSections(_:with:)
        tableView.reloadSections([0], with: .none)  // probe: table view | works | reloadSections(_:with:)
        // probe: table view | works | reconfigureRows(at:) (iOS 15)
        tableView.reconfigureRows(at: [IndexPath(row: 0, section: 0)])
        sections[0].swapAt(0, 1)
        // probe: table view | works | moveRow(at:to:)
        tableView.moveRow(at: IndexPath(row: 0, section: 0), to: IndexPath(row: 1, section: 0))
    }
}

final class ProbeOutlineViewController: UIViewController {
    private(set) var collectionView: UICollectionView!
    // probe: diffable | works | UICollectionViewDiffableDataSource
    private var dataSource: UICollectionViewDiffableDataSource<Int, String>!

    override func viewDidLoad() {
        super.viewDidLoad()
        // probe: collection view | kept | UICollectionLayoutListConfiguration
        var list = UICollectionLayoutListConfiguration(appearance: .sidebar)
        // probe: collection view | works | `headerMode = .supplementary` (headers are asked for)
        list.headerMode = .supplementary
        collectionView = UICollectionView(
            // probe: collection view | works | UICollectionViewCompositionalLayout.list(using:)
            frame: .zero, collectionViewLayout: UICollectionViewCompositionalLayout.list(using: list))
        let cell = UICollectionView.CellRegistration<UICollectionViewListCell, String> { cell, _, title in
            // probe: configuration | works | UIListContentConfiguration
            var content = UIListContentConfiguration.sidebarCell()
            content.text = title
            cell.contentConfiguration = content
            cell.accessories = [.outlineDisclosure()]  // probe: collection view | kept | UICellAccessory
        }
        let header = UICollectionView.SupplementaryRegistration<UICollectionViewListCell>(
            elementKind: UICollectionView.elementKindSectionHeader
        ) { view, _, indexPath in  // probe: collection view | works | SupplementaryRegistration
            var content = view.defaultContentConfiguration()
            content.text = "Library \(indexPath.section)"
            view.contentConfiguration = content
        }
        dataSource = UICollectionViewDiffableDataSource(collectionView: collectionView) {
            collectionView, indexPath, title in
            // probe: collection view | works | dequeueConfiguredReusableCell(using:for:item:)
            collectionView.dequeueConfiguredReusableCell(using: cell, for: indexPath, item: title)
        }
        // probe: diffable | works | supplementaryViewProvider
        dataSource.supplementaryViewProvider = { collectionView, _, indexPath in
            // probe: collection view | works | dequeueConfiguredReusableSupplementary(using:for:)
            collectionView.dequeueConfiguredReusableSupplementary(using: header, for: indexPath)
        }
        // probe: diffable | works | sectionSnapshotHandlers (a test's tapOutlineDisclosure(at:))
        dataSource.sectionSnapshotHandlers.willExpandItem = { _ in }
        // probe: diffable | works | NSDiffableDataSourceSectionSnapshot (iOS 14)
        var outline = NSDiffableDataSourceSectionSnapshot<String>()
        outline.append(["Books"])
        outline.append(["Fiction", "Poetry"], to: "Books")  // probe: diffable | works | append(_:to:)
        outline.expand(["Books"])  // probe: diffable | works | expand(_:), collapse(_:)
        // probe: diffable | works | apply(_:to:animatingDifferences:)
        dataSource.apply(outline, to: 0, animatingDifferences: false)
        view.addSubview(collectionView)
    }
}
