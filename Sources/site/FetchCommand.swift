import ArgumentParser
import Foundation
import SiteKit

/// `site fetch URL`: one request through the build's HTTP client and cache, for inspection and scripts.
struct FetchCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "fetch",
        abstract: "Fetches one URL through the site's HTTP cache, as a build would.",
        discussion: """
        The body goes to standard output and one summary line to standard error. With --json, one \
        JSON object goes to standard output (exit 0 for any HTTP status; 1 with {"error", "kind"} \
        when no response arrived, 64 when the command line cannot be used). Redirects are reported, \
        not followed.
        """
    )

    @Argument(help: "The http or https URL to fetch.")
    var url: String

    @Option(name: .customLong("cache-dir"), help: "The cache folder (default: the cache_dir of the settings file, as builds use it, else .cache).")
    var cacheDirectory: String?

    @Option(help: "The settings file whose cache_dir is read, from its own folder as builds read it (default: site.yml, if there is one).")
    var config: String?

    @Option(help: "The request method (default: GET, or POST with --data).")
    var method: String?

    @Option(name: [.customLong("header"), .customShort("H")], help: ArgumentHelp("A request header; repeatable.", valueName: "Name: value"))
    var headers: [String] = []

    @Option(help: "A request body, sent as is; without --method it is sent with POST, as curl -d does. GET and HEAD cannot carry one.")
    var data: String?

    @Flag(help: "Print one JSON object with status, headers, cache outcome, age and the body in base64.")
    var json = false

    @Flag(name: .customLong("no-retry"), help: "Make exactly one attempt.")
    var noRetry = false

    @Flag(help: "Make no network request; answer from the cache or fail.")
    var offline = false

    @Flag(help: "Revalidate even a fresh cached copy (unless it is immutable), as a browser reload does.")
    var refresh = false

    @Option(parsing: .unconditional, help: "Seconds allowed for each whole response, or a duration such as 30s or 2m.")
    var timeout = Seconds(30)

    @Flag(name: [.customShort("v"), .long], help: "Print one line per request on standard error.")
    var verbose = false

    func run() async throws {
        let options = FetchToolOptions(url: url, method: method, headers: headers, body: data.map { Data($0.utf8) },
                                       json: json, noRetry: noRetry, offline: offline, refresh: refresh, timeout: timeout.value)
        let reporter = Reporter(verbosity: verbose ? .verbose : .normal)
        let folder = URL(fileURLWithPath: FileManager.default.currentDirectoryPath, isDirectory: true)
        let cache: URL
        // Checked here rather than in `validate()`, so that with --json these too are one JSON object.
        do {
            guard !(offline && refresh) else {
                throw FetchToolError("--offline and --refresh cannot be used together: --offline makes no request, and --refresh revalidates the cached response with one. Pick one")
            }
            if let config, config.trimmingCharacters(in: .whitespaces).isEmpty {
                throw FetchToolError("--config must name a settings file, such as site.yml, and is empty")
            }
            let timeout = timeout.value
            guard timeout > 0, timeout <= 3600 else {
                throw FetchToolError("--timeout must be more than 0 and at most 3600 seconds, not \(timeout.isFinite ? timeout.formatted(.number.grouping(.never)) : "\(timeout)")")
            }
            let (resolved, origin) = try FetchCacheFolder.resolve(flag: cacheDirectory, config: config, in: folder)
            cache = resolved
            reporter.detail("cache: \(resolved.path) (\(origin))")
        } catch {
            let output = switch error {
            case let error as SettingsError: FetchTool.settingsFailure(error, json: json)
            case let error as FetchToolError: FetchTool.usageFailure(error, json: json)
            default: FetchTool.usageFailure(FetchToolError("\(error)"), json: json)
            }
            StandardStream.output(output.standardOutput)
            StandardStream.error(output.standardError)
            throw ExitCode(output.exitCode)
        }
        // `--offline` reads the cache and nothing else: a cache folder that is not there yet has
        // nothing to give, and is not made for it.
        let readable = offline && !FileManager.default.fileExists(atPath: cache.path) ? nil : cache
        let client = HTTPClient.standard(cacheDirectory: readable,
                                         options: FetchTool.clientOptions(options), maxConnectionsPerHost: 4, reporter: reporter)
        // Ctrl-C or SIGTERM stops the request; the cache is only ever written whole.
        // A fetch the signal cancelled comes back as a failure: that is the interruption.
        let outcome = try await Interruptible.run { await FetchTool.run(options, client: client) }
        guard case .finished(let output, let signalled) = outcome, !signalled || output.exitCode == 0 else {
            if json { StandardStream.output(FetchJSON.failure(message: "interrupted: nothing was fetched.", kind: "interrupted")) }
            StandardStream.error("interrupted: nothing was fetched.\n")
            throw ExitCode(130)
        }
        StandardStream.output(output.standardOutput)
        StandardStream.error(output.standardError)
        if output.exitCode != 0 { throw ExitCode(output.exitCode) }
    }
}
