import Foundation
import Testing
@testable import SiteKit

@Suite("Dedicated executor: a server's own event-loop thread")
struct DedicatedExecutorTests {
    @Test("a task's steps, and the end of its sleep, all run on the executor's one thread")
    func oneThread() async throws {
        let executor = DedicatedExecutor(label: "test")
        let clock = ContinuousClock()
        let (before, after, slept) = try await withTaskExecutorPreference(executor) {
            let before = pthread_self()
            let start = clock.now
            try await DedicatedExecutor.sleep(for: .milliseconds(30))
            return (before, pthread_self(), clock.now - start)
        }
        let again = await withTaskExecutorPreference(executor) { pthread_self() }
        #expect(pthread_equal(before, after) != 0, "the wake-up came back to the same thread")
        #expect(pthread_equal(before, again) != 0, "one thread for all the work")
        #expect(pthread_equal(before, pthread_self()) == 0, "not the caller's thread")
        #expect(slept >= .milliseconds(30))
        await executor.shutdown()
    }

    #if os(Linux)
    @Test("the thread carries the label as its name")
    func named() async throws {
        let executor = DedicatedExecutor(label: "site.test-api")
        let name = await withTaskExecutorPreference(executor) {
            try? String(contentsOfFile: "/proc/thread-self/comm", encoding: .utf8)
        }
        #expect(name == "site.test-api\n")
        await executor.shutdown()
    }
    #endif

    @Test("off an event loop, the sleep is an ordinary one")
    func sleepsElsewhere() async throws {
        let clock = ContinuousClock()
        let start = clock.now
        try await DedicatedExecutor.sleep(for: .milliseconds(20))
        #expect(clock.now - start >= .milliseconds(20))
    }

    @Test("cancelling a long sleep on the loop ends it at once, with CancellationError")
    func cancelledSleep() async throws {
        let executor = DedicatedExecutor(label: "test")
        let clock = ContinuousClock()
        let start = clock.now
        let sleeper = Task(executorPreference: executor) {
            try await DedicatedExecutor.sleep(for: .seconds(30))
        }
        try await Task.sleep(for: .milliseconds(20))
        sleeper.cancel()
        let result = await sleeper.result
        #expect(throws: CancellationError.self) { try result.get() }
        #expect(clock.now - start < .seconds(5))
        await executor.shutdown()
    }

    @Test("work that comes after shutdown still runs, and a second shutdown does nothing")
    func runsAfterShutdown() async throws {
        let executor = DedicatedExecutor(label: "test")
        await executor.shutdown()
        await executor.shutdown()
        let value = await withTaskExecutorPreference(executor) { 42 }
        #expect(value == 42)
    }
}
