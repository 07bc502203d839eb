import Foundation

/// The server-wide state request handlers share: the bound origin, the requests still being
/// answered, and whether the server is stopping (which ends stalls, drips and delays early).
actor DemoServerState {
    private(set) var origin = ""
    private(set) var isStopping = false
    private var active: Set<Int> = []

    /// Thrown by waits that the server's stop cut short.
    struct Stopping: Error {}

    func setOrigin(_ origin: String) {
        self.origin = origin
    }

    func beginStop() {
        isStopping = true
    }

    func requestStarted(_ id: Int) {
        active.insert(id)
    }

    func requestEnded(_ id: Int) {
        active.remove(id)
    }

    /// Waits `seconds`, or forever when nil, in short slices so a stop or cancellation ends it
    /// within a few milliseconds.
    nonisolated func pause(_ seconds: Double?) async throws {
        let clock = ContinuousClock()
        let deadline = seconds.map { clock.now.advanced(by: .nanoseconds(Int64(($0 * 1e9).rounded()))) }
        while true {
            if await isStopping { throw Stopping() }
            let now = clock.now
            if let deadline, now >= deadline { return }
            let slice = Duration.milliseconds(20)
            try await Task.sleep(for: deadline.map { min(slice, $0 - now) } ?? slice)
        }
    }

    /// Returns once no request is being answered, or after `timeout` seconds.
    func waitUntilIdle(timeout: Double) async {
        let deadline = ContinuousClock.now.advanced(by: .milliseconds(Int64(timeout * 1000)))
        while !active.isEmpty, ContinuousClock.now < deadline {
            try? await Task.sleep(for: .milliseconds(5))
        }
    }
}
