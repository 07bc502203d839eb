import Foundation
import Synchronization

/// The CPU time spent turning templates and data into page bytes, summed over every thread that
/// renders, apart from writing the pages: what the `render:` line of a build's summary reports,
/// as seconds per core.
final class RenderClock: Sendable {
    private let nanoseconds = Atomic<Int>(0)

    /// Runs `body`, adding the CPU time its thread spent in it to the total: time the thread
    /// waited for a core (rendering at a low priority beside the downloads) is not rendering.
    func measure<T>(_ body: () throws -> T) rethrows -> T {
        let started = Self.threadCPUTime()
        defer { nanoseconds.add(Self.threadCPUTime() - started, ordering: .relaxed) }
        return try body()
    }

    /// The calling thread's CPU time so far, in nanoseconds.
    private static func threadCPUTime() -> Int {
        var now = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &now)
        return now.tv_sec * 1_000_000_000 + now.tv_nsec
    }

    /// The total divided by the cores the pages were rendered on.
    var perCore: Duration {
        .nanoseconds(nanoseconds.load(ordering: .relaxed) / max(1, ProcessInfo.processInfo.activeProcessorCount))
    }
}
