/// One list whose sections come from several providers, in order: the
/// "composing adapters" idea of "DRY Data Sources" (a static header section
/// from one provider, dynamic rows from another). Paths are mapped to the
/// child that owns the section; each child keeps its own items.
///
/// ```swift
/// let home = CompositeDataProvider([AnyDataProvider(banner), AnyDataProvider(places)])
/// home.child(forSection: 1)    // (1, 0): places' section 0
/// ```
public final class CompositeDataProvider<Item>: DataProvider {
    /// The providers, in the order their sections appear.
    public let children: [AnyDataProvider<Item>]

    /// Creates a composite of `children`.
    public init(_ children: [AnyDataProvider<Item>]) {
        self.children = children
    }

    /// The child that owns global `section`, and the section's index in it.
    public func child(forSection section: Int) -> (child: Int, section: Int)? {
        guard section >= 0 else { return nil }
        var remaining = section
        for (index, child) in children.enumerated() {
            if remaining < child.numberOfSections { return (index, remaining) }
            remaining -= child.numberOfSections
        }
        return nil
    }

    /// The global index of the first section of child `index`.
    public func firstSection(ofChild index: Int) -> Int {
        children.prefix(index).reduce(0) { $0 + $1.numberOfSections }
    }

    private func local(_ path: ItemPath) throws -> (child: Int, path: ItemPath) {
        guard let (child, section) = child(forSection: path.section) else {
            throw ProviderError.noItem(path, sectionCount: numberOfSections, itemCount: nil)
        }
        return (child, ItemPath(section, path.item))
    }

    /// `update`, with the child's paths turned back into global ones.
    private func global(_ update: BatchUpdate, child: Int) -> BatchUpdate {
        let offset = firstSection(ofChild: child)
        func shift(_ path: ItemPath) -> ItemPath { ItemPath(path.section + offset, path.item) }
        return BatchUpdate(
            deletedSections: update.deletedSections.map { $0 + offset },
            insertedSections: update.insertedSections.map { $0 + offset },
            movedSections: update.movedSections.map { SectionMove(from: $0.from + offset, to: $0.to + offset) },
            reloadedSections: update.reloadedSections.map { $0 + offset },
            deletedItems: update.deletedItems.map(shift), insertedItems: update.insertedItems.map(shift),
            movedItems: update.movedItems.map { ItemMove(from: shift($0.from), to: shift($0.to)) },
            reloadedItems: update.reloadedItems.map(shift), reconfiguredItems: update.reconfiguredItems.map(shift))
    }

    /// Runs a change of child `child`; a ``ProviderError`` it throws names
    /// sections and paths as this composite numbers them, and the batch
    /// update it returns does too.
    private func change(ofChild child: Int, _ body: (AnyDataProvider<Item>) throws -> BatchUpdate) throws -> BatchUpdate
    {
        do {
            return global(try body(children[child]), child: child)
        } catch let error as ProviderError {
            throw error.inComposite(sectionOffset: firstSection(ofChild: child), sectionCount: numberOfSections)
        }
    }

    public var numberOfSections: Int { children.reduce(0) { $0 + $1.numberOfSections } }

    public func numberOfItems(inSection section: Int) -> Int {
        guard let (child, local) = child(forSection: section) else { return 0 }
        return children[child].numberOfItems(inSection: local)
    }

    public func item(at path: ItemPath) -> Item? {
        guard let (child, local) = child(forSection: path.section) else { return nil }
        return children[child].item(at: ItemPath(local, path.item))
    }

    public func title(ofSection section: Int) -> String? {
        guard let (child, local) = child(forSection: section) else { return nil }
        return children[child].title(ofSection: local)
    }

    public func append(_ item: Item, toSection section: Int?) throws -> BatchUpdate {
        let target = section ?? max(0, numberOfSections - 1)
        guard let (child, local) = child(forSection: target) else {
            throw ProviderError.noSection(target, sectionCount: numberOfSections)
        }
        return try change(ofChild: child) { try $0.append(item, toSection: local) }
    }

    public func insert(_ item: Item, at path: ItemPath) throws -> BatchUpdate {
        let (child, local) = try local(path)
        return try change(ofChild: child) { try $0.insert(item, at: local) }
    }

    public func update(_ item: Item, at path: ItemPath) throws -> BatchUpdate {
        let (child, local) = try local(path)
        return try change(ofChild: child) { try $0.update(item, at: local) }
    }

    public func delete(at paths: [ItemPath]) throws -> BatchUpdate {
        guard let first = paths.first else { return BatchUpdate() }
        let (owner, _) = try local(first)
        var locals: [ItemPath] = []
        for path in paths {
            let (pathOwner, local) = try local(path)
            guard pathOwner == owner else { throw ProviderError.acrossProviders(first, path) }
            locals.append(local)
        }
        return try change(ofChild: owner) { try $0.delete(at: locals) }
    }

    public func move(from: ItemPath, to: ItemPath) throws -> BatchUpdate {
        let (owner, localFrom) = try local(from)
        guard let (target, localTo) = child(forSection: to.section) else {
            throw ProviderError.noSection(to.section, sectionCount: numberOfSections)
        }
        guard target == owner else { throw ProviderError.acrossProviders(from, to) }
        return try change(ofChild: owner) { try $0.move(from: localFrom, to: ItemPath(localTo, to.item)) }
    }

    /// Reloads every child from its source; the first failure stops it.
    public func reload() throws {
        for child in children { try child.reload() }
    }

    /// Refused: a composite's items are its children's; replace theirs.
    public func replaceItems(with items: [Item]) throws {
        throw ProviderError.itemsOfAComposite
    }
}

/// The presenter of a ``CompositeDataProvider``: each section is presented
/// by the presenter of the child that owns it.
public struct CompositePresenter<Item>: CellPresenter {
    private let provider: CompositeDataProvider<Item>
    private let presenters: [any CellPresenter<Item>]

    /// Creates a presenter with one presenter per child of `provider`, in order.
    ///
    /// - Precondition: as many presenters as children.
    public init(provider: CompositeDataProvider<Item>, presenters: [any CellPresenter<Item>]) {
        precondition(presenters.count == provider.children.count, "one presenter per child provider")
        self.provider = provider
        self.presenters = presenters
    }

    public func registerCells(in list: HeadlessList) {
        for presenter in presenters { presenter.registerCells(in: list) }
    }

    public func cell(for item: Item, at path: ItemPath, in list: HeadlessList) -> ListCell {
        guard let (child, _) = provider.child(forSection: path.section) else {
            let cell = list.dequeueReusableCell(withIdentifier: HeadlessList.missingItemIdentifier, for: path)
            cell.text = "(no provider for section \(path.section))"
            return cell
        }
        return presenters[child].cell(for: item, at: path, in: list)
    }

    public func headerTitle(for section: SectionInfo) -> String? {
        guard let (child, local) = provider.child(forSection: section.index) else { return nil }
        var info = section
        info.index = local
        return presenters[child].headerTitle(for: info)
    }

    public func footerTitle(for section: SectionInfo) -> String? {
        guard let (child, local) = provider.child(forSection: section.index) else { return nil }
        var info = section
        info.index = local
        return presenters[child].footerTitle(for: info)
    }
}
