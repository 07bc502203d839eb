import Crypto
import Foundation

/// The up-to-date check of `site build` (see `BuildRecord`).
extension SiteBuild {
    /// The summary of a build that needs no work but, at most, putting the recorded output back
    /// from the output store, and the paths of the files the recorded build wrote; nil when
    /// something may have changed.
    func upToDate(fingerprint: String?, destination: URL, cacheDirectory: URL, started: Date) async throws -> (summary: BuildSummary, files: Set<String>)? {
        guard settings.source != .demo, !options.refresh, !options.force, let fingerprint,
              let record = BuildRecord.load(cacheDirectory: cacheDirectory, destination: destination),
              record.fingerprint == fingerprint, let files = record.fileList else { return nil }
        let intact = OutputManifest.scan(destination) == record.output
        let clientOptions = DataGathering.clientOptions(settings: settings, options: options)
        let client = makeClient(cacheDirectory, clientOptions, settings.jobs)
        // Stale copies are confirmed once each, with no retries: a server that fails now is left
        // to the full build, which retries it and says what it fell back on.
        var revalidating = clientOptions
        revalidating.retry = .none
        let origin: (() -> any HTTPFetching)? = options.offline ? nil : { [makeClient, jobs = settings.jobs] in
            makeClient(cacheDirectory, revalidating, jobs)
        }
        let checkStarted = Date()
        guard let confirmed = await Self.unchangedData(record.requests, cache: client, origin: origin, width: settings.jobs) else {
            // Ctrl-C during the check stops the build here, not after it has started fetching.
            try Task.checkCancellation()
            return nil
        }
        let checkSeconds = Date().timeIntervalSince(checkStarted)
        // The build's files, not those of the user's the output holds as well.
        var counts = StagedOutput.Counts(written: 0, unchanged: files.count)
        if intact {
            // As a full build would: staging folders of killed builds do not outlive the next build.
            let output = destination.standardizedFileURL
            StagedOutput.removeLeftovers(in: output.deletingLastPathComponent(), name: output.lastPathComponent)
        } else {
            guard let restored = try restore(record, files: files, destination: destination, cacheDirectory: cacheDirectory) else { return nil }
            counts = restored
        }
        let pictures = ImageCounts(done: record.pictures, fromCache: record.pictures)
        let summary = BuildSummary(source: DataSource(isDemo: false, detail: record.sourceDetail), seed: record.seed,
                            people: record.people, posts: record.posts, pagesWritten: counts.written, filesUnchanged: counts.unchanged,
                            images: pictures, imageFailures: 0, imageSeconds: checkSeconds,
                            render: RenderTiming(pages: record.pages, duration: .zero, reused: record.pages),
                            seconds: Date().timeIntervalSince(started), upToDate: intact ? .intact : .restored,
                            confirmedUnchanged: confirmed)
        return (summary, Set(files.map(\.path)))
    }

    /// Puts the recorded files back through a staging folder, each linked from the output store
    /// after its bytes were checked against its hash, and records the new folder. Nil, with the
    /// output untouched, when the store no longer holds one of them intact.
    private func restore(_ record: BuildRecord, files: [(path: String, digest: String)], destination: URL,
                         cacheDirectory: URL) throws -> StagedOutput.Counts? {
        // The output may hold files of the user's as well (carried over, not listed here).
        guard files.count <= record.output.files,
              let store = OutputStore(cacheDirectory: cacheDirectory) else { return nil }
        let output = try StagedOutput(destination: destination, store: store)
        do {
            let complete = try ParallelMap.map(files.count) { index -> Bool in
                guard let (data, digest) = store.contents(named: files[index].digest) else { return false }
                try output.write(data, to: files[index].path, digest: digest, restoring: true)
                return true
            }
            guard !complete.contains(false) else {
                output.discard()
                return nil
            }
            try output.commit()
        } catch {
            output.discard()
            throw error
        }
        var updated = record
        if let manifest = OutputManifest.scan(destination) {
            updated.output = manifest
            updated.save(cacheDirectory: cacheDirectory, destination: destination)
        } else {
            BuildRecord.remove(cacheDirectory: cacheDirectory, destination: destination)
        }
        return output.counts
    }

    /// What one recorded request would give a build now.
    enum RecordedAnswer: Sendable {
        /// The bytes the last build decoded.
        case same
        /// The cache holds no fresh copy: only the server can tell.
        case unknown
        /// Other bytes, or none: the build must do the work.
        case differs
    }

    /// Whether every recorded request would give the build exactly the data it decoded last time:
    /// nil when one may not, otherwise how many of them the servers had to confirm. The cache
    /// answers first, with no request sent (`only-if-cached`); each copy it holds stale is then
    /// put to its server through `origin` (a conditional HEAD with its ETag or Last-Modified,
    /// answered 304 when it is current) and compared, so an API that sends validators but no
    /// freshness gets up-to-date rebuilds without `--ttl`. Nothing the check hears is stored: a
    /// changed or failing answer is the full build's to fetch, check and warn of. Without
    /// `origin` (`--offline`) a stale copy is not confirmed.
    static func unchangedData(_ requests: [BuildRecord.Request], cache: any HTTPFetching,
                              origin: (() -> any HTTPFetching)?, width: Int) async -> Int? {
        let online = origin != nil
        guard let unknown = await answers(requests, width: width, { await cachedAnswer($0, cache: cache, online: online) }) else { return nil }
        if unknown.isEmpty { return 0 }
        guard let origin else { return nil }
        let client = origin()
        guard let left = await answers(unknown, width: width, { await originAnswer($0, client: client) }), left.isEmpty else { return nil }
        return unknown.count
    }

    /// Asks `answer` about every request, `width` at a time: the requests it could not tell
    /// about (`unknown`), or nil as soon as one `differs` (the others are cancelled).
    private static func answers(_ requests: [BuildRecord.Request], width: Int,
                                _ answer: @escaping @Sendable (BuildRecord.Request) async -> RecordedAnswer) async -> [BuildRecord.Request]? {
        await withTaskGroup(of: (Int, RecordedAnswer).self) { group in
            var next = requests.startIndex
            func startNext() {
                guard next < requests.endIndex else { return }
                let index = next
                next += 1
                group.addTask { (index, await answer(requests[index])) }
            }
            for _ in 0..<max(1, width) { startNext() }
            var unknown: [Int] = []
            for await (index, result) in group {
                switch result {
                case .differs:
                    group.cancelAll()
                    return nil
                case .unknown: unknown.append(index)
                case .same: break
                }
                startNext()
            }
            return unknown.sorted().map { requests[$0] }
        }
    }

    private static func request(for recorded: BuildRecord.Request) -> HTTPRequest? {
        guard let url = URL(string: recorded.url) else { return nil }
        var headers = HTTPHeaders()
        for field in recorded.headers where field.count == 2 { headers.add(field[0], field[1]) }
        // A request with directives of its own is not one the check can repeat as the build would.
        guard !headers.contains("Cache-Control") else { return nil }
        return HTTPRequest(url: url, headers: headers)
    }

    /// - Parameter online: whether a stale copy the cache may serve as it is (within its
    ///   `stale-while-revalidate`) counts as the build would use it; offline, where a build uses
    ///   every stale copy and says so, none does.
    private static func cachedAnswer(_ recorded: BuildRecord.Request, cache: any HTTPFetching, online: Bool) async -> RecordedAnswer {
        guard var request = request(for: recorded) else { return .differs }
        // The entry file that answered last time, unchanged and still fresh: the same bytes.
        if let stamp = recorded.stamp, cache.stillFresh(stamp) { return .same }
        request.headers.add("Cache-Control", "only-if-cached")
        guard let result = try? await cache.fetch(request, limits: .json) else { return .differs }
        // A 504 says there is no fresh copy (see `HTTPClient`): the server may still confirm it.
        if result.outcome == .miss && result.response.status == 504 { return .unknown }
        guard result.outcome == .hit || (result.outcome == .stale && online) else { return result.outcome == .stale ? .unknown : .differs }
        return result.response.status == 200 && digest(of: result) == recorded.digest ? .same : .differs
    }

    /// The server's answer: a 304 confirms the stored copy, whose bytes must still be those of
    /// the last build (`site fetch` may have stored others since). Anything else is left to the build.
    private static func originAnswer(_ recorded: BuildRecord.Request, client: any HTTPFetching) async -> RecordedAnswer {
        guard let request = request(for: recorded), let body = await client.confirmedCopy(of: request) else { return .differs }
        return Hex.string(SHA256.hash(data: body)) == recorded.digest ? .same : .differs
    }

    private static func digest(of result: FetchResult) -> String {
        Hex.string(SHA256.hash(data: result.response.body))
    }

    /// Leaves a record of a finished build for the next one's check, or removes the old record
    /// when this build cannot be repeated from the cache alone.
    /// `warned`: whether this build gave a warning.
    func record(_ gathered: DataGathering.Result, written: StagedOutput, fingerprint: String?, pages: Int,
                destination: URL, cacheDirectory: URL, warned: Bool) {
        guard let fingerprint, !gathered.source.isDemo, let requests = gathered.requests,
              gathered.images.failures.isEmpty, !warned, let seed = settings.seed,
              let files = written.fileDigests, !files.contains(where: { $0.path.contains("\n") }),
              let output = OutputManifest.scan(destination), output.files == files.count + written.carried.count else {
            BuildRecord.remove(cacheDirectory: cacheDirectory, destination: destination)
            return
        }
        BuildRecord(fingerprint: fingerprint, requests: requests, output: output,
                    files: files.map { Hex.string($0.digest) + " " + $0.path + "\n" }.joined(), people: gathered.data.people.count,
                    posts: gathered.data.posts.count, pictures: gathered.images.images.count, pages: pages,
                    sourceDetail: gathered.source.detail, seed: seed)
            .save(cacheDirectory: cacheDirectory, destination: destination)
    }
}
