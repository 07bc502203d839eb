import Foundation

/// The folders `site build` may never replace and `site clean` may never remove, whatever
/// `site.yml` or the command line says.
public struct ProtectedPlaces: Sendable {
    /// Which folder is being checked: the messages and the rules differ a little.
    public enum Role: String, Sendable {
        case output
        case cache
    }

    /// The folder of `site.yml`.
    public let project: URL
    /// The cache folder of the build (`cache_dir`, `--cache-dir`).
    public let cache: URL
    /// The user's home folder.
    public let home: URL
    /// `$HOME`, when it names another folder than `home` (the account's, from the system's user
    /// database): `sudo -E`, a container or a CI job may set it elsewhere, and `--output ~` names it.
    public let environmentHome: URL?

    public init(project: URL, cache: URL, home: URL = FileManager.default.homeDirectoryForCurrentUser,
                environmentHome: String? = ProcessInfo.processInfo.environment["HOME"]) {
        self.project = project
        self.cache = cache
        self.home = home
        self.environmentHome = environmentHome.flatMap { path in
            guard path.hasPrefix("/"), path != "/" else { return nil }
            let url = URL(fileURLWithPath: path, isDirectory: true)
            return url.standardizedFileURL.path == home.standardizedFileURL.path ? nil : url
        }
    }

    /// Throws an `OutputError` when `folder` is, or holds, the file system's root, the home
    /// folder or the project, or lies inside `content/` or `templates/` (which `site serve`
    /// watches); for an output folder, also when it holds the cache folder or lies inside it.
    public func refuse(_ folder: URL, role: Role) throws {
        let target = Self.realPath(folder)
        let project = Self.realPath(self.project)
        let cache = Self.realPath(self.cache)
        let why: String? =
            if target == "/" {
                "it is the root of the file system"
            } else if let home = [home, environmentHome].compactMap({ $0 }).first(where: { Self.path(Self.realPath($0), isInside: target) }) {
                "it holds your home folder (\(home.path))"
            } else if Self.path(project, isInside: target) {
                "it holds the project itself (\(self.project.path))"
            } else if role == .output, cache == target {
                "it is also the cache folder"
            } else if role == .output, Self.path(cache, isInside: target) {
                "it holds the cache folder (\(self.cache.path))"
            } else if role == .output, Self.path(target, isInside: cache) {
                "it is inside the cache folder (\(self.cache.path))"
            } else if let input = ["content", "templates"].first(where: {
                Self.path(target, isInside: project + "/" + $0)
            }) {
                "it is inside \(input)/, which the build reads"
            } else {
                nil
            }
        guard let why else { return }
        let verb = role == .output ? "write its output to" : "use"
        throw OutputError(path: folder.path, action: "check the \(role.rawValue) folder", underlying: nil, message: """
            site will not \(verb) \(folder.standardizedFileURL.path): \(why), and \(role == .output ? "a build replaces its output folder whole" : "that folder must be the cache's own"). \
            Set output and cache_dir in site.yml (or --output and --cache-dir) to folders of their own, such as public and .cache
            """)
    }

    /// Whether `path` is `folder` or lies somewhere inside it.
    static func path(_ path: String, isInside folder: String) -> Bool {
        path == folder || folder == "/" || path.hasPrefix(folder + "/")
    }

    /// The absolute path of `url` with `.`, `..` and every symbolic link of the part that exists
    /// resolved, so that `public/..` or a link to the project is recognised for what it is.
    static func realPath(_ url: URL) -> String {
        var existing = url.standardizedFileURL.path
        var rest: [Substring] = []
        while true {
            if let resolved = realpath(existing, nil) {
                defer { free(resolved) }
                let base = String(cString: resolved)
                return rest.reduce(base) { $0 + ($0.hasSuffix("/") ? "" : "/") + $1 }
            }
            guard existing != "/", let slash = existing.lastIndex(of: "/") else { return url.standardizedFileURL.path }
            rest.insert(existing[existing.index(after: slash)...], at: 0)
            existing = slash == existing.startIndex ? "/" : String(existing[..<slash])
        }
    }
}
