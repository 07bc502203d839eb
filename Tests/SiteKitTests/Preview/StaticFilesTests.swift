import Foundation
import Testing
@testable import SiteKit

@Suite("Static files: paths map onto the output folder and never leave it")
struct StaticFilesTests {
    /// An output folder with a page, a folder page, and a secret file beside it.
    private func layout() throws -> (folder: TemporaryFolder, files: StaticFiles) {
        let folder = try TemporaryFolder()
        let root = folder.url.appendingPathComponent("public")
        try FileManager.default.createDirectory(at: root.appendingPathComponent("users"), withIntermediateDirectories: true)
        try Data("home".utf8).write(to: root.appendingPathComponent("index.html"))
        try Data("people".utf8).write(to: root.appendingPathComponent("users/index.html"))
        try Data("secret".utf8).write(to: folder.url.appendingPathComponent("secret.txt"))
        return (folder, StaticFiles(root: root))
    }

    @Test("folders serve index.html, and a folder without its slash redirects to it")
    func foldersAndRedirects() throws {
        let (folder, files) = try layout()
        defer { folder.remove() }
        #expect(files.resolve("/") == .file(files.root.appendingPathComponent("index.html")))
        #expect(files.resolve("/users/") == .file(files.root.appendingPathComponent("users/index.html")))
        #expect(files.resolve("/users") == .redirect("/users/"))
        #expect(files.resolve("/users/index.html") == .file(files.root.appendingPathComponent("users/index.html")))
        #expect(files.resolve("/missing/") == .notFound)
    }

    @Test("a folder asked for as //users or /\\users redirects on this server, never to a host called users")
    func redirectsStayOnTheServer() throws {
        let (folder, files) = try layout()
        defer { folder.remove() }
        #expect(files.resolve("//users") == .redirect("/users/"))
        #expect(files.resolve("///users") == .redirect("/users/"))
        #expect(files.resolve("/\\users") == .redirect("/users/") || files.resolve("/\\users") == .notFound)
        #expect(StaticFiles(root: files.root, basePath: "/project").resolve("/project//users") == .redirect("/project/users/"))
    }

    @Test("under base_url's path the folder is served too, redirects keep the path, and the folder's own files win unless they are named as the path")
    func basePath() throws {
        let (folder, plain) = try layout()
        defer { folder.remove() }
        let files = StaticFiles(root: plain.root, basePath: "/project")
        #expect(files.basePath == "/project/")
        #expect(files.resolve("/project/") == .file(files.root.appendingPathComponent("index.html")))
        #expect(files.resolve("/project/users/") == .file(files.root.appendingPathComponent("users/index.html")))
        #expect(files.resolve("/project") == .redirect("/project/"))
        #expect(files.resolve("/project/users") == .redirect("/project/users/"))
        #expect(files.resolve("/users/") == .file(files.root.appendingPathComponent("users/index.html")))
        for outside in ["/projectx/users/", "/project/../secret.txt", "/project/%2e%2e/secret.txt", "/project/missing"] {
            #expect(files.resolve(outside) == .notFound, "\(outside)")
        }
        // A path with a space or accents, however the client spells its percent-encoding.
        let spaced = StaticFiles(root: plain.root, basePath: "/a%20b/caf%C3%A9/")
        for asked in ["/a%20b/caf%C3%A9/users/", "/a%20b/caf%c3%a9/users/", "/a b/café/users/"] {
            #expect(spaced.resolve(asked) == .file(files.root.appendingPathComponent("users/index.html")), "\(asked)")
        }
        #expect(spaced.resolve("/a%20b/caf%C3%A9") == .redirect("/a%20b/caf%C3%A9/"))
        #expect(spaced.resolve("/a%20b/cafe/users/") == .notFound)
        // A page of the site named as that path (content/project.md): under the path the site comes
        // first, as its host serves it (the home page at /project/, the page at /project/project/),
        // and / leads there, where the folder's own project/ would stand in the way.
        try FileManager.default.createDirectory(at: files.root.appendingPathComponent("project"), withIntermediateDirectories: true)
        try Data("own page".utf8).write(to: files.root.appendingPathComponent("project/index.html"))
        #expect(files.resolve("/project/") == .file(files.root.appendingPathComponent("index.html")))
        #expect(files.resolve("/project/project/") == .file(files.root.appendingPathComponent("project/index.html")))
        #expect(files.resolve("/project/users/") == .file(files.root.appendingPathComponent("users/index.html")))
        #expect(files.resolve("/") == .redirect("/project/") && files.resolve("/?x=1") == .redirect("/project/"))
        #expect(files.resolve("/users/") == .file(files.root.appendingPathComponent("users/index.html")), "elsewhere, the folder as before")
    }

    @Test("percent-encoded names are decoded")
    func percentEncodedNames() throws {
        let (folder, files) = try layout()
        defer { folder.remove() }
        let persian = files.root.appendingPathComponent("users/آرش")
        try FileManager.default.createDirectory(at: persian, withIntermediateDirectories: true)
        try Data("x".utf8).write(to: persian.appendingPathComponent("index.html"))
        #expect(files.resolve("/users/%D8%A2%D8%B1%D8%B4/") == .file(persian.appendingPathComponent("index.html")))
    }

    @Test("dot segments in any spelling, NUL, backslashes and encoded slashes are not found",
          arguments: ["/../secret.txt", "/users/../../secret.txt", "/%2e%2e/secret.txt", "/%2E%2E/secret.txt",
                      "/..%2fsecret.txt", "/users/%2e%2e%2f%2e%2e%2fsecret.txt", "/.%2e/secret.txt", "/index.html%00",
                      "/..\\secret.txt", "/%5c..%5csecret.txt", "/./index.html"])
    func traversalIsNotFound(path: String) throws {
        let (folder, files) = try layout()
        defer { folder.remove() }
        #expect(files.resolve(path) == .notFound)
    }

    @Test("hidden entries (a deploy's .git, an .env, the build's mark) are never served, nor through a link; .well-known is")
    func hiddenEntriesAreNotServed() throws {
        let (folder, files) = try layout()
        defer { folder.remove() }
        let fileManager = FileManager.default
        for path in [".git/config", ".env", ".site-output", "users/.htaccess", ".well-known/security.txt"] {
            let file = files.root.appendingPathComponent(path)
            try fileManager.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data("token".utf8).write(to: file)
        }
        try fileManager.createSymbolicLink(atPath: files.root.appendingPathComponent("config.txt").path, withDestinationPath: ".git/config")
        for path in ["/.git/config", "/.git/", "/.git", "/%2egit/config", "/.env", "/.site-output", "/users/.htaccess", "/config.txt"] {
            #expect(files.resolve(path) == .notFound, "\(path)")
        }
        #expect(files.resolve("/.well-known/security.txt") == .file(files.root.appendingPathComponent(".well-known/security.txt")))
    }

    @Test("a file asked for with a trailing slash, as if it were a folder, is not found (its page would load without its styles)")
    func fileWithATrailingSlashIsNotFound() throws {
        let (folder, files) = try layout()
        defer { folder.remove() }
        #expect(files.resolve("/users/index.html/") == .notFound)
        #expect(files.resolve("/index.html/") == .notFound)
        #expect(files.resolve("/users/index.html") == .file(files.root.appendingPathComponent("users/index.html")))
    }

    @Test("a symbolic link that leads out of the folder is not followed; one that stays inside is")
    func symbolicLinks() throws {
        let (folder, files) = try layout()
        defer { folder.remove() }
        let fileManager = FileManager.default
        try fileManager.createSymbolicLink(atPath: files.root.appendingPathComponent("leak.txt").path,
                                           withDestinationPath: folder.url.appendingPathComponent("secret.txt").path)
        try fileManager.createSymbolicLink(atPath: files.root.appendingPathComponent("outside").path, withDestinationPath: folder.url.path)
        try fileManager.createSymbolicLink(atPath: files.root.appendingPathComponent("home.html").path, withDestinationPath: "index.html")
        #expect(files.resolve("/leak.txt") == .notFound)
        #expect(files.resolve("/outside/secret.txt") == .notFound)
        #expect(files.resolve("/outside/") == .notFound)
        #expect(files.resolve("/home.html") == .file(files.root.appendingPathComponent("index.html")))
    }

    @Test("the site's own 404 page is found when it exists")
    func notFoundPage() throws {
        let (folder, files) = try layout()
        defer { folder.remove() }
        #expect(files.notFoundPage == nil)
        try Data("gone".utf8).write(to: files.root.appendingPathComponent("404.html"))
        #expect(files.notFoundPage == files.root.appendingPathComponent("404.html"))
    }

    @Test("content types follow the extension", arguments: [
        ("index.html", "text/html; charset=utf-8"), ("site.css", "text/css; charset=utf-8"),
        ("search.js", "text/javascript; charset=utf-8"), ("index.json", "application/json"), ("feed.xml", "application/xml"),
        ("favicon.svg", "image/svg+xml"), ("a.PNG", "image/png"), ("a.jpg", "image/jpeg"), ("a.gif", "image/gif"),
        ("a.webp", "image/webp"), ("robots.txt", "text/plain; charset=utf-8"), ("LICENSE", "application/octet-stream"),
        // Files put in the output by hand.
        ("talk.MP4", "video/mp4"), ("clip.webm", "video/webm"), ("song.mp3", "audio/mpeg"), ("a.ogg", "audio/ogg"),
        ("font.ttf", "font/ttf"), ("font.otf", "font/otf"), ("site.webmanifest", "application/manifest+json"),
        ("data.csv", "text/csv; charset=utf-8"), ("page.xhtml", "application/xhtml+xml"),
    ])
    func contentTypes(name: String, type: String) {
        #expect(MediaType.forFile(named: name) == type)
    }
}
