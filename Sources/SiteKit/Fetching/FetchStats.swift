import Foundation

/// What the HTTP layer did with a request, as the summary and `--verbose` name it.
public enum CacheOutcome: String, Sendable, Codable {
    /// Served from a fresh cache entry; no request made.
    case hit
    /// Fetched from the origin.
    case miss
    /// The origin confirmed the cached copy with 304.
    case revalidated
    /// A stale copy served: the origin failed, the run is offline, or the response's
    /// `stale-while-revalidate` or the request's `max-stale` allowed it.
    case stale
    /// Not cacheable: sent straight to the origin.
    case bypass
}

/// Counts of outcomes and bytes, for the end-of-build summary.
public actor FetchStats {
    public private(set) var outcomes: [CacheOutcome: Int] = [:]
    public private(set) var bytesDownloaded = 0
    public private(set) var requestsSent = 0

    public init() {}

    func record(_ outcome: CacheOutcome, downloadedBytes: Int) {
        outcomes[outcome, default: 0] += 1
        bytesDownloaded += downloadedBytes
    }

    func recordRequestSent() {
        requestsSent += 1
    }

    public func count(_ outcome: CacheOutcome) -> Int { outcomes[outcome] ?? 0 }
}
