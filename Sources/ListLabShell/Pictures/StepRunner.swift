import ListLabCore
package import ListLabPictures
import ListLabRecords

/// Runs commands in a session one at a time and makes each a step of a page:
/// what it printed and the pictures of what it did to the list (`listlab
/// render`, which replays a transcript, and `listlab serve`, which runs what
/// a learner types). A step's text is its command's record's, whatever
/// output the session writes to.
package final class StepRunner {
    private let session: Session
    private let recorder: StepRecorder

    /// Starts recording `session`.
    package init(session: Session) {
        self.session = session
        recorder = StepRecorder(session: session)
    }

    /// Stops recording.
    package func detach() { recorder.detach() }

    /// Runs `command` as step `number` (from line `line` of a transcript):
    /// its output, its pictures (`show` always gets one, being asked to see
    /// the list), the trace when tracing is on, and the provider shown;
    /// with the command's record, which says what it did.
    package func run(_ command: String, number: Int, line: Int = 0) -> (
        step: TranscriptPage.Step, record: CommandRecord
    ) {
        recorder.beginStep()
        let record = session.execute(command)
        let frames = recorder.frames(always: Command.command(of: command)?.alwaysDraws == true && !record.failed)
        var step = TranscriptPage.Step(
            number: number, line: line, command: command, output: record.output, frames: frames, trace: recorder.trace,
            title: session.currentName)
        step.updatesLeftOut = recorder.updatesLeftOut
        step.errorLines = Set(record.errorLines)
        if record.linesNotKept > 0 {
            // The errors past the output the session kept are shown still, after the line that stands for the rest.
            let keptErrors = record.errorLines.filter {
                $0 < record.output.count && record.output[$0].hasPrefix("error: ")
            }.count
            for message in record.errors.dropFirst(keptErrors) {
                for (index, line) in message.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                    step.errorLines.insert(step.output.count)
                    step.output.append(index == 0 ? "error: " + line : String(line))
                }
            }
        }
        return (step, record)
    }
}
