import UIKit

/// A project: a name and how many tasks it has.
public struct Project: Hashable, Sendable, Identifiable {
    public let id: String
    public var taskCount: Int

    public init(id: String, taskCount: Int) {
        self.id = id
        self.taskCount = taskCount
    }
}

/// The projects, as a collection list with a diffable data source.
public final class ProjectsViewController: UIViewController {
    public enum Section: Hashable, Sendable { case active, archived }

    public private(set) var collectionView: UICollectionView!
    public private(set) var dataSource: UICollectionViewDiffableDataSource<Section, Project.ID>!
    public private(set) var projects: [Project.ID: Project] = [:]

    private let projectCell = UICollectionView.CellRegistration<UICollectionViewListCell, Project> { cell, _, project in
        var content = cell.defaultContentConfiguration()
        content.text = project.id
        content.secondaryText = project.taskCount == 1 ? "1 task" : "\(project.taskCount) tasks"
        content.image = UIImage(systemName: "folder")
        cell.contentConfiguration = content
        cell.accessories = [.disclosureIndicator()]
    }

    public override func viewDidLoad() {
        super.viewDidLoad()
        let layout = UICollectionViewCompositionalLayout.list(using: UICollectionLayoutListConfiguration(appearance: .insetGrouped))
        collectionView = UICollectionView(frame: view.bounds, collectionViewLayout: layout)
        view.addSubview(collectionView)
        dataSource = UICollectionViewDiffableDataSource<Section, Project.ID>(collectionView: collectionView) { [unowned self] collectionView, indexPath, id in
            collectionView.dequeueConfiguredReusableCell(using: projectCell, for: indexPath, item: projects[id])
        }
    }

    /// Shows `active` and `archived` projects.
    public func show(active: [Project], archived: [Project]) {
        for project in active + archived { projects[project.id] = project }
        var snapshot = NSDiffableDataSourceSnapshot<Section, Project.ID>()
        snapshot.appendSections([.active, .archived])
        snapshot.appendItems(active.map(\.id), toSection: .active)
        snapshot.appendItems(archived.map(\.id), toSection: .archived)
        dataSource.apply(snapshot, animatingDifferences: true)
    }

    /// A project gained a task: its cell is configured again.
    public func addTask(to id: Project.ID) {
        projects[id]?.taskCount += 1
        var snapshot = dataSource.snapshot()
        snapshot.reconfigureItems([id])
        dataSource.apply(snapshot)
    }

    /// The bug: a project shown twice, one identifier twice in a snapshot.
    public func showDuplicated() {
        var snapshot = NSDiffableDataSourceSnapshot<Section, Project.ID>()
        snapshot.appendSections([.active])
        snapshot.appendItems(["Home", "Work", "Home"], toSection: .active)
        dataSource.apply(snapshot)
    }
}
