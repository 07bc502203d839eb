import Foundation

/// Makes identical requests that are in flight at the same time share one fetch.
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
