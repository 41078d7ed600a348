extension UICollectionView {
    /// A cell kind and how it shows an item: registered with the view the
    /// first time a cell is dequeued through it. Make registrations up front
    /// (a property, `viewDidLoad`): one made while a cell is asked for is
    /// refused, as UIKit refuses it since iOS 15.
    @preconcurrency @MainActor
    public struct CellRegistration<Cell: UICollectionViewCell, Item> {
        /// Configures a dequeued cell for an item.
        public typealias Handler = (Cell, IndexPath, Item) -> Void

        let handler: Handler
        let identifier: String
        let wasMadeDuringACellRequest: Bool

        /// A registration of `Cell`, configured by `handler`.
        public init(handler: @escaping Handler) {
            self.handler = handler
            identifier = RegistrationNames.next(for: "\(Cell.self)")
            wasMadeDuringACellRequest = CellRequest.isOpen
        }
    }

    /// A header or footer kind and how it is configured.
    @preconcurrency @MainActor
    public struct SupplementaryRegistration<Supplementary: UICollectionReusableView> {
        /// Configures a dequeued view of `elementKind` for a section.
        public typealias Handler = (Supplementary, String, IndexPath) -> Void

        let handler: Handler
        let elementKind: String
        let identifier: String

        /// A registration of `Supplementary` for `elementKind`, configured by `handler`.
        public init(elementKind: String, handler: @escaping Handler) {
            self.handler = handler
            self.elementKind = elementKind
            identifier = RegistrationNames.next(for: "\(Supplementary.self)")
        }
    }
}

/// Reuse identifiers for registrations, numbered in the order they are made
/// (the same on every run, where UIKit's carry an address).
@MainActor
enum RegistrationNames {
    private static var count = 0

    static func next(for kind: String) -> String {
        count += 1
        return "\(kind).registration\(count)"
    }
}
