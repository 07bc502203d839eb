import Crypto
import Foundation

/// The up-to-date check of `site build` (see `BuildRecord`).
extension SiteBuild {
    /// The summary of a build that needs no work, or nil when something may have changed.
    func upToDate(fingerprint: String?, destination: URL, cacheDirectory: URL, started: Date) async -> BuildSummary? {
        guard settings.source != .demo, !options.refresh, !options.force, let fingerprint,
              let record = BuildRecord.load(cacheDirectory: cacheDirectory, destination: destination),
              record.fingerprint == fingerprint,
              OutputManifest.scan(destination) == record.output else { return nil }
        let gathering = DataGathering(settings: settings, options: options, seed: record.seed, reporter: reporter, makeClient: makeClient)
        let client = makeClient(cacheDirectory, gathering.clientOptions(), settings.jobs)
        let imagesStarted = Date()
        guard await Self.allFresh(record.requests, client: client, width: settings.jobs) else { return nil }
        // As a full build would: staging folders of killed builds do not outlive the next build.
        let output = destination.standardizedFileURL
        StagedOutput.removeLeftovers(in: output.deletingLastPathComponent(), name: output.lastPathComponent)
        let pictures = ImageCounts(done: record.pictures, fromCache: record.pictures)
        return BuildSummary(source: DataSource(isDemo: false, detail: record.sourceDetail), seed: record.seed,
                            people: record.people, posts: record.posts, pagesWritten: 0, filesUnchanged: record.output.files,
                            images: pictures, imageFailures: 0, imageSeconds: Date().timeIntervalSince(imagesStarted),
                            render: RenderTiming(pages: record.pages, duration: .zero, reused: record.pages),
                            seconds: Date().timeIntervalSince(started), upToDate: true)
    }

    /// Whether the cache alone answers every request, fresh, with the recorded bytes: then the
    /// build would decode exactly the data it decoded last time. No request reaches the network
    /// (`only-if-cached` answers 504 instead).
    static func allFresh(_ requests: [BuildRecord.Request], client: any HTTPFetching, width: Int) async -> Bool {
        await withTaskGroup(of: Bool.self) { group in
            var pending = requests[...]
            func next() -> Bool {
                guard let request = pending.popFirst() else { return false }
                group.addTask { await isFresh(request, client: client) }
                return true
            }
            for _ in 0..<max(1, width) where !next() { break }
            for await fresh in group {
                guard fresh else {
                    group.cancelAll()
                    return false
                }
                _ = next()
            }
            return true
        }
    }

    private static func isFresh(_ recorded: BuildRecord.Request, client: any HTTPFetching) async -> Bool {
        guard let url = URL(string: recorded.url) else { return false }
        var headers = HTTPHeaders()
        for field in recorded.headers where field.count == 2 { headers.add(field[0], field[1]) }
        guard !headers.contains("Cache-Control") else { return false }
        headers.add("Cache-Control", "only-if-cached")
        guard let result = try? await client.fetch(HTTPRequest(url: url, headers: headers), limits: .json),
              result.outcome == .hit, result.response.status == 200 else { return false }
        return Hex.string(SHA256.hash(data: result.response.body)) == recorded.digest
    }

    /// Leaves a record of a finished build for the next one's check, or removes the old record
    /// when this build cannot be repeated from the cache alone.
    func record(_ gathered: DataGathering.Result, fingerprint: String?, pages: Int, destination: URL, cacheDirectory: URL) {
        guard let fingerprint, !gathered.source.isDemo, let requests = gathered.requests,
              gathered.images.failures.isEmpty, reporter.warnings.isEmpty,
              let seed = settings.seed, let output = OutputManifest.scan(destination) else {
            BuildRecord.remove(cacheDirectory: cacheDirectory, destination: destination)
            return
        }
        BuildRecord(fingerprint: fingerprint, requests: requests, output: output, people: gathered.data.people.count,
                    posts: gathered.data.posts.count, pictures: gathered.images.images.count, pages: pages,
                    sourceDetail: gathered.source.detail, seed: seed)
            .save(cacheDirectory: cacheDirectory, destination: destination)
    }
}
