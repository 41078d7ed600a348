import ListLabCore
import ListLabRecords

// The words of every typed ShellError, in one place: what a user reads after
// `error: `, and what the transcripts in Samples/ pin byte for byte.

extension ShellError.Reason {
    /// The reason as the one line the user reads (without its column).
    public var text: String {
        switch self {
        case .unknownCommand(let word, let suggestion):
            "unknown command '\(word)'\(Self.didYouMean(suggestion)); type 'help' for the list"
        case .expected(let what, let found):
            "expected \(what), found '\(found)'"
        case .unexpected(let token, let usage):
            "unexpected '\(token)' (usage: \(usage))"
        case .missing(let what, let command, let usage):
            "\(command) needs \(what) (usage: \(usage))"
        case .unknownOption(let option, let command, let usage):
            "\(command) has no option '\(option)' (usage: \(usage))"
        case .givenTwice(let clause, let usage):
            "'\(clause)' is given twice" + (usage.map { " (usage: \($0))" } ?? "")
        case .outOfBounds(let what, let bounds, let found):
            "\(what) must be \(bounds.lowerBound) to \(bounds.upperBound), not \(found)"
        case .notAPath(let text):
            "'\(text)' is not a path: write S.I (like 1.4), or I for section 0"
        case .negativePath(let text):
            "'\(text)' is not a path: paths are not negative"
        case .pathTooLarge(let text):
            "'\(text)' is too large for a path"
        case .rangeCrossesSections(let text):
            "the range \(text) crosses sections: a range stays in one section"
        case .rangeRunsBackwards(let text, let first, let last):
            "the range \(text) runs backwards: write \(last)-\(first)"
        case .wrongKind(let command, let worksOn, let dataset, let kind, let hint):
            "\(command) works on \(worksOn), and '\(dataset)' is \(kind)" + (hint.map { ": \($0)" } ?? "")
        case .filterOn(let command, let field, let value):
            "\(command) is refused while a filter is on (\(field)=\(value.jsonText)): 'filter off' first"
        case .noField(let field, let dataset, let fields):
            "no field '\(FieldNameList.name(field))' in \(dataset) (fields: \(FieldNameList.text(fields))"
                // The first word of a name with spaces: the name is written in quotes.
                + (fields.first { $0.hasPrefix(field + " ") }.map {
                    "; a name with spaces is written in quotes: \"\(FieldNameList.name($0))\""
                }
                    ?? Suggestion.nearest(to: field, in: fields).map { "; did you mean '\(FieldNameList.name($0))'?" }
                    ?? "")
                + ")"
        case .noProvider(let name, let loaded):
            "no provider named '\(name)' (loaded: \(loaded.isEmpty ? "none" : loaded.joined(separator: ", "))"
                + (Suggestion.nearest(to: name, in: loaded).map { "; did you mean '\($0)'?" } ?? "") + ")"
        case .nothingLoaded(let firstLoad, let offersSamples):
            "no provider is loaded: try '\(firstLoad)'\(offersSamples ? " (or 'samples')" : "")"
        case .noItem(let path):
            "no item at \(path)"
        case .noItemWithKey(let field, let value, let dataset):
            "no item with \(field)=\(value.jsonText) in \(dataset)"
        case .fileExists(let file):
            "\(file) exists: add --force to replace it"
        case .noSuchFile(let path):
            "\(path): no such file or folder"
        case .emptyFileName:
            "the file name is empty"
        case .isFolder(let file):
            "\(file): is a folder"
        case .notCopiedIntoReplay(let name):
            "\(name): cannot be copied into the replay's folder"
        case .duplicateKey(let field, let value, let first, let second, let among, let source):
            (source.map { "\($0): " } ?? "")
                + "duplicate key \(FieldNameList.name(field))=\(value.messageText) in \(among) \(first) and \(second)"
        case .registeredLoadFailed(let dataset, let type, let error):
            "\(dataset): \(type) failed to load: \(error)"
        case .sourceUnreadable(let error):
            "reading the source failed, nothing changed: \(error)"
        case .writesNoFiles(let command):
            "\(command): this session does not write files"
        case .refused(let error):
            "the list refused the update (\(error)); it was reloaded instead"
        case .needsDiffable(let command):
            "\(command) needs a diffable data source: 'diffable on' first"
        case .scriptCommandsSpent(let limit):
            "run: scripts have run \(limit) commands in this session, the most they may (do scripts run each other "
                + "over and over?)"
        case .scriptsTooDeep(let file, let limit):
            "run: scripts nested more than \(limit) deep (does '\(file)' run itself?)"
        case .usage(let message), .notFound(let message), .needsFirst(let message), .unsupported(let message),
            .overBound(let message), .outsideFolder(let message), .invalidData(let message), .failed(let message),
            .ruleBroken(let message):
            message
        case .inFile(let file, let reason):
            "\(file): \(reason.text)"
        }
    }

    private static func didYouMean(_ suggestion: String?) -> String {
        suggestion.map { " (did you mean '\($0)'?)" } ?? ""
    }
}
