import ListLabCore

/// One of `set`'s settings, declared once: its usage and help lines, what
/// TAB offers for its value, how `set` alone shows it, and how `set NAME
/// VALUE` changes it.
struct Setting: Sendable {
    /// Its name, as typed after `set`.
    let name: String
    /// How to write it, for `set`'s usage.
    let usage: String
    /// Its lines of `help set`.
    let help: [String]
    /// Example command lines (a test runs every one).
    let examples: [String]
    /// What TAB offers for its value.
    let values: [String]
    /// Its current value, as `set` alone shows it.
    let current: @Sendable (CommandContext) -> String
    /// Reads its value and changes it; returns what the command prints.
    let change: @Sendable (CommandContext, inout Arguments) throws -> String

    /// Every setting, in the order `set` shows them.
    static let all: [Setting] = [
        Setting(
            name: "updates", usage: "updates reload|reconfigure",
            help: [
                "updates: 'reconfigure' (the default) configures the existing cell in place, as iOS 15's",
                "reconfigureItems; 'reload' replaces it with a new cell, as reloadItems.",
            ],
            examples: ["set updates reload"], values: CellUpdateStyle.allCases.map(\.rawValue),
            current: { $0.presentation.updateStyle.rawValue }
        ) { context, arguments in
            let style = try arguments.choice("'reload' or 'reconfigure'", CellUpdateStyle.allCases.map(\.rawValue))
            try arguments.expectEnd()
            if style == "reconfigure" { try context.requireViewReconfigure() }
            context.presentation.updateStyle = style == "reload" ? .reload : .reconfigure
            return style
        },
        Setting(
            name: "threshold", usage: "threshold N",
            help: [
                "threshold: above this many changes, a diff is shown with reloadData instead of batch updates "
                    + "(default 100)."
            ],
            examples: ["set threshold 20"], values: [],
            current: { "\($0.presentation.changeThreshold)" }
        ) { context, arguments in
            let threshold = try arguments.integer("N", in: 0...1_000_000_000)
            try arguments.expectEnd()
            if let most = context.presentation.thresholdLimit, threshold > most {
                throw ShellError(
                    .overBound(
                        "threshold \(threshold): this session takes at most \(most) (batch updates of more changes "
                            + "take longer than a command may run here)"
                    )
                )
            }
            context.presentation.changeThreshold = threshold
            return "\(threshold)"
        },
        Setting(
            name: "list", usage: "list table|collection COLUMNS",
            help: [
                "list: 'table' (the default) is a UITableView, one row per item; 'collection N' is a",
                "UICollectionView with N items to a row (1 to 12), which speaks of items and refuses an update",
                "whose counts do not add up as a collection view does. The list reloads.",
            ],
            examples: ["set list collection 3", "set list table"], values: ["table", "collection"],
            current: { $0.list.style.settingText }
        ) { context, arguments in
            let kind = try arguments.choice("'table' or 'collection'", ["table", "collection"])
            let style: ListStyle =
                kind == "table"
                ? .table : .collection(columns: try arguments.integer("COLUMNS", in: ListStyle.columnRange))
            try arguments.expectEnd()
            context.list.setStyle(style)
            return "\(style.settingText) (reloaded)"
        },
        Setting(
            name: "badges", usage: "badges on|off",
            help: [
                "badges: 'off' draws each row of a picture as an iPhone shows it, its text to the edge, without",
                "the badge that names its cell (ContactCell #3); 'show' still names the cells, and a picture keeps",
                "them for a reader. Pictures of steps, 'show --svg' and the page's are drawn so from then on.",
            ],
            examples: ["set badges off", "set badges on"], values: ["on", "off"],
            current: { $0.presentation.drawsCellBadges ? "on" : "off" }
        ) { context, arguments in
            let value = try arguments.choice("'on' or 'off'", ["on", "off"])
            try arguments.expectEnd()
            context.presentation.drawsCellBadges = value == "on"
            return value
        },
        Setting(
            name: "ios", usage: "ios VERSION",
            help: [
                "ios: the iOS version (13 to 26, as 16 or 16.4) the list behaves as, and whose words a refused",
                "update is given in. Counts that do not add up are said",
                "  on 16 (the default): '\(UIKitRule.countMismatchOutline(on: IOSVersion(16)))', as the articles",
                "    and most crash reports quote it;",
                "  on 16.4: '\(UIKitRule.countMismatchOutline(on: IOSVersion(16, 4)))';",
                "  on 17 and later: '\(UIKitRule.countMismatchOutline(on: IOSVersion(17)))', as today's",
                "    devices print it.",
                "Docs/uikit-rules.md gives each version's words with their source. Before 15 there is no",
                "reconfigure (batch reconfigure, snapshot reconfigureItems and apply --reload-data end as an app",
                "that calls a method its iOS lacks, updates reload) and apply --no-animation reloads; before 14",
                "there are no section snapshots (outline).",
            ],
            examples: ["set ios 17", "set ios 16"], values: ["16", "16.4", "17"],
            current: { "\($0.list.iOSVersion)" }
        ) { context, arguments in
            let text = try arguments.string("a VERSION")
            try arguments.expectEnd()
            guard let version = IOSVersion(text) else {
                throw ShellError(
                    .usage(
                        "ios \(text): write an iOS version from \(IOSVersion.supported.lowerBound) to "
                            + "\(IOSVersion.supported.upperBound.major), as 16 or 16.4"
                    )
                )
            }
            context.list.iOSVersion = version
            var said = "\(version): \(version.countWordsText)"
            if !version.capabilities.reconfigures, context.presentation.updateStyle == .reconfigure {
                // An app for iOS 13 reloads a changed row: reconfigureRows came with iOS 15.
                context.presentation.updateStyle = .reload
                said += "; updates reload (reconfigure came with iOS 15)"
            }
            return said
        },
        Setting(
            name: "timer", usage: "timer on|off",
            help: [
                "timer: 'on' prints each command's real, user and system time after its output, as sqlite3's",
                "'.timer on' (at the prompt and in a piped script; never in a saved session or a replay).",
            ],
            examples: ["set timer on", "set timer off"], values: ["on", "off"],
            current: { $0.workspace.timesCommands ? "on" : "off" }
        ) { context, arguments in
            let value = try arguments.choice("'on' or 'off'", ["on", "off"])
            try arguments.expectEnd()
            context.workspace.timesCommands = value == "on"
            return value
        },
    ]

    /// The setting named `name`.
    static func named(_ name: String) -> Setting? { all.first { $0.name == name } }
}

extension ListStyle {
    /// The columns a collection list may have.
    fileprivate static let columnRange = 1...12

    /// `table`, or `collection 3`, as `set list` takes it.
    fileprivate var settingText: String {
        switch self {
        case .table: "table"
        case .collection(let columns): "collection \(columns)"
        }
    }
}

extension IOSVersion {
    /// What `set ios` says of a version's words for counts that do not add up.
    fileprivate var countWordsText: String {
        "a refused update's counts are '\(UIKitRule.countMismatchOutline(on: self))'"
    }
}
