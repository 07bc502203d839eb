import Foundation
@testable import SiteKit

/// A client over the real URLSession transport, a disk cache in a fresh folder, a test clock and a
/// reporter that keeps warnings, for tests against a `TestOrigin`.
struct CacheHarness {
    let folder: TemporaryFolder
    let clock: TestClock
    let reporter: Reporter
    let stats: FetchStats
    let cache: HTTPCache
    let transport: URLSessionTransport

    init() throws {
        folder = try TemporaryFolder()
        clock = TestClock()
        reporter = Reporter.silent()
        stats = FetchStats()
        cache = try HTTPCache(directory: folder.url)
        transport = URLSessionTransport(maxConnectionsPerHost: 8)
    }

    /// Deletes the cache folder. Call it in a `defer` right after making the harness.
    func remove() {
        folder.remove()
    }

    /// A client sharing this harness's cache, clock, reporter and stats. No retries unless asked.
    func client(_ options: HTTPClientOptions = HTTPClientOptions(timeout: 30, retry: .none),
                cache: Bool = true) -> HTTPClient {
        HTTPClient(transport: transport, cache: cache ? self.cache : nil, options: options, clock: clock,
                   reporter: reporter, stats: stats, random: { 1 })
    }

    /// Fetches through a default client.
    func get(_ url: URL, headers: HTTPHeaders = [:], options: HTTPClientOptions? = nil) async throws -> FetchResult {
        let client = options.map { self.client($0) } ?? client()
        return try await client.fetch(HTTPRequest(url: url, headers: headers), limits: .json)
    }

    /// The files the cache holds right now (entries only, not temporary files).
    func entryFiles() -> [URL] {
        let root = folder.url.appendingPathComponent("http-v3/entries")
        let walker = FileManager.default.enumerator(at: root, includingPropertiesForKeys: [.isRegularFileKey])
        var files: [URL] = []
        while let file = walker?.nextObject() as? URL {
            if (try? file.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true { files.append(file) }
        }
        return files
    }
}

extension FetchResult {
    var text: String { String(decoding: response.body, as: UTF8.self) }
}
