import Foundation
import Hummingbird
import Logging

/// An offline stand-in for randomuser.me and JSONPlaceholder: a real HTTP server on loopback,
/// deterministic data, origin-style caching headers and injectable faults.
///
/// ```swift
/// let people = try await DemoAPIServer.with { server in
///     await server.faults.set(.statuses([503], retryAfter: "1"), forPathPrefix: "/api/")
///     return try await fetch(server.randomUserURL)
/// }
/// ```
public final class DemoAPIServer: Sendable {
    /// The origin, e.g. `http://127.0.0.1:54321`.
    public let baseURL: URL
    /// The faults applied to requests; change them at any time.
    public let faults: FaultInjector
    /// Every request received.
    public let log: RequestLog

    /// randomuser.me's endpoint: `baseURL` + `/api/`.
    public var randomUserURL: URL { baseURL.appendingPathComponent("api/") }
    /// JSONPlaceholder's root: `baseURL` itself (`/posts`, `/users`, `/comments`).
    public var jsonPlaceholderURL: URL { baseURL }

    private let state: DemoServerState
    private let executor: DedicatedExecutor
    private let task: Task<Void, any Error>

    private init(baseURL: URL, faults: FaultInjector, log: RequestLog, state: DemoServerState, executor: DedicatedExecutor,
                 task: Task<Void, any Error>) {
        self.baseURL = baseURL
        self.faults = faults
        self.log = log
        self.state = state
        self.executor = executor
        self.task = task
    }

    /// Binds `host:port` (0 picks a free port) and serves in a background task until ``stop()``.
    /// Returns once the socket is bound.
    public static func start(host: String = "127.0.0.1", port: Int = 0, faults: FaultInjector = FaultInjector()) async throws
        -> DemoAPIServer {
        try await start(host: host, port: port, faults: faults, log: RequestLog())
    }

    private static func start(host: String, port: Int, faults: FaultInjector, log: RequestLog) async throws -> DemoAPIServer {
        let state = DemoServerState()
        var logger = Logger(label: "site.demo-api")
        logger.logLevel = .critical
        let (bound, boundContinuation) = AsyncStream.makeStream(of: Result<Int, any Error>.self)
        let displayHost = host.contains(":") ? "[\(host)]" : host
        let application = Application(
            responder: DemoResponder(state: state, faults: faults, log: log, routes: DemoRoutes()),
            configuration: ApplicationConfiguration(address: .hostname(host, port: port)),
            onServerRunning: { channel in
                let port = channel.localAddress?.port ?? port
                await state.setOrigin("http://\(displayHost):\(port)")
                boundContinuation.yield(.success(port))
            },
            logger: logger
        )
        let executor = DedicatedExecutor(label: "site.demo-api")
        let task = Task(executorPreference: executor) {
            do {
                try await application.run()
                boundContinuation.finish()
            } catch {
                boundContinuation.yield(.failure(error))
                boundContinuation.finish()
                throw error
            }
        }
        var iterator = bound.makeAsyncIterator()
        guard let result = await iterator.next() else {
            throw DemoAPIServerError(message: "the demo API on \(host):\(port) stopped before it was listening")
        }
        do {
            let boundPort = try result.get()
            guard let url = URL(string: "http://\(displayHost):\(boundPort)") else {
                throw DemoAPIServerError(message: "\"\(host)\" is not a usable host name")
            }
            return DemoAPIServer(baseURL: url, faults: faults, log: log, state: state, executor: executor, task: task)
        } catch {
            task.cancel()
            throw DemoAPIServerError(message: "could not listen on \(host):\(port): \(error)")
        }
    }

    /// Stops serving: stalled requests are answered 500 and drips are cut off, other responses
    /// may finish (for up to a second), then every connection closes. Safe to call more than once.
    public func stop() async {
        // On the server's own executor, so a starved cooperative pool cannot slow the shutdown.
        await withTaskExecutorPreference(executor) {
            await state.beginStop()
            await state.waitUntilIdle(timeout: 1)
            task.cancel()
            _ = await task.result
        }
    }

    /// Runs `body` with a started server and always stops it afterwards.
    @discardableResult
    public static func with<T: Sendable>(
        host: String = "127.0.0.1", port: Int = 0, faults: FaultInjector = FaultInjector(),
        _ body: (DemoAPIServer) async throws -> T
    ) async throws -> T {
        let server = try await start(host: host, port: port, faults: faults)
        do {
            let result = try await body(server)
            await server.stop()
            return result
        } catch {
            await server.stop()
            throw error
        }
    }

    /// Serves until the task is cancelled or the process gets SIGINT or SIGTERM (`site api`).
    /// `onReady` receives the base URL once the socket is bound.
    public static func run(host: String, port: Int, faults: FaultInjector, onReady: @Sendable (URL) -> Void) async throws {
        let server = try await start(host: host, port: port, faults: faults, log: RequestLog(recording: false))
        onReady(server.baseURL)
        await TerminationSignal.wait()
        await server.stop()
    }
}

/// The demo API could not start.
public struct DemoAPIServerError: Error, LocalizedError, CustomStringConvertible {
    /// What went wrong, for people.
    public var message: String

    public var description: String { message }
    public var errorDescription: String? { message }
}
