import Foundation

/// The network half of a build: decides live or demo data once, before rendering, then
/// downloads the thumbnails from the same source while it is still available. Work that needs
/// the data but not every picture (`Meanwhile`, person pages) runs while the pictures download.
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
    /// Makes the HTTP cache's subfolders while the data is fetched.
    var prefill: SubfolderPrefill?

    /// Work that starts once the data is in and runs while the pictures download; it sees each
    /// picture as it settles. If it fails, the downloads still queued are cancelled.
    typealias Meanwhile<Early: Sendable> = @Sendable (SiteData, DataSource, ImageArrivals) async throws -> Early

    func run<Early: Sendable>(into output: StagedOutput, meanwhile: @escaping Meanwhile<Early>) async throws -> (Result, Early) {
        switch settings.source {
        case .demo:
            return try await fromDemo(into: output, detail: "embedded API", meanwhile: meanwhile)
        case .live:
            return try await fromLive(into: output, fallback: false, meanwhile: meanwhile)
        case .auto:
            do {
                return try await fromLive(into: output, fallback: true, meanwhile: meanwhile)
            } catch let error as FetchError where error.isUnreachable {
                // The host that could not be reached, where redirects led when they did.
                let host = (error.redirectedTo ?? error.url).shownHost
                let why: String, detail: String
                let copy = error.unusedCopy.map { "no usable copy of \(error.url.shown) (\($0))" } ?? "no copy of \(error.url.shown)"
                if error.kind == .offlineMiss {
                    why = "--offline forbids the network, and the cache holds \(copy)"
                    detail = "\(host) not cached, --offline"
                } else if case .offlineForbidden(let directive) = error.kind {
                    // The cache has a copy: the server asked for it to be checked before use.
                    why = "--offline forbids the network, and the cache's copy of \(error.url.shown) may not be used unchecked: its server "
                        + "sent Cache-Control: \(directive)\(directive == "no-cache" ? "" : ", and the copy is stale")"
                    detail = "\(host) to be checked, --offline"
                } else {
                    why = "\(host) could not be reached (\(Self.reason(error))), and the cache holds \(copy)"
                    detail = "\(host) unreachable"
                }
                // --live fails where the network is not to be had: offline, the way to live data is a
                // build online first, which fills the cache.
                let advice = if case .offlineForbidden = error.kind {
                    "Build online, which checks the copy with the server; with --live, a build fails instead of using demo data."
                } else if error.kind == .offlineMiss {
                    "Build once online to fill the cache (if that was just done, the server does not let a copy be kept, "
                        + "Cache-Control: no-store, and builds need the network); with --live, a build fails instead of using demo data."
                } else {
                    "Run with --live to insist on live data."
                }
                reporter.warning("\(why). This site was built from the embedded demo API instead: every person and post in it is made up, and every page says so. \(advice)")
                return try await fromDemo(into: output, detail: "embedded API; \(detail)", meanwhile: meanwhile)
            }
        }
    }

    private func fromLive<Early: Sendable>(into output: StagedOutput, fallback: Bool,
                                           meanwhile: @escaping Meanwhile<Early>) async throws -> (Result, Early) {
        var http = clientOptions()
        // When a fallback exists, an unreachable host is not worth retrying: the demo data is
        // seconds away, and the user asked for a build, not a wait.
        http.retry.retriesUnreachable = !fallback
        let cacheDirectory = options.resolve(settings.cacheDirectory)
        let client = FetchRecorder(makeClient(cacheDirectory, http, settings.jobs))
        prefill?.start(HTTPCache.entriesFolder(in: cacheDirectory))
        let data = try await fetchData(client: client, randomUser: settings.randomUserURL, jsonPlaceholder: settings.jsonPlaceholderURL,
                                       offline: options.offline, grace: SiteDataFetcher.unreachableGrace(for: http.retry))
        var hosts: [String] = []
        for url in [settings.randomUserURL, settings.jsonPlaceholderURL] {
            let host = url.shownHost
            if !hosts.contains(host) { hosts.append(host) }
        }
        let source = DataSource(isDemo: false, detail: hosts.joined(separator: ", "), offline: options.offline,
                                credit: DataSource.credit(randomUser: settings.randomUserURL, jsonPlaceholder: settings.jsonPlaceholderURL))
        if let warning = settings.placeholderBaseURLWarning { reporter.settingsWarning(warning) }
        let (images, early) = try await images(for: data, source: source, client: client, into: output, meanwhile: meanwhile)
        return (Result(data: data, source: source, images: images, requests: client.requests), early)
    }

    private func fromDemo<Early: Sendable>(into output: StagedOutput, detail: String,
                                           meanwhile: @escaping Meanwhile<Early>) async throws -> (Result, Early) {
        // A build asks for each resource once (`RequestCoalescer`): the server's memory of its
        // answers (the people pages, 5.2 MB per 5,000 people) would only be held until it stops.
        try await DemoAPIServer.with(host: "127.0.0.1", port: 0, faults: FaultInjector(), remembering: 0) { server in
            // The demo server's port changes every run: caching its answers would only fill the
            // cache with entries no later build can use.
            var http = clientOptions()
            http.offline = false
            let client = makeClient(nil, http, settings.jobs)
            let data: SiteData
            do {
                data = try await fetchData(client: client, randomUser: server.randomUserURL, jsonPlaceholder: server.jsonPlaceholderURL)
            } catch var error as FetchError {
                // Advice for a live API (retry later, run with --demo) is wrong for this one.
                error.fromEmbeddedAPI = true
                throw error
            }
            let source = DataSource(isDemo: true, detail: detail)
            let (images, early) = try await images(for: data, source: source, client: client, into: output, meanwhile: meanwhile)
            return (Result(data: data, source: source, images: images, requests: nil), early)
        }
    }

    private func fetchData(client: any HTTPFetching, randomUser: URL, jsonPlaceholder: URL, offline: Bool = false,
                           grace: Duration = SiteDataFetcher.unreachableGrace) async throws -> SiteData {
        let verb = offline ? "reading" : "fetching"
        reporter.info("\(verb) \(BuildSummary.count(settings.users, "person", "people")) (seed \(seed)) from \(randomUser.shown) and posts from \(jsonPlaceholder.shown)"
            + (verb == "reading" ? ", from the cache only (--offline)" : ""))
        let data = try await SiteDataFetcher(client: client, randomUserURL: randomUser, jsonPlaceholderURL: jsonPlaceholder,
                                             users: settings.users, seed: seed, nationalities: settings.nationalities, unreachableGrace: grace).fetch()
        // The pages' JSON and their decoded lists are freed now that the people are in one list.
        FreedMemory.release()
        for replaced in data.replacedText {
            reporter.warning(replaced.warning)
        }
        for skipped in data.skipped {
            reporter.warning(skipped.warning)
        }
        if data.repeats > 0 {
            reporter.warning("\(BuildSummary.count(data.repeats, "person", "people")) in the people list \(data.repeats == 1 ? "was a repeat" : "were repeats") "
                + "of an earlier one (the same login.uuid, or e-mail without one, and name) and \(data.repeats == 1 ? "is" : "are") listed once.")
        }
        for (count, one, many, route, lookup) in [(data.repeatedAuthors, "author", "authors", "users", "posts find their author"),
                                                  (data.repeatedPosts, "post", "posts", "posts", "comments find their post")] where count > 0 {
            reporter.warning("\(BuildSummary.count(count, one, many)) from \(jsonPlaceholder.appendingPathComponent(route).shown) had the id "
                + "of an earlier one and \(count == 1 ? "was" : "were") left out: \(lookup) by id alone, so two of one id could not be told apart.")
        }
        let asked = settings.users
        if asked == 0 {
            // Allowed (a site of posts alone), but a templated or mistyped value in CI emptied a
            // site of its people without a word, where an API that sends none fails the build.
            reporter.warning("users is 0 (site.yml's users, or --users), so this site lists no people: its People section is empty "
                + "and no person pages are published. If that is not meant, set users to how many people to list (the default is 50).")
        }
        if asked > 0, data.people.isEmpty {
            // None sent, or some sent and none readable: the second is in the skipped warning.
            let skipped = data.skipped.filter { $0.list == "people" }.reduce(0) { $0 + $1.count }
            let sent = skipped == 0 ? "sent none" : "sent \(BuildSummary.count(skipped, "person", "people")) and none that could be read"
            throw BuildError(step: "Fetching the data", message: "\(randomUser.shown) was asked for \(BuildSummary.count(asked, "person", "people")) "
                + "and \(sent), and a site without its people is not published over the last one. "
                + "Check that the URL points at a randomuser-compatible API (its answers hold a \"results\" list).")
        }
        // Posts the API sent, none of them readable: a broken mirror or another API, whose site
        // without posts would replace the last good one. (An empty list is the API's to send.)
        if data.posts.isEmpty, let sent = data.skipped.first(where: { $0.list == "posts" && $0.count > 0 }) {
            throw BuildError(step: "Fetching the data", message: "\(sent.url.shown) sent \(BuildSummary.count(sent.count, "post", "posts")) and none "
                + "could be read\(sent.firstProblem.map { " (the first \($0))" } ?? ""), and a site without its posts is not published over the "
                + "last one. Check that the URL points at a JSONPlaceholder-compatible API (its /posts answer is a list of objects "
                + "with id, userId, title and body).")
        }
        // An empty list may be what the API holds, but it empties the site's posts, or blanks
        // every byline, without a word otherwise: say so, for whoever deploys the result.
        if data.posts.isEmpty, !data.skipped.contains(where: { $0.list == "posts" && $0.count > 0 }) {
            reporter.warning("\(jsonPlaceholder.appendingPathComponent("posts").shown) answered an empty list, so this site has no posts, "
                + "post pages or feed entries. If the API should have posts, it may be having trouble: check it before deploying this site.")
        }
        if data.authors.isEmpty, !data.skipped.contains(where: { $0.list == "authors" && $0.count > 0 }) {
            reporter.warning("\(jsonPlaceholder.appendingPathComponent("users").shown) answered no authors, so every post is by "
                + "\"an unknown author\" and the site has no author pages. If the API should have users, check it before deploying this site.")
        }
        if data.people.count < asked {
            let unreadable = data.repeats + (data.skipped.first { $0.list == "people" }?.count ?? 0)
            reporter.warning("\(randomUser.shown) was asked for \(BuildSummary.count(asked, "person", "people")) and the site lists \(data.people.count): "
                + (unreadable > 0 ? "the others were repeats or could not be read (see above)." : "the API sent no more."))
        }
        return data
    }

    /// Says which picture URLs from the data are not fetched because they are not http(s)
    /// (`javascript:`, `data:`, `//host/x`, a file path): their people get placeholders, and
    /// nobody should wonder why.
    private func noteRefusedPictures(in people: [Person]) {
        var refused: [(person: Person, text: String)] = []
        for person in people {
            for size in settings.imageSizes.sorted() {
                guard let text = size.url(in: person.picture), !text.isEmpty, person.picture?.url(size) == nil else { continue }
                refused.append((person, text))
                break
            }
        }
        guard let first = refused.first else { return }
        let shown = first.text.clipped(to: 80)
        // An http(s) address with a space or a control character in it is refused too, and that
        // is not for its scheme.
        let scheme = first.text.prefix { $0 != ":" }.lowercased()
        let why = scheme == "http" || scheme == "https"
            ? ", which holds a space or a control character, written %20 and the like in a URL"
            : ""
        reporter.warning("\(BuildSummary.count(refused.count, "person", "people")) \(refused.count == 1 ? "has a picture URL" : "have picture URLs") "
            + "that \(refused.count == 1 ? "is not an http(s) URL" : "are not http(s) URLs") this tool fetches and \(refused.count == 1 ? "was" : "were") not fetched "
            + "(the first, of \(first.person.displayName.clipped(to: 80)): \"\(shown)\"\(why)); \(refused.count == 1 ? "that person gets" : "they get") a placeholder.")
    }

    /// One job per picture: list thumbnails first (page 1 ahead of the rest, in list order), then
    /// the high-density list sizes, then the large pictures detail pages use, in the background lane
    /// (alone there by default, so in list order too). `meanwhile` runs beside the downloads.
    private func images<Early: Sendable>(for data: SiteData, source: DataSource, client: any HTTPFetching, into output: StagedOutput,
                                         meanwhile: @escaping Meanwhile<Early>) async throws -> (ThumbnailPipeline.Outcome, Early) {
        var jobs: [ThumbnailPipeline.Job] = []
        for size in settings.imageSizes.sorted() {
            let lane: QoSLane = size == .large ? .background : .utility
            for person in data.people {
                if let url = person.picture?.url(size) { jobs.append(.init(url: url, lane: lane)) }
            }
        }
        noteRefusedPictures(in: data.people)
        var pipeline = ThumbnailPipeline(client: client, jobs: settings.jobs, perHost: settings.imagesPerHost ?? settings.jobs, reporter: reporter)
        pipeline.strict = options.strict
        pipeline.failureLimit = settings.imageFailureLimit
        let (settled, arrival) = AsyncStream.makeStream(of: SettledImage.self)
        pipeline.settled = { arrival.yield($0) }
        let arrivals = ImageArrivals(requested: Set(jobs.map(\.url)), settled: settled)
        return try await withThrowingTaskGroup(of: ImagePhasePart<Early>.self) { group in
            group.addTask { [pipeline, jobs, arrivals] in
                let outcome = try await pipeline.run(jobs, into: output)
                arrivals.phase.end()
                arrival.finish()
                return .images(outcome)
            }
            group.addTask { .early(try await meanwhile(data, source, arrivals)) }
            var outcome: ThumbnailPipeline.Outcome?
            var early: Early?
            // The first failure cancels the other part: queued downloads, or pages not rendered yet.
            for try await part in group {
                switch part {
                case .images(let value): outcome = value
                case .early(let value): early = value
                }
            }
            guard let outcome, let early else { throw CancellationError() }  // both parts return, or one throws
            return (outcome, early)
        }
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

/// What each of the two concurrent parts of the image phase returns.
private enum ImagePhasePart<Early: Sendable>: Sendable {
    case images(ThumbnailPipeline.Outcome)
    case early(Early)
}
