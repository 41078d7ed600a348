public import ListLabCore

extension Record: TraceSummarizable {
    /// The record's first non-empty text field (a name or title), or its
    /// JSON when it has none.
    public var traceSummary: String {
        for value in values {
            if case .string(let text) = value, !text.isEmpty { return text }
        }
        return jsonText
    }
}
