import ArgumentParser
import Foundation
import SiteKit
import Synchronization

/// The options of a build, shared by `site build` and `site serve`.
struct BuildFlags: ParsableArguments {
    /// The settings a build has with neither site.yml nor flags, for the help's defaults.
    private static let defaults = SiteSettings()

    @Option(help: "The settings file (default: site.yml, which may be missing).") var config: String?
    @Option(help: "Where the site is written: a folder of its own, replaced whole by every build (default: site.yml's output, else \(BuildFlags.defaults.output)).") var output: String?
    @Option(name: .customLong("cache-dir"), help: "The HTTP cache folder (default: site.yml's cache_dir, else \(BuildFlags.defaults.cacheDirectory)).") var cacheDir: String?
    @Option(name: .customLong("randomuser-url"), help: "The people API (default: site.yml's randomuser_url, else \(BuildFlags.defaults.randomUserURL.absoluteString)).") var randomUserURL: String?
    @Option(name: .customLong("jsonplaceholder-url"), help: "The posts API (default: site.yml's jsonplaceholder_url, else \(BuildFlags.defaults.jsonPlaceholderURL.absoluteString)).") var jsonPlaceholderURL: String?
    // `.unconditional`: a negative number is the value, to be refused by its range, not a flag missing.
    @Option(parsing: .unconditional, help: "How many people to fetch (default: site.yml's users, else \(BuildFlags.defaults.users)).") var users: Int?
    @Option(parsing: .unconditional, help: "The randomuser seed (one for all pages); site.yml's seed, else picked and printed.") var seed: String?
    @Option(name: .customLong("per-page"), parsing: .unconditional, help: "Entries per list page (default: site.yml's per_page, else \(BuildFlags.defaults.perPage)).") var perPage: Int?
    @Option(parsing: .unconditional, help: "Concurrent downloads, and connections per host (default: site.yml's jobs or images.jobs, else \(BuildFlags.defaults.jobs)).") var jobs: Int?
    @Option(parsing: .unconditional, help: "Whole-response deadline per attempt, in seconds or as a duration such as 30s or 2m (default: site.yml's timeout, else \(Int(defaults.timeout))).") var timeout: Seconds?
    @Option(parsing: .unconditional, help: "Freshness floor for cached responses, e.g. 10m or 1d (default: site.yml's cache.ttl, else none: the API's own headers decide).") var ttl: String?
    @Option(help: "How pages link to a folder's page: folders (users/, for a web server) or files (users/index.html, for a site opened from disk) (default: site.yml's links, else \(BuildFlags.defaults.links.rawValue)).")
    var links: String?
    @Flag(help: "Use the live APIs only; never fall back to demo data (site.yml: source: live).") var live = false
    @Flag(help: "Use the embedded demo API only; no internet needed (site.yml: source: demo).") var demo = false
    @Flag(help: "Make no network request: serve from the cache, stale or not.") var offline = false
    @Flag(help: "Revalidate every cached response (a fresh immutable one excepted).") var refresh = false
    @Flag(help: "Fail the build on any image warning.") var strict = false
    @Option(name: .customLong("max-image-failures"), parsing: .unconditional, help: "Fail the build, keeping the last site, when more pictures fail than this: a number such as 5 or a share such as 10% (default: site.yml's images.max_failures, else no limit).")
    var maxImageFailures: String?
    @Flag(help: "Do every step even when nothing changed since the last build.") var force = false
    @Flag(name: [.customShort("q"), .long], help: "Print only warnings and errors.") var quiet = false
    @Flag(name: [.customShort("v"), .long], help: "Print one line per HTTP request.") var verbose = false

    func validate() throws {
        if live && demo { throw ValidationError("--live and --demo cannot be used together: pick one.") }
        if quiet && verbose { throw ValidationError("--quiet and --verbose cannot be used together: pick one.") }
        if offline && refresh {
            throw ValidationError("--offline and --refresh cannot be used together: --offline makes no request, and --refresh revalidates every cached response with one. Pick one.")
        }
        if let maxImageFailures, ImageFailureLimit(maxImageFailures) == nil {
            throw ValidationError("--max-image-failures must be \(ImageFailureLimit.expectation(for: maxImageFailures)).")
        }
        if let config, config.trimmingCharacters(in: .whitespaces).isEmpty {
            throw ValidationError("--config must name a settings file, such as site.yml, and is empty.")
        }
        if let ttl, DurationText.seconds(ttl) == nil { throw ValidationError("--ttl must be a duration such as 10m or 1d, not \(ttl).") }
        // The flags' own ranges, checked here so that a value out of range is a command line that
        // cannot be used (64, as the README says), not a failed build (1).
        var given = SiteSettings()
        if let users { given.users = users }
        if let perPage { given.perPage = perPage }
        if let jobs { given.jobs = jobs }
        if let timeout { given.timeout = timeout.value }
        if let seed { given.seed = seed }
        if let output { given.output = output }
        if let cacheDir { given.cacheDirectory = cacheDir }
        // A URL the HTTP client cannot fetch (port 99999) is the command line's too.
        if let randomUserURL { given.randomUserURL = try url(randomUserURL, flag: "--randomuser-url") }
        if let jsonPlaceholderURL { given.jsonPlaceholderURL = try url(jsonPlaceholderURL, flag: "--jsonplaceholder-url") }
        do {
            _ = try given.validated(file: "the command line", asFlags: true)
        } catch let error as SettingsError {
            throw ValidationError(error.message + ".")
        }
        if let links, LinkStyle(rawValue: links.lowercased()) == nil {
            throw ValidationError("--links must be folders (links such as users/, for a web server) or files (users/index.html, for a site opened from disk), not \(links).")
        }
    }

    /// Whether this process said that there is no site.yml.
    private static let missingSettingsNoted = Atomic<Bool>(false)

    /// Defaults, then site.yml, then flags. Relative paths from flags are taken from the working folder.
    func resolveSettings(reporter: Reporter) throws -> (SiteSettings, URL) {
        let cwd = URL(fileURLWithPath: FileManager.default.currentDirectoryPath, isDirectory: true)
        let configURL = self.configURL
        // A file named on the command line must be there, site.yml too: only the default may be missing.
        let (fromFile, warnings) = try SettingsFile.load(configURL, shownAs: settingsFile, required: config != nil)
        for warning in warnings { reporter.warning(warning) }
        if config == nil, (try? configURL.checkResourceIsReachable()) != true,
           Self.missingSettingsNoted.compareExchange(expected: false, desired: true, ordering: .relaxed).exchanged {
            // A folder that is no site's (a typo in cd, a fresh clone of something else) must not
            // get public/ and .cache/ in silence. Said once: site serve reads the settings at every rebuild.
            reporter.info("note: there is no site.yml in \(configURL.deletingLastPathComponent().path), so the defaults are used. "
                + "Run site init to make a site here, or name a settings file with --config.")
        }
        // Checked on their own first, so that a value out of range is blamed on where it was set.
        _ = try fromFile.validated(file: settingsFile)
        var settings = fromFile
        func absolute(_ path: String) -> String { path.hasPrefix("/") ? path : cwd.appendingPathComponent(path).path }
        if let output { settings.output = absolute(output) }
        if let cacheDir { settings.cacheDirectory = absolute(cacheDir) }
        if let randomUserURL { settings.randomUserURL = try url(randomUserURL, flag: "--randomuser-url") }
        if let jsonPlaceholderURL { settings.jsonPlaceholderURL = try url(jsonPlaceholderURL, flag: "--jsonplaceholder-url") }
        if let users { settings.users = users }
        if let seed { settings.seed = seed }
        if let perPage { settings.perPage = perPage }
        if let jobs { settings.jobs = jobs }
        if let timeout { settings.timeout = timeout.value }
        if let ttl, let seconds = DurationText.seconds(ttl) { settings.cacheTTL = seconds }
        if let links, let style = LinkStyle(rawValue: links.lowercased()) { settings.links = style }
        if let maxImageFailures, let limit = ImageFailureLimit(maxImageFailures) { settings.imageFailureLimit = limit }
        if live { settings.source = .live }
        if demo { settings.source = .demo }
        return (try settings.validated(file: "the command line", asFlags: true), configURL.deletingLastPathComponent())
    }

    private func url(_ text: String, flag: String) throws -> URL {
        guard let url = URL(string: text), let scheme = url.scheme?.lowercased(), ["http", "https"].contains(scheme), url.host != nil else {
            throw ValidationError("\(flag) must be an http(s) URL such as http://127.0.0.1:8080/api/, not \(text).")
        }
        return FetchableURL.normalized(url)
    }

    /// The settings file named, or the default.
    var settingsFile: String { config ?? "site.yml" }

    /// The settings file, as a URL; its folder is the project folder.
    var configURL: URL {
        let cwd = URL(fileURLWithPath: FileManager.default.currentDirectoryPath, isDirectory: true)
        return settingsFile.hasPrefix("/") ? URL(fileURLWithPath: settingsFile) : cwd.appendingPathComponent(settingsFile)
    }

    /// How much the run prints.
    var verbosity: Verbosity { quiet ? .quiet : verbose ? .verbose : .normal }

    /// A build with the standard HTTP client and disk cache.
    func makeBuild(settings: SiteSettings, project: URL, reporter: Reporter) -> SiteBuild {
        let options = BuildOptions(projectDirectory: project, offline: offline, refresh: refresh, strict: strict, force: force)
        let stats = FetchStats()
        return SiteBuild(settings: settings, options: options, reporter: reporter) { cacheDirectory, http, jobs in
            HTTPClient.standard(cacheDirectory: cacheDirectory, options: http, maxConnectionsPerHost: jobs,
                                reporter: reporter, stats: stats)
        }
    }
}

/// One paragraph for people, from any error.
func paragraph(_ error: any Error) -> String {
    // Control characters from data (a server's message) are shown, never obeyed by the terminal.
    if let described = error as? LocalizedError, let text = described.errorDescription { return Reporter.printable(text) }
    return Reporter.printable("\(error)")
}
