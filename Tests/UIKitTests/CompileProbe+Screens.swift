import UIKit

// The compile probe's third part (see CompileProbe.swift): a screen's own chrome around its
// list — controllers, navigation, alerts, search, layout — written once as an app writes it.

final class ProbeSettingsViewController: UITableViewController, UISearchResultsUpdating {  // probe: controllers | works | `UITableViewController`
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
        navigationItem.rightBarButtonItem = editButtonItem  // probe: controllers | works | `navigationItem`, `editButtonItem` (a test's `tap()`)
        navigationItem.leftBarButtonItem = UIBarButtonItem(systemItem: .add, primaryAction: UIAction { [weak self] _ in self?.addOption() })  // probe: controllers | works | `UIBarButtonItem(systemItem:primaryAction:menu:)`
        navigationItem.largeTitleDisplayMode = .never  // probe: controllers | kept | `largeTitleDisplayMode`
        let search = UISearchController(searchResultsController: nil)  // probe: search | works | `UISearchController` (a test's `searchBar.type(_:)`)
        search.searchResultsUpdater = self  // probe: search | works | `searchResultsUpdater`
        search.obscuresBackgroundDuringPresentation = false
        navigationItem.searchController = search  // probe: search | kept | `navigationItem.searchController`
        let footer = UIView(frame: CGRect(x: 0, y: 0, width: 390, height: 44))
        footer.addSubview(spinner)
        spinner.translatesAutoresizingMaskIntoConstraints = false
        NSLayoutConstraint.activate([  // probe: layout | kept | `NSLayoutConstraint.activate(_:)`
            spinner.centerXAnchor.constraint(equalTo: footer.centerXAnchor),  // probe: layout | kept | anchors: `centerXAnchor`, `constraint(equalTo:)`
            spinner.topAnchor.constraint(equalTo: footer.safeAreaLayoutGuide.topAnchor, constant: 8),  // probe: layout | kept | `safeAreaLayoutGuide`
            spinner.widthAnchor.constraint(equalToConstant: 20),
        ])
        tableView.tableFooterView = footer
        let stack = UIStackView(arrangedSubviews: [UILabel(), UILabel()])  // probe: views | works | `UIStackView` (its labels are a row's or a header's texts)
        stack.axis = .vertical
        stack.spacing = 4
        tableView.tableHeaderView = stack
        _ = tableView.headerView(forSection: 0)  // probe: headers | works | `headerView(forSection:)`
        _ = UIDevice.current.userInterfaceIdiom == .pad  // probe: views | kept | `UIDevice.current`
    }

    override func viewWillAppear(_ animated: Bool) {  // probe: controllers | works | `viewWillAppear(_:)`, `viewWillDisappear(_:)`
        super.viewWillAppear(animated)
        spinner.startAnimating()
    }

    override func numberOfSections(in tableView: UITableView) -> Int { 1 }  // probe: controllers | works | `override` of a data source's method

    override func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { options.count }

    override func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
        let cell = tableView.dequeueReusableCell(withIdentifier: "option", for: indexPath)
        cell.textLabel?.text = options[indexPath.row]
        return cell
    }

    override func tableView(_ tableView: UITableView, editingStyleForRowAt indexPath: IndexPath) -> UITableViewCell.EditingStyle {  // probe: editing | works | `editingStyleForRowAt` (a test's `tapEditingControl(forRowAt:)`)
        indexPath.row == 0 ? .none : .delete
    }

    override func tableView(_ tableView: UITableView, commit editingStyle: UITableViewCell.EditingStyle, forRowAt indexPath: IndexPath) {
        options.remove(at: indexPath.row)
        tableView.deleteRows(at: [indexPath], with: .automatic)
    }

    override func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath) {  // probe: controllers | works | `override` of a delegate's method
        let alert = UIAlertController(title: options[indexPath.row], message: "Turn it off?", preferredStyle: .alert)  // probe: alerts | works | `UIAlertController` (a test's `UIAlertAction.tap()`)
        alert.addAction(UIAlertAction(title: "Turn Off", style: .destructive) { [weak self] _ in  // probe: alerts | works | `UIAlertAction(title:style:handler:)`
            self?.options[indexPath.row] += " (off)"
            self?.tableView.reloadRows(at: [indexPath], with: .none)
        })
        alert.addAction(UIAlertAction(title: "Cancel", style: .cancel))
        present(alert, animated: true)  // probe: controllers | works | `present(_:animated:completion:)`, `presentedViewController`
    }

    override func scrollViewDidScroll(_ scrollView: UIScrollView) {}  // probe: controllers | works | `override` of a scroll view delegate's method

    func updateSearchResults(for searchController: UISearchController) {  // probe: search | works | `updateSearchResults(for:)`
        searched.append(searchController.searchBar.text ?? "")
    }

    private func addOption() {
        options.append("VPN")
        tableView.insertRows(at: [IndexPath(row: options.count - 1, section: 0)], with: .automatic)
    }

    override func prepare(for segue: UIStoryboardSegue, sender: Any?) {}  // probe: controllers | kept | `prepare(for:sender:)`
}

final class ProbeGalleryViewController: UICollectionViewController {  // probe: controllers | works | `UICollectionViewController`
    override func viewDidLoad() {
        super.viewDidLoad()
        collectionView.register(UINib(nibName: "PhotoCell", bundle: nil), forCellWithReuseIdentifier: "photo")  // probe: nibs | kept | `register(_:forCellWithReuseIdentifier:)` with a `UINib` (dequeuing raises: nothing is decoded)
        collectionViewLayout.invalidateLayout()  // probe: collection view | kept | `invalidateLayout()`
    }

    override func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int { 1 }

    override func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath) -> UICollectionViewCell {
        collectionView.dequeueReusableCell(withReuseIdentifier: "photo", for: indexPath)
    }
}

final class ProbeNavigation {
    @MainActor
    static func make() -> UINavigationController {
        let navigation = UINavigationController(rootViewController: ProbeSettingsViewController())  // probe: controllers | works | `UINavigationController`, `pushViewController(_:animated:)`
        navigation.navigationBar.prefersLargeTitles = true  // probe: controllers | kept | `navigationBar`
        let button = UIButton(type: .system)  // probe: views | works | `UIButton` (a test's `sendActions(for:)`)
        button.setTitle("Done", for: .normal)
        button.addAction(UIAction { _ in navigation.popViewController(animated: true) }, for: .touchUpInside)
        navigation.topViewController?.view.addSubview(button)
        return navigation
    }
}
