import UIKit

// The face's compile probe: each supported API written once, as an app's code writes it. This
// file builds in Swift 6 language mode here and in Swift 5 mode in UIKitSwift5Tests (a link to
// it), and `Scripts/uikit-support-table` writes the support table of Docs/uikit-module.md from its
// `probe:` marks (area | works or kept | the API), so that the table lists only what compiles.

final class ProbeCell: UITableViewCell {
    // probe: views | works | a cell's own labels in its `contentView` (their texts are its row's)
    let titleLabel = UILabel()

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

    // probe: configuration | works | override updateConfiguration(using:)
    override func updateConfiguration(using state: UICellConfigurationState) {
        super.updateConfiguration(using: state)
        backgroundConfiguration = .listPlainCell()  // probe: configuration | kept | UIBackgroundConfiguration
        // probe: configuration | works | UICellConfigurationState
        titleLabel.textColor = state.isSelected ? .systemBlue : .label
    }
}

final class ProbeHeader: UITableViewHeaderFooterView {}

final class ProbeListCell: UICollectionViewListCell {}

final class ProbeTableViewController: UIViewController, UITableViewDataSource, UITableViewDelegate,
    UITableViewDataSourcePrefetching
{
    let tableView = UITableView(frame: CGRect(x: 0, y: 0, width: 390, height: 440), style: .insetGrouped)
    var rows = ["Ada", "Grace", "Alan"]
    private(set) var scrolled = 0

    override func viewDidLoad() {
        super.viewDidLoad()
        // probe: table view | works | register(_:forCellReuseIdentifier:)
        tableView.register(ProbeCell.self, forCellReuseIdentifier: "cell")
        // probe: headers | works | register(_:forHeaderFooterViewReuseIdentifier:)
        tableView.register(ProbeHeader.self, forHeaderFooterViewReuseIdentifier: "header")
        tableView.dataSource = self
        tableView.delegate = self
        tableView.prefetchDataSource = self  // probe: table view | kept | prefetchDataSource
        tableView.isPrefetchingEnabled = true  // probe: table view | kept | isPrefetchingEnabled
        // probe: table view | kept | UITableView.automaticDimension
        tableView.rowHeight = UITableView.automaticDimension
        tableView.rowHeight = 44
        tableView.estimatedRowHeight = 44  // probe: table view | kept | estimatedRowHeight
        tableView.sectionHeaderHeight = UITableView.automaticDimension  // probe: headers | kept | sectionHeaderHeight
        tableView.estimatedSectionHeaderHeight = 28  // probe: headers | kept | estimatedSectionHeaderHeight
        tableView.separatorStyle = .none  // probe: table view | kept | separatorStyle
        // probe: scroll view | kept | contentInset, UIEdgeInsets
        tableView.contentInset = UIEdgeInsets(top: 8, left: 0, bottom: 8, right: 0)
        tableView.keyboardDismissMode = .onDrag  // probe: scroll view | kept | keyboardDismissMode
        tableView.showsVerticalScrollIndicator = false  // probe: scroll view | kept | showsVerticalScrollIndicator
        tableView.accessibilityIdentifier = "probe.table"  // probe: accessibility | kept | accessibilityIdentifier
        let refresh = UIRefreshControl()
        // probe: scroll view | works | `UIRefreshControl`, `addAction(_:for:)`
        refresh.addAction(UIAction { [weak self] _ in self?.tableView.reloadData() }, for: .valueChanged)
        tableView.refreshControl = refresh  // probe: scroll view | works | refreshControl
        view.addSubview(tableView)
    }

    func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { rows.count }

    func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
        // probe: table view | works | dequeueReusableCell(withIdentifier:for:)
        let cell = tableView.dequeueReusableCell(withIdentifier: "cell", for: indexPath)
        cell.accessibilityLabel = rows[indexPath.row]  // probe: accessibility | kept | accessibilityLabel
        cell.accessibilityTraits = .button  // probe: accessibility | kept | accessibilityTraits
        // probe: accessibility | works | UIAccessibilityCustomAction
        cell.accessibilityCustomActions = [UIAccessibilityCustomAction(name: "Pin") { _ in true }]
        // probe: configuration | works | defaultContentConfiguration()
        var content = cell.defaultContentConfiguration()
        content.text = rows[indexPath.row]
        // probe: views | kept | UIImage.withRenderingMode(_:)
        content.image = UIImage(systemName: "person")?.withRenderingMode(.alwaysTemplate)
        cell.contentConfiguration = content  // probe: configuration | works | contentConfiguration
        cell.configurationUpdateHandler = { cell, state in  // probe: configuration | works | configurationUpdateHandler
            cell.accessoryType = state.isEditing ? .none : .disclosureIndicator
        }
        return cell
    }

    // probe: headers | works | viewForHeaderInSection
    func tableView(_ tableView: UITableView, viewForHeaderInSection section: Int) -> UIView? {
        // probe: headers | works | dequeueReusableHeaderFooterView(withIdentifier:)
        let header = tableView.dequeueReusableHeaderFooterView(withIdentifier: "header")
        header?.textLabel?.text = "People"  // probe: headers | works | UITableViewHeaderFooterView.textLabel
        return header
    }

    func tableView(_ tableView: UITableView, heightForHeaderInSection section: Int) -> CGFloat {
        UITableView.automaticDimension
    }  // probe: headers | kept | heightForHeaderInSection

    // probe: editing | works | canEditRowAt
    func tableView(_ tableView: UITableView, canEditRowAt indexPath: IndexPath) -> Bool { true }

    func tableView(
        _ tableView: UITableView, commit editingStyle: UITableViewCell.EditingStyle, forRowAt indexPath: IndexPath
    ) {  // probe: editing | works | `tableView(_:commit:forRowAt:)` (a test's swipe to delete)
        guard editingStyle == .delete else { return }
        rows.remove(at: indexPath.row)
        tableView.deleteRows(at: [indexPath], with: .automatic)
    }

    // probe: editing | works | canMoveRowAt
    func tableView(_ tableView: UITableView, canMoveRowAt indexPath: IndexPath) -> Bool { true }

    func tableView(_ tableView: UITableView, moveRowAt sourceIndexPath: IndexPath, to destinationIndexPath: IndexPath)
    {  // probe: editing | works | moveRowAt (a test's drag)
        rows.insert(rows.remove(at: sourceIndexPath.row), at: destinationIndexPath.row)
    }

    func tableView(
        _ tableView: UITableView, leadingSwipeActionsConfigurationForRowAt indexPath: IndexPath
    ) -> UISwipeActionsConfiguration? {  // probe: swipe actions | works | leadingSwipeActionsConfigurationForRowAt
        // probe: swipe actions | works | UIContextualAction
        let pin = UIContextualAction(style: .normal, title: "Pin") { _, _, completion in completion(true) }
        pin.backgroundColor = .systemOrange
        // probe: swipe actions | works | UISwipeActionsConfiguration
        let configuration = UISwipeActionsConfiguration(actions: [pin])
        configuration.performsFirstActionWithFullSwipe = false
        return configuration
    }

    func tableView(
        _ tableView: UITableView, contextMenuConfigurationForRowAt indexPath: IndexPath, point: CGPoint
    ) -> UIContextMenuConfiguration? {  // probe: context menus | works | contextMenuConfigurationForRowAt
        // probe: context menus | works | UIContextMenuConfiguration
        UIContextMenuConfiguration(identifier: nil, previewProvider: nil) { _ in
            // probe: context menus | works | UIMenu, UIAction
            UIMenu(title: "", children: [UIAction(title: "Copy", image: UIImage(systemName: "doc.on.doc")) { _ in }])
        }
    }

    // probe: table view | kept | prefetchRowsAt
    func tableView(_ tableView: UITableView, prefetchRowsAt indexPaths: [IndexPath]) {}

    func scrollViewDidScroll(_ scrollView: UIScrollView) {  // probe: scroll view | works | scrollViewDidScroll
        // probe: scroll view | works | contentOffset, contentSize
        if scrollView.contentOffset.y > scrollView.contentSize.height - scrollView.bounds.height {
            scrolled += 1
        }
    }

    func insertFirst(_ name: String) {
        // probe: table view | works | `performBatchUpdates(_:completion:)` with implicit `self` (its block does not
        // escape)
        tableView.performBatchUpdates {
            rows.insert(name, at: 0)
            tableView.insertRows(at: [IndexPath(row: 0, section: 0)], with: .automatic)
        }
        // probe: animation | works | UIView.performWithoutAnimation (the block does not escape)
        UIView.performWithoutAnimation {
            tableView.reloadRows(at: [IndexPath(row: 0, section: 0)], with: .none)
        }
        // probe: animation | works | UIView.animate(withDuration:animations:) (run at once)
        UIView.animate(withDuration: 0.3) { [self] in
            tableView.alpha = 1
        }
        tableView.setEditing(true, animated: true)  // probe: editing | works | setEditing(_:animated:)
        // probe: scroll view | works | setContentOffset(_:animated:)
        tableView.setContentOffset(.zero, animated: false)
        // probe: scroll view | works | `drag(to:)`, a test's drag (`scrollViewWillBeginDragging`,
        // `scrollViewDidEndDragging`)
        tableView.drag(to: CGPoint(x: 0, y: 44))
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
        // probe: collection view | kept | UICollectionViewCompositionalLayout(sectionProvider:)
        let layout = UICollectionViewCompositionalLayout { _, environment in
            var list = UICollectionLayoutListConfiguration(appearance: .insetGrouped)
            list.headerMode = .supplementary
            // probe: swipe actions | works | trailingSwipeActionsConfigurationProvider
            list.trailingSwipeActionsConfigurationProvider = { _ in
                UISwipeActionsConfiguration(actions: [
                    UIContextualAction(style: .destructive, title: "Delete") { _, _, done in done(true) }
                ])
            }
            // probe: collection view | kept | NSCollectionLayoutSection.list(using:layoutEnvironment:)
            return NSCollectionLayoutSection.list(using: list, layoutEnvironment: environment)
        }
        collectionView = UICollectionView(
            frame: CGRect(x: 0, y: 0, width: 390, height: 440), collectionViewLayout: layout)
        collectionView.delegate = self
        // probe: collection view | works | CellRegistration
        let registration = UICollectionView.CellRegistration<ProbeListCell, ProbeItem> { cell, _, item in
            var content = cell.defaultContentConfiguration()
            content.text = item.title
            cell.contentConfiguration = content
            cell.accessories = [
                .disclosureIndicator(),
                .customView(configuration: .init(customView: UIImageView(image: nil), placement: .trailing())),
            ]  // probe: collection view | kept | `UICellAccessory.customView(configuration:)`
        }
        dataSource = UICollectionViewDiffableDataSource(collectionView: collectionView) {
            collectionView, indexPath, item in
            collectionView.dequeueConfiguredReusableCell(using: registration, for: indexPath, item: item)
        }
        var snapshot = NSDiffableDataSourceSnapshot<Int, ProbeItem>()
        snapshot.appendSections([0])
        snapshot.appendItems([ProbeItem(id: 1, title: "One"), ProbeItem(id: 2, title: "Two")])
        dataSource.apply(snapshot, animatingDifferences: false)
        // probe: collection view | works | `performBatchUpdates(_:completion:)` with implicit `self` (its block does
        // not escape)
        collectionView.performBatchUpdates {
            collectionView.reloadData()
        }
        view.addSubview(collectionView)
    }

    // probe: collection view | works | didSelectItemAt (a test's tapItem(at:))
    func collectionView(_ collectionView: UICollectionView, didSelectItemAt indexPath: IndexPath) {
        collectionView.deselectItem(at: indexPath, animated: true)
    }
}
