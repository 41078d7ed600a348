/// A view controller whose view is a collection view it is the data
/// source and delegate of, as in UIKit: a subclass overrides the methods it
/// answers (every one is `open` here), and the rest answer as UIKit does
/// when a data source or delegate does not say.
@preconcurrency @MainActor
open class UICollectionViewController: UIViewController, UICollectionViewDataSource, UICollectionViewDelegate {
    private let layout: UICollectionViewLayout
    private var madeCollectionView: UICollectionView?
    /// Whether the selection is cleared when the view appears (kept).
    open var clearsSelectionOnViewWillAppear = true

    /// A controller of a collection view laid out by `layout`.
    public init(collectionViewLayout layout: UICollectionViewLayout) {
        self.layout = layout
        super.init(nibName: nil, bundle: nil)
    }

    /// A controller from an archive: storyboards are not read here (its layout is a flow layout).
    public required init?(coder: NSCoder) {
        layout = UICollectionViewFlowLayout()
        super.init(coder: coder)
    }

    /// The collection view, which is the view (made when first asked for).
    open var collectionView: UICollectionView! {
        get {
            loadViewIfNeeded()
            return madeCollectionView
        }
        set {
            madeCollectionView = newValue
            view = newValue
        }
    }

    /// The collection view's layout.
    open var collectionViewLayout: UICollectionViewLayout { collectionView.collectionViewLayout }

    /// Makes the collection view, phone-sized, with this controller as its data source and delegate.
    open override func loadView() {
        let view = UICollectionView(frame: CGRect(x: 0, y: 0, width: 390, height: 844), collectionViewLayout: layout)
        view.dataSource = self
        view.delegate = self
        madeCollectionView = view
        self.view = view
    }

    // MARK: UICollectionViewDataSource

    /// No items unless a subclass says.
    open func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int { 0 }

    /// An empty cell unless a subclass says (a subclass that has items gives their cells).
    open func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath)
        -> UICollectionViewCell
    {
        UICollectionViewCell(frame: .zero)
    }

    /// One section, as UIKit assumes when the data source does not say.
    open func numberOfSections(in collectionView: UICollectionView) -> Int { 1 }
    /// An empty view, when the data source makes no headers or footers.
    open func collectionView(
        _ collectionView: UICollectionView, viewForSupplementaryElementOfKind kind: String, at indexPath: IndexPath
    ) -> UICollectionReusableView {
        UICollectionReusableView(frame: .zero)
    }
    /// False unless the data source says.
    open func collectionView(_ collectionView: UICollectionView, canMoveItemAt indexPath: IndexPath) -> Bool { false }
    /// Does nothing unless the data source says.
    open func collectionView(
        _ collectionView: UICollectionView, moveItemAt sourceIndexPath: IndexPath, to destinationIndexPath: IndexPath
    ) {}
    /// No index unless the data source gives one.
    open func indexTitles(for collectionView: UICollectionView) -> [String]? { nil }
    /// The first item of the title's section unless the data source says.
    open func collectionView(_ collectionView: UICollectionView, indexPathForIndexTitle title: String, at index: Int)
        -> IndexPath
    {
        IndexPath(item: 0, section: index)
    }
    /// Does nothing unless the delegate says.
    open func collectionView(_ collectionView: UICollectionView, didSelectItemAt indexPath: IndexPath) {}
    /// Does nothing unless the delegate says.
    open func collectionView(_ collectionView: UICollectionView, didDeselectItemAt indexPath: IndexPath) {}
    /// True: the user may select any item unless the delegate says.
    open func collectionView(_ collectionView: UICollectionView, shouldSelectItemAt indexPath: IndexPath) -> Bool {
        true
    }
    /// Does nothing unless the delegate says.
    open func collectionView(
        _ collectionView: UICollectionView, willDisplay cell: UICollectionViewCell, forItemAt indexPath: IndexPath
    ) {}
    /// Does nothing unless the delegate says.
    open func collectionView(
        _ collectionView: UICollectionView, didEndDisplaying cell: UICollectionViewCell, forItemAt indexPath: IndexPath
    ) {}
    /// True unless the delegate says.
    open func collectionView(_ collectionView: UICollectionView, shouldDeselectItemAt indexPath: IndexPath) -> Bool {
        true
    }
    /// True unless the delegate says.
    open func collectionView(_ collectionView: UICollectionView, shouldHighlightItemAt indexPath: IndexPath) -> Bool {
        true
    }
    /// None unless the delegate says (then the one-item form is asked for a single item).
    open func collectionView(
        _ collectionView: UICollectionView, contextMenuConfigurationForItemsAt indexPaths: [IndexPath], point: CGPoint
    ) -> UIContextMenuConfiguration? {
        guard indexPaths.count == 1, let indexPath = indexPaths.first else { return nil }
        return self.collectionView(collectionView, contextMenuConfigurationForItemAt: indexPath, point: point)
    }
    /// None unless the delegate says.
    open func collectionView(
        _ collectionView: UICollectionView, contextMenuConfigurationForItemAt indexPath: IndexPath, point: CGPoint
    ) -> UIContextMenuConfiguration? { nil }
    /// The proposed place unless the delegate says.
    open func collectionView(
        _ collectionView: UICollectionView, targetIndexPathForMoveFromItemAt originalIndexPath: IndexPath,
        toProposedIndexPath proposedIndexPath: IndexPath
    ) -> IndexPath { proposedIndexPath }
    /// Does nothing unless the delegate says.
    open func scrollViewDidScroll(_ scrollView: UIScrollView) {}
    /// Does nothing unless the delegate says.
    open func scrollViewWillBeginDragging(_ scrollView: UIScrollView) {}
    /// Does nothing unless the delegate says.
    open func scrollViewWillEndDragging(
        _ scrollView: UIScrollView, withVelocity velocity: CGPoint, targetContentOffset: UnsafeMutablePointer<CGPoint>
    ) {}
    /// Does nothing unless the delegate says.
    open func scrollViewDidEndDragging(_ scrollView: UIScrollView, willDecelerate decelerate: Bool) {}
    /// Does nothing unless the delegate says.
    open func scrollViewDidEndDecelerating(_ scrollView: UIScrollView) {}
    /// Does nothing unless the delegate says.
    open func scrollViewDidEndScrollingAnimation(_ scrollView: UIScrollView) {}
    /// True unless the delegate says.
    open func scrollViewShouldScrollToTop(_ scrollView: UIScrollView) -> Bool { true }
    /// Does nothing unless the delegate says.
    open func scrollViewDidScrollToTop(_ scrollView: UIScrollView) {}
}
