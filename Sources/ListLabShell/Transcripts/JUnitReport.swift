import ListLabCore

/// Replayed transcripts as a JUnit XML report (`test --junit FILE`), as
/// pytest's `--junitxml` writes one for the CI systems that read it: a test
/// case per transcript, named after its file and classed by its folder, and
/// for each failure the transcript's first failing line as the message and
/// its report (the unified diffs) as the text.
///
/// The report holds no time and no host, so the same replay writes the same
/// bytes.
///
/// ```swift
/// let xml = JUnitReport(suite: "listlab test", results: []).xml
/// xml.hasPrefix("<?xml")   // true
/// ```
public struct JUnitReport: Sendable {
    /// The name of the test suite (the command that replayed).
    public var suite: String
    /// The transcripts' outcomes, in the order they were replayed.
    public var results: [TranscriptRunner.Result]

    /// A report of `results`.
    public init(suite: String, results: [TranscriptRunner.Result]) {
        self.suite = suite
        self.results = results
    }

    /// The XML document.
    public var xml: String {
        let failures = results.filter { !$0.passed }.count
        var out = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        out += "<testsuites tests=\"\(results.count)\" failures=\"\(failures)\" errors=\"0\">\n"
        out +=
            "  <testsuite name=\"\(Self.escape(suite))\" tests=\"\(results.count)\" failures=\"\(failures)\" "
            + "errors=\"0\" skipped=\"0\">\n"
        for result in results {
            let parts = result.path.split(separator: "/")
            let name = parts.last.map(String.init) ?? result.path
            let folder = parts.dropLast().joined(separator: ".")
            out +=
                "    <testcase classname=\"\(Self.escape(folder.isEmpty ? "." : folder))\" name=\"\(Self.escape(name))\" file=\"\(Self.escape(result.path))\""
            guard !result.passed else {
                out += "/>\n"
                continue
            }
            let message = result.report.first.map { $0.hasPrefix("FAIL ") ? String($0.dropFirst(5)) : $0 } ?? "failed"
            out += ">\n      <failure message=\"\(Self.escape(message))\">"
            // Line by line: a line break stays one in the text (CI shows the diff as lines), and
            // any other control character in a line is escaped.
            out += result.report.map(Self.escape).joined(separator: "\n")
            out += "</failure>\n    </testcase>\n"
        }
        out += "  </testsuite>\n</testsuites>\n"
        return out
    }

    /// `text` for XML 1.0 text and attribute values: the five entities, and
    /// the characters XML cannot hold (and those that act on a terminal)
    /// as their visible escapes.
    static func escape(_ text: String) -> String {
        var out = ""
        for scalar in VisibleText.escaped(text).unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&apos;"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
}
