import Foundation

/// How the HTTP layer behaves for a run: deadlines, retries, cache use.
public struct HTTPClientOptions: Sendable {
    /// Whole-response deadline for each attempt, in seconds of real time (a dripping server cannot
    /// stretch it; the injected `SiteClock` does not shorten it).
    public var timeout: Double
    public var retry: RetryPolicy
    /// Make no network request at all; serve what the cache has, stale or not.
    public var offline: Bool
    /// Revalidate even fresh cache entries.
    public var refresh: Bool
    /// A floor for the freshness lifetime of cached responses (`cache.ttl`, `--ttl`), applied to
    /// every stored response that is not `no-cache` or `must-revalidate`.
    public var minimumTTL: TimeInterval

    public init(timeout: Double = 30, retry: RetryPolicy = RetryPolicy(), offline: Bool = false,
                refresh: Bool = false, minimumTTL: TimeInterval = 0) {
        self.timeout = timeout
        self.retry = retry
        self.offline = offline
        self.refresh = refresh
        self.minimumTTL = minimumTTL
    }
}

/// A response together with how the HTTP layer obtained it.
public struct FetchResult: Sendable {
    public var response: HTTPResponse
    public var outcome: CacheOutcome
    /// Seconds since the origin produced the response, when it came from the cache.
    public var age: Int?
    /// Requests sent to the origin for this result (0 when the cache answered alone).
    public var attempts: Int
    /// When the response is a stored one, fresh, exactly as the cache holds it (a hit, or a miss
    /// just stored): which entry file, so a later run can confirm it unchanged with one `stat`.
    public var stamp: CacheStamp?
    /// When the server asked to be retried, later than the client waits: the response is the
    /// server's own, returned without the retry.
    public var retryAt: Date?
    /// The budget of waiting for retries, when one more would have gone past it (see `Exchange`).
    public var retryBudget: Double?
    /// For an answer from the cache: why the stored copy was, or was not, fresh, in words
    /// ("fresh for 86,340 s more: Cache-Control: max-age=86400"), for `site fetch`.
    public var freshnessNote: String?
    /// When a stale stored copy stood in for an origin that failed: how it failed ("answered
    /// HTTP 503", "is an HTML page, not an image"), as the warning said it.
    public var standIn: String?
    /// For such a stand-in: the failure it stood in for, when no answer came at all (a timeout,
    /// a host that could not be reached), as opposed to an answer that could not be used.
    public var standInFailure: FetchError.Kind?
    /// For JSON: what of its text had to be replaced with U+FFFD to be read, as a clause
    /// ("holds 2 bytes that are not UTF-8 …"); see `JSONTextRepair`.
    public var textProblem: String?
    /// For a server error (5xx) answered as it is: why the stored copy of the URL did not stand
    /// in for it ("its server forbids using it unchecked (Cache-Control: must-revalidate)").
    public var unusedCopy: String?

    public init(response: HTTPResponse, outcome: CacheOutcome, age: Int? = nil, attempts: Int) {
        self.response = response
        self.outcome = outcome
        self.age = age
        self.attempts = attempts
    }
}
