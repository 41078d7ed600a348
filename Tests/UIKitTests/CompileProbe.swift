import UIKit

// The face's compile probe: each supported API written once, as an app's code writes it. This
// file builds in Swift 6 language mode here and in Swift 5 mode in UIKitSwift5Tests (a link to
// it), and `Scripts/uikit-support-table` writes the support table of Docs/uikit-module.md from its
// `probe:` marks (area | works or kept | the API), so that the table lists only what compiles.

final class ProbeCell: UITableViewCell {
    let titleLabel = UILabel()  // probe: views | works | a cell's own labels in its `contentView` (their texts are its row's)

    override init(style: UITableViewCell.CellStyle, reuseIdentifier: String?) {
        super.init(style: style, reuseIdentifier: reuseIdentifier)
        contentView.addSubview(titleLabel)
        selectionStyle = .none  // probe: views | kept | selectionStyle
        accessoryType = .disclosureIndicator  // probe: views | kept | accessoryType
        separatorInset = .zero  // probe: views | kept | separatorInset
    }

    required init?(coder: NSCoder) {
        fatalError("init(coder:) has not been implemented")
    }

    override func updateConfiguration(using state: UICellConfigurationState) {  // probe: configuration | works | override updateConfiguration(using:)
        super.updateConfiguration(using: state)
        backgroundConfiguration = .listPlainCell()  // probe: configuration | kept | UIBackgroundConfiguration
        titleLabel.textColor = state.isSelected ? .systemBlue : .label  // probe: configuration | works | UICellConfigurationState
    }
}

final class ProbeHeader: UITableViewHeaderFooterView {}

final class ProbeListCell: UICollectionViewListCell {}

final class ProbeTableViewController: UIViewController, UITableViewDataSource, UITableViewDelegate, UITableViewDataSourcePrefetching {
    let tableView = UITableView(frame: CGRect(x: 0, y: 0, width: 390, height: 440), style: .insetGrouped)
    var rows = ["Ada", "Grace", "Alan"]
    private(set) var scrolled = 0

    override func viewDidLoad() {
        super.viewDidLoad()
        tableView.register(ProbeCell.self, forCellReuseIdentifier: "cell")  // probe: table view | works | register(_:forCellReuseIdentifier:)
        tableView.register(ProbeHeader.self, forHeaderFooterViewReuseIdentifier: "header")  // probe: headers | works | register(_:forHeaderFooterViewReuseIdentifier:)
        tableView.dataSource = self
        tableView.delegate = self
        tableView.prefetchDataSource = self  // probe: table view | kept | prefetchDataSource
        tableView.isPrefetchingEnabled = true  // probe: table view | kept | isPrefetchingEnabled
        tableView.rowHeight = UITableView.automaticDimension  // probe: table view | kept | UITableView.automaticDimension
        tableView.rowHeight = 44
        tableView.estimatedRowHeight = 44  // probe: table view | kept | estimatedRowHeight
        tableView.sectionHeaderHeight = UITableView.automaticDimension  // probe: headers | kept | sectionHeaderHeight
        tableView.estimatedSectionHeaderHeight = 28  // probe: headers | kept | estimatedSectionHeaderHeight
        tableView.separatorStyle = .none  // probe: table view | kept | separatorStyle
        tableView.contentInset = UIEdgeInsets(top: 8, left: 0, bottom: 8, right: 0)  // probe: scroll view | kept | contentInset, UIEdgeInsets
        tableView.keyboardDismissMode = .onDrag  // probe: scroll view | kept | keyboardDismissMode
        tableView.showsVerticalScrollIndicator = false  // probe: scroll view | kept | showsVerticalScrollIndicator
        tableView.accessibilityIdentifier = "probe.table"  // probe: accessibility | kept | accessibilityIdentifier
        let refresh = UIRefreshControl()
        refresh.addAction(UIAction { [weak self] _ in self?.tableView.reloadData() }, for: .valueChanged)  // probe: scroll view | works | `UIRefreshControl`, `addAction(_:for:)`
        tableView.refreshControl = refresh  // probe: scroll view | works | refreshControl
        view.addSubview(tableView)
    }

    func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { rows.count }

    func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
        let cell = tableView.dequeueReusableCell(withIdentifier: "cell", for: indexPath)  // probe: table view | works | dequeueReusableCell(withIdentifier:for:)
        cell.accessibilityLabel = rows[indexPath.row]  // probe: accessibility | kept | accessibilityLabel
        cell.accessibilityTraits = .button  // probe: accessibility | kept | accessibilityTraits
        cell.accessibilityCustomActions = [UIAccessibilityCustomAction(name: "Pin") { _ in true }]  // probe: accessibility | works | UIAccessibilityCustomAction
        var content = cell.defaultContentConfiguration()  // probe: configuration | works | defaultContentConfiguration()
        content.text = rows[indexPath.row]
        content.image = UIImage(systemName: "person")?.withRenderingMode(.alwaysTemplate)  // probe: views | kept | UIImage.withRenderingMode(_:)
        cell.contentConfiguration = content  // probe: configuration | works | contentConfiguration
        cell.configurationUpdateHandler = { cell, state in  // probe: configuration | works | configurationUpdateHandler
            cell.accessoryType = state.isEditing ? .none : .disclosureIndicator
        }
        return cell
    }

    func tableView(_ tableView: UITableView, viewForHeaderInSection section: Int) -> UIView? {  // probe: headers | works | viewForHeaderInSection
        let header = tableView.dequeueReusableHeaderFooterView(withIdentifier: "header")  // probe: headers | works | dequeueReusableHeaderFooterView(withIdentifier:)
        header?.textLabel?.text = "People"  // probe: headers | works | UITableViewHeaderFooterView.textLabel
        return header
    }

    func tableView(_ tableView: UITableView, heightForHeaderInSection section: Int) -> CGFloat { UITableView.automaticDimension }  // probe: headers | kept | heightForHeaderInSection

    func tableView(_ tableView: UITableView, canEditRowAt indexPath: IndexPath) -> Bool { true }  // probe: editing | works | canEditRowAt

    func tableView(_ tableView: UITableView, commit editingStyle: UITableViewCell.EditingStyle, forRowAt indexPath: IndexPath) {  // probe: editing | works | `tableView(_:commit:forRowAt:)` (a test's swipe to delete)
        guard editingStyle == .delete else { return }
        rows.remove(at: indexPath.row)
        tableView.deleteRows(at: [indexPath], with: .automatic)
    }

    func tableView(_ tableView: UITableView, canMoveRowAt indexPath: IndexPath) -> Bool { true }  // probe: editing | works | canMoveRowAt

    func tableView(_ tableView: UITableView, moveRowAt sourceIndexPath: IndexPath, to destinationIndexPath: IndexPath) {  // probe: editing | works | moveRowAt (a test's drag)
        rows.insert(rows.remove(at: sourceIndexPath.row), at: destinationIndexPath.row)
    }

    func tableView(
        _ tableView: UITableView, leadingSwipeActionsConfigurationForRowAt indexPath: IndexPath
    ) -> UISwipeActionsConfiguration? {  // probe: swipe actions | works | leadingSwipeActionsConfigurationForRowAt
        let pin = UIContextualAction(style: .normal, title: "Pin") { _, _, completion in completion(true) }  // probe: swipe actions | works | UIContextualAction
        pin.backgroundColor = .systemOrange
        let configuration = UISwipeActionsConfiguration(actions: [pin])  // probe: swipe actions | works | UISwipeActionsConfiguration
        configuration.performsFirstActionWithFullSwipe = false
        return configuration
    }

    func tableView(
        _ tableView: UITableView, contextMenuConfigurationForRowAt indexPath: IndexPath, point: CGPoint
    ) -> UIContextMenuConfiguration? {  // probe: context menus | works | contextMenuConfigurationForRowAt
        UIContextMenuConfiguration(identifier: nil, previewProvider: nil) { _ in  // probe: context menus | works | UIContextMenuConfiguration
            UIMenu(title: "", children: [UIAction(title: "Copy", image: UIImage(systemName: "doc.on.doc")) { _ in }])  // probe: context menus | works | UIMenu, UIAction
        }
    }

    func tableView(_ tableView: UITableView, prefetchRowsAt indexPaths: [IndexPath]) {}  // probe: table view | kept | prefetchRowsAt

    func scrollViewDidScroll(_ scrollView: UIScrollView) {  // probe: scroll view | works | scrollViewDidScroll
        if scrollView.contentOffset.y > scrollView.contentSize.height - scrollView.bounds.height {  // probe: scroll view | works | contentOffset, contentSize
            scrolled += 1
        }
    }

    func insertFirst(_ name: String) {
        tableView.performBatchUpdates {  // probe: table view | works | `performBatchUpdates(_:completion:)` with implicit `self` (its block does not escape)
            rows.insert(name, at: 0)
            tableView.insertRows(at: [IndexPath(row: 0, section: 0)], with: .automatic)
        }
        UIView.performWithoutAnimation {  // probe: animation | works | UIView.performWithoutAnimation (the block does not escape)
            tableView.reloadRows(at: [IndexPath(row: 0, section: 0)], with: .none)
        }
        UIView.animate(withDuration: 0.3) { [self] in  // probe: animation | works | UIView.animate(withDuration:animations:) (run at once)
            tableView.alpha = 1
        }
        tableView.setEditing(true, animated: true)  // probe: editing | works | setEditing(_:animated:)
        tableView.setContentOffset(.zero, animated: false)  // probe: scroll view | works | setContentOffset(_:animated:)
        tableView.drag(to: CGPoint(x: 0, y: 44))  // probe: scroll view | works | `drag(to:)`, a test's drag (`scrollViewWillBeginDragging`, `scrollViewDidEndDragging`)
        _ = tableView.indexPathForRow(at: CGPoint(x: 10, y: 10))  // probe: scroll view | works | indexPathForRow(at:)
    }
}

struct ProbeItem: Hashable, Sendable {
    let id: Int
    let title: String
}

final class ProbeCollectionViewController: UIViewController, UICollectionViewDelegate {
    private(set) var collectionView: UICollectionView!
    private var dataSource: UICollectionViewDiffableDataSource<Int, ProbeItem>!

    override func viewDidLoad() {
        super.viewDidLoad()
        let layout = UICollectionViewCompositionalLayout { _, environment in  // probe: collection view | kept | UICollectionViewCompositionalLayout(sectionProvider:)
            var list = UICollectionLayoutListConfiguration(appearance: .insetGrouped)
            list.headerMode = .supplementary
            list.trailingSwipeActionsConfigurationProvider = { _ in  // probe: swipe actions | works | trailingSwipeActionsConfigurationProvider
                UISwipeActionsConfiguration(actions: [UIContextualAction(style: .destructive, title: "Delete") { _, _, done in done(true) }])
            }
            return NSCollectionLayoutSection.list(using: list, layoutEnvironment: environment)  // probe: collection view | kept | NSCollectionLayoutSection.list(using:layoutEnvironment:)
        }
        collectionView = UICollectionView(frame: CGRect(x: 0, y: 0, width: 390, height: 440), collectionViewLayout: layout)
        collectionView.delegate = self
        let registration = UICollectionView.CellRegistration<ProbeListCell, ProbeItem> { cell, _, item in  // probe: collection view | works | CellRegistration
            var content = cell.defaultContentConfiguration()
            content.text = item.title
            cell.contentConfiguration = content
            cell.accessories = [.disclosureIndicator(), .customView(configuration: .init(customView: UIImageView(image: nil), placement: .trailing()))]  // probe: collection view | kept | `UICellAccessory.customView(configuration:)`
        }
        dataSource = UICollectionViewDiffableDataSource(collectionView: collectionView) { collectionView, indexPath, item in
            collectionView.dequeueConfiguredReusableCell(using: registration, for: indexPath, item: item)
        }
        var snapshot = NSDiffableDataSourceSnapshot<Int, ProbeItem>()
        snapshot.appendSections([0])
        snapshot.appendItems([ProbeItem(id: 1, title: "One"), ProbeItem(id: 2, title: "Two")])
        dataSource.apply(snapshot, animatingDifferences: false)
        collectionView.performBatchUpdates {  // probe: collection view | works | `performBatchUpdates(_:completion:)` with implicit `self` (its block does not escape)
            collectionView.reloadData()
        }
        view.addSubview(collectionView)
    }

    func collectionView(_ collectionView: UICollectionView, didSelectItemAt indexPath: IndexPath) {  // probe: collection view | works | didSelectItemAt (a test's tapItem(at:))
        collectionView.deselectItem(at: indexPath, animated: true)
    }
}
