import Foundation
import Synchronization
@testable import SiteKit

/// A project folder in a temporary directory, and builds run in it the way `site build` runs them.
struct BuildHarness {
    let folder: TemporaryFolder
    var settings = SiteSettings()
    var options: BuildOptions
    var verbosity = Verbosity.normal
    /// Everything the builds printed, warnings included.
    let printed = PrintLog()

    init(source: SourceMode = .demo, users: Int = 30, perPage: Int = 12) throws {
        folder = try TemporaryFolder()
        settings.source = source
        settings.users = users
        settings.perPage = perPage
        settings.seed = "harness"
        settings.timeout = 5
        settings.jobs = 8
        options = BuildOptions(projectDirectory: folder.url)
    }

    var output: URL { folder.url.appendingPathComponent(settings.output) }
    var site: SiteInspector { SiteInspector(root: output) }
    var text: String { printed.text }

    /// Points both APIs at `server`, as `--randomuser-url` and `--jsonplaceholder-url` would.
    mutating func use(_ server: DemoAPIServer) {
        settings.randomUserURL = server.randomUserURL
        settings.jsonPlaceholderURL = server.jsonPlaceholderURL
    }

    /// Runs one build with the real HTTP client, or with `client` when given; with `reporter`, one
    /// that several builds share, as site serve's rebuilds do.
    func build(client: (any HTTPFetching)? = nil, reporter shared: Reporter? = nil) async throws -> BuildSummary {
        let reporter = shared ?? Reporter(verbosity: verbosity, sink: printed.append)
        let build = SiteBuild(settings: settings, options: options, reporter: reporter) { cacheDirectory, http, jobs in
            client ?? HTTPClient.standard(cacheDirectory: cacheDirectory, options: http, maxConnectionsPerHost: jobs, reporter: reporter)
        }
        return try await build.run()
    }

    func remove() { folder.remove() }

    /// Writes `files` (name → Markdown) into the project's `content/`, making the folder, and
    /// returns the folder.
    @discardableResult
    func writeContent(_ files: [String: String]) throws -> URL {
        let content = folder.url.appendingPathComponent("content")
        try FileManager.default.createDirectory(at: content, withIntermediateDirectories: true)
        for (name, text) in files { try Data(text.utf8).write(to: content.appendingPathComponent(name)) }
        return content
    }
}

/// What a reporter printed, kept for assertions.
final class PrintLog: Sendable {
    private let lines = Mutex<[(Date, String)]>([])
    var text: String { lines.withLock { $0.map(\.1).joined() } }
    @Sendable func append(_ line: String) { lines.withLock { $0.append((Date(), line)) } }

    /// When the first line containing `text` was printed.
    func firstTime(containing text: String) -> Date? {
        lines.withLock { $0.first { $0.1.contains(text) }?.0 }
    }
}
