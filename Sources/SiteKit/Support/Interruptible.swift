/// How work run by `Interruptible.run` ended.
public enum Interruptible<T: Sendable>: Sendable {
    /// It did its work; `signalled` when Ctrl-C or SIGTERM came too late to stop it (a build
    /// that had already published its site).
    case finished(T, signalled: Bool)
    /// Ctrl-C or SIGTERM stopped it before it was done.
    case interrupted

    /// Runs `work` until it ends, or until a signal of `signals` (from `TerminationSignal.listen()`)
    /// cancels it. Cancelled work is waited for: work past the point where cancelling it changes
    /// anything (a site published) finishes and says so, rather than being reported as stopped,
    /// which made a script take a published site for a failed build. A second signal kills the
    /// process at once (`TerminationSignal`).
    public static func run(_ work: @escaping @Sendable () async throws -> T,
                           until signals: AsyncStream<Int32> = TerminationSignal.listen()) async throws -> Interruptible<T> {
        // nil is the signal; a value, the work's.
        try await withThrowingTaskGroup(of: T?.self) { group in
            group.addTask { try await work() }
            group.addTask { await TerminationSignal.first(of: signals); return nil }
            guard let first = try await group.next(), let value = first else {
                group.cancelAll()
                // The work, cancelled: what it returns is what it did anyway; an error is its stop.
                do {
                    guard let later = try await group.next(), let value = later else { return .interrupted }
                    return .finished(value, signalled: true)
                } catch {
                    return .interrupted
                }
            }
            group.cancelAll()
            return .finished(value, signalled: false)
        }
    }
}
