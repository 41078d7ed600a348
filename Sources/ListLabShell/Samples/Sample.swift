public import ListLabCore

/// A dataset that ships with ListLab, with the shape and presenter it is
/// loaded with unless the user says otherwise.
public struct Sample: Sendable {
    /// How a sample is loaded by default.
    public enum Shape: Hashable, Sendable {
        /// One section.
        case array
        /// Sections grouped by a field, in order of first appearance.
        case sectioned(by: String)
    }

    /// The name `load` knows it by.
    public var name: String
    /// One line saying what it is and where it comes from.
    public var summary: String
    /// The records.
    public var records: [Record]
    /// The default shape.
    public var shape: Shape
    /// The default cell kind (its reuse identifier).
    public var cellKind: String
    /// The default cell text.
    public var text: String
    /// The default cell detail, if any.
    public var detail: String?
    /// The default header, if any.
    public var header: String?

    /// The field names of the records, in order.
    public var fieldNames: [String] { records.first?.schema.names ?? [] }
}
