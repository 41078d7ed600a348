import ArgumentParser

/// `listlab`: the playground's command line.
@main
struct ListLab: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "listlab",
        abstract: "A playground for the provider / presenter / adapter split of table and collection view data sources.",
        discussion: "With no subcommand, starts the interactive shell with the contacts sample loaded and bound: type 'show'.",
        version: "0.1.0",
        subcommands: [Interactive.self, RunScripts.self, TestTranscripts.self, RenderTranscripts.self, Sessions.self, Recover.self],
        defaultSubcommand: Interactive.self)
}
