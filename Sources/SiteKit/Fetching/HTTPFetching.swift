import Foundation

/// The one way the engine fetches anything over HTTP: API JSON, images, and `site fetch`.
///
/// The production implementation is `HTTPClient` (disk cache, revalidation, stale-if-error,
/// retries with `Retry-After`, a hard per-attempt deadline, coalescing of identical GETs).
/// Every HTTP status is returned as a `FetchResult`; only failures with no usable response
/// (transport, timeout, offline miss, limits) throw `FetchError`.
public protocol HTTPFetching: Sendable {
    /// Fetches `request`, enforcing `limits` as the bytes arrive.
    func fetch(_ request: HTTPRequest, limits: TransferLimits) async throws -> FetchResult

    /// Whether the stored response a `FetchResult.stamp` names is still in the cache, unchanged,
    /// and still fresh; false when this fetcher cannot tell.
    func stillFresh(_ stamp: CacheStamp) -> Bool

    /// Forgets every stored response for `url`: its caller found the body unusable (a picture
    /// that is an HTML page), so that the next build asks the origin again instead of reusing it
    /// until it goes stale.
    func discard(_ url: URL)
}

extension HTTPFetching {
    public func stillFresh(_ stamp: CacheStamp) -> Bool { false }
    public func discard(_ url: URL) {}
}
