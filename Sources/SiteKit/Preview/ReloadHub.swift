import Foundation

/// The state of the previewed site that open pages follow: which build they show and whether the
/// latest rebuild failed. Every subscriber gets the current state at once and each change after.
public actor ReloadHub {
    /// What a page needs to know: reload when `version` differs from the one it was served
    /// with, show `error` as an overlay while it is set.
    public struct State: Sendable, Equatable, Codable {
        public var version: String
        public var error: String?
    }

    private let session = String(UInt32.random(in: .min ... .max), radix: 36)
    private var generation = 1
    private var lastError: String?
    private var subscribers: [UUID: AsyncStream<State>.Continuation] = [:]
    private var finished = false

    public init() {}

    public var state: State {
        State(version: "\(session)-\(generation)", error: lastError)
    }

    /// A new good build is in the output folder: pages reload.
    public func published() {
        generation += 1
        lastError = nil
        broadcast()
    }

    /// A rebuild failed; the last good site is still served and pages show `message`.
    public func failed(_ message: String) {
        lastError = message
        broadcast()
    }

    /// A stream of states, starting with the current one; it ends when the hub finishes.
    public func subscribe() -> AsyncStream<State> {
        let (stream, continuation) = AsyncStream.makeStream(of: State.self, bufferingPolicy: .bufferingNewest(16))
        guard !finished else {
            continuation.finish()
            return stream
        }
        let id = UUID()
        subscribers[id] = continuation
        continuation.onTermination = { _ in Task { await self.remove(id) } }
        continuation.yield(state)
        return stream
    }

    /// Ends every stream, so that open event connections close and the server can stop.
    public func finish() {
        finished = true
        for continuation in subscribers.values { continuation.finish() }
        subscribers = [:]
    }

    /// How many pages are listening.
    public var subscriberCount: Int { subscribers.count }

    private func remove(_ id: UUID) {
        subscribers[id] = nil
    }

    private func broadcast() {
        let current = state
        for continuation in subscribers.values { continuation.yield(current) }
    }
}
