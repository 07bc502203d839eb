import Foundation
import Hummingbird
import Logging
import NIOCore
import ServiceLifecycle

/// A Hummingbird server running in a task on the event-loop thread of its kind (its label) until it
/// is stopped: the part the demo API and the preview server share.
///
/// Stopping is a graceful shutdown, not a cancellation: cancelling the serving task can drop a
/// connection that was accepted but not yet handed to the server, and NIO traps on that
/// (swift-nio issue 3481). A graceful shutdown closes the listening socket first, serves what was
/// accepted, and only then ends; after `grace` whatever still runs (a stalled response) is
/// cancelled.
struct LocalServer: Sendable {
    /// Why a server did not start, and what to do about it.
    struct StartFailure: Error {
        var reason: String
        var advice = "Pick another port with --port, or 0 for any free one."

        /// The failure behind `error`, as a bind reports it.
        init(_ error: any Error) {
            if let failure = error as? StartFailure {
                self = failure
            } else if let error = error as? IOError, error.errnoCode == EADDRINUSE {
                reason = "the port is in use by another program"
            } else if let error = error as? IOError, error.errnoCode == EACCES {
                reason = "permission denied (ports below 1024 need privileges)"
            } else if let error = error as? IOError, error.errnoCode == EADDRNOTAVAIL {
                reason = "no network interface of this machine has that address"
                advice = "Use an address of this machine with --host, such as 127.0.0.1, or 0.0.0.0 for all of them."
            } else if error is SocketAddressError.UnknownHost || error is SocketAddressError {
                reason = "the host name does not resolve"
                advice = "Use an address of this machine with --host, such as 127.0.0.1, or 0.0.0.0 for all of them."
            } else {
                reason = "\(error)"
            }
        }

        init(reason: String, advice: String = "Use an address of this machine with --host, such as 127.0.0.1.") {
            self.reason = reason
            self.advice = advice
        }

        /// One sentence for people: where, why, what to do.
        func message(host: String, port: Int) -> String {
            "could not listen on \(host):\(port): \(reason). \(advice)"
        }
    }

    /// `http://host:port` as bound (port 0 resolved).
    let baseURL: URL
    let executor: DedicatedExecutor
    let services: ServiceGroup
    let task: Task<Void, any Error>

    /// Binds `host:port` (0 picks a free port) and returns once the socket is bound; `onBound`
    /// runs first, with the bound origin. A stop waits `grace` for requests in flight.
    static func start<Responder: HTTPResponder>(
        responder: Responder, host: String, port: Int, label: String, grace: Duration = .seconds(2),
        onBound: @escaping @Sendable (URL) async -> Void = { _ in }
    ) async throws -> LocalServer where Responder.Context == BasicRequestContext {
        var logger = Logger(label: label)
        logger.logLevel = .critical
        let (bound, boundContinuation) = AsyncStream.makeStream(of: Result<URL, any Error>.self)
        let displayHost = host.contains(":") ? "[\(host)]" : host
        let executor = DedicatedExecutor.named(label)
        let application = Application(
            responder: responder,
            configuration: ApplicationConfiguration(address: .hostname(host, port: port), serverName: nil),
            onServerRunning: { channel in
                let boundPort = channel.localAddress?.port ?? port
                guard let url = URL(string: "http://\(displayHost):\(boundPort)") else {
                    boundContinuation.yield(.failure(StartFailure(reason: "\"\(host)\" is not a usable host name")))
                    return
                }
                await onBound(url)
                boundContinuation.yield(.success(url))
            },
            eventLoopGroupProvider: .shared(executor.group),
            logger: logger
        )
        var configuration = ServiceGroupConfiguration(services: [.init(service: application)], logger: logger)
        configuration.maximumGracefulShutdownDuration = grace
        let services = ServiceGroup(configuration: configuration)
        let task = Task(executorPreference: executor) {
            do {
                try await services.run()
                boundContinuation.finish()
            } catch {
                boundContinuation.yield(.failure(error))
                boundContinuation.finish()
                throw error
            }
        }
        var iterator = bound.makeAsyncIterator()
        do {
            guard let url = try await iterator.next()?.get() else {
                throw StartFailure(reason: "it stopped before it was listening", advice: "Try again; if it happens again, report it.")
            }
            return LocalServer(baseURL: url, executor: executor, services: services, task: task)
        } catch {
            await services.triggerGracefulShutdown()
            _ = await task.result
            throw StartFailure(error)
        }
    }

    /// Shuts serving down gracefully and waits for it to end, on the server's own executor so that
    /// a starved cooperative pool cannot slow the shutdown; `before` runs first, on that executor
    /// too. Safe to call more than once. The loop stays, for the next server of this kind.
    func stop(before: @Sendable () async -> Void = {}) async {
        await withTaskExecutorPreference(executor) {
            await before()
            await services.triggerGracefulShutdown()
            _ = await task.result
        }
    }
}
