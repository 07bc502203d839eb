import Foundation

/// Time as the HTTP layer sees it, injectable so that tests wait only when timing is the point.
///
/// It dates responses and computes their age, and paces retries. The per-attempt deadline is the
/// exception: it always runs on real time, since it guards against real stalls.
public protocol SiteClock: Sendable {
    /// The current wall-clock time.
    var now: Date { get }
    /// Suspends for `seconds`; throws `CancellationError` when the task is cancelled.
    func sleep(seconds: Double) async throws
}

/// The real clock.
public struct SystemClock: SiteClock {
    public init() {}
    public var now: Date { Date() }
    public func sleep(seconds: Double) async throws {
        guard seconds > 0 else { return }
        try await Task.sleep(nanoseconds: UInt64(seconds * 1_000_000_000))
    }
}
