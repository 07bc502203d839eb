import Foundation

/// Where a build reads and writes, and the switches that are not `site.yml` settings.
public struct BuildOptions: Sendable {
    /// The folder holding `content/` and `templates/`.
    public var projectDirectory: URL
    /// Serve from the cache only: no network request at all.
    public var offline = false
    /// Revalidate every cached response.
    public var refresh = false
    /// Any image warning fails the build.
    public var strict = false
    /// Do every step even when the last build's record shows that nothing changed.
    public var force = false

    public init(projectDirectory: URL, offline: Bool = false, refresh: Bool = false, strict: Bool = false, force: Bool = false) {
        self.projectDirectory = projectDirectory
        self.offline = offline
        self.refresh = refresh
        self.strict = strict
        self.force = force
    }

    var contentDirectory: URL { projectDirectory.appendingPathComponent("content", isDirectory: true) }
    var templatesDirectory: URL { projectDirectory.appendingPathComponent("templates", isDirectory: true) }

    /// The output folder `path` names, with symbolic links followed: a `public` that links to a
    /// web root is built into the web root, and the link stays as it was. A link whose target does
    /// not exist yet leads to that target, which the build creates.
    public func outputFolder(_ path: String) -> URL {
        var url = resolve(path).standardizedFileURL
        for _ in 0..<16 {
            guard let target = try? FileManager.default.destinationOfSymbolicLink(atPath: url.path) else { break }
            url = (target.hasPrefix("/") ? URL(fileURLWithPath: target)
                : url.deletingLastPathComponent().appendingPathComponent(target)).standardizedFileURL
        }
        return URL(fileURLWithPath: ProtectedPlaces.realPath(url), isDirectory: true)
    }

    /// Whether `path` names the output folder through a symbolic link (`public -> /srv/www`),
    /// which `outputFolder` follows: `site clean` then keeps the folder the link leads to.
    public func namesOutputThroughLink(_ path: String) -> Bool {
        (try? FileManager.default.destinationOfSymbolicLink(atPath: resolve(path).standardizedFileURL.path)) != nil
    }

    /// `path` as given, or resolved against the project folder when relative.
    public func resolve(_ path: String) -> URL {
        path.hasPrefix("/") ? URL(fileURLWithPath: path) : projectDirectory.appendingPathComponent(path)
    }
}

/// What a finished build did, for the closing summary.
public struct BuildSummary: Sendable {
    public var source: DataSource
    public var seed: String
    public var people: Int
    public var posts: Int
    public var pagesWritten: Int
    public var filesUnchanged: Int
    public var images: ImageCounts
    public var imageFailures: Int
    /// Wall-clock seconds of the image phase.
    public var imageSeconds: Double
    /// HTML pages produced, and how long rendering them took per core.
    public var render: RenderTiming
    public var seconds: Double
    /// Set when the last build's record showed that nothing changed: nothing was decoded or
    /// rendered, and at most the output folder was put back from the cache.
    public var upToDate: UpToDate?
    /// For an up-to-date build: how many of the last build's responses, stale in the cache, their
    /// servers confirmed unchanged (a 304, or the same bytes).
    public var confirmedUnchanged = 0

    public enum UpToDate: Sendable {
        /// The output folder was as recorded: nothing was written.
        case intact
        /// The output folder was removed or altered and was put back from the output store.
        case restored
    }

    /// Four or five lines a person reads at the end of a build.
    public var text: String {
        let confirmed = confirmedUnchanged == 0 ? "" : " (\(Self.count(confirmedUnchanged, "response", "responses")) stale in the cache, confirmed unchanged by \(confirmedUnchanged == 1 ? "its server" : "their servers"))"
        let work = switch upToDate {
        case .intact?:
            "up to date: settings, content, templates, data\(confirmed) and output are those of the last build, so nothing was decoded, rendered or written (--force builds anyway)"
        case .restored?:
            "up to date but for the output folder, put back from the cache's checked copies: settings, content, templates and data\(confirmed) are those of the last build, so nothing was decoded or rendered (--force builds anyway)"
        case nil:
            "render: \(render.text)\(render.reused > 0 ? "\nrender cache: \(render.reused) of \(render.pages) pages unchanged since an earlier build, not rendered again (the time above went to preparing every page and checking it against the cache)" : "")"
        }
        // An up-to-date build ran no image phase: what its check confirmed is counted above, with
        // the data, pictures and all.
        // Copies used stale are counted: the warnings list a few of them one by one.
        let stale = images.stale > 0 ? ", \(images.stale) stale, used as they were" : ""
        let revalidatedPictures = upToDate == nil ? " (\(images.revalidated) revalidated\(stale))" : ""
        // Not "built" when nothing was: the line below says so, and the two read as a contradiction.
        let did = upToDate == .intact ? "checked" : "built"
        return """
        \(did) \(Self.count(people, "person", "people")) and \(Self.count(posts, "post", "posts")): \(Self.count(pagesWritten, "file", "files")) written, \(filesUnchanged) unchanged, in \(String(format: "%.2f", seconds)) s
        \(work)
        images: \(images.downloaded) downloaded, \(images.fromCache + images.revalidated) from cache\(revalidatedPictures), \(imageFailures) failed, in \(String(format: "%.2f", imageSeconds)) s
        source: \(source.summary); seed: \(seed) (rebuild the same people with --seed \(ShellWord.quote(seed)))
        """
    }

    /// "1 person", "2 people".
    static func count(_ number: Int, _ one: String, _ many: String) -> String {
        "\(number) \(number == 1 ? one : many)"
    }
}

/// How many HTML pages the render step produced, and the time spent rendering them (templates
/// and data to bytes, summed over the threads that render and divided by the cores; writing the
/// pages is not counted).
public struct RenderTiming: Sendable {
    public var pages: Int
    public var duration: Duration
    /// Pages taken unchanged from an earlier build instead of rendered (see `RenderMemo`).
    public var reused: Int

    public init(pages: Int, duration: Duration, reused: Int = 0) {
        self.pages = pages
        self.duration = duration
        self.reused = reused
    }

    public var seconds: Double {
        Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
    }

    /// `render: 1234 pages in 0.12 s (10283 pages/s)`, the form `bench/compare.sh` reads.
    public var text: String {
        let rate = seconds > 0 ? Int((Double(pages) / seconds).rounded()) : pages
        return "\(pages) pages in \(String(format: "%.3f", seconds)) s (\(rate) pages/s)"
    }
}

/// A build that cannot finish, with the step it failed in. The previous output is untouched.
public struct BuildError: Error, LocalizedError, CustomStringConvertible, Sendable {
    public var step: String
    public var message: String
    /// What became of the output folder.
    public var outcome = "Nothing was published: the output folder is as it was."

    public var description: String { "\(step) failed: \(message) \(outcome)" }
    public var errorDescription: String? { description }
}
