import Foundation

/// Size and redirect limits for one transfer, enforced as the bytes arrive.
public struct TransferLimits: Sendable, Hashable {
    /// The most body bytes accepted.
    public var maxBodyBytes: Int
    /// The most redirects `HTTPClient` follows (only to http and https); 0 returns redirect
    /// responses to the caller as they are (`site fetch`).
    public var maxRedirects: Int
    /// How many attempts may end in a timeout before the request fails (within the retry
    /// policy's attempts).
    public var maxTimeouts: Int

    public init(maxBodyBytes: Int = 64 * 1024 * 1024, maxRedirects: Int = 5, maxTimeouts: Int = .max) {
        self.maxBodyBytes = maxBodyBytes
        self.maxRedirects = maxRedirects
        self.maxTimeouts = max(1, maxTimeouts)
    }

    /// JSON API bodies: 64 MiB; every attempt the retry policy allows, as a build needs them.
    public static let json = TransferLimits(maxBodyBytes: 64 * 1024 * 1024)
    /// Images: 10 MiB; after a timeout, one more attempt, not three: a server that held one
    /// attempt for the whole deadline rarely answers the next, and a picture has a placeholder,
    /// so one stalled picture holds a build for two deadlines (a minute by default), not four and
    /// their waits.
    public static let image = TransferLimits(maxBodyBytes: 10 * 1024 * 1024, maxTimeouts: 2)
}

/// Sends one request and returns the whole response; nothing more (no cache, no retries, no redirects).
///
/// Implementations must stop promptly when the calling task is cancelled, and throw
/// `FetchError` for transport failures and exceeded limits.
public protocol HTTPTransport: Sendable {
    /// - Parameter timeout: seconds from now within which the whole response must have arrived;
    ///   past them the transfer is cancelled and `FetchError.Kind.timeout` thrown, whatever the
    ///   server does (it may drip one byte a second, or never answer).
    func send(_ request: HTTPRequest, limits: TransferLimits, timeout: Double) async throws -> HTTPResponse
}
