import ListLabPlayground
import ScheduleLab
import Testing

/// Examples/Schedule/Transcripts, found from this file.
private let transcripts: String = {
    let tests = #filePath.split(separator: "/", omittingEmptySubsequences: false).dropLast(3).joined(separator: "/")
    return tests + "/Transcripts"
}()

/// The sessions recorded at schedule-lab's prompt replay against the app's own provider and presenter:
/// a change to either that changes what the list shows fails here, with the transcript's line and a diff.
@Test func theScheduleLabTranscriptsReplayAgainstTheAppsOwnCode() {
    let replay = schedulePlayground().replayTranscripts([transcripts])
    #expect(replay.failed == 0, "\(replay)")
    #expect(replay.passed == 5)
}
