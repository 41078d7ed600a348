package import ArgumentParser
import ListLabShell

/// The options of a playground's server (`listlab serve`), in one place:
/// the server parses them, and `listlab serve`, which starts the server
/// program beside it, checks them and lists them in its help.
package struct ServeOptions: ParsableArguments {
    package init() {}

    @Option(help: "The port to listen on (0: any free port).")
    package var port: UInt16 = 8_765

    @Option(
        help: ArgumentHelp(
            "The address to listen on; by default loopback only.",
            discussion:
                "Past loopback the token crosses the network in clear text: serve it over TLS behind a reverse proxy (see Docs/server.md, 'On a network')."
        ))
    package var host: String = "127.0.0.1"

    @Option(
        name: .customLong("allow-host"),
        help: ArgumentHelp(
            "Another name the server answers to (a reverse proxy's), beside its own names and addresses; repeat it "
                + "for more.",
            discussion:
                "Requests whose Host names anything else are refused, so that a page of another site that resolves here (DNS rebinding) gets nothing.",
            valueName: "NAME[:PORT]"))
    package var allowHost: [String] = []

    @Option(
        help: ArgumentHelp(
            "The address a reverse proxy in front connects from; repeat it for more.",
            discussion:
                "Each client may hold at most 64 connections, but behind a proxy every client comes from the proxy's address: its connections count only toward the server's 512, and the proxy bounds its own clients (nginx's limit_conn).",
            valueName: "ADDRESS"))
    package var proxy: [String] = []

    @Option(
        help: "What each tab's session loads first (by default the playground's first provider).",
        completion: .list(BuiltInSamples.names))
    package var sample: String?

    @Flag(help: "Start each tab's session with nothing loaded.")
    package var empty = false

    @Flag(
        name: .customLong("no-token"),
        help: ArgumentHelp(
            "Open the page without a token (loopback only).",
            discussion:
                "Pages of other sites are still refused (Origin and Host are checked), but any program or user of this machine can run commands as you."
        ))
    package var noToken = false

    @Option(
        name: .customLong("token-file"),
        help: ArgumentHelp(
            "A file that keeps the server's tokens, so that a server that restarts keeps its links.",
            discussion:
                "Made on first use, readable by you alone, with the page's token (and in a classroom the teacher's); read back on each start, only while it is a plain file of yours that no one else may read or write. Delete it to issue new tokens. A classroom keeps its names and grades beside it in FILE.class, and each student's latest session in FILE.sessions/, which their next tab takes up.",
            valueName: "FILE"))
    package var tokenFile: String?

    @Flag(
        help: ArgumentHelp(
            "For a class: each tab works in a folder of its own, on the samples and the files uploaded to it; what it "
                + "writes comes back as a download.",
            discussion: """
                Each tab runs in a process of its own, whose memory, CPU time, file size and open files the kernel \
                bounds. Each tab has quotas, each hit with one error that changes nothing: --budget seconds a command, \
                --memory MB held (its data, and what it keeps of its commands: 8 MB of steps for a reload, 8 MB of \
                record for 'session save' and 1 MB of history, each at most a share of --memory), --disk MB in 100 \
                files in its folder (uploads, saves and exports), 4 MB of output shown a step. One student (one \
                browser) holds --tabs-per-student tabs, one address --tabs-per-address of all its students'; a tab \
                that left makes room for a new one at either bound. No new tab opens while the server holds more than \
                --server-memory MB, nor past --disk-total MB of tab folders, once no tab that left is there to end. A \
                tab's journal keeps its commands and 20 lines of each one's output, 4 MB at most, and is never \
                recovered. Tab folders go when their tab closes or the server stops (--keep-folders keeps them then); \
                those of a server that was killed go when the next one starts.
                """))
    package var classroom = false

    @Option(help: "In a classroom, the seconds a command may run.")
    package var budget: Double = 10

    @Option(
        help: ArgumentHelp(
            "In a classroom, the megabytes of data a tab may hold (its datasets, estimated from what they hold); each "
                + "tab's own process may allocate twice this and 128 MB, a bound the kernel holds."))
    package var memory: Int = 256

    @Option(
        help: "In a classroom, the megabytes of files a tab's folder may hold (uploads, saves and exports; 100 files).")
    package var disk: Int = 32

    @Option(
        name: .customLong("disk-total"),
        help: "In a classroom, the megabytes all tabs' folders may hold together; each tab reserves its --disk.")
    package var diskTotal: Int = 2_048

    @Option(
        name: .customLong("tabs-per-student"),
        help: "In a classroom, the tabs one student (one browser) may hold, open or waiting for a reload.")
    package var tabsPerStudent: Int = 3

    @Option(
        name: .customLong("tabs-per-address"),
        help: ArgumentHelp(
            "In a classroom, the tabs one address may hold, all its students' together (default: 32).",
            discussion:
                "A lab's machines or a school's network may seat a class behind one address: raise it to the class's "
                + "tabs. It bounds a flood from one address; each student is bounded by --tabs-per-student."))
    package var tabsPerAddress: Int?

    @Option(
        name: .customLong("server-memory"),
        help: "In a classroom, the megabytes the server may hold before it opens no new tab (on Linux).")
    package var serverMemory: Int = 4_096

    @Flag(
        name: .customLong("keep-folders"),
        help: "In a classroom, keep the tabs' folders when the server stops (it prints where).")
    package var keepFolders = false

    @Option(
        help: ArgumentHelp(
            "In a classroom, a folder where each tab's sessions are written as transcripts when it ends.",
            discussion:
                "A folder a tab, named for the tab and the student (tab-3-Ada/), with its own session (own.lab), its lessons (1-sorting.lab, ...) and the files they load, so that 'listlab test tab-3-Ada/' replays them and 'listlab grade DIR LESSONS' grades them; a new folder each time, never over a file or through a link. It counts against --disk-total, and one student's tabs leave at most --disk of it. The teacher's page's Collect downloads the same, for every tab open, as one .tar archive.",
            valueName: "DIR"))
    package var collect: String?

    @Option(
        help: ArgumentHelp(
            "A folder of lessons (.lab transcripts) the page offers beside the tours; /?lesson=NAME opens one.",
            discussion:
                "Each lesson runs in a session of its own, confined as 'listlab test' confines a transcript: in a scratch copy of that folder (in a classroom, in the tab's folder, with the folder's .csv, .json and .ndjson files copied in).",
            valueName: "DIR"))
    package var lessons: String?

    /// The options as arguments that parse back to them, every one
    /// written out: what `listlab serve` passes to the server program.
    package var arguments: [String] {
        var arguments = ["--port", "\(port)", "--host", host]
        for name in allowHost { arguments += ["--allow-host", name] }
        for address in proxy { arguments += ["--proxy", address] }
        if let sample { arguments += ["--sample", sample] }
        if empty { arguments.append("--empty") }
        if noToken { arguments.append("--no-token") }
        if let tokenFile { arguments += ["--token-file", tokenFile] }
        if classroom { arguments.append("--classroom") }
        arguments += [
            "--budget", "\(budget)", "--memory", "\(memory)", "--disk", "\(disk)", "--disk-total", "\(diskTotal)",
        ]
        arguments += ["--tabs-per-student", "\(tabsPerStudent)", "--server-memory", "\(serverMemory)"]
        if let tabsPerAddress { arguments += ["--tabs-per-address", "\(tabsPerAddress)"] }
        if keepFolders { arguments.append("--keep-folders") }
        if let lessons { arguments += ["--lessons", lessons] }
        if let collect { arguments += ["--collect", collect] }
        return arguments
    }
}
