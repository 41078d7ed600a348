import Testing

@testable import ListLabRecords

/// The reader's and the schema's table of field names, looked up by bytes.
struct FieldNameTableTests {
    private func lookUp(_ table: FieldNameTable, _ name: String) -> Int? {
        var name = name
        return name.withUTF8 { table.position(of: $0, hash: table.hash($0)) }
    }

    private func add(_ table: inout FieldNameTable, _ name: String, position: Int? = nil) {
        var name = name
        name.withUTF8 { table.add($0, hash: table.hash($0), position: position) }
    }

    @Test func namesOfEveryLengthAreFoundThroughManyGrowths() {
        var table = FieldNameTable()
        // Lengths 0 to 20 cover the hash's one-to-three, four-to-seven and word paths.
        let names = (0..<20_000).map { index in String(repeating: "x", count: index % 21) + String(index) }
        for name in names { add(&table, name) }
        #expect(table.count == names.count)
        for (index, name) in names.enumerated() where index % 7 == 0 { #expect(lookUp(table, name) == index) }
        #expect(lookUp(table, "") == nil)
        #expect(lookUp(table, "absent") == nil)
        #expect(lookUp(table, "x") == nil)
        #expect(table.allNames() == names)
        #expect(table.name(12_345) == names[12_345])
        #expect(table.positionsAreInOrder)
    }

    @Test func aTableThatReservesRoomFindsTheNamesItHadAndAddsMore() {
        var table = FieldNameTable()
        let names = (0..<5_000).map { "name \($0)" }
        for name in names.prefix(100) { add(&table, name) }
        table.reserveCapacity(4_000, nameLength: 8)
        for name in names.dropFirst(100) { add(&table, name) }
        for (index, name) in names.enumerated() { #expect(lookUp(table, name) == index) }
        #expect(lookUp(table, "name 5000") == nil)
        #expect(table.allNames() == names)
    }

    @Test func aSchemaKeepsTheFirstPlaceOfARepeatedName() {
        let schema = Record.Schema(["a", "b", "a", "c", "é"])
        #expect(schema.index(of: "a") == 0)
        #expect(schema.index(of: "c") == 3)
        #expect(schema.index(of: "é") == 4)
        #expect(schema.index(of: "d") == nil)
    }

    @Test func aTableWithPositionsOutOfOrderSaysSo() {
        var table = FieldNameTable()
        add(&table, "a")
        add(&table, "b", position: 5)
        #expect(!table.positionsAreInOrder)
        #expect(lookUp(table, "a") == 0 && lookUp(table, "b") == 5)
    }
}

/// A name is found by any spelling that is equal to it as a String (`é` as
/// one scalar, or as `e` and a combining accent; `K` and the Kelvin sign),
/// at the first position of the names equal to it, as `names.firstIndex(of:)`
/// finds it; a name of ASCII not among ASCII names is not looked for again.
@Test func aSchemaFindsANameByAnySpellingEqualToItAsAString() {
    let (composed, decomposed, kelvin) = ("\u{E9}", "e\u{301}", "\u{212A}")
    let schema = Record.Schema(["id", decomposed, "K"])
    #expect(schema.index(of: composed) == 1 && schema.index(of: decomposed) == 1)
    #expect(schema.index(of: kelvin) == 2 && schema.index(of: "K") == 2)
    #expect(schema.index(of: "k") == nil && schema.index(of: "e") == nil)
    let twice = Record.Schema([composed, "v", decomposed])
    #expect(twice.index(of: decomposed) == 0 && twice.index(of: composed) == 0, "the first position of the name")
    for name in [composed, decomposed, kelvin] {
        #expect(Record.Schema(["id", "name"]).index(of: name) == nil)
    }
    var names = FieldNameTable()
    #expect(names.namesAreASCII)
    for name in ["id", "name-0123456789", composed] {
        var spelling = name
        spelling.withUTF8 { names.add($0, hash: names.hash($0)) }
        #expect(names.namesAreASCII == (name != composed), "\(name)")
    }
}
