import Foundation

/// The links and pictures of the content's Markdown (`[About](about.md)`, `![map](img/map.png)`)
/// that lead to no file of the site, found once the site is rendered and before it is published.
///
/// Links are written as they are, and a writer's mistakes are the usual ones: a link to the
/// Markdown file (`about.md`) rather than its page (`../about/`), a path from the wrong folder
/// (every page but the home page is one folder down), an absolute path outside `base_url`'s. The
/// site's own links come from the theme and are right by construction; only the content's are
/// checked. Addresses with a scheme (`https:`, `mailto:`) and links within the page (`#hours`) are
/// not: nothing here can tell whether they lead somewhere.
enum ContentLinks {
    struct Broken: Equatable {
        /// The page's file, as people know it (`content/about.md`).
        var file: String
        /// The file line the link is written on, when the Markdown names it as the HTML does.
        var line: Int?
        /// The link as the page holds it (`about.md`, `../img/map.png`).
        var link: String
        /// Why it leads nowhere, and what to write instead, in words.
        var reason: String
    }

    /// The broken links of `pages`. `exists`: whether the site (or the output folder, for files
    /// put there by hand) has a file at a path from its root (`about/index.html`); `basePath`:
    /// the path of `base_url` (`/`, `/project/`), from which absolute links start.
    static func broken(in pages: [ContentPage], basePath: String, exists: (String) -> Bool) -> [Broken] {
        var found: [Broken] = []
        let names = Set(pages.map(\.name))
        for page in pages.sorted(by: { $0.sourceFile.path < $1.sourceFile.path }) where !page.isBuiltIn {
            let shown = page.sourceFile.deletingLastPathComponent().lastPathComponent + "/" + page.sourceFile.lastPathComponent
            let folder = folder(of: page)
            for link in links(in: page.bodyHTML) {
                guard let reason = problem(link, from: folder, basePath: basePath, names: names, exists: exists) else { continue }
                found.append(Broken(file: shown, line: line(of: link, in: page), link: link, reason: reason))
            }
        }
        return found
    }

    /// The folder a page's body is shown in, from the site's root (`""` for the home page,
    /// `about/`), or nil for the 404 page, which is shown at any depth.
    private static func folder(of page: ContentPage) -> String? {
        switch page.name {
        case "index": ""
        case "404": nil
        default: page.name + "/"
        }
    }

    /// Every `href` and `src` of cmark's HTML, entities decoded, in order, each once.
    static func links(in html: String) -> [String] {
        var links: [String] = []
        for attribute in [" href=\"", " src=\""] {
            var rest = html[...]
            while let start = rest.range(of: attribute) {
                rest = rest[start.upperBound...]
                guard let end = rest.firstIndex(of: "\"") else { break }
                let value = String(rest[..<end]).replacingOccurrences(of: "&quot;", with: "\"").replacingOccurrences(of: "&lt;", with: "<")
                    .replacingOccurrences(of: "&gt;", with: ">").replacingOccurrences(of: "&#39;", with: "'").replacingOccurrences(of: "&amp;", with: "&")
                if !links.contains(value) { links.append(value) }
                rest = rest[end...]
            }
        }
        return links
    }

    /// Why `link`, on a page shown in `folder`, leads to no file of the site; nil when it does,
    /// or cannot be told.
    private static func problem(_ link: String, from folder: String?, basePath: String, names: Set<String>,
                                exists: (String) -> Bool) -> String? {
        guard !link.isEmpty, !link.hasPrefix("#"), !link.hasPrefix("//"), !hasScheme(link) else { return nil }
        var path = String(link.prefix { $0 != "?" && $0 != "#" })
        path = path.removingPercentEncoding ?? path
        let target: String
        if path.hasPrefix("/") {
            let base = basePath.removingPercentEncoding ?? basePath
            guard path.hasPrefix(base) || path + "/" == base else {
                return "it starts from the server's root, and the site is served at \(basePath) (base_url's path): start it with \(basePath)"
            }
            target = String(path.dropFirst(min(base.count, path.count)))
        } else {
            // The 404 page is shown at any address: a relative link leads somewhere else from each.
            guard let folder else { return "the 404 page is shown at any address, so a link on it must start from the site's path (\(basePath))" }
            guard let resolved = resolve(folder + path) else {
                return "it climbs above the site's root (from \(folder.isEmpty ? "the home page" : folder), each ../ goes one folder up)"
            }
            target = resolved
        }
        if target.isEmpty || target.hasSuffix("/") ? exists(target + "index.html") : (exists(target) || exists(target + "/index.html")) {
            return nil
        }
        let here = folder.map { $0.isEmpty ? "the home page" : $0 } ?? "the 404 page"
        var reason = "no page or file of the site is there (from \(here), it leads to /\(target))"
        // The usual mistake: the Markdown file named instead of its page.
        let stem = (target as NSString).lastPathComponent.hasSuffix(".md") ? String((target as NSString).lastPathComponent.dropLast(3)) : nil
        if let stem, let name = names.first(where: { $0 == Slug.make(stem, fallback: "") }) {
            let page = name == "index" ? "" : name == "users" || name == "posts" ? name + "/" : name + "/"
            reason += "; content/\(stem).md is published at /\(page), so from here write \(relative(to: page, from: folder ?? ""))"
        }
        return reason
    }

    /// `path` with `.` and `..` resolved; nil when `..` climbs above the root.
    private static func resolve(_ path: String) -> String? {
        var parts: [Substring] = []
        let pieces = path.split(separator: "/", omittingEmptySubsequences: false)
        for (index, piece) in pieces.enumerated() {
            switch piece {
            case ".": if index == pieces.count - 1 { parts.append("") }
            case "..":
                guard parts.popLast() != nil else { return nil }
                if index == pieces.count - 1 { parts.append("") }
            default: parts.append(piece)
            }
        }
        let joined = parts.filter { !$0.isEmpty }.joined(separator: "/")
        // The root itself is "" (its page is index.html); a folder keeps its trailing slash.
        return joined.isEmpty ? "" : joined + (path.hasSuffix("/") || path.hasSuffix("/.") || path.hasSuffix("..") ? "/" : "")
    }

    /// The relative link from a page in `folder` to `target` (both from the site's root).
    private static func relative(to target: String, from folder: String) -> String {
        let up = folder.split(separator: "/").count
        let link = String(repeating: "../", count: up) + target
        return link.isEmpty ? "./" : link
    }

    /// Whether `link` starts with a scheme (`https:`, `mailto:`, `data:`).
    private static func hasScheme(_ link: String) -> Bool {
        guard let colon = link.firstIndex(of: ":"), let first = link.first, first.isLetter else { return false }
        return link[..<colon].allSatisfy { $0.isLetter || $0.isNumber || "+-.".contains($0) }
    }

    /// The file line of the first Markdown line that holds `link` as written, or nil.
    private static func line(of link: String, in page: ContentPage) -> Int? {
        let written = [link, link.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed) ?? link]
        for (index, line) in page.bodyMarkdown.split(separator: "\n", omittingEmptySubsequences: false).enumerated()
        where written.contains(where: { line.contains($0) }) {
            return page.bodyLine + index
        }
        return nil
    }
}
