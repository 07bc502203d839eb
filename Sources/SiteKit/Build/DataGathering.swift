import Foundation

/// The network half of a build: decides live or demo data once, before rendering, then
/// downloads the thumbnails from the same source while it is still available.
///
/// In `auto` mode the live APIs are tried first; only when one of them cannot be reached at all
/// (no DNS, refused, no route, or `--offline` with nothing cached) does the whole build switch to
/// the embedded demo API. A site is never a mix of live and demo data.
struct DataGathering: Sendable {
    struct Result: Sendable {
        var data: SiteData
        var source: DataSource
        var images: ThumbnailPipeline.Outcome
        /// Every fetch of a live build, for its `BuildRecord`; nil for demo data, or when one of
        /// them cannot be recorded.
        var requests: [BuildRecord.Request]?
    }

    var settings: SiteSettings
    var options: BuildOptions
    var seed: String
    var reporter: Reporter
    var makeClient: SiteBuild.ClientFactory

    func run(into output: StagedOutput) async throws -> Result {
        switch settings.source {
        case .demo:
            return try await fromDemo(into: output, detail: "embedded API")
        case .live:
            return try await fromLive(into: output, fallback: false)
        case .auto:
            do {
                return try await fromLive(into: output, fallback: true)
            } catch let error as FetchError where error.isUnreachable {
                let host = error.url.host ?? error.url.absoluteString
                let why = error.kind == .offlineMiss ? "is not in the cache and --offline forbids the network" : "could not be reached (\(Self.reason(error)))"
                reporter.warning("\(host) \(why), and the cache holds no copy of \(error.url.absoluteString). This site was built from the embedded demo API instead: every person and post in it is made up, and every page says so. Run with --live to insist on live data.")
                return try await fromDemo(into: output, detail: "embedded API; \(host) unreachable")
            }
        }
    }

    private func fromLive(into output: StagedOutput, fallback: Bool) async throws -> Result {
        var http = clientOptions()
        // When a fallback exists, an unreachable host is not worth retrying: the demo data is
        // seconds away, and the user asked for a build, not a wait.
        http.retry.retriesUnreachable = !fallback
        let client = FetchRecorder(makeClient(options.resolve(settings.cacheDirectory), http, settings.jobs))
        let data = try await fetchData(client: client, randomUser: settings.randomUserURL, jsonPlaceholder: settings.jsonPlaceholderURL)
        var hosts: [String] = []
        for url in [settings.randomUserURL, settings.jsonPlaceholderURL] {
            var host = url.host ?? url.absoluteString
            if let port = url.port { host += ":\(port)" }
            if !hosts.contains(host) { hosts.append(host) }
        }
        let source = DataSource(isDemo: false, detail: hosts.joined(separator: ", "))
        let images = await images(for: data, client: client, into: output)
        return Result(data: data, source: source, images: images, requests: client.requests)
    }

    private func fromDemo(into output: StagedOutput, detail: String) async throws -> Result {
        try await DemoAPIServer.with(host: "127.0.0.1", port: 0, faults: FaultInjector()) { server in
            // The demo server's port changes every run: caching its answers would only fill the
            // cache with entries no later build can use.
            var http = clientOptions()
            http.offline = false
            let client = makeClient(nil, http, settings.jobs)
            let data = try await fetchData(client: client, randomUser: server.randomUserURL, jsonPlaceholder: server.jsonPlaceholderURL)
            let source = DataSource(isDemo: true, detail: detail)
            return Result(data: data, source: source, images: await images(for: data, client: client, into: output), requests: nil)
        }
    }

    private func fetchData(client: any HTTPFetching, randomUser: URL, jsonPlaceholder: URL) async throws -> SiteData {
        reporter.info("fetching \(settings.users) people (seed \(seed)) from \(randomUser.absoluteString) and posts from \(jsonPlaceholder.absoluteString)")
        let data = try await SiteDataFetcher(client: client, randomUserURL: randomUser, jsonPlaceholderURL: jsonPlaceholder,
                                             users: settings.users, seed: seed, nationalities: settings.nationalities).fetch()
        if data.skipped > 0 {
            reporter.warning("\(data.skipped) entries from the APIs could not be read and were skipped.")
        }
        return data
    }

    /// One job per picture: list thumbnails first (page 1 ahead of the rest, in list order), then
    /// the high-density list sizes, then the large pictures detail pages use, in the background lane.
    private func images(for data: SiteData, client: any HTTPFetching, into output: StagedOutput) async -> ThumbnailPipeline.Outcome {
        var jobs: [ThumbnailPipeline.Job] = []
        for size in settings.imageSizes.sorted() {
            let lane: QoSLane = size == .large ? .background : .utility
            for person in data.people {
                if let url = SafeURL.http(size.url(in: person.picture)) { jobs.append(.init(url: url, lane: lane)) }
            }
        }
        let pipeline = ThumbnailPipeline(client: client, jobs: settings.jobs, perHost: settings.imagesPerHost ?? settings.jobs, reporter: reporter)
        return await pipeline.run(jobs, into: output)
    }

    private func clientOptions() -> HTTPClientOptions {
        Self.clientOptions(settings: settings, options: options)
    }

    /// The HTTP client options of a build with these settings and switches.
    static func clientOptions(settings: SiteSettings, options: BuildOptions) -> HTTPClientOptions {
        HTTPClientOptions(timeout: settings.timeout, offline: options.offline, refresh: options.refresh,
                          minimumTTL: settings.cacheTTL)
    }

    static func reason(_ error: FetchError) -> String {
        if case .transport(let detail, _) = error.kind { return detail }
        return error.kindName
    }
}
