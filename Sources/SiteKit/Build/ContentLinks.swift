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
        /// The link as its writer wrote it, more or less (`about.md`, `../img/map.png`).
        var link: String
        /// Why it leads nowhere, and what to write instead, in words.
        var reason: String
        /// What is wrong, in a few words, for the start of the warning: most lead nowhere; a
        /// folder's link without its slash leads somewhere, only not to a page.
        var verdict = "leads nowhere"
        /// A picture's address rather than a link's.
        var isPicture = false
    }

    /// The broken links of `pages`. `exists`: whether the site (or the output folder, for files
    /// put there by hand) has a file at a path from its root (`about/index.html`); `basePath`:
    /// the path of `base_url` (`/`, `/project/`), from which absolute links start; `fileLinks`:
    /// whether the site links to folders' pages by their file (`links: files`).
    /// `drafts`: the names of the pages left out as drafts (`next` for content/next.md), whose
    /// links are said to lead to a draft.
    static func broken(in pages: [ContentPage], basePath: String, fileLinks: Bool = false, drafts: Set<String> = [],
                       exists: (String) -> Bool) -> [Broken] {
        var found: [Broken] = []
        // The pages a Markdown file gives, by that file's name (`about` for content/about.md).
        var pageOfFile: [String: String] = [:]
        for page in pages where !page.isBuiltIn {
            pageOfFile[String(page.sourceFile.lastPathComponent.dropLast(".md".count))] = page.name
        }
        for page in pages.sorted(by: { $0.sourceFile.path < $1.sourceFile.path }) where !page.isBuiltIn {
            let shown = page.sourceFile.deletingLastPathComponent().lastPathComponent + "/" + page.sourceFile.lastPathComponent
            let folder = folder(of: page)
            var seen = Set<String>()
            for link in page.links where seen.insert("\(link.line) \(link.url)").inserted {
                guard let reason = problem(link.url, from: folder, basePath: basePath, fileLinks: fileLinks, pageOfFile: pageOfFile,
                                           drafts: drafts, exists: exists) else { continue }
                var broken = Broken(file: shown, line: link.line, link: shownLink(link.url), reason: reason, isPicture: link.isPicture)
                if reason.hasPrefix(Self.folderReason) {
                    broken.verdict = "leads to a folder, not a page"
                    broken.reason = String(reason.dropFirst(Self.folderReason.count))
                }
                found.append(broken)
            }
        }
        return found
    }

    /// The link as its writer likely wrote it: cmark percent-encodes what it reads
    /// (`users/%D0%B7…` for `users/з…`), which is decoded for the message unless that would show
    /// a control character; cut at 100 characters (a link of 100,000 made a warning as long).
    private static func shownLink(_ url: String) -> String {
        guard let decoded = url.removingPercentEncoding,
              !decoded.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) else { return url.clipped(to: shownLength) }
        return decoded.clipped(to: shownLength)
    }

    /// The start of the reason of a folder's link without its slash, which its warning's verdict says.
    private static let folderReason = "it leads to a folder: "

    /// `path` with its control characters written as escapes (`%0A`), so that a warning that
    /// quotes it stays one line: a link with `%0a` in it split its warning in two.
    static func visible(_ path: String) -> String {
        var shown = ""
        for scalar in path.unicodeScalars {
            if scalar.properties.generalCategory == .control {
                shown += scalar.value < 0x100 ? String(format: "%%%02X", scalar.value) : String(format: "U+%04X", scalar.value)
            } else {
                shown.unicodeScalars.append(scalar)
            }
        }
        return shown
    }

    /// How much of a link or path a message quotes.
    private static let shownLength = 100

    /// The folder a page's body is shown in, from the site's root (`""` for the home page,
    /// `about/`), or nil for the 404 page, which is shown at any depth.
    private static func folder(of page: ContentPage) -> String? {
        switch page.name {
        case "index": ""
        case "404": nil
        default: page.name + "/"
        }
    }

    /// Why `link`, on a page shown in `folder`, leads to no file of the site; nil when it does,
    /// or cannot be told.
    private static func problem(_ link: String, from folder: String?, basePath: String, fileLinks: Bool,
                                pageOfFile: [String: String], drafts: Set<String>, exists: (String) -> Bool) -> String? {
        guard !link.isEmpty, !link.hasPrefix("#"), !link.hasPrefix("//"), !hasScheme(link) else { return nil }
        let written = String(link.prefix { $0 != "?" && $0 != "#" })
        // An encoded slash is no folder separator to a server: site serve, like most, answers 404.
        if written.lowercased().contains("%2f") {
            return "it holds an encoded slash (%2F), which servers do not take for a folder: write a plain /"
        }
        let path = written.removingPercentEncoding ?? written
        let target: String
        if path.hasPrefix("/") {
            let base = basePath.removingPercentEncoding ?? basePath
            guard path.hasPrefix(base) || path + "/" == base else {
                return "it starts from the server's root, and the site is served at \(basePath) (base_url's path), so it leads "
                    + "outside the site: start it with \(basePath)"
            }
            guard let resolved = resolve(String(path.dropFirst(min(base.count, path.count)))) else {
                return "it climbs above the site's path, \(basePath), with .."
            }
            target = resolved
        } else {
            // The 404 page is shown at any address: a relative link leads somewhere else from each.
            guard let folder else { return "the 404 page is shown at any address, so a link on it must start from the site's path (\(basePath))" }
            guard let resolved = resolve(folder + path) else {
                return "it climbs above the site's root (from \(folder.isEmpty ? "the home page" : folder), each ../ goes one folder up)"
            }
            target = resolved
        }
        if target.split(separator: "/").contains(where: { $0.hasPrefix(".") && $0 != ".well-known" }) {
            return "it leads to a hidden file or folder (a name starting with a dot), which the site's server does not serve"
        }
        let isFolder = target.isEmpty || target.hasSuffix("/")
        if isFolder ? exists(target + "index.html") : exists(target) {
            return nil
        }
        if !isFolder, exists(target + "/index.html") {
            // A server answers a folder's address without its slash with a redirect; a file
            // browser shows the folder's files, which is what `links: files` is for.
            guard fileLinks else { return nil }
            return Self.folderReason + "a browser shows a folder as a list of files when the site is opened from disk (links: files): "
                + "write \(shownLink(written))/index.html"
        }
        if let first = target.split(separator: "/").first, drafts.contains(String(first)), target.split(separator: "/").count <= 2 {
            return "its page is a draft (draft: true in content/\(first).md), which is not published until that line is removed"
        }
        let here = folder.map { $0.isEmpty ? "the home page" : $0 } ?? "the 404 page"
        var reason = "no page or file of the site is there (from \(here), it leads to \(basePath)\(visible(target).clipped(to: shownLength)))"
        // The usual mistake: the Markdown file named instead of its page.
        let file = (target as NSString).lastPathComponent
        if file.hasSuffix(".md"), let name = pageOfFile[String(file.dropLast(3))] {
            let page = switch name {
            case "index": fileLinks ? "index.html" : ""
            case "404": "404.html"
            default: name + "/" + (fileLinks ? "index.html" : "")
            }
            let write = folder == nil ? basePath + page : relative(to: page, from: folder ?? "")
            reason += "; content/\(file) is published at \(basePath)\(page), so from here write \(write)"
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
}
