import ListLabCore
import ListLabRecords
import Testing

private let schema = Record.Schema(["id", "name"])

private func people(_ names: [(Value, Value)], key: String? = "id") -> KeyedRecordProvider {
    KeyedRecordProvider(
        ArrayDataProvider(names.map { Record(schema: schema, values: [$0.0, $0.1]) }),
        fieldNames: schema.names, keyField: key)
}

private func names(_ provider: KeyedRecordProvider) -> [String] {
    (0..<provider.numberOfItems).compactMap {
        provider.item(at: ItemPath(0, $0)).map { "\($0["id"]?.jsonText ?? "-"):\($0["name"]?.jsonText ?? "-")" }
    }
}

@Test func theDocumentationExampleGivesTheNextFreeKey() throws {
    let schema = Record.Schema(["id", "name"])
    let people = KeyedRecordProvider(
        ArrayDataProvider([Record(schema: schema, values: [1, "Ada"])]),
        fieldNames: schema.names, keyField: "id")
    _ = try people.append(Record(schema: schema, values: [nil, "Grace"]), toSection: nil)
    #expect(people.item(at: ItemPath(0, 1))?["id"] == .int(2))
}

@Test func aNewItemWithoutAKeyGetsTheNextIntegerAfterTheHighest() throws {
    let provider = people([(5, "Ada"), (2, "Grace")])
    let change = try provider.insert(Record(schema: schema, values: [nil, "Alan"]), at: ItemPath(0, 0))
    #expect(change.insertedItems == [ItemPath(0, 0)])
    _ = try provider.append(Record(schema: schema, values: [.null, "Edsger"]), toSection: nil)
    #expect(names(provider) == [#"6:"Alan""#, #"5:"Ada""#, #"2:"Grace""#, #"7:"Edsger""#])
}

@Test func aNewItemWithoutAKeyIsRefusedWhenTheHighestKeyHasNoNext() throws {
    // A file's own id may be the highest integer there is (it trapped on the overflow).
    let provider = people([(.int(Int.max - 1), "Ada")])
    _ = try provider.append(Record(schema: schema, values: [nil, "Grace"]), toSection: nil)
    #expect(provider.item(at: ItemPath(0, 1))?["id"] == .int(Int.max))
    #expect(throws: RecordRuleError.noNextKey(field: "id", highest: Int.max)) {
        try provider.append(Record(schema: schema, values: [nil, "Alan"]), toSection: nil)
    }
    #expect(throws: RecordRuleError.noNextKey(field: "id", highest: Int.max)) {
        try provider.insert(Record(schema: schema, values: [nil, "Alan"]), at: ItemPath(0, 0))
    }
    #expect(names(provider) == [#"9223372036854775806:"Ada""#, #"9223372036854775807:"Grace""#])
    #expect(
        "\(RecordRuleError.noNextKey(field: "id", highest: Int.max))"
            == "the new item needs a value for the key field 'id' (its highest key, 9223372036854775807, has no next)")
}

@Test func aKeyThatAnItemHasIsRefusedNamingThatItemAndNothingChanges() {
    let provider = people([(1, "Ada"), (2, "Grace")])
    // 2.0 is the number 2: the same key.
    #expect(throws: RecordRuleError.duplicateKey(field: "id", value: 2.0, path: ItemPath(0, 1))) {
        try provider.append(Record(schema: schema, values: [2.0, "Twin"]), toSection: nil)
    }
    #expect(
        "\(RecordRuleError.duplicateKey(field: "id", value: 2, path: ItemPath(0, 1)))"
            == "duplicate key id=2: 0.1 has it already")
    #expect(names(provider) == [#"1:"Ada""#, #"2:"Grace""#])
}

@Test func keysAddedAreRememberedWithoutAScanAndForgottenWhenItemsGo() throws {
    let provider = people([(1, "Ada")])
    _ = try provider.append(Record(schema: schema, values: [10, "Grace"]), toSection: nil)
    #expect(throws: RecordRuleError.self) {
        try provider.append(Record(schema: schema, values: [10, "Again"]), toSection: nil)
    }
    _ = try provider.append(Record(schema: schema, values: [nil, "Alan"]), toSection: nil)
    #expect(provider.item(at: ItemPath(0, 2))?["id"] == 11)
    // Deleting the highest key frees it: the index is built again.
    _ = try provider.delete(at: [ItemPath(0, 2)])
    _ = try provider.append(Record(schema: schema, values: [nil, "Barbara"]), toSection: nil)
    #expect(provider.item(at: ItemPath(0, 2))?["id"] == 11)
    #expect(throws: RecordRuleError.duplicateKey(field: "id", value: 11, path: ItemPath(0, 2))) {
        try provider.append(Record(schema: schema, values: [11, "Clash"]), toSection: nil)
    }
}

@Test func changesBehindTheProvidersBackAreSeenAfterBaseDidChange() throws {
    let array = ArrayDataProvider([Record(schema: schema, values: [1, "Ada"])])
    let provider = KeyedRecordProvider(array, fieldNames: schema.names, keyField: "id")
    _ = try provider.append(Record(schema: schema, values: [nil, "Grace"]), toSection: nil)  // indexes 1, 2
    _ = try array.append(Record(schema: schema, values: [7, "Behind"]), toSection: nil)
    provider.baseDidChange()
    _ = try provider.append(Record(schema: schema, values: [nil, "Alan"]), toSection: nil)
    #expect(provider.item(at: ItemPath(0, 3))?["id"] == 8)
    #expect(throws: RecordRuleError.self) {
        try provider.append(Record(schema: schema, values: [7, "Twin"]), toSection: nil)
    }
}

@Test func aKeyTheIndexRemembersButNoItemHasIsTakenNotRefused() throws {
    let array = ArrayDataProvider([Record(schema: schema, values: [1, "Ada"])])
    let provider = KeyedRecordProvider(array, fieldNames: schema.names, keyField: "id")
    _ = try provider.append(Record(schema: schema, values: [2, "Grace"]), toSection: nil)  // indexes 1, 2
    _ = try array.delete(at: [ItemPath(0, 1)])  // behind its back, without baseDidChange()
    _ = try provider.append(Record(schema: schema, values: [2, "Alan"]), toSection: nil)
    #expect(names(provider) == [#"1:"Ada""#, #"2:"Alan""#])
    #expect(throws: RecordRuleError.duplicateKey(field: "id", value: 2, path: ItemPath(0, 1))) {
        try provider.append(Record(schema: schema, values: [2, "Twin"]), toSection: nil)
    }
}

@Test func withoutIntegerKeysANewItemMustBringItsKey() {
    let provider = people([("ada", "Ada")])
    #expect(throws: RecordRuleError.missingKey(field: "id")) {
        try provider.append(Record(schema: schema, values: [nil, "Grace"]), toSection: nil)
    }
    #expect(provider.numberOfItems == 1)
}

@Test func anUnknownFieldIsRefusedWhereverTheRecordComesFrom() throws {
    let provider = people([(1, "Ada")])
    let stray = Record(fields: [("id", 2), ("nmae", "Grace")])
    #expect(throws: RecordRuleError.unknownField("nmae", fields: ["id", "name"])) {
        try provider.append(stray, toSection: nil)
    }
    #expect(throws: RecordRuleError.unknownField("nmae", fields: ["id", "name"])) {
        try provider.update(stray, at: ItemPath(0, 0))
    }
    #expect(throws: RecordRuleError.unknownField("email", fields: ["id", "name"])) { try provider.checkField("email") }
    try provider.checkField("name")
}

@Test func anUpdateMayKeepItsKeyButNotTakeAnothers() throws {
    let provider = people([(1, "Ada"), (2, "Grace")])
    #expect(
        try provider.update(Record(schema: schema, values: [1, "Ada L."]), at: ItemPath(0, 0)).reconfiguredItems == [
            ItemPath(0, 0)
        ])
    #expect(throws: RecordRuleError.duplicateKey(field: "id", value: 2, path: ItemPath(0, 1))) {
        try provider.update(Record(schema: schema, values: [2, "Ada"]), at: ItemPath(0, 0))
    }
    _ = try provider.update(Record(schema: schema, values: [3, "Ada"]), at: ItemPath(0, 0))
    // Key 1 is free again.
    _ = try provider.append(Record(schema: schema, values: [1, "New"]), toSection: nil)
    #expect(names(provider) == [#"3:"Ada""#, #"2:"Grace""#, #"1:"New""#])
}

@Test func withoutAKeyFieldOnlyTheFieldsAreChecked() throws {
    let provider = people([(1, "Ada")], key: nil)
    _ = try provider.append(Record(schema: schema, values: [1, "Ada again"]), toSection: nil)
    #expect(provider.numberOfItems == 2)
    #expect(provider.path(ofKey: 1) == nil)
}

@Test func aCompositeOfKeyedProvidersKeepsEachOnesRules() throws {
    let tasks = people([(1, "Write")])
    let notes = people([(1, "Read")])
    let both = CompositeDataProvider([AnyDataProvider(tasks), AnyDataProvider(notes)])
    #expect(throws: RecordRuleError.duplicateKey(field: "id", value: 1, path: ItemPath(0, 0))) {
        try both.append(Record(schema: schema, values: [1, "Twin"]), toSection: 1)
    }
    _ = try both.append(Record(schema: schema, values: [nil, "Listen"]), toSection: 1)
    #expect(notes.item(at: ItemPath(0, 1))?["id"] == 2)
}

@Test func firstDuplicateKeyComparesNumbersByValue() {
    let records = [
        Record(schema: schema, values: [1, "a"]), Record(schema: schema, values: ["1", "b"]),
        Record(schema: schema, values: [1.0, "c"]),
    ]
    let duplicate = KeyedRecordProvider.firstDuplicateKey("id", in: records)
    #expect(duplicate?.first == 0)
    #expect(duplicate?.second == 2)
    #expect(KeyedRecordProvider.firstDuplicateKey("name", in: records) == nil)
}

/// A provider made with its records' schema, as the shell makes one for a
/// file (the table's names, not built again), has its fields and refuses
/// the same fields as one made with the names.
@Test func aProviderMadeWithTheRecordsSchemaKnowsItsFields() throws {
    let records = ArrayDataProvider([Record(schema: schema, values: [1, "Ada"])])
    let bySchema = KeyedRecordProvider(records, schema: schema, keyField: "id")
    #expect(bySchema.fieldNames == ["id", "name"])
    try bySchema.checkField("name")
    #expect(throws: RecordRuleError.unknownField("email", fields: ["id", "name"])) { try bySchema.checkField("email") }
    #expect(throws: RecordRuleError.unknownField("email", fields: ["id", "name"])) {
        try bySchema.append(Record(fields: [("id", 2), ("email", "x")]), toSection: nil)
    }
    _ = try bySchema.append(Record(schema: schema, values: [nil, "Grace"]), toSection: nil)
    #expect(names(bySchema) == [#"1:"Ada""#, #"2:"Grace""#])
}
