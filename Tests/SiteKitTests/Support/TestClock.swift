import Foundation
import Synchronization
@testable import SiteKit

/// A clock whose `now` the test controls; `sleep` records the delay, moves `now` on and returns at once.
final class TestClock: SiteClock {
    private struct State {
        var now: Date
        var sleeps: [Double] = []
    }

    private let state: Mutex<State>

    /// Starts at the real time, so that `Date` headers from a loopback origin look current.
    init(now: Date = Date()) {
        state = Mutex(State(now: now))
    }

    var now: Date { state.withLock { $0.now } }

    /// Every delay passed to `sleep`, in order.
    var sleeps: [Double] { state.withLock { $0.sleeps } }

    func advance(by seconds: Double) {
        state.withLock { $0.now += seconds }
    }

    func sleep(seconds: Double) async throws {
        try Task.checkCancellation()
        state.withLock {
            $0.sleeps.append(seconds)
            $0.now += seconds
        }
    }
}
