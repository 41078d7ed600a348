/// An observer added to a ``HeadlessList``, to take it away again
/// (``HeadlessList/removeObserver(_:)``).
public struct ListObserverToken: Hashable, Sendable {
    let number: Int
}

extension HeadlessList {
    /// Adds an observer of every batch update as the list performs it:
    /// before (the list still shows the old state), after, or refused (the
    /// list is as it was). A picture of the list animates an update from
    /// these; a recording writes it down. Observers hear in the order they
    /// were added, and each hears every event, so that a session's record and
    /// a recording of the same list do not take each other's place.
    ///
    /// - Returns: The token that ``removeObserver(_:)`` takes.
    @discardableResult
    public func addBatchUpdateObserver(_ observer: @escaping (BatchUpdateEvent) -> Void) -> ListObserverToken {
        let token = makeObserverToken()
        batchUpdateObservers.append((token, observer))
        return token
    }

    /// Adds an observer of each ``reloadData()``, told once the list has
    /// asked its data source again: a recording of the list starts again
    /// from what it shows then.
    ///
    /// - Returns: The token that ``removeObserver(_:)`` takes.
    @discardableResult
    public func addReloadObserver(_ observer: @escaping () -> Void) -> ListObserverToken {
        let token = makeObserverToken()
        reloadObservers.append((token, observer))
        return token
    }

    /// Takes away the observer `token` was given for; the others hear as before.
    public func removeObserver(_ token: ListObserverToken) {
        batchUpdateObservers.removeAll { $0.token == token }
        reloadObservers.removeAll { $0.token == token }
    }

    /// Tells every batch-update observer of `event`, in the order they were added.
    func tellObservers(_ event: BatchUpdateEvent) {
        for observer in batchUpdateObservers { observer.hear(event) }
    }

    private func makeObserverToken() -> ListObserverToken {
        nextObserverNumber += 1
        return ListObserverToken(number: nextObserverNumber)
    }
}
