import Foundation

extension Process {
    /// Starts the process and returns a stream that ends when it exits, so that a test can wait
    /// for it without blocking a thread of the cooperative pool (two of them on two cores: a
    /// blocked one starves every other test of the run).
    func start() throws -> AsyncStream<Void> {
        let (exited, continuation) = AsyncStream.makeStream(of: Void.self)
        terminationHandler = { _ in continuation.finish() }
        try run()
        return exited
    }
}

extension AsyncStream where Element == Void {
    /// Waits for the stream to end: for `Process.start()`'s, until the process has exited.
    func ended() async {
        for await _ in self {}
    }
}
