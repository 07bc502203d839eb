import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Hummingbird
import Testing
@testable import SiteKit

@Suite("Dedicated executor: a server's own event-loop thread")
struct DedicatedExecutorTests {
    @Test("a task's steps, and the end of its sleep, all run on the executor's one thread")
    func oneThread() async throws {
        let executor = DedicatedExecutor.named("test")
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
    }

    #if os(Linux)
    @Test("the thread carries the label as its name")
    func named() async throws {
        let executor = DedicatedExecutor.named("site.test-api")
        let name = await withTaskExecutorPreference(executor) {
            try? String(contentsOfFile: "/proc/thread-self/comm", encoding: .utf8)
        }
        #expect(name == "site.test-api\n")
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
        let executor = DedicatedExecutor.named("test")
        let clock = ContinuousClock()
        let sleeper = Task(executorPreference: executor) {
            try await DedicatedExecutor.sleep(for: .seconds(300))
        }
        try await Task.sleep(for: .milliseconds(20))
        // Timed from the cancellation: on a loaded machine the 20 ms above can take seconds, and
        // parallel suites on two cores have delayed the cancelled sleep's end by 5 s. The bound
        // only has to tell "ended when cancelled" from "slept its 300 s".
        let cancelled = clock.now
        sleeper.cancel()
        let result = await sleeper.result
        #expect(throws: CancellationError.self) { try result.get() }
        #expect(clock.now - cancelled < .seconds(60))
    }

    @Test("one loop per label, for the life of the process: a server's stop leaves it running")
    func oneLoopPerLabel() async throws {
        let first = DedicatedExecutor.named("test-loops")
        #expect(DedicatedExecutor.named("test-loops") === first)
        #expect(DedicatedExecutor.named("test-other") !== first)
        let responder = CallbackResponder<BasicRequestContext> { _, _ in Response(status: .noContent) }
        let server = try await LocalServer.start(responder: responder, host: "127.0.0.1", port: 0, label: "test-loops")
        #expect(server.executor === first)
        let (_, response) = try await URLSession.shared.data(from: server.baseURL.appendingPathComponent("ping"))
        #expect((response as? HTTPURLResponse)?.statusCode == 204)
        let thread = await withTaskExecutorPreference(server.executor) { pthread_self() }
        await server.stop()
        // What Hummingbird's own shutdown task does last: it fails a promise of the loop.
        let promise = server.executor.group.next().makePromise(of: Void.self)
        promise.fail(CancellationError())
        await #expect(throws: CancellationError.self) { try await promise.futureResult.get() }
        let after = await withTaskExecutorPreference(server.executor) { pthread_self() }
        #expect(pthread_equal(thread, after) != 0, "the same thread serves the next server of this kind")
    }
}
