import Foundation

/// Everything a build is configured by: defaults, overridden by `site.yml`, overridden by flags.
public struct SiteSettings: Sendable, Equatable {
    /// The line of `site.yml` each setting was read from, for errors found once all are read.
    var lines: [String: Int] = [:]
    public var title = "People & Posts"
    public var description = ""
    public var language = "en"
    /// Absolute URL the site is served from; used for absolute links such as the sitemap.
    public var baseURL = "https://example.com/"
    /// The path of `baseURL` with one trailing `/` (`/project/` on a GitHub Pages project site):
    /// where the site's 404 page links from, and where `site serve` serves it too.
    public var basePath: String { SiteURL.rootPath(baseURL) }
    /// Whether `baseURL` is an address no published site is served at: a placeholder (see
    /// `PlaceholderAddress`). Pages then name no canonical address.
    public var baseURLIsPlaceholder: Bool { PlaceholderAddress(baseURL) != nil }

    /// What a live build says of a placeholder `baseURL`, or nil. (Demo builds, `noindex` and
    /// made up, say nothing: the quick start would warn before anyone has a site to serve.)
    var placeholderBaseURLWarning: String? {
        guard let kind = PlaceholderAddress(baseURL) else { return nil }
        return "base_url is \(baseURL), \(kind.description): the sitemap, robots.txt and the feed "
            + "give that address for every page, so search engines and feed readers are sent there. Set base_url in site.yml "
            + "to the address this site will be served at."
    }
    public var source = SourceMode.auto
    /// The randomuser seed; nil means pick one and print it.
    public var seed: String?
    public var users = 50
    public var perPage = 24
    /// Concurrent downloads, and connections per host.
    public var jobs = 64
    /// Whole-response deadline per attempt, in seconds.
    public var timeout: Double = 30
    /// randomuser `nat` filter; empty means all.
    public var nationalities: [String] = []
    public var randomUserURL = URL(string: "https://randomuser.me/api/")!
    public var jsonPlaceholderURL = URL(string: "https://jsonplaceholder.typicode.com")!
    /// Keep raw HTML and dangerous links in Markdown (`markdown.unsafe`).
    public var markdownUnsafe = false
    /// Freshness floor for cached responses (`cache.ttl`, `--ttl`), in seconds.
    public var cacheTTL: Double = 0
    /// Which picture sizes are downloaded (`images.sizes`).
    public var imageSizes: [ImageSize] = ImageSize.defaults
    /// At most this many downloads from one host at once (`images.per_host`); nil means `jobs`.
    public var imagesPerHost: Int?
    /// How many pictures may fail before the build fails instead of publishing placeholders
    /// (`images.max_failures`, `--max-image-failures`); nil: any number.
    public var imageFailureLimit: ImageFailureLimit?
    /// How pages link to a folder's page (`links`): `users/` or `users/index.html`.
    public var links = LinkStyle.folders
    public var output = "public"
    public var cacheDirectory = ".cache"
    /// The theme's words site.yml gives (`words:`), over the built-in ones of `language`.
    public var words: [Phrase: PhraseForms] = [:]
    /// The theme's words: the built-in ones of `language`, with `words` over them.
    public var themeWords: Words { Words(language: language, overrides: words) }

    public init() {}

    /// Checks ranges, naming the setting and the allowed values. `asFlags`: the values came from
    /// the command line, so the message names a setting by its flag (`--per-page`, not `per_page`).
    /// Why `path` cannot be taken as written when it starts with `~`: nothing expands it (a
    /// shell does, and only unquoted), so `~/siteout` made a folder called `~` in the project,
    /// and the note that named it invited an `rm -r ~`. Nil for any other path; `./~x` names a
    /// folder called `~x` on purpose.
    static func unexpandedHome(_ path: String, name: String, asFlags: Bool,
                               home: String? = ProcessInfo.processInfo.environment["HOME"]) -> String? {
        guard path.hasPrefix("~") else { return nil }
        let user = path.dropFirst().prefix { $0 != "/" }
        let rest = path.dropFirst(1 + user.count)
        // `~bob` is bob's home folder, not this user's.
        let example = user.isEmpty ? ((home?.nonBlank).map { $0 + rest } ?? "/home/you" + rest) : "/home/\(user)\(rest)"
        return "\(name) is \(path), and ~ is not expanded here (\(asFlags ? "it was quoted, so the shell left it" : "site.yml is not read by a shell")): "
            + "write the whole path, such as \(example), or one relative to the project; ./\(path) names a folder called \(path.prefix { $0 != "/" }) in the project"
    }

    public func validated(file: String, asFlags: Bool = false) throws -> SiteSettings {
        // Which key each check is about, for the line: its own in site.yml, none for flags.
        var key = ""
        func fail(_ message: String) -> SettingsError { SettingsError(file: file, line: asFlags ? nil : lines[key], message: message) }
        func name(_ key: String) -> String { asFlags ? Self.flags[key] ?? key : key }
        key = "seed"
        if let seed, seed.trimmedWhiteSpace.isEmpty {
            // randomuser takes an empty seed as none: other people every time, which the summary's
            // "rebuild with --seed" would then promise in vain.
            throw fail("\(name("seed")) must not be empty: leave it out to have one picked (and printed), or name one such as site")
        }
        // An empty path is the folder the project is in: refused by name, where it was refused
        // as a folder that "holds the project itself".
        key = "output"
        if output.trimmedWhiteSpace.isEmpty { throw fail("\(name("output")) must name a folder, such as public, and is empty") }
        if let problem = Self.unexpandedHome(output, name: name("output"), asFlags: asFlags) { throw fail(problem) }
        key = "cache_dir"
        if cacheDirectory.trimmedWhiteSpace.isEmpty {
            throw fail("\(name("cache_dir")) must name a folder, such as .cache, and is empty: that would put the cache in the project folder")
        }
        if let problem = Self.unexpandedHome(cacheDirectory, name: name("cache_dir"), asFlags: asFlags) { throw fail(problem) }
        key = "users"
        guard users >= 0, users <= 1_000_000 else { throw fail("\(name("users")) must be between 0 and 1000000, not \(users)") }
        key = "per_page"
        guard perPage >= 1, perPage <= 10_000 else { throw fail("\(name("per_page")) must be between 1 and 10000, not \(perPage)") }
        key = "jobs"
        guard jobs >= 1, jobs <= 512 else { throw fail("\(name("jobs")) must be between 1 and 512, not \(jobs)") }
        key = "images"
        if let imagesPerHost, !(1...512).contains(imagesPerHost) {
            throw fail("images.per_host must be between 1 and 512, not \(imagesPerHost)")
        }
        key = "timeout"
        guard timeout > 0, timeout <= 3600 else {
            throw fail("\(name("timeout")) must be more than 0 and at most 3600 seconds, not \(timeout.isFinite ? timeout.formatted(.number.grouping(.never)) : "\(timeout)")")
        }
        for (setting, url) in [("randomuser_url", randomUserURL), ("jsonplaceholder_url", jsonPlaceholderURL)] {
            key = setting
            if let problem = FetchableURL.problem(with: url) {
                throw fail("\(name(setting)) must be an http(s) URL such as https://example.com/api/, and \(url.absoluteString) \(problem)")
            }
        }
        return self
    }

    /// The flag that sets each setting of `site.yml` that has one.
    static let flags = [
        "seed": "--seed", "users": "--users", "per_page": "--per-page", "jobs": "--jobs", "timeout": "--timeout",
        "randomuser_url": "--randomuser-url", "jsonplaceholder_url": "--jsonplaceholder-url", "output": "--output", "cache_dir": "--cache-dir",
    ]
}

/// A settings file or flag that cannot be used, naming the file, the line and what to write instead.
public struct SettingsError: Error, LocalizedError, CustomStringConvertible, Sendable, Equatable {
    public var file: String
    public var line: Int?
    public var message: String

    public var description: String {
        "\(file)\(line.map { ":\($0)" } ?? ""): \(message)."
    }
    public var errorDescription: String? { description }
}
