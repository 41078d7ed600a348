import Interruption
import ListLabCore
import ListLabRecords

/// One of `NSDiffableDataSourceSnapshot`'s operations as `snapshot` takes
/// it, declared once: `help snapshot` lists its usage, TAB offers what its
/// operands take, and `snapshot NAME ...` runs it.
struct SnapshotOperation: Sendable {
    /// What its operands are, for TAB.
    enum Operands: Sendable {
        /// None (`deleteAllItems`).
        case none
        /// Section identifiers, new or not (`appendSections`).
        case sections
        /// Sections, then where they go (`insertSections`, `moveSection`).
        case sectionsPlaced
        /// Item identifiers, then optionally `toSection S` (`appendItems`).
        case itemsToSection
        /// Item identifiers, then where they go (`insertItems`, `moveItem`).
        case itemsPlaced
        /// Item identifiers (`deleteItems`, `reloadItems`).
        case items
        /// `inSection S` (`itemIdentifiers`).
        case section
    }

    /// Its name, as UIKit spells it.
    let name: String
    /// How to write it, for `help snapshot`.
    let usage: String
    let operands: Operands
    /// Whether it asks the snapshot a question (`itemIdentifiers`) and
    /// changes nothing: `run` returns the call with its answer.
    var isQuery = false
    /// Runs it on the call's snapshot and returns the call as Swift writes it.
    let run: @Sendable (inout SnapshotCall) throws -> String

    /// Every operation, in the order help lists them.
    static let all: [SnapshotOperation] = [
        SnapshotOperation(name: "appendSections", usage: "appendSections S ...", operands: .sections) { call in
            let names = try call.sections("a SECTION")
            try call.arguments.expectEnd()
            try call.snapshot.appendSections(names)
            return "appendSections(\(call.list(names)))"
        },
        SnapshotOperation(
            name: "insertSections", usage: "insertSections S ... beforeSection|afterSection S",
            operands: .sectionsPlaced
        ) { call in
            let names = try call.sections("a SECTION")
            let (before, destination) = try call.sectionDestination()
            try call.arguments.expectEnd()
            if before {
                try call.snapshot.insertSections(names, beforeSection: destination)
            } else {
                try call.snapshot.insertSections(names, afterSection: destination)
            }
            return
                "insertSections(\(call.list(names)), \(before ? "beforeSection" : "afterSection"): \(call.quoted(destination)))"
        },
        SnapshotOperation(name: "deleteSections", usage: "deleteSections S ...", operands: .sections) { call in
            let names = try call.sections("a SECTION")
            try call.arguments.expectEnd()
            call.snapshot.deleteSections(names)
            return "deleteSections(\(call.list(names)))"
        },
        SnapshotOperation(
            name: "moveSection", usage: "moveSection S beforeSection|afterSection S", operands: .sectionsPlaced
        ) { call in
            let name = try call.arguments.string("a SECTION")
            let (before, destination) = try call.sectionDestination()
            try call.arguments.expectEnd()
            if before {
                try call.snapshot.moveSection(name, beforeSection: destination)
            } else {
                try call.snapshot.moveSection(name, afterSection: destination)
            }
            return
                "moveSection(\(call.quoted(name)), \(before ? "beforeSection" : "afterSection"): \(call.quoted(destination)))"
        },
        SnapshotOperation(name: "reloadSections", usage: "reloadSections S ...", operands: .sections) { call in
            let names = try call.sections("a SECTION")
            try call.arguments.expectEnd()
            try call.snapshot.reloadSections(names)
            return "reloadSections(\(call.list(names)))"
        },
        SnapshotOperation(name: "appendItems", usage: "appendItems ID ... [toSection S]", operands: .itemsToSection) {
            call in
            let ids = try call.items("an ID")
            var section: String?
            if call.arguments.take("toSection") { section = try call.arguments.string("a SECTION") }
            try call.arguments.expectEnd()
            call.warning = try call.snapshot.appendItems(ids, toSection: section)
            return "appendItems(\(call.list(ids))\(section.map { ", toSection: \(call.quoted($0))" } ?? ""))"
        },
        SnapshotOperation(
            name: "insertItems", usage: "insertItems ID ... beforeItem|afterItem ID", operands: .itemsPlaced
        ) { call in
            let ids = try call.items("an ID")
            let (before, destination) = try call.itemDestination()
            try call.arguments.expectEnd()
            call.warning =
                before
                ? try call.snapshot.insertItems(ids, beforeItem: destination)
                : try call.snapshot.insertItems(ids, afterItem: destination)
            return "insertItems(\(call.list(ids)), \(before ? "beforeItem" : "afterItem"): \(call.short(destination)))"
        },
        SnapshotOperation(name: "deleteItems", usage: "deleteItems ID ...", operands: .items) { call in
            let ids = try call.items("an ID")
            try call.arguments.expectEnd()
            call.snapshot.deleteItems(ids)
            return "deleteItems(\(call.list(ids)))"
        },
        SnapshotOperation(name: "deleteAllItems", usage: "deleteAllItems", operands: .none) { call in
            try call.arguments.expectEnd()
            call.snapshot.deleteAllItems()
            return "deleteAllItems()"
        },
        SnapshotOperation(name: "moveItem", usage: "moveItem ID beforeItem|afterItem ID", operands: .itemsPlaced) {
            call in
            let id = try call.item()
            let (before, destination) = try call.itemDestination()
            try call.arguments.expectEnd()
            if before {
                try call.snapshot.moveItem(id, beforeItem: destination)
            } else {
                try call.snapshot.moveItem(id, afterItem: destination)
            }
            return "moveItem(\(call.short(id)), \(before ? "beforeItem" : "afterItem"): \(call.short(destination)))"
        },
        SnapshotOperation(name: "reloadItems", usage: "reloadItems ID ...", operands: .items) { call in
            let ids = try call.items("an ID")
            try call.arguments.expectEnd()
            try call.snapshot.reloadItems(ids)
            return "reloadItems(\(call.list(ids)))"
        },
        SnapshotOperation(name: "reconfigureItems", usage: "reconfigureItems ID ...", operands: .items) { call in
            let ids = try call.items("an ID")
            try call.arguments.expectEnd()
            try call.snapshot.reconfigureItems(ids)
            return "reconfigureItems(\(call.list(ids)))"
        },
        SnapshotOperation(
            name: "itemIdentifiers", usage: "itemIdentifiers inSection S", operands: .section, isQuery: true
        ) { call in
            let section = try call.querySection()
            let items = try call.itemsAsked(inSection: section)
            return "itemIdentifiers(inSection: \(call.quoted(section))) → \(call.list(items))"
        },
        SnapshotOperation(name: "numberOfItems", usage: "numberOfItems inSection S", operands: .section, isQuery: true)
        { call in
            let section = try call.querySection()
            let items = try call.itemsAsked(inSection: section)
            return "numberOfItems(inSection: \(call.quoted(section))) → \(items.count)"
        },
    ]

    /// The operation named `name`, in any case.
    static func named(_ name: String) -> SnapshotOperation? {
        all.first { $0.name.lowercased() == name.lowercased() }
    }

    /// `help snapshot`'s lines of operations, two to a line.
    static var helpLines: [String] {
        stride(from: 0, to: all.count, by: 2).map { index in
            let pair = all[index..<min(index + 2, all.count)].map(\.usage)
            return "  " + (pair.count == 2 ? pair[0].padded(to: 48) + pair[1] : pair[0])
        }
    }

    /// What TAB offers for the word after the operation's operands so far
    /// (`last`: the word before it), given the pending snapshot's sections
    /// and items.
    func completions(last: String?, sections: [String], items: [String]) -> [String] {
        let last = last?.lowercased()
        switch operands {
        case .none, .sections: return []
        case .sectionsPlaced:
            return last == "beforesection" || last == "aftersection"
                ? sections : ["beforeSection", "afterSection"] + sections
        case .itemsToSection: return last == "tosection" ? sections : ["toSection"]
        case .itemsPlaced: return ["beforeItem", "afterItem"] + items
        case .items: return items
        case .section: return last == "insection" ? sections : ["inSection"]
        }
    }
}

/// One run of a snapshot operation: its arguments, the snapshot it changes,
/// and the reading of its operands as UIKit's calls take them.
struct SnapshotCall {
    let operation: String
    var arguments: Arguments
    var snapshot: DiffableSnapshot<String, Value>
    let mode: DiffableMode
    /// The iOS version whose behaviour the list follows (`set ios`).
    let iOSVersion: IOSVersion
    /// What UIKit would log (it does not raise), said after the call.
    var warning: DiffableSnapshotWarning?

    private static let sectionKeywords = ["beforesection", "aftersection"]
    private static let itemKeywords = ["beforeitem", "afteritem", "tosection"]

    /// `what` is missing: said at the keyword that came instead, if any.
    func missing(_ what: String) -> ShellError {
        guard let token = arguments.peek else { return arguments.missing(what) }
        return ShellError(.usage("snapshot \(operation) needs \(what) before '\(token.text)'"), column: token.column)
    }

    /// Section identifiers up to a keyword or the end.
    mutating func sections(_ what: String) throws -> [String] {
        var names: [String] = []
        while let token = arguments.peek, case let name? = token.stringValue,
            !(token.kind == .word(name) && Self.sectionKeywords.contains(name.lowercased()))
        {
            _ = arguments.next()
            names.append(name)
        }
        guard !names.isEmpty else { throw missing(what) }
        return names
    }

    /// Item identifiers up to a keyword or the end.
    mutating func items(_ what: String) throws -> [Value] {
        var values: [Value] = []
        while let token = arguments.peek, let text = token.stringValue,
            !(token.kind == .word(text) && Self.itemKeywords.contains(text.lowercased()))
        {
            _ = arguments.next()
            try Interruption.check()
            try refuseOperationName(token)
            values.append(
                try mode.identifier(named: token.kind == .quoted(text) ? .string(text) : Tokenizer.typedValue(text)))
        }
        guard !values.isEmpty else { throw missing(what) }
        return values
    }

    /// One identifier.
    mutating func item() throws -> Value {
        guard let token = arguments.next() else { throw arguments.missing("an ID") }
        guard let text = token.stringValue else {
            throw ShellError(.expected("an ID", found: token.text), column: token.column)
        }
        try refuseOperationName(token)
        return try mode.identifier(named: token.kind == .quoted(text) ? .string(text) : Tokenizer.typedValue(text))
    }

    /// A second operation's name, unquoted, where an identifier goes: one
    /// `snapshot` command runs one operation (`"reloadItems"`, quoted, is
    /// an identifier of that name).
    func refuseOperationName(_ token: Token) throws {
        guard case .word(let text) = token.kind, let named = SnapshotOperation.named(text) else { return }
        throw ShellError(
            .usage(
                "'\(text)' is the snapshot operation \(named.name), not an identifier: one 'snapshot' command runs "
                    + "one operation (quote it, \"\(text)\", for an identifier of that name)"
            ),
            column: token.column)
    }

    /// `inSection S`: S.
    mutating func querySection() throws -> String {
        guard try isBefore("inSection", or: "inSection") else { throw missing("inSection") }
        let section = try arguments.string("a SECTION")
        try arguments.expectEnd()
        return section
    }

    /// The items of `section`, as `itemIdentifiers(inSection:)` answers: a
    /// section the snapshot lacks raises from iOS 14 (the-blue-alliance-ios#899
    /// dates it); iOS 13 answered with no items.
    func itemsAsked(inSection section: String) throws -> [Value] {
        do {
            return try snapshot.itemIdentifiers(inSection: section)
        } catch  where !iOSVersion.capabilities.raisesForItemsOfAMissingSection {
            return []
        }
    }

    /// Whether the next word is `before` (else `after`), which it reads.
    mutating func isBefore(_ before: String, or after: String) throws -> Bool {
        guard let token = arguments.next() else { throw arguments.missing("'\(before)' or '\(after)'") }
        switch token.stringValue?.lowercased() {
        case before.lowercased()?: return true
        case after.lowercased()?: return false
        default: throw ShellError(.expected("'\(before)' or '\(after)'", found: token.text), column: token.column)
        }
    }

    /// `beforeSection S` or `afterSection S`: whether before, and S.
    mutating func sectionDestination() throws -> (before: Bool, section: String) {
        (try isBefore("beforeSection", or: "afterSection"), try arguments.string("a SECTION"))
    }

    /// `beforeItem ID` or `afterItem ID`: whether before, and the ID.
    mutating func itemDestination() throws -> (before: Bool, item: Value) {
        (try isBefore("beforeItem", or: "afterItem"), try item())
    }

    func list(_ names: [String]) -> String {
        "[" + names.map { Value.string($0).jsonText }.joined(separator: ", ") + "]"
    }
    func list(_ items: [Value]) -> String {
        "[" + items.map(mode.identifiers.shortText(of:)).joined(separator: ", ") + "]"
    }
    func quoted(_ name: String) -> String { Value.string(name).jsonText }
    func short(_ item: Value) -> String { mode.identifiers.shortText(of: item) }
}
