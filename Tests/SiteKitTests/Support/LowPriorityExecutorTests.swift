import Foundation
import Testing
@testable import SiteKit

@Suite("Low-priority executor")
struct LowPriorityExecutorTests {
    /// The calling thread's nice value (Linux keeps one per thread).
    static func niceness() -> Int32 {
        getpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0)
    }

    @Test("work runs on one thread of its own, at nice 10, while the caller's threads keep their priority")
    func runsNiced() async throws {
        let executor = LowPriorityExecutor()
        defer { executor.stop() }
        let outside = Self.niceness()
        let (inside, thread) = await withTaskExecutorPreference(executor) {
            (Self.niceness(), pthread_self())
        }
        let again = await withTaskExecutorPreference(executor) { pthread_self() }
        #expect(inside == 10)
        #expect(pthread_equal(thread, again) != 0, "one thread for all the work")
        #expect(Self.niceness() == outside)
    }

    #if os(Linux)
    @Test("the thread carries a name the OS shows")
    func namedForTheOS() async throws {
        let executor = LowPriorityExecutor()
        defer { executor.stop() }
        let name = await withTaskExecutorPreference(executor) {
            try? String(contentsOfFile: "/proc/thread-self/comm", encoding: .utf8)
        }
        #expect(name == LowPriorityExecutor.threadName + "\n")
    }
    #endif

    @Test("work that comes after stop() still runs")
    func runsAfterStop() async throws {
        let executor = LowPriorityExecutor()
        executor.stop()
        try await Task.sleep(for: .milliseconds(20))
        let value = await withTaskExecutorPreference(executor) { 42 }
        #expect(value == 42)
    }
}
