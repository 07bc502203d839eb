import Foundation
import Synchronization

/// The time spent turning templates and data into page bytes, summed over every thread that
/// renders, apart from writing the pages: what the `render:` line of a build's summary reports,
/// as seconds per core.
final class RenderClock: Sendable {
    private let nanoseconds = Atomic<Int>(0)

    /// Runs `body`, adding its duration to the total.
    func measure<T>(_ body: () throws -> T) rethrows -> T {
        let started = ContinuousClock.now
        defer {
            let elapsed = ContinuousClock.now - started
            nanoseconds.add(Int(elapsed.components.seconds) * 1_000_000_000 + Int(elapsed.components.attoseconds / 1_000_000_000),
                            ordering: .relaxed)
        }
        return try body()
    }

    /// The total divided by the cores the pages were rendered on.
    var perCore: Duration {
        .nanoseconds(nanoseconds.load(ordering: .relaxed) / max(1, ProcessInfo.processInfo.activeProcessorCount))
    }
}
