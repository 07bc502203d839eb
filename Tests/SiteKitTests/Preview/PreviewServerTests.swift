import Foundation
import Testing
@testable import SiteKit

@Suite("site serve: the preview server over loopback")
struct PreviewServerTests {
    /// A demo build of `users` people in a temporary project, served on a free loopback port, at
    /// `/` and at the path of `baseURL` when one is given.
    private func servedSite(users: Int = 20, baseURL: String? = nil,
                            _ body: (BuildHarness, PreviewServer) async throws -> Void) async throws {
        var harness = try BuildHarness(users: users, perPage: 10)
        defer { harness.remove() }
        if let baseURL { harness.settings.baseURL = baseURL }
        _ = try await harness.build()
        let server = try await PreviewServer.start(root: harness.output, basePath: harness.settings.basePath, port: 0)
        do {
            try await body(harness, server)
            await server.stop()
        } catch {
            await server.stop()
            throw error
        }
    }

    private func get(_ server: PreviewServer, _ path: String, method: String = "GET") async -> RawExchange {
        await RawHTTP.exchange(port: server.baseURL.port!, path: path, method: method, timeout: 30)
    }

    /// Asks for a missing page and checks that it is the site's 404 page, that its root-relative
    /// links include `link`, and that every one of them answers 200.
    private func expectNotFoundPageLinksWork(_ server: PreviewServer, including link: String,
                                             sourceLocation: SourceLocation = #_sourceLocation) async {
        let missing = await get(server, "/no/such/page")
        #expect(missing.head?.hasPrefix("HTTP/1.1 404") == true, sourceLocation: sourceLocation)
        let links = SiteInspector.references(in: String(decoding: missing.body, as: UTF8.self)).filter { $0.hasPrefix("/") }
        #expect(links.contains(link), "\(links)", sourceLocation: sourceLocation)
        for link in links {
            let answer = await get(server, link)
            #expect(answer.head?.hasPrefix("HTTP/1.1 200") == true, "\(link): \(answer.head ?? "no answer")", sourceLocation: sourceLocation)
        }
    }

    @Test("/ and /users/ are 200 HTML with the reload script, which the files on disk never get")
    func pagesAreServedWithTheScript() async throws {
        try await servedSite { harness, server in
            for path in ["/", "/users/", "/report/"] {
                let answer = await get(server, path)
                #expect(answer.head?.hasPrefix("HTTP/1.1 200") == true, "\(path)")
                #expect(answer.head?.contains("Content-Type: text/html; charset=utf-8") == true)
                #expect(String(decoding: answer.body, as: UTF8.self).contains(ReloadScript.eventsPath))
            }
            let onDisk = try harness.site.html("index.html")
            #expect(!onDisk.contains(ReloadScript.eventsPath))
            let served = String(decoding: await get(server, "/").body, as: UTF8.self)
            #expect(served.replacingOccurrences(of: ReloadScript.tag(version: await server.hub.state.version), with: "") == onDisk)
        }
    }

    @Test("before any build has published a site, every page is a 503 that says so and carries the reload script; the build's pages follow")
    func noSiteYet() async throws {
        let harness = try BuildHarness(users: 4)
        defer { harness.remove() }
        let server = try await PreviewServer.start(root: harness.output, port: 0)
        do {
            for path in ["/", "/users/", "/favicon.svg"] {
                let answer = await get(server, path)
                #expect(answer.head?.hasPrefix("HTTP/1.1 503") == true, "\(path): \(answer.head ?? "no answer")")
                #expect(answer.head?.contains("Retry-After: 1") == true && answer.head?.contains("Cache-Control: no-store") == true)
                let page = String(decoding: answer.body, as: UTF8.self)
                #expect(page.contains("<h1>No site yet</h1>") && page.contains(HTML.escapeText(harness.output.standardizedFileURL.resolvingSymlinksInPath().path)))
                #expect(page.contains(ReloadScript.tag(version: await server.hub.state.version, noSiteYet: true)), "it reloads when a build is published")
                #expect(page.contains("there is no site to show yet") && !page.contains("this is the last good build"),
                        "a failed build's error is not shown over a last good build there is none of")
            }
            _ = try await harness.build()
            await server.hub.published()
            let home = await get(server, "/")
            #expect(home.head?.hasPrefix("HTTP/1.1 200") == true)
            #expect(String(decoding: home.body, as: UTF8.self).contains("site: the rebuild failed; this is the last good build."))
            #expect(await get(server, "/no/such/page").head?.hasPrefix("HTTP/1.1 404") == true, "the site's own 404 page from now on")
            await server.stop()
        } catch {
            await server.stop()
            throw error
        }
    }

    @Test("each kind of file gets its content type, and its bytes unchanged")
    func contentTypes() async throws {
        try await servedSite { harness, server in
            let files = try harness.site.files()
            let picture = try #require(files.keys.sorted().first { $0.hasPrefix("thumbs/") })
            let expected = ["assets/site.css": "text/css; charset=utf-8", "users/index.json": "application/json",
                            "sitemap.xml": "application/xml", "feed.xml": "application/xml", "favicon.svg": "image/svg+xml",
                            "robots.txt": "text/plain; charset=utf-8", picture: MediaType.forFile(named: picture)]
            for (path, type) in expected {
                let answer = await get(server, "/" + path)
                #expect(answer.head?.hasPrefix("HTTP/1.1 200") == true, "\(path)")
                #expect(answer.head?.contains("Content-Type: \(type)\r\n") == true, "\(path): \(answer.head ?? "")")
                #expect(Data(answer.body) == files[path], "\(path)")
            }
        }
    }

    @Test("a missing path is 404 with the site's own 404.html; a folder without its slash redirects, keeping the query")
    func notFoundAndRedirect() async throws {
        try await servedSite { harness, server in
            let missing = await get(server, "/no/such/page/")
            #expect(missing.head?.hasPrefix("HTTP/1.1 404") == true)
            let notFoundPage = try harness.site.html("404.html")
            let body = String(decoding: missing.body, as: UTF8.self)
            #expect(body.replacingOccurrences(of: ReloadScript.tag(version: await server.hub.state.version), with: "") == notFoundPage)
            let redirect = await get(server, "/users")
            #expect(redirect.head?.hasPrefix("HTTP/1.1 301") == true)
            #expect(redirect.head?.contains("Location: /users/\r\n") == true)
            let withQuery = await get(server, "/users?ref=mail&x=1")
            #expect(withQuery.head?.contains("Location: /users/?ref=mail&x=1\r\n") == true, "the query goes along")
            let head = await get(server, "/", method: "HEAD")
            #expect(head.head?.hasPrefix("HTTP/1.1 200") == true)
            #expect(head.body.isEmpty)
            let post = await get(server, "/", method: "POST")
            #expect(post.head?.hasPrefix("HTTP/1.1 405") == true)
        }
    }

    @Test("a site published under a path (base_url https://user.github.io/project/): every link of its 404 page works in the preview")
    func basePathPreview() async throws {
        try await servedSite(users: 6, baseURL: "https://user.github.io/project") { _, server in
            await expectNotFoundPageLinksWork(server, including: "/project/users/")
            #expect(await get(server, "/project").head?.contains("Location: /project/\r\n") == true)
            #expect(await get(server, "/users/").head?.hasPrefix("HTTP/1.1 200") == true)
        }
    }

    @Test("a base_url path named like a section of the site (a project called users): under it the site is served as its host serves it, home page first, and / leads there")
    func basePathNamedLikeASection() async throws {
        try await servedSite(users: 6, baseURL: "https://user.github.io/users/") { harness, server in
            let home = await get(server, "/users/")
            #expect(home.head?.hasPrefix("HTTP/1.1 200") == true)
            #expect(String(decoding: home.body, as: UTF8.self).contains(try harness.site.html("index.html").prefix(200)), "the home page, not the people list")
            let people = await get(server, "/users/users/")
            #expect(String(decoding: people.body, as: UTF8.self).contains(try harness.site.html("users/index.html").prefix(200)))
            #expect(await get(server, "/").head?.contains("Location: /users/\r\n") == true)
            await expectNotFoundPageLinksWork(server, including: "/users/users/")
            // A page asked for from the folder's own users/ still answers.
            let person = try #require(try harness.site.files().keys.sorted().first { $0.hasPrefix("users/") && $0.hasSuffix(".html") && !$0.hasPrefix("users/page/") && $0 != "users/index.html" })
            #expect(await get(server, "/" + person).head?.hasPrefix("HTTP/1.1 200") == true)
        }
    }

    @Test("a base_url path with a space and accents: the 404 page links to it percent-encoded, and every link works in the preview")
    func encodedBasePathPreview() async throws {
        try await servedSite(users: 4, baseURL: "https://user.github.io/a%20b/caf%C3%A9/") { harness, server in
            let notFoundPage = try harness.site.html("404.html")
            #expect(notFoundPage.contains(#"href="/a%20b/caf%C3%A9/assets/site.css""#))
            await expectNotFoundPageLinksWork(server, including: "/a%20b/caf%C3%A9/users/")
        }
    }

    @Test("base_url's path edited while serving: once the rebuild is published there, the 404 page's links work at the new path and the old one is gone")
    func basePathMovesWithoutARestart() async throws {
        try await servedSite(users: 6, baseURL: "https://user.github.io/project/") { built, server in
            #expect(await get(server, "/project/users/").head?.hasPrefix("HTTP/1.1 200") == true)

            var harness = built
            harness.settings.baseURL = "https://user.github.io/docs/"
            _ = try await harness.build()
            server.serve(under: harness.settings.basePath)
            #expect(server.basePath == "/docs/")
            await expectNotFoundPageLinksWork(server, including: "/docs/users/")
            #expect(await get(server, "/project/users/").head?.hasPrefix("HTTP/1.1 404") == true)
            #expect(await get(server, "/users/").head?.hasPrefix("HTTP/1.1 200") == true)

            server.serve(under: "/")
            #expect(await get(server, "/docs/users/").head?.hasPrefix("HTTP/1.1 404") == true)
        }
    }

    @Test("nothing outside the output folder is ever served: .., encoded .., and symbolic links")
    func nothingOutsideTheOutput() async throws {
        try await servedSite { harness, server in
            let secret = harness.folder.url.appendingPathComponent("secret.txt")
            try Data("do not serve".utf8).write(to: secret)
            try FileManager.default.createSymbolicLink(atPath: harness.output.appendingPathComponent("leak.txt").path,
                                                       withDestinationPath: secret.path)
            for path in ["/../secret.txt", "/users/../../secret.txt", "/%2e%2e/secret.txt", "/..%2fsecret.txt",
                         "/%2E%2E%2Fsecret.txt", "/users/%2e%2e/%2e%2e/secret.txt", "/leak.txt", "/../../../../etc/passwd"] {
                let answer = await get(server, path)
                let status = answer.head.map { String($0.prefix(12)) } ?? "nothing"
                #expect(status == "HTTP/1.1 404" || status == "HTTP/1.1 400", "\(path): \(status)")
                #expect(!String(decoding: answer.body, as: UTF8.self).contains("do not serve"), "\(path)")
                #expect(!String(decoding: answer.body, as: UTF8.self).contains("root:"), "\(path)")
            }
        }
    }

    @Test("the server listens on loopback unless told otherwise")
    func loopbackByDefault() async throws {
        try await servedSite { _, server in
            #expect(server.baseURL.host == "127.0.0.1")
        }
    }

    @Test("a port in use or a host that is not this machine's is an error saying which, and what to do")
    func bindFailuresSayWhy() async throws {
        try await servedSite { harness, server in
            let port = try #require(server.baseURL.port)
            await #expect {
                _ = try await PreviewServer.start(root: harness.output, port: port)
            } throws: { error in
                "\(error)" == "could not listen on 127.0.0.1:\(port): the port is in use by another program. Pick another port with --port, or 0 for any free one."
            }
            for host in ["no-such-host.invalid", "192.0.2.1"] {
                await #expect {
                    _ = try await PreviewServer.start(root: harness.output, host: host, port: 0)
                } throws: { error in
                    "\(error)".hasPrefix("could not listen on \(host):0: ") && "\(error)".hasSuffix("Use an address of this machine with --host, such as 127.0.0.1, or 0.0.0.0 for all of them.")
                }
            }
        }
    }

    @Test("the event stream starts with the current state and ends when the server stops")
    func eventStream() async throws {
        try await servedSite { _, server in
            let port = server.baseURL.port!
            async let stream = RawHTTP.exchange(port: port, path: ReloadScript.eventsPath, timeout: 30)
            try await waitUntil { await server.hub.subscriberCount == 1 }
            await server.hub.published()
            await server.hub.finish()
            let answer = await stream
            #expect(answer.head?.contains("Content-Type: text/event-stream") == true)
            let text = String(decoding: answer.body, as: UTF8.self)
            #expect(text.components(separatedBy: "data: {").count - 1 == 2, "\(text)")
            #expect(!answer.timedOut)
        }
    }
}

/// Polls `condition` every 20 ms for up to 30 s.
/// Waits until `condition` holds; `within` is generous for waits on a process, which a loaded
/// machine (the whole suite runs in parallel on two cores) can hold back for tens of seconds.
func waitUntil(within limit: Duration = .seconds(30), _ condition: () async -> Bool) async throws {
    let deadline = ContinuousClock.now + limit
    while !(await condition()) {
        guard ContinuousClock.now < deadline else { throw WaitTimedOut() }
        try await Task.sleep(for: .milliseconds(20))
    }
}

struct WaitTimedOut: Error {}
