import UIKit

// The compile probe's third part (see CompileProbe.swift): a screen's own chrome around its
// list — controllers, navigation, alerts, search, layout — written once as an app writes it.

// probe: controllers | works | `UITableViewController`
final class ProbeSettingsViewController: UITableViewController, UISearchResultsUpdating {
    var options = ["Wi-Fi", "Bluetooth", "Cellular"]
    private(set) var searched: [String] = []
    let spinner = UIActivityIndicatorView(style: .medium)  // probe: views | kept | `UIActivityIndicatorView`

    init() {
        super.init(style: .insetGrouped)  // probe: controllers | works | `UITableViewController(style:)`
    }

    @available(*, unavailable)
    required init?(coder: NSCoder) {
        fatalError("init(coder:) has not been implemented")
    }

    override func viewDidLoad() {
        super.viewDidLoad()
        title = "Settings"
        tableView.register(UITableViewCell.self, forCellReuseIdentifier: "option")
        // probe: controllers | works | `navigationItem`, `editButtonItem` (a test's `tap()`)
        navigationItem.rightBarButtonItem = editButtonItem
        navigationItem.leftBarButtonItem = UIBarButtonItem(
            // probe: controllers | works | `UIBarButtonItem(systemItem:primaryAction:menu:)`
            systemItem: .add, primaryAction: UIAction { [weak self] _ in self?.addOption() })
        navigationItem.largeTitleDisplayMode = .never  // probe: controllers | kept | `largeTitleDisplayMode`
        // probe: search | works | `UISearchController` (a test's `searchBar.type(_:)`)
        let search = UISearchController(searchResultsController: nil)
        search.searchResultsUpdater = self  // probe: search | works | `searchResultsUpdater`
        search.obscuresBackgroundDuringPresentation = false
        navigationItem.searchController = search  // probe: search | kept | `navigationItem.searchController`
        let footer = UIView(frame: CGRect(x: 0, y: 0, width: 390, height: 44))
        footer.addSubview(spinner)
        spinner.translatesAutoresizingMaskIntoConstraints = false
        NSLayoutConstraint.activate([  // probe: layout | kept | `NSLayoutConstraint.activate(_:)`
            // probe: layout | kept | anchors: `centerXAnchor`, `constraint(equalTo:)`
            spinner.centerXAnchor.constraint(equalTo: footer.centerXAnchor),
            // probe: layout | kept | `safeAreaLayoutGuide`
            spinner.topAnchor.constraint(equalTo: footer.safeAreaLayoutGuide.topAnchor, constant: 8),
            spinner.widthAnchor.constraint(equalToConstant: 20),
        ])
        tableView.tableFooterView = footer
        // probe: views | works | `UIStackView` (its labels are a row's or a header's texts)
        let stack = UIStackView(arrangedSubviews: [UILabel(), UILabel()])
        stack.axis = .vertical
        stack.spacing = 4
        tableView.tableHeaderView = stack
        _ = tableView.headerView(forSection: 0)  // probe: headers | works | `headerView(forSection:)`
        _ = UIDevice.current.userInterfaceIdiom == .pad  // probe: views | kept | `UIDevice.current`
    }

    // probe: controllers | works | `viewWillAppear(_:)`, `viewWillDisappear(_:)`
    override func viewWillAppear(_ animated: Bool) {
        super.viewWillAppear(animated)
        spinner.startAnimating()
    }

    // probe: controllers | works | `override` of a data source's method
    override func numberOfSections(in tableView: UITableView) -> Int { 1 }

    override func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { options.count }

    override func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
        let cell = tableView.dequeueReusableCell(withIdentifier: "option", for: indexPath)
        cell.textLabel?.text = options[indexPath.row]
        return cell
    }

    override func tableView(_ tableView: UITableView, editingStyleForRowAt indexPath: IndexPath)
        -> UITableViewCell.EditingStyle
    {  // probe: editing | works | `editingStyleForRowAt` (a test's `tapEditingControl(forRowAt:)`)
        indexPath.row == 0 ? .none : .delete
    }

    override func tableView(
        _ tableView: UITableView, commit editingStyle: UITableViewCell.EditingStyle, forRowAt indexPath: IndexPath
    ) {
        options.remove(at: indexPath.row)
        tableView.deleteRows(at: [indexPath], with: .automatic)
    }

    // probe: controllers | works | `override` of a delegate's method
    override func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath) {
        // probe: alerts | works | `UIAlertController` (a test's `UIAlertAction.tap()`)
        let alert = UIAlertController(title: options[indexPath.row], message: "Turn it off?", preferredStyle: .alert)
        alert.addAction(
            // probe: alerts | works | `UIAlertAction(title:style:handler:)`
            UIAlertAction(title: "Turn Off", style: .destructive) { [weak self] _ in
                self?.options[indexPath.row] += " (off)"
                self?.tableView.reloadRows(at: [indexPath], with: .none)
            })
        alert.addAction(UIAlertAction(title: "Cancel", style: .cancel))
        // probe: controllers | works | `present(_:animated:completion:)`, `presentedViewController`
        present(alert, animated: true)
    }

    // probe: controllers | works | `override` of a scroll view delegate's method
    override func scrollViewDidScroll(_ scrollView: UIScrollView) {}

    // probe: search | works | `updateSearchResults(for:)`
    func updateSearchResults(for searchController: UISearchController) {
        searched.append(searchController.searchBar.text ?? "")
    }

    private func addOption() {
        options.append("VPN")
        tableView.insertRows(at: [IndexPath(row: options.count - 1, section: 0)], with: .automatic)
    }

    // probe: controllers | kept | `prepare(for:sender:)`
    override func prepare(for segue: UIStoryboardSegue, sender: Any?) {}
}

// probe: controllers | works | `UICollectionViewController`
final class ProbeGalleryViewController: UICollectionViewController {
    override func viewDidLoad() {
        super.viewDidLoad()
        // probe: nibs | kept | `register(_:forCellWithReuseIdentifier:)` with a `UINib` (dequeuing raises: nothing is
        // decoded)
        collectionView.register(UINib(nibName: "PhotoCell", bundle: nil), forCellWithReuseIdentifier: "photo")
        collectionViewLayout.invalidateLayout()  // probe: collection view | kept | `invalidateLayout()`
    }

    override func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int { 1 }

    override func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath)
        -> UICollectionViewCell
    {
        collectionView.dequeueReusableCell(withReuseIdentifier: "photo", for: indexPath)
    }
}

final class ProbeNavigation {
    @MainActor
    static func make() -> UINavigationController {
        // probe: controllers | works | `UINavigationController`, `pushViewController(_:animated:)`
        let navigation = UINavigationController(rootViewController: ProbeSettingsViewController())
        navigation.navigationBar.prefersLargeTitles = true  // probe: controllers | kept | `navigationBar`
        let button = UIButton(type: .system)  // probe: views | works | `UIButton` (a test's `sendActions(for:)`)
        button.setTitle("Done", for: .normal)
        button.addAction(UIAction { _ in navigation.popViewController(animated: true) }, for: .touchUpInside)
        navigation.topViewController?.view.addSubview(button)
        return navigation
    }
}
