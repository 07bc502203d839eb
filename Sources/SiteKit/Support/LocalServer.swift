import Foundation
import Hummingbird
import Logging

/// A Hummingbird server running in a task on an executor of its own until it is cancelled: the
/// part the demo API and the preview server share.
struct LocalServer: Sendable {
    /// Why a server did not start, for its owner to word for people.
    struct StartFailure: Error {
        var reason: String
    }

    /// `http://host:port` as bound (port 0 resolved).
    let baseURL: URL
    let executor: DedicatedExecutor
    let task: Task<Void, any Error>

    /// Binds `host:port` (0 picks a free port) and returns once the socket is bound; `onBound`
    /// runs first, with the bound origin.
    static func start<Responder: HTTPResponder>(
        responder: Responder, host: String, port: Int, label: String,
        onBound: @escaping @Sendable (URL) async -> Void = { _ in }
    ) async throws -> LocalServer where Responder.Context == BasicRequestContext {
        var logger = Logger(label: label)
        logger.logLevel = .critical
        let (bound, boundContinuation) = AsyncStream.makeStream(of: Result<URL, any Error>.self)
        let displayHost = host.contains(":") ? "[\(host)]" : host
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
            logger: logger
        )
        let executor = DedicatedExecutor(label: label)
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
        do {
            guard let url = try await iterator.next()?.get() else {
                throw StartFailure(reason: "it stopped before it was listening")
            }
            return LocalServer(baseURL: url, executor: executor, task: task)
        } catch let failure as StartFailure {
            task.cancel()
            throw failure
        } catch {
            task.cancel()
            throw StartFailure(reason: "\(error)")
        }
    }

    /// Cancels serving and waits for it to end, on the server's own executor so that a starved
    /// cooperative pool cannot slow the shutdown; `before` runs first, on that executor too.
    func stop(before: @Sendable () async -> Void = {}) async {
        await withTaskExecutorPreference(executor) {
            await before()
            task.cancel()
            _ = await task.result
        }
    }
}
