public import ListLabRecords

/// A dataset that ships with ListLab, with the shape and presenter it is
/// loaded with unless the user says otherwise.
public struct Sample: Sendable {
    /// How a sample is loaded by default.
    public enum Shape: Hashable, Sendable {
        /// One section.
        case array
        /// Sections grouped by a field, in order of first appearance.
        case sectioned(by: String)
        /// A file provider on the shipped file, grouped by a field or not.
        case file(groupedBy: String?)
    }

    /// How its cells look by default.
    public enum Look: Sendable {
        /// One cell kind.
        case single(kind: String, text: String, detail: String?)
        /// A cell kind per value of `field`: (value, template) pairs.
        case byField(String, kinds: [(name: String, text: String)])
    }

    /// The name `load` knows it by.
    public var name: String
    /// One line saying what it is and where it comes from.
    public var summary: String
    /// The file in Samples/datasets that holds it.
    public var file: String
    /// Its fields, in order.
    public var fieldNames: [String]
    /// The default shape.
    public var shape: Shape
    /// The default cells.
    public var look: Look
    /// The default header, if any.
    public var header: String?
    /// The records built into the program (only for the sample `listlab`
    /// starts with, so that it starts anywhere).
    public var embedded: [Record]?
}
