import Foundation
import Hummingbird
import Logging

/// A local web server for the built site, as `site serve` runs it: correct content types,
/// `index.html` for folders, the site's own 404 page, nothing from outside the output folder,
/// and live reload through ``ReloadHub``.
public final class PreviewServer: Sendable {
    /// Where the site is served, e.g. `http://127.0.0.1:8000`.
    public let baseURL: URL
    /// Open pages follow this hub's state.
    public let hub: ReloadHub

    private let executor: DedicatedExecutor
    private let task: Task<Void, any Error>

    private init(baseURL: URL, hub: ReloadHub, executor: DedicatedExecutor, task: Task<Void, any Error>) {
        self.baseURL = baseURL
        self.hub = hub
        self.executor = executor
        self.task = task
    }

    /// Serves `root` on `host:port` (port 0 picks a free one) until ``stop()``; returns once the
    /// socket is bound. `log` hears about every request answered.
    public static func start(
        root: URL, host: String = "127.0.0.1", port: Int = 8000, hub: ReloadHub = ReloadHub(),
        log: @escaping @Sendable (_ method: String, _ path: String, _ status: Int) -> Void = { _, _, _ in }
    ) async throws -> PreviewServer {
        var logger = Logger(label: "site.preview")
        logger.logLevel = .critical
        let (bound, boundContinuation) = AsyncStream.makeStream(of: Result<Int, any Error>.self)
        let displayHost = host.contains(":") ? "[\(host)]" : host
        let application = Application(
            responder: PreviewResponder(files: StaticFiles(root: root), hub: hub, log: log),
            configuration: ApplicationConfiguration(address: .hostname(host, port: port), serverName: nil),
            onServerRunning: { channel in
                boundContinuation.yield(.success(channel.localAddress?.port ?? port))
            },
            logger: logger
        )
        let executor = DedicatedExecutor(label: "site.preview")
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
            guard let boundPort = try await iterator.next()?.get(),
                  let url = URL(string: "http://\(displayHost):\(boundPort)") else {
                throw PreviewError(message: "the preview server on \(host):\(port) stopped before it was listening.")
            }
            return PreviewServer(baseURL: url, hub: hub, executor: executor, task: task)
        } catch let error as PreviewError {
            task.cancel()
            throw error
        } catch {
            task.cancel()
            throw PreviewError(message: "could not listen on \(host):\(port): \(error). Pick another port with --port, or 0 for any free one.")
        }
    }

    /// Closes open event streams, then stops serving. Safe to call more than once.
    public func stop() async {
        await withTaskExecutorPreference(executor) {
            await hub.finish()
            task.cancel()
            _ = await task.result
        }
    }
}

/// The preview server could not start or serve.
public struct PreviewError: Error, LocalizedError, CustomStringConvertible {
    public var message: String
    public var description: String { message }
    public var errorDescription: String? { message }
}
