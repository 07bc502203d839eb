import Synchronization

/// One request's entry in the log and in the server's active set. Each happens once: later calls
/// change nothing, as the log keeps the first completion anyway. If a response is dropped without
/// ending it (the client went away before the body was written), the ticket ends itself when
/// released; a ticket already ended costs its release nothing (it used to start a task with two
/// actor calls for every request).
final class RequestTicket: Sendable {
    let sequence: Int
    private let log: RequestLog
    private let state: DemoServerState
    private let logged = Atomic<Bool>(false)
    private let ended = Atomic<Bool>(false)

    init(sequence: Int, log: RequestLog, state: DemoServerState) {
        self.sequence = sequence
        self.log = log
        self.state = state
    }

    /// Marks the request complete in the log. Called just before the last byte is written, so a
    /// client that waits for each response before sending the next never overlaps two requests.
    func logCompleted(status: Int?) async {
        guard !logged.exchange(true, ordering: .relaxed) else { return }
        await log.finish(sequence, status: status)
    }

    /// Marks the request complete everywhere, once its response is fully written or abandoned.
    func end(status: Int?) async {
        guard !ended.exchange(true, ordering: .relaxed) else { return }
        await logCompleted(status: status)
        await state.requestEnded(sequence)
    }

    deinit {
        guard !ended.load(ordering: .relaxed) else { return }
        let (sequence, log, state, logged) = (self.sequence, self.log, self.state, logged.load(ordering: .relaxed))
        Task {
            if !logged { await log.finish(sequence, status: nil) }
            await state.requestEnded(sequence)
        }
    }
}
