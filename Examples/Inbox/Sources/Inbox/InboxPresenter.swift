#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
public import ListLabCore

/// An unread message's cell: a dot before the subject, and the sender.
public final class UnreadCell: ListCell, ConfigurableCell {
    public func configure(with message: Message, at path: ItemPath) {
        text = "● \(message.subject)"
        detail = "\(message.sender), \(InboxPresenter.time(of: message.received))"
    }
}

/// A read message's cell: the subject and the sender.
public final class ReadCell: ListCell, ConfigurableCell {
    public func configure(with message: Message, at path: ItemPath) {
        text = message.subject
        detail = "\(message.sender), \(InboxPresenter.time(of: message.received))"
    }
}

/// The inbox's presenter: an ``UnreadCell`` or a ``ReadCell`` per message,
/// so reading a message changes its cell's kind; each day's header is the
/// day.
public struct InboxPresenter: CellPresenter {
    /// Creates the presenter.
    public init() {}

    public func registerCells(in list: HeadlessList) {
        list.register(UnreadCell.self)
        list.register(ReadCell.self)
    }

    public func cell(for message: Message, at path: ItemPath, in list: HeadlessList) -> ListCell {
        if message.isRead {
            let cell = list.dequeueReusableCell(ReadCell.self, for: path)
            cell.configure(with: message, at: path)
            return cell
        }
        let cell = list.dequeueReusableCell(UnreadCell.self, for: path)
        cell.configure(with: message, at: path)
        return cell
    }

    /// `09:30`, in UTC.
    static func time(of date: Date) -> String {
        // Minutes since midnight, rounded down (before 1970 too: 23:59:30 on Dec 31, 1969 is 23:59).
        let minutes = (Int((date.timeIntervalSince1970 / 60).rounded(.down)) % 1_440 + 1_440) % 1_440
        let (hour, minute) = (minutes / 60, minutes % 60)
        return (hour < 10 ? "0" : "") + "\(hour):" + (minute < 10 ? "0" : "") + "\(minute)"
    }
}
