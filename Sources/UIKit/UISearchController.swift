/// A search bar: its text and placeholder; ``type(_:)`` is a user's typing,
/// which tells the delegate (`textDidChange`) and the search controller's
/// results updater.
@preconcurrency @MainActor
open class UISearchBar: UIView {
    /// The text.
    open var text: String?
    /// The placeholder (kept).
    open var placeholder: String?
    /// The object told of typing and of the search and cancel buttons (held weakly).
    open weak var delegate: (any UISearchBarDelegate)?
    /// Whether the cancel button shows (kept).
    open var showsCancelButton = false
    /// The scope buttons' titles (kept).
    open var scopeButtonTitles: [String]?
    /// The selected scope button.
    open var selectedScopeButtonIndex = 0
    /// What the bar's search controller hears too.
    weak var controller: UISearchController?

    /// Types `text` as a user does: the text becomes `text`, and the
    /// delegate and the search controller's results updater are told.
    public func type(_ text: String) {
        self.text = text
        delegate?.searchBar(self, textDidChange: text)
        controller?.updateResults()
    }

    /// Taps the keyboard's Search button as a user does: the delegate is told.
    public func tapSearchButton() {
        delegate?.searchBarSearchButtonClicked(self)
    }

    /// Taps the Cancel button as a user does: the text is cleared and the delegate told.
    public func tapCancelButton() {
        text = ""
        delegate?.searchBarCancelButtonClicked(self)
        controller?.isActive = false
        controller?.updateResults()
    }
}

/// What a search bar tells: typing and its buttons.
@preconcurrency @MainActor
public protocol UISearchBarDelegate: NSObjectProtocol {
    /// The text changed.
    func searchBar(_ searchBar: UISearchBar, textDidChange searchText: String)
    /// The keyboard's Search button was tapped.
    func searchBarSearchButtonClicked(_ searchBar: UISearchBar)
    /// The Cancel button was tapped.
    func searchBarCancelButtonClicked(_ searchBar: UISearchBar)
}

extension UISearchBarDelegate {
    /// Does nothing unless the delegate says.
    public func searchBar(_ searchBar: UISearchBar, textDidChange searchText: String) {}
    /// Does nothing unless the delegate says.
    public func searchBarSearchButtonClicked(_ searchBar: UISearchBar) {}
    /// Does nothing unless the delegate says.
    public func searchBarCancelButtonClicked(_ searchBar: UISearchBar) {}
}

/// A search controller: its search bar, and the object it tells of each
/// change of the search (`updateSearchResults(for:)`).
@preconcurrency @MainActor
open class UISearchController: UIViewController {
    /// The search bar.
    public let searchBar = UISearchBar(frame: .zero)
    /// The object told of each change of the search (held weakly).
    open weak var searchResultsUpdater: (any UISearchResultsUpdating)?
    /// Whether the search is under way (typing makes it so).
    open var isActive = false
    /// Whether the content is dimmed while searching (kept).
    open var obscuresBackgroundDuringPresentation = true
    /// The controller that shows the results, if not the one searched (kept).
    public private(set) var searchResultsController: UIViewController?

    /// A search controller whose results `searchResultsController` shows (nil: the screen searched).
    public init(searchResultsController: UIViewController?) {
        self.searchResultsController = searchResultsController
        super.init(nibName: nil, bundle: nil)
        searchBar.controller = self
    }

    /// A search controller from an archive: storyboards are not read here.
    public required init?(coder: NSCoder) {
        super.init(coder: coder)
        searchBar.controller = self
    }

    /// A search controller that shows its results in the screen searched.
    public convenience override init(nibName nibNameOrNil: String?, bundle nibBundleOrNil: Bundle?) {
        self.init(searchResultsController: nil)
    }

    func updateResults() {
        if searchBar.text?.isEmpty == false { isActive = true }
        searchResultsUpdater?.updateSearchResults(for: self)
    }
}

/// What a search controller tells of each change of the search.
@preconcurrency @MainActor
public protocol UISearchResultsUpdating: NSObjectProtocol {
    /// The search changed: its text is `searchController.searchBar.text`.
    func updateSearchResults(for searchController: UISearchController)
}
