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
        let token = RegistrationToken(kind: "\(Cell.self)")
        let wasMadeDuringACellRequest: Bool

        /// A registration of `Cell`, configured by `handler`.
        public init(handler: @escaping Handler) {
            self.handler = handler
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
        let token = RegistrationToken(kind: "\(Supplementary.self)")

        /// A registration of `Supplementary` for `elementKind`, configured by `handler`.
        public init(elementKind: String, handler: @escaping Handler) {
            self.handler = handler
            self.elementKind = elementKind
        }
    }
}

/// A registration's identity: a view names it when it first dequeues
/// through it (see ``RegistrationNames``).
final class RegistrationToken: Sendable {
    /// The kind of view the registration makes.
    let kind: String

    init(kind: String) {
        self.kind = kind
    }
}

/// A collection view's reuse identifiers for its registrations: the kind,
/// numbered in the order this view first dequeued through each, so a
/// screen's rows read the same in every test and run (UIKit's carry an address).
@MainActor
final class RegistrationNames {
    private var names: [ObjectIdentifier: (token: RegistrationToken, name: String)] = [:]
    private var counts: [String: Int] = [:]

    /// The reuse identifier of `token`'s registration on this view.
    func name(of token: RegistrationToken) -> String {
        if let known = names[ObjectIdentifier(token)] { return known.name }
        let count = counts[token.kind, default: 0] + 1
        counts[token.kind] = count
        let name = "\(token.kind).registration\(count)"
        names[ObjectIdentifier(token)] = (token, name)
        return name
    }
}
