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

    /// Fetches `request` as `fetch(_:limits:)` does, but a 2xx answer from the origin whose body
    /// `check` rejects is neither stored nor returned: a stale stored copy stands in for it when
    /// one may (with a warning), else the check's problem is thrown as a `FetchError`.
    func fetch(_ request: HTTPRequest, limits: TransferLimits, check: BodyCheck) async throws -> FetchResult

    /// Whether the stored response a `FetchResult.stamp` names is still in the cache, unchanged,
    /// and still fresh; false when this fetcher cannot tell.
    func stillFresh(_ stamp: CacheStamp) -> Bool

    /// Forgets every stored response for `url`: its caller found the body unusable (a picture
    /// that is an HTML page), so that the next build asks the origin again instead of reusing it
    /// until it goes stale.
    func discard(_ url: URL)

    /// The stored body of `request`'s response when its origin confirms that copy current
    /// without sending it again (a conditional `HEAD` answered 304); nil otherwise, and when this
    /// fetcher cannot tell. Stores, removes and warns of nothing (see `HTTPClient`).
    func confirmedCopy(of request: HTTPRequest) async -> Data?
}

extension HTTPFetching {
    public func confirmedCopy(of request: HTTPRequest) async -> Data? { nil }

    /// Checks the answer after the fetch, for fetchers without a cache to keep it out of.
    public func fetch(_ request: HTTPRequest, limits: TransferLimits, check: BodyCheck) async throws -> FetchResult {
        let result = try await fetch(request, limits: limits)
        if (200..<300).contains(result.response.status), let problem = check.problem(result.response) {
            discard(request.url)
            throw FetchError(problem, method: request.method, url: request.url, attempts: result.attempts)
        }
        return result
    }

    public func stillFresh(_ stamp: CacheStamp) -> Bool { false }
    public func discard(_ url: URL) {}
}
