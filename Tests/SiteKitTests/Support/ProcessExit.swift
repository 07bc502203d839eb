import Foundation
import Synchronization
import Testing

extension Process {
    /// Starts the process and returns a stream that ends when it exits, so that a test can wait
    /// for it without blocking a thread of the cooperative pool (two of them on two cores: a
    /// blocked one starves every other test of the run).
    ///
    /// A process still running after `limit` is killed, and the test that started it records an
    /// issue saying so: a child that never stops (a signal lost, a server serving on) fails its
    /// test instead of hanging the whole run until CI's time limit.
    func start(within limit: Duration = .seconds(300)) throws -> AsyncStream<Void> {
        let (exited, continuation) = AsyncStream.makeStream(of: Void.self)
        let command = ([executableURL?.lastPathComponent ?? "process"] + (arguments ?? [])).joined(separator: " ")
        let watch = ExitWatch()
        terminationHandler = { _ in
            watch.exited()
            continuation.finish()
        }
        try run()
        let pid = processIdentifier
        watch.keep(Task {
            guard (try? await Task.sleep(for: limit)) != nil, !watch.hasExited else { return }
            Issue.record("\(command) was still running after \(limit), and was killed")
            kill(pid, SIGKILL)
        })
        return exited
    }
}

/// Whether a started process has exited, and the watchdog that kills it if it never does.
private final class ExitWatch: Sendable {
    private let state = Mutex<(watchdog: Task<Void, Never>?, exited: Bool)>((nil, false))

    var hasExited: Bool { state.withLock { $0.exited } }

    func exited() {
        state.withLock { $0.exited = true; $0.watchdog?.cancel() }
    }

    /// Keeps `watchdog` to cancel when the process exits; cancels it at once if it has.
    func keep(_ watchdog: Task<Void, Never>) {
        let exited = state.withLock { state in
            state.watchdog = watchdog
            return state.exited
        }
        if exited { watchdog.cancel() }
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
        try await runSiteCapturing(arguments, in: folder, environment: changes).status
    }

    /// `runSite`, returning what the process printed on standard output and standard error too.
    static func runSiteCapturing(_ arguments: [String], in folder: URL, environment changes: [String: String?] = [:])
        async throws -> (status: Int32, output: String, errors: String) {
        guard let site = FetchProcessTests.executable else { throw CocoaError(.fileNoSuchFile) }
        return try await runCapturing(site.path, arguments, in: folder, environment: changes)
    }

    /// Runs the program at `path` as `runSiteCapturing` runs `site`.
    static func runCapturing(_ path: String, _ arguments: [String], in folder: URL, environment changes: [String: String?] = [:])
        async throws -> (status: Int32, output: String, errors: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = arguments
        process.currentDirectoryURL = folder
        if !changes.isEmpty {
            var environment = ProcessInfo.processInfo.environment
            for (name, value) in changes { environment[name] = value }
            process.environment = environment
        }
        let output = Pipe(), errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        // Both pipes are drained as they come, on FileHandle's own threads: neither fills while the
        // other is read, and no thread of the cooperative pool waits for the process to close them.
        // (Reading standard output to its end here held one of the pool's two threads for the
        // whole run of the process; two such tests at once starved every other test, and a 1 s
        // deadline elsewhere was seen to end more than 30 s late.)
        let printedSoFar = Mutex(Data()), said = Mutex(Data())
        output.fileHandleForReading.readabilityHandler = { handle in
            let chunk = handle.availableData
            printedSoFar.withLock { $0.append(chunk) }
        }
        errors.fileHandleForReading.readabilityHandler = { handle in
            let chunk = handle.availableData
            said.withLock { $0.append(chunk) }
        }
        let exited = try process.start()
        await exited.ended()
        output.fileHandleForReading.readabilityHandler = nil
        errors.fileHandleForReading.readabilityHandler = nil
        // The process has exited: what is left in the pipes is read without waiting, unless a
        // child of its own still holds them open (no command of site leaves one behind).
        let printed = printedSoFar.withLock { $0 } + output.fileHandleForReading.readDataToEndOfFile()
        let rest = errors.fileHandleForReading.readDataToEndOfFile()
        let errorText = said.withLock { String(decoding: $0 + rest, as: UTF8.self) }
        return (process.terminationStatus, String(decoding: printed, as: UTF8.self), errorText)
    }
}
