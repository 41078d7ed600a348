import Synchronization

/// A dynamic record: named fields in the order the data gave them.
///
/// Records read from one file share one ``Schema`` (the field names and their
/// positions), so a million records store a million arrays of values and one
/// list of names, never a dictionary each. Field order is the schema's order,
/// never a `Dictionary`'s, so printing a record is deterministic.
///
/// ```swift
/// let schema = Record.Schema(["id", "name"])
/// var ada = Record(schema: schema, values: [1, "Ada"])
/// ada["name"]                       // .string("Ada")
/// ada = ada.setting("email", to: "ada@example.com")
/// ada.jsonText  // {"id":1,"name":"Ada","email":"ada@example.com"}
/// ```
public struct Record: Hashable, Sendable {
    /// The field names, shared by every record of one dataset.
    public let schema: Schema
    /// The values, in the schema's order; missing trailing values read as `null`.
    public private(set) var values: [Value]
    /// Where the record was read from, when it was read from a file: a save
    /// writes what did not change as the file had it. Not part of equality.
    package var origin: Origin?

    /// Creates a record over `schema`.
    ///
    /// - Precondition: `values` has no more elements than the schema has fields.
    public init(schema: Schema, values: [Value]) {
        precondition(values.count <= schema.count, "a record has more values than its schema has fields")
        self.schema = schema
        self.values = values
    }

    /// Creates a record from ordered fields, with a schema of its own.
    ///
    /// A field named twice keeps its first position and its last value.
    public init(fields: [(name: String, value: Value)]) {
        var names: [String] = []
        var values: [Value] = []
        var positions: [String: Int] = [:]
        for field in fields {
            if let position = positions[field.name] {
                values[position] = field.value
            } else {
                positions[field.name] = names.count
                names.append(field.name)
                values.append(field.value)
            }
        }
        self.init(schema: Schema(names), values: values)
    }

    /// The value of the field `name`, or nil when the record has no such field.
    public subscript(name: String) -> Value? {
        guard let index = schema.index(of: name) else { return nil }
        return index < values.count ? values[index] : .null
    }

    /// The fields in order, as name and value pairs.
    public var fields: [(name: String, value: Value)] {
        schema.names.enumerated().map { index, name in
            (name, index < values.count ? values[index] : .null)
        }
    }

    /// A copy with `name` set to `value`; a new field is added at the end.
    ///
    /// - Complexity: O(*f*) for *f* fields; adding a field builds a new schema.
    public func setting(_ name: String, to value: Value) -> Record {
        if let index = schema.index(of: name) {
            var copy = self
            if index >= copy.values.count {
                copy.values.append(contentsOf: repeatElement(.null, count: index + 1 - copy.values.count))
            }
            copy.values[index] = value
            return copy
        }
        var padded = values
        padded.append(contentsOf: repeatElement(.null, count: schema.count - values.count))
        padded.append(value)
        var added = Record(schema: schema.adding(name), values: padded)
        added.origin = origin
        return added
    }

    /// Two records are equal when they have the same fields, in the same
    /// order, with the same values.
    public static func == (lhs: Record, rhs: Record) -> Bool {
        guard lhs.schema === rhs.schema || lhs.schema.names == rhs.schema.names else { return false }
        let count = lhs.schema.count
        if lhs.values.count == count, rhs.values.count == count { return lhs.values == rhs.values }
        // A record shorter than its schema reads the rest as null: compared so, without padding a copy.
        return (0..<count).allSatisfy { lhs.value(at: $0) == rhs.value(at: $0) }
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(schema.names)
        hasher.combine(schema.count)
        for index in 0..<schema.count { hasher.combine(value(at: index)) }
    }

    /// The value at `index` of the schema's fields (null past the values).
    @inline(__always)
    private func value(at index: Int) -> Value { index < values.count ? values[index] : .null }

    /// The values, one a field of the schema (a record shorter than its
    /// schema holds null for the rest).
    package var paddedValues: [Value] {
        values.count == schema.count
            ? values : values + repeatElement(.null, count: schema.count - values.count)
    }
}

extension Record {
    /// The file row a record was read from: the file (an object that stands
    /// for it, compared by identity) and the row's number in it.
    package struct Origin: Sendable {
        /// The file's layout.
        package let source: any AnyObject & Sendable
        /// The row in that file.
        package let row: Int

        package init(source: any AnyObject & Sendable, row: Int) {
            self.source = source
            self.row = row
        }
    }

    /// The names of a dataset's fields and their positions, shared by its
    /// records.
    ///
    /// A class so that every record holds one reference instead of its own
    /// copy of the names; immutable, so it is safe to share.
    public final class Schema: Sendable {
        /// The field names in order.
        public let names: [String]
        /// Each name's position by its bytes (the table readers use: no
        /// `String` hashing).
        private let positions: FieldNameTable
        /// Whether every name is ASCII, so that an ASCII name not found by
        /// its bytes is not one of them as Strings compare either.
        private let namesAreASCII: Bool
        /// Each name's first position by String, made at the first look-up
        /// that needs it (a name spelled another way in Unicode).
        private let positionsByString = Mutex<[String: Int]?>(nil)

        /// Creates a schema of `names`; a repeated name keeps its first
        /// position, as Strings compare names (`é` written as one scalar
        /// and as `e` and an accent is one name, found by either spelling).
        public init(_ names: [String]) {
            var positions = FieldNameTable()
            // Unicode names: each spelling at the first position of its name as a String.
            var firstPosition: [String: Int] = [:]
            let namesAreASCII = names.allSatisfy { $0.utf8.allSatisfy { $0 < 0x80 } }
            for (index, name) in names.enumerated() {
                let position = namesAreASCII ? index : firstPosition[name, default: index]
                if !namesAreASCII { firstPosition[name] = position }
                var utf8 = name
                utf8.withUTF8 { bytes in
                    let hash = positions.hash(bytes)
                    if positions.position(of: bytes, hash: hash) == nil {
                        positions.add(bytes, hash: hash, position: position)
                    }
                }
            }
            self.names = names
            self.positions = positions
            self.namesAreASCII = namesAreASCII
        }

        /// Creates a schema of `names` whose table a reader already built
        /// (each name once, in order, no two equal as Strings), without
        /// hashing them again.
        package init(_ names: [String], positions: FieldNameTable) {
            precondition(
                positions.count == names.count && positions.positionsAreInOrder,
                "the table must hold every name once, in order")
            self.names = names
            self.positions = positions
            namesAreASCII = positions.namesAreASCII
        }

        /// The number of fields.
        public var count: Int { names.count }

        /// The position of the field `name`, or nil: the first of the names
        /// equal to it as Strings compare (as `names.firstIndex(of:)`).
        public func index(of name: String) -> Int? {
            var spelling = name
            if let found = spelling.withUTF8({ positions.position(of: $0, hash: positions.hash($0)) }) { return found }
            guard !namesAreASCII || !name.utf8.allSatisfy({ $0 < 0x80 }) else { return nil }
            // Perhaps spelled another way in Unicode than the name (`é` as one scalar or as `e` and an accent).
            return positionsByString.withLock { table in
                if table == nil {
                    var first: [String: Int] = [:]
                    for (index, name) in names.enumerated() where first[name] == nil { first[name] = index }
                    table = first
                }
                return table?[name]
            }
        }

        /// A schema with `name` added at the end.
        public func adding(_ name: String) -> Schema { Schema(names + [name]) }
    }
}

extension Record: CustomStringConvertible {
    /// The record as one line of JSON, fields in order.
    public var description: String { jsonText }

    /// The record as a JSON object, fields in order.
    public var jsonText: String {
        var output = ""
        writeJSON(to: &output)
        return output
    }

    /// Appends the record as a JSON object to `output`.
    public func writeJSON(to output: inout String) {
        output += "{"
        for (index, name) in schema.names.enumerated() {
            if index > 0 { output += "," }
            output += JSONStringWriter.quoted(name)
            output += ":"
            (index < values.count ? values[index] : .null).writeJSON(to: &output)
        }
        output += "}"
    }
}
