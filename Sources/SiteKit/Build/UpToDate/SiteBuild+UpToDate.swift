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
        let client = makeClient(cacheDirectory, DataGathering.clientOptions(settings: settings, options: options), settings.jobs)
        let checkStarted = Date()
        guard await Self.allFresh(record.requests, client: client, width: settings.jobs) else { return nil }
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
                            seconds: Date().timeIntervalSince(started), upToDate: intact ? .intact : .restored)
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
        // The entry file that answered last time, unchanged and still fresh: the same bytes.
        if let stamp = recorded.stamp, client.stillFresh(stamp) { return true }
        headers.add("Cache-Control", "only-if-cached")
        guard let result = try? await client.fetch(HTTPRequest(url: url, headers: headers), limits: .json),
              result.outcome == .hit, result.response.status == 200 else { return false }
        return Hex.string(SHA256.hash(data: result.response.body)) == recorded.digest
    }

    /// Leaves a record of a finished build for the next one's check, or removes the old record
    /// when this build cannot be repeated from the cache alone.
    func record(_ gathered: DataGathering.Result, written: StagedOutput, fingerprint: String?, pages: Int,
                destination: URL, cacheDirectory: URL) {
        guard let fingerprint, !gathered.source.isDemo, let requests = gathered.requests,
              gathered.images.failures.isEmpty, reporter.warnings.isEmpty, let seed = settings.seed,
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
