import ArgumentParser

/// The tool's command line: `listlab`, or a playground of the user's own
/// under its name (``ToolIdentity``).
struct ListLabCommand: ParsableCommand {
    static var configuration: CommandConfiguration {
        let tool = ToolIdentity.current.name
        return CommandConfiguration(
            commandName: tool,
            abstract: tool == "listlab"
                ? "A playground for the provider / presenter / adapter split of table and collection view data sources."
                : "\(tool): a ListLab playground of your own providers and presenters.",
            discussion:
                "With no subcommand, starts the interactive shell with its first provider loaded and shown: type 'show'.",
            version: ToolIdentity.current.version,
            subcommands: [
                Interactive.self, RunScripts.self, TestTranscripts.self, RenderTranscripts.self, ServeLauncher.self,
                Sessions.self, Recover.self, GradeLessons.self,
                ScaffoldCommand.self,
            ],
            defaultSubcommand: Interactive.self)
    }
}
