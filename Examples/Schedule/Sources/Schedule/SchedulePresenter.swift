public import ListLabCore

/// A talk's cell: the title, and the speaker as its detail.
public final class TalkCell: ListCell, ConfigurableCell {
    public func configure(with talk: Talk, at path: ItemPath) {
        text = talk.title
        detail = talk.speaker
    }
}

/// A break's cell: what it is and how long.
public final class BreakCell: ListCell, ConfigurableCell {
    public func configure(with pause: Break, at path: ItemPath) {
        text = "☕ \(pause.title)"
        detail = "\(pause.minutes) min"
    }
}

/// The schedule's presenter: a talk in a ``TalkCell``, a break in a
/// ``BreakCell``; each day's header is its name, and its footer counts its
/// talks.
///
/// It knows nothing of where entries come from; the adapter joins it to a
/// provider of ``ScheduleEntry`` values, which the compiler checks.
public struct SchedulePresenter: CellPresenter {
    /// Creates the presenter.
    public init() {}

    public func registerCells(in list: HeadlessList) {
        list.register(TalkCell.self)
        list.register(BreakCell.self)
    }

    public func cell(for entry: ScheduleEntry, at path: ItemPath, in list: HeadlessList) -> ListCell {
        switch entry {
        case .talk(let talk):
            let cell = list.dequeueReusableCell(TalkCell.self, for: path)
            cell.configure(with: talk, at: path)
            return cell
        case .break(let pause):
            let cell = list.dequeueReusableCell(BreakCell.self, for: path)
            cell.configure(with: pause, at: path)
            return cell
        }
    }

    public func footerTitle(for section: SectionInfo) -> String? {
        section.itemCount == 1 ? "1 entry" : "\(section.itemCount) entries"
    }
}
