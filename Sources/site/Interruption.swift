import SiteKit

/// Runs `work` until it ends, or until Ctrl-C or SIGTERM cancels it: nil then, for the command to
/// say so and exit with 130. A second signal kills the process at once (`TerminationSignal`).
func untilInterrupted<T: Sendable>(_ work: @escaping @Sendable () async throws -> T) async throws -> T? {
    let signals = TerminationSignal.listen()
    return try await withThrowingTaskGroup(of: T?.self) { group in
        group.addTask { try await work() }
        group.addTask { await TerminationSignal.first(of: signals); return nil }
        let first = try await group.next() ?? nil
        group.cancelAll()
        return first
    }
}
