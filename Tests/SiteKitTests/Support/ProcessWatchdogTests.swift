import Foundation
import Testing

@Suite("Child processes of tests")
struct ProcessWatchdogTests {
    @Test("a child that outlives its limit is killed and its test told, instead of hanging the run")
    func childThatNeverEndsIsKilled() async throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sleep")
        process.arguments = ["60"]
        await withKnownIssue {
            let exited = try process.start(within: .milliseconds(300))
            await exited.ended()
        }
        #expect(process.terminationReason == .uncaughtSignal && process.terminationStatus == SIGKILL)
    }

    @Test("a child that ends in time is left alone")
    func childThatEndsIsLeftAlone() async throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/true")
        let exited = try process.start(within: .milliseconds(300))
        await exited.ended()
        #expect(process.terminationReason == .exit && process.terminationStatus == 0)
    }
}
