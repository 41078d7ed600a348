import ListLabCore
package import ListLabPictures
import ListLabRecords

/// Runs commands in a session one at a time and makes each a step of a page:
/// what it printed and the pictures of what it did to the list (`listlab
/// render`, which replays a transcript, and `listlab serve`, which runs what
/// a learner types).
package final class StepRunner {
    private let session: Session
    private let output: RecordingOutput
    private let recorder: StepRecorder

    /// Starts recording `session`, which writes to `output`.
    package init(session: Session, output: RecordingOutput) {
        self.session = session
        self.output = output
        recorder = StepRecorder(session: session)
    }

    /// Stops recording.
    package func detach() { recorder.detach() }

    /// Runs `command` as step `number` (from line `line` of a transcript):
    /// its output, its pictures (`show` always gets one, being asked to see
    /// the list), the trace when tracing is on, and the provider shown;
    /// with the command's record, which says what it did.
    package func run(_ command: String, number: Int, line: Int = 0) -> (step: TranscriptPage.Step, record: CommandRecord) {
        output.clear()
        recorder.beginStep()
        let record = session.execute(command)
        let frames = recorder.frames(always: Session.command(of: command)?.alwaysDraws == true && !record.failed)
        var step = TranscriptPage.Step(
            number: number, line: line, command: command, output: output.lines, frames: frames, trace: recorder.trace,
            title: session.currentName)
        step.updatesLeftOut = recorder.updatesLeftOut
        step.errorLines = Set(output.errorLines)
        return (step, record)
    }
}
