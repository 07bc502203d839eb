import Foundation

/// Makes identical requests that are in flight at the same time share one fetch.
///
/// The first caller starts the work; callers arriving with the same key before it finishes wait for
/// its result (or error). Cancelling the first caller cancels the shared work, which suits a build,
/// where cancellation means every caller is going away.
actor RequestCoalescer<Value: Sendable> {
    private var inFlight: [String: Task<Value, any Error>] = [:]

    func run(key: String, _ operation: @escaping @Sendable () async throws -> Value) async throws -> Value {
        if let running = inFlight[key] {
            return try await running.value
        }
        let task = Task { try await operation() }
        inFlight[key] = task
        defer { inFlight[key] = nil }
        return try await withTaskCancellationHandler {
            try await task.value
        } onCancel: {
            task.cancel()
        }
    }
}
