import Foundation
import Hummingbird

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

    /// How many bytes of generated answers a server keeps by default, so that repeated requests
    /// (benchmarks, revalidations) cost a lookup: ten pages of 5,000 people (52 MB) and portraits.
    public static let rememberedBytes = 64 << 20

    private let state: DemoServerState
    private let server: LocalServer

    private init(faults: FaultInjector, log: RequestLog, state: DemoServerState, server: LocalServer) {
        self.baseURL = server.baseURL
        self.faults = faults
        self.log = log
        self.state = state
        self.server = server
    }

    /// Binds `host:port` (0 picks a free port) and serves in a background task until ``stop()``.
    /// Returns once the socket is bound.
    /// `portraits` says which pictures people point at (randomuser's shared ones by default).
    /// `remembering` is how many bytes of generated answers are kept for the same request again
    /// (0: none, for a client that asks for each resource once).
    public static func start(host: String = "127.0.0.1", port: Int = 0, faults: FaultInjector = FaultInjector(),
                             portraits: PortraitSet = .randomUser, remembering: Int = DemoAPIServer.rememberedBytes) async throws -> DemoAPIServer {
        try await start(host: host, port: port, faults: faults, log: RequestLog(), portraits: portraits, remembering: remembering)
    }

    private static func start(host: String, port: Int, faults: FaultInjector, log: RequestLog,
                              portraits: PortraitSet, remembering: Int) async throws -> DemoAPIServer {
        let state = DemoServerState()
        let routes = DemoRoutes(portraits: portraits, responseCacheBytes: remembering)
        do {
            let server = try await LocalServer.start(
                responder: DemoResponder(state: state, faults: faults, log: log, routes: routes),
                host: host, port: port, label: "site.demo-api"
            ) { origin in await state.setOrigin(origin.absoluteString) }
            return DemoAPIServer(faults: faults, log: log, state: state, server: server)
        } catch let failure as LocalServer.StartFailure {
            throw DemoAPIServerError(message: failure.message(host: host, port: port))
        }
    }

    /// Stops serving: stalled requests are answered 500 and drips are cut off, other responses
    /// may finish (for up to a second), then every connection closes. Safe to call more than once.
    public func stop() async {
        await server.stop {
            await state.beginStop()
            await state.waitUntilIdle(timeout: 1)
        }
    }

    /// Runs `body` with a started server and always stops it afterwards.
    @discardableResult
    public static func with<T: Sendable>(
        host: String = "127.0.0.1", port: Int = 0, faults: FaultInjector = FaultInjector(),
        portraits: PortraitSet = .randomUser, remembering: Int = DemoAPIServer.rememberedBytes,
        _ body: (DemoAPIServer) async throws -> T
    ) async throws -> T {
        let server = try await start(host: host, port: port, faults: faults, portraits: portraits, remembering: remembering)
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
    public static func run(host: String, port: Int, faults: FaultInjector, portraits: PortraitSet = .randomUser,
                           onReady: @Sendable (URL) -> Void) async throws {
        // Signals are caught before the server says it is ready: caught only after, a Ctrl-C sent
        // the moment "listening on" appeared could come while its handler was being set up, be
        // ignored, and leave the server running (a test that waited for it to stop hung).
        let signals = TerminationSignal.listen()
        let server = try await start(host: host, port: port, faults: faults, log: RequestLog(recording: false),
                                     portraits: portraits, remembering: rememberedBytes)
        onReady(server.baseURL)
        await TerminationSignal.first(of: signals)
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
