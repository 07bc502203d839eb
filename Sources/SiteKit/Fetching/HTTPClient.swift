import Foundation

/// The HTTP client builds and `site fetch` use: a private RFC 9111 disk cache with revalidation and
/// stale-if-error, retries with backoff and `Retry-After`, a hard per-attempt deadline, redirects
/// followed through the cache, and identical GETs in flight at once sharing one request.
///
/// ```swift
/// let client = HTTPClient.standard(cacheDirectory: cacheFolder, options: options,
///                                  maxConnectionsPerHost: jobs, reporter: reporter, stats: stats)
/// let result = try await client.fetch(HTTPRequest(url: url), limits: .json)
/// ```
public final class HTTPClient: HTTPFetching {
    let transport: any HTTPTransport
    let cache: HTTPCache?
    let options: HTTPClientOptions
    let clock: any SiteClock
    let reporter: Reporter
    let stats: FetchStats
    /// A number in 0...1 for backoff jitter; injectable so tests can pin it.
    let random: @Sendable () -> Double
    private let coalescer = RequestCoalescer<FetchResult>()
    /// Stale copies served for one host: a few warnings, then details.
    let staleWarnings = RepeatedWarnings()
    /// Long waits a server asked for (`Retry-After`), said as they start: one host's first few,
    /// then details.
    let waitNotes = RepeatedWarnings(limit: 2)
    /// Responses the disk cache could not store (a full disk, a read-only folder): the same.
    let storeWarnings = RepeatedWarnings()

    /// - Parameters:
    ///   - cache: the disk cache; nil sends everything to the origin (outcome `bypass`).
    ///   - clock: wall-clock time for ages and the sleeps between retries.
    public init(transport: any HTTPTransport, cache: HTTPCache?, options: HTTPClientOptions = HTTPClientOptions(),
                clock: any SiteClock = SystemClock(), reporter: Reporter = .silent(), stats: FetchStats = FetchStats(),
                random: @escaping @Sendable () -> Double = { Double.random(in: 0...1) }) {
        self.transport = transport
        self.cache = cache
        self.options = options
        self.clock = clock
        self.reporter = reporter
        self.stats = stats
        self.random = random
    }

    /// The client of a real run, over one long-lived `URLSessionTransport`.
    ///
    /// When the cache folder cannot be opened the run goes on without a cache, after a warning.
    /// - Parameters:
    ///   - cacheDirectory: the cache folder (`.cache` by default in the CLI); nil for no disk cache.
    ///   - maxConnectionsPerHost: URLSession's connection pool per host; builds pass `--jobs`.
    public static func standard(cacheDirectory: URL?, options: HTTPClientOptions = HTTPClientOptions(),
                                maxConnectionsPerHost: Int = 16, reporter: Reporter, stats: FetchStats = FetchStats()) -> HTTPClient {
        var cache: HTTPCache?
        if let cacheDirectory {
            do {
                cache = try HTTPCache(directory: cacheDirectory)
            } catch {
                reporter.warning(HTTPCache.openingProblem(cacheDirectory, error: error))
            }
        }
        return HTTPClient(transport: URLSessionTransport(maxConnectionsPerHost: maxConnectionsPerHost), cache: cache,
                          options: options, reporter: reporter, stats: stats)
    }

    /// Fetches `request` through the cache, following up to `limits.maxRedirects` redirects (each
    /// hop cached on its own). Every HTTP status is a result; only failures without a usable
    /// response throw `FetchError` (after stale-if-error had its chance).
    public func fetch(_ request: HTTPRequest, limits: TransferLimits) async throws -> FetchResult {
        try await fetch(request, limits: limits, check: nil)
    }

    /// Fetches as `fetch(_:limits:)` does; a 2xx body from the origin that `check` rejects is not
    /// stored, and a stale stored copy stands in for it when one may.
    public func fetch(_ request: HTTPRequest, limits: TransferLimits, check: BodyCheck) async throws -> FetchResult {
        try await fetch(request, limits: limits, check: Optional(check))
    }

    private func fetch(_ request: HTTPRequest, limits: TransferLimits, check: BodyCheck?) async throws -> FetchResult {
        var current = request
        var redirects = 0
        while true {
            let result: FetchResult
            do {
                result = try await fetchHop(current, limits: limits, check: check)
            } catch var error as FetchError where redirects > 0 {
                // The address asked for is the one people know; where its redirects led is named
                // beside it ("was redirected to …, which failed (the connection was refused)").
                error.redirectedTo = error.url
                error.method = request.method
                error.url = request.url
                throw error
            }
            guard limits.maxRedirects > 0, let next = Redirect.next(after: current, response: result.response) else {
                return result
            }
            redirects += 1
            guard redirects <= limits.maxRedirects else {
                throw FetchError(.limit("more than \(limits.maxRedirects) redirects"), method: request.method, url: request.url)
            }
            guard ["http", "https"].contains(next.url.scheme?.lowercased() ?? "") else {
                throw FetchError(.limit("it redirected to \(next.url.shown), which is not http(s)"),
                                 method: request.method, url: request.url)
            }
            current = next
        }
    }

    /// One request, coalesced with identical reads in flight, with its `--verbose` line.
    private func fetchHop(_ request: HTTPRequest, limits: TransferLimits, check: BodyCheck?) async throws -> FetchResult {
        let started = ContinuousClock.now
        let target = "\(request.method) \(request.url.shown)"
        do {
            let result: FetchResult
            if request.method == "GET" || request.method == "HEAD" {
                result = try await coalescer.run(key: Self.coalescingKey(request, limits, check)) {
                    try await self.fetchRecorded(request, limits: limits, check: check)
                }
            } else {
                result = try await fetchRecorded(request, limits: limits, check: check)
            }
            if reporter.verbosity >= .verbose {
                if result.outcome == .miss, result.attempts == 0 {
                    // only-if-cached (the up-to-date check): the 504 is the cache's, not a server's.
                    reporter.detail("\(target): no fresh copy in the cache (only-if-cached: nothing was sent)")
                } else {
                    let size = ByteCount.format(result.response.body.count)
                    reporter.detail("\(target) \(result.response.status) \(size) \(Self.milliseconds(since: started)) ms \(result.outcome.rawValue)")
                }
            }
            return result
        } catch let error as FetchError {
            reporter.detail("\(target) failed after \(Self.milliseconds(since: started)) ms: \(error.kindName)")
            throw error
        }
    }

    private func fetchRecorded(_ request: HTTPRequest, limits: TransferLimits, check: BodyCheck?) async throws -> FetchResult {
        let result = try await fetchThroughCache(request, limits: limits, check: check)
        let downloaded = result.outcome == .miss || result.outcome == .bypass ? result.response.body.count : 0
        await stats.record(result.outcome, downloadedBytes: downloaded)
        return result
    }

    static func coalescingKey(_ request: HTTPRequest, _ limits: TransferLimits, _ check: BodyCheck? = nil) -> String {
        let fields = request.headers.fields.map { "\($0.name.lowercased()): \($0.value)" }.joined(separator: "\n")
        return "\(request.method) \(request.url.absoluteString) \(limits.maxBodyBytes) \(check?.name ?? "-")\n\(fields)"
    }

    static func milliseconds(since start: ContinuousClock.Instant) -> Int {
        let elapsed = ContinuousClock.now - start
        return Int(elapsed.components.seconds * 1000 + elapsed.components.attoseconds / 1_000_000_000_000_000)
    }
}
