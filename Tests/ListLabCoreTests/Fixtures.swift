@testable import ListLabCore

/// A data source whose counts a test sets by hand, so a batch update can be
/// made to agree or disagree with the data.
final class CountsDataSource: ListDataSource, ListDelegate {
    var counts: [Int]
    var headers: [String?] = []
    /// Each item's text, by identity; `labels[section][item]`.
    var labels: [[String]]
    var selected: [ItemPath] = []
    var displayed: [ItemPath] = []

    init(_ counts: [Int]) {
        self.counts = counts
        labels = counts.enumerated().map { section, count in (0..<count).map { "s\(section)i\($0)" } }
    }

    func numberOfSections(in list: HeadlessList) -> Int { counts.count }

    func list(_ list: HeadlessList, numberOfItemsInSection section: Int) -> Int { counts[section] }

    func list(_ list: HeadlessList, cellForItemAt path: ItemPath) -> ListCell {
        let cell = list.dequeueReusableCell(withIdentifier: "Cell", for: path)
        cell.text =
            labels.indices.contains(path.section) && labels[path.section].indices.contains(path.item)
            ? labels[path.section][path.item] : "?"
        return cell
    }

    func list(_ list: HeadlessList, titleForHeaderInSection section: Int) -> String? {
        headers.indices.contains(section) ? headers[section] : nil
    }

    func list(_ list: HeadlessList, didSelectItemAt path: ItemPath) { selected.append(path) }

    func list(_ list: HeadlessList, willDisplay cell: ListCell, forItemAt path: ItemPath) { displayed.append(path) }

    /// A list of `style` showing this data source, loaded.
    func makeList(style: ListStyle = .table, viewportRows: Int = 10) -> HeadlessList {
        let list = HeadlessList(style: style, viewportRows: viewportRows)
        list.register(ListCell.self, forCellReuseIdentifier: "Cell")
        list.dataSource = self
        list.delegate = self
        list.reloadData()
        return list
    }
}

/// Everything observable about a list, to check that a refused update left
/// it exactly as it was.
struct ListSnapshot: Equatable {
    var rendering: [String]
    var counts: [Int]
    var selection: [ItemPath]
    var cells: [String]
    var scrollOffset: Int
    var queued: Int

    init(_ list: HeadlessList) {
        rendering = list.render()
        counts = (0..<list.numberOfSections).map { list.numberOfItems(inSection: $0) }
        selection = list.selectedPaths
        cells = list.indexPathsForVisibleItems.map { path in
            let cell = list.cellForItem(at: path)
            return "\(path)=#\(cell?.serial ?? 0):\(cell?.text ?? "")"
        }
        scrollOffset = list.scrollOffset
        queued = list.queuedCellCount
    }
}

/// The texts of the visible cells, in path order.
func visibleTexts(_ list: HeadlessList) -> [String] {
    list.indexPathsForVisibleItems.compactMap { list.cellForItem(at: $0)?.text }
}
