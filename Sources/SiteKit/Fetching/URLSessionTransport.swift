import Foundation
import Synchronization
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The real transport: URLSession data tasks on one long-lived session.
///
/// Foundation's own cache is switched off (the HTTP layer owns caching), the connection pool per
/// host is sized from `--jobs`, and body limits and deadlines are enforced by the delegate.
/// Redirects are returned, not followed: `HTTPClient` follows them through its cache.
public final class URLSessionTransport: HTTPTransport {
    private let session: URLSession
    private let delegate: TransferDelegate

    /// - Parameter maxConnectionsPerHost: URLSession's per-host pool; set it from `--jobs`.
    public init(maxConnectionsPerHost: Int = 16) {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.urlCache = nil
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        configuration.httpMaximumConnectionsPerHost = max(1, maxConnectionsPerHost)
        // Our own deadline fires first; these only stop Foundation from giving up earlier.
        configuration.timeoutIntervalForRequest = 24 * 3600
        configuration.timeoutIntervalForResource = 24 * 3600
        configuration.httpCookieStorage = nil
        configuration.httpShouldSetCookies = false
        // Without this, Foundation still parses every response header line for cookies it then
        // has nowhere to store: 3 % of a cold build's CPU.
        configuration.httpCookieAcceptPolicy = .never
        // A request's own `User-Agent` (`site fetch -H`) replaces this one.
        configuration.httpAdditionalHeaders = ["User-Agent": SiteVersion.userAgent]
        let delegate = TransferDelegate()
        self.delegate = delegate
        self.session = URLSession(configuration: configuration, delegate: delegate, delegateQueue: DelegateQueue())
    }

    deinit {
        // Not on this thread, often one of Swift's: it waits for URLSession's work queue (see
        // `send`), and nothing of the build may wait for it.
        let session = self.session
        delegate.calls.async { session.invalidateAndCancel() }
    }

    /// The reservation of a request, for its cancellation handler.
    private final class Reservation: Sendable {
        let number = Mutex<Int?>(nil)
    }

    public func send(_ request: HTTPRequest, limits: TransferLimits, timeout: Double) async throws -> HTTPResponse {
        var urlRequest = URLRequest(url: request.url)
        urlRequest.httpMethod = request.method
        urlRequest.cachePolicy = .reloadIgnoringLocalCacheData
        urlRequest.httpBody = request.body
        for field in request.headers.fields {
            urlRequest.addValue(field.value, forHTTPHeaderField: field.name)
        }
        try Task.checkCancellation()
        let made = urlRequest
        let delegate = self.delegate
        let session = self.session
        let reservation = Reservation()
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                let number = delegate.reserve(request, limits: limits, timeout: timeout, continuation: continuation)
                reservation.number.withLock { $0 = number }
                // Cancelled before the reservation: the handler below found none to answer.
                if Task.isCancelled {
                    delegate.abandon(number)
                    return
                }
                // Made and started on the session's own queue, in the order asked for (see `calls`).
                delegate.calls.async {
                    let task = session.dataTask(with: made)
                    if delegate.attach(task, to: number) { task.resume() }
                }
            }
        } onCancel: {
            // Answered at once, not when URLSession says the task ended (see `TransferDelegate`).
            if let number = reservation.number.withLock({ $0 }) { delegate.abandon(number) }
        }
    }
}
