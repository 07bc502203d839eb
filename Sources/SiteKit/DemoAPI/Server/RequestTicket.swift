/// One request's entry in the log and in the server's active set. Ending it twice is harmless;
/// if a response is dropped without ending it (the client went away before the body was
/// written), the ticket ends itself when released.
final class RequestTicket: Sendable {
    let sequence: Int
    private let log: RequestLog
    private let state: DemoServerState

    init(sequence: Int, log: RequestLog, state: DemoServerState) {
        self.sequence = sequence
        self.log = log
        self.state = state
    }

    /// Marks the request complete in the log. Called just before the last byte is written, so a
    /// client that waits for each response before sending the next never overlaps two requests.
    func logCompleted(status: Int?) async {
        await log.finish(sequence, status: status)
    }

    /// Marks the request complete everywhere, once its response is fully written or abandoned.
    func end(status: Int?) async {
        await log.finish(sequence, status: status)
        await state.requestEnded(sequence)
    }

    deinit {
        let (sequence, log, state) = (self.sequence, self.log, self.state)
        Task {
            await log.finish(sequence, status: nil)
            await state.requestEnded(sequence)
        }
    }
}
