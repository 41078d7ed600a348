/// An item as a trace names it: its ``TraceSummarizable/traceSummary`` when
/// it has one, its type and id when it is `Identifiable` (`Message(id: "m1")`),
/// its description otherwise, shortened to 40 characters.
package func traceSummary<Item>(_ item: Item) -> String {
    let text: String
    if let summarizable = item as? any TraceSummarizable {
        text = summarizable.traceSummary
    } else if let identifiable = item as? any Identifiable {
        text = "\(type(of: item))(id: \(String(reflecting: identifiable.id)))"
    } else {
        text = String(describing: item)
    }
    return text.count > 40 ? String(text.prefix(39)) + "…" : text
}

/// An item that names itself briefly in a trace (a name rather than every
/// field).
public protocol TraceSummarizable {
    /// A few words that identify the item, for example `Diana Prince`.
    var traceSummary: String { get }
}
