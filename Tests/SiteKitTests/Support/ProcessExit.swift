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

extension Process {
    /// Runs the `site` executable with `arguments` in `folder`, its output thrown away, and
    /// returns its exit status once it has exited. `environment` changes the test's own
    /// variables: a nil value removes one.
    static func runSite(_ arguments: [String], in folder: URL, environment changes: [String: String?] = [:]) async throws -> Int32 {
        let process = Process()
        process.executableURL = FetchProcessTests.executable
        process.arguments = arguments
        process.currentDirectoryURL = folder
        if !changes.isEmpty {
            var environment = ProcessInfo.processInfo.environment
            for (name, value) in changes { environment[name] = value }
            process.environment = environment
        }
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        await (try process.start()).ended()
        return process.terminationStatus
    }
}
