import Foundation

/// Maps request paths onto files inside one folder, and never outside it: `..` in any spelling
/// (plain or percent-encoded), NUL bytes, backslashes and symbolic links that lead out of the
/// folder all resolve to "not found". So do hidden entries (`.git/config`, `.env`, the build's
/// `.site-output` mark), which the output keeps for deploys but no host serves, and whose
/// secrets a preview shared with `--host 0.0.0.0` would hand out; `.well-known/` is served.
public struct StaticFiles: Sendable {
    /// What a request path resolves to.
    public enum Resolution: Equatable, Sendable {
        /// A regular file inside the root.
        case file(URL)
        /// A folder asked for without its trailing slash: the same path with one, so that the
        /// site's relative links resolve.
        case redirect(String)
        case notFound
    }

    /// The served folder, with symbolic links resolved.
    public let root: URL
    /// The path the site is published under (`/project/` for `base_url:
    /// https://user.github.io/project/`), with one trailing `/`. The folder is served there as
    /// well as at `/`, so that the links of the site's 404 page, which start from that path
    /// because a host serves the page at any depth, work in a preview too.
    public let basePath: String

    public init(root: URL, basePath: String = "/") {
        self.root = root.standardizedFileURL.resolvingSymlinksInPath()
        self.basePath = basePath.hasSuffix("/") ? basePath : basePath + "/"
    }

    /// Resolves the raw (still percent-encoded) path of a request, e.g. `/users/page/2/`: in the
    /// folder, or else under `basePath`. A file of the folder wins over the same path under
    /// `basePath` (a page called `project/` on a site published under `/project/`), unless
    /// `basePath` starts with a name the folder holds (`/users/` for a project called users): then
    /// the site is served under `basePath` first, as its host serves it, where its 404 page's
    /// links lead, and `/` redirects there, since the folder's own `users/` would stand in the way.
    public func resolve(_ rawPath: String) -> Resolution {
        guard basePath != "/" else { return resolveInRoot(rawPath) }
        if collides {
            let path = rawPath.split(separator: "?", maxSplits: 1).first ?? ""
            if path == "/" || path.isEmpty { return .redirect(basePath) }
            let underBase = resolveUnderBase(rawPath)
            return underBase == .notFound ? resolveInRoot(rawPath) : underBase
        }
        let found = resolveInRoot(rawPath)
        return found == .notFound ? resolveUnderBase(rawPath) : found
    }

    /// Whether the first folder of `basePath` is also an entry of the served folder.
    private var collides: Bool {
        guard let first = basePath.split(separator: "/").first, let name = String(first).removingPercentEncoding else { return false }
        return FileManager.default.fileExists(atPath: root.appendingPathComponent(name).path)
    }

    private func resolveUnderBase(_ rawPath: String) -> Resolution {
        let prefix = String(basePath.dropLast())
        guard let rest = Self.remainder(of: rawPath, under: basePath) else { return .notFound }
        if rest.isEmpty || rest.hasPrefix("?") { return .redirect(basePath) }
        guard rest.hasPrefix("/") else { return .notFound }
        switch resolveInRoot(String(rest)) {
        case .redirect(let location): return .redirect(prefix + location)
        case let other: return other
        }
    }

    private func resolveInRoot(_ rawPath: String) -> Resolution {
        guard let components = Self.components(of: rawPath) else { return .notFound }
        var candidate = components.reduce(root) { $0.appendingPathComponent($1) }
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: candidate.path, isDirectory: &isFolder) else { return .notFound }
        // A file asked for as a folder (`/users/ann.html/`): its relative links would resolve
        // under it, to nothing. Hosts answer 404.
        if !isFolder.boolValue, rawPath.hasSuffix("/") { return .notFound }
        if isFolder.boolValue {
            guard rawPath.hasSuffix("/") else {
                let path = rawPath.split(separator: "?", maxSplits: 1).first.map(String.init) ?? rawPath
                // `//users` (or `/\users`, which browsers read alike) as a Location is a link
                // to the host "users": the redirect stays on this server.
                return .redirect("/" + path.drop { $0 == "/" || $0 == "\\" } + "/")
            }
            candidate.appendPathComponent("index.html")
        }
        guard let file = contained(candidate) else { return .notFound }
        return .file(file)
    }

    /// The site's own 404 page, if it has one.
    public var notFoundPage: URL? {
        contained(root.appendingPathComponent("404.html"))
    }

    /// Whether the folder holds a site: a home page or a 404 page (every build writes both).
    public var holdsSite: Bool {
        notFoundPage != nil || contained(root.appendingPathComponent("index.html")) != nil
    }

    /// What follows `base` in `rawPath` ("" or "/…"), segment by segment with percent-encoding
    /// undone, so that `/caf%c3%a9/` is under `/caf%C3%A9/`; nil when `rawPath` is not under it.
    static func remainder(of rawPath: String, under base: String) -> Substring? {
        var rest = rawPath[...]
        for segment in base.split(separator: "/") {
            guard rest.hasPrefix("/") else { return nil }
            rest = rest.dropFirst()
            let end = rest.firstIndex(of: "/") ?? rest.endIndex
            guard let asked = rest[..<end].removingPercentEncoding, asked == segment.removingPercentEncoding else { return nil }
            rest = rest[end...]
        }
        return rest
    }

    /// The decoded path segments, or nil when a segment could climb out of the root or is not a
    /// plain file name.
    static func components(of rawPath: String) -> [String]? {
        var segments: [String] = []
        for raw in rawPath.split(separator: "/", omittingEmptySubsequences: true) {
            guard let decoded = String(raw).removingPercentEncoding, !isHidden(decoded),
                  !decoded.contains("/"), !decoded.contains("\\"), !decoded.contains("\0") else {
                return nil
            }
            segments.append(decoded)
        }
        return segments
    }

    /// Whether a path segment names a hidden entry (`.git`, `.env`; `.` and `..` too), which is
    /// never served; `.well-known` (RFC 8615) is the exception.
    static func isHidden(_ segment: String) -> Bool {
        segment.hasPrefix(".") && segment != ".well-known"
    }

    /// The file with every symbolic link resolved, if it is a regular file still inside the root
    /// and not hidden there (a link may lead to `.git/config`).
    private func contained(_ file: URL) -> URL? {
        let real = file.resolvingSymlinksInPath()
        let rootPath = root.path.hasSuffix("/") ? root.path : root.path + "/"
        guard real.path.hasPrefix(rootPath),
              !real.path.dropFirst(rootPath.count).split(separator: "/").contains(where: { Self.isHidden(String($0)) }),
              let type = try? FileManager.default.attributesOfItem(atPath: real.path)[.type] as? FileAttributeType,
              type == .typeRegular else {
            return nil
        }
        return real
    }
}
