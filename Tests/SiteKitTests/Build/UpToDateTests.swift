import Crypto
import Foundation
import Testing
@testable import SiteKit

@Suite("Up-to-date check: a rebuild with nothing changed does nothing, any other change does the work")
struct UpToDateTests {
    /// A live build against `server`, with cached JSON fresh for ten minutes.
    private static func harness(_ server: DemoAPIServer) throws -> BuildHarness {
        var harness = try BuildHarness(source: .live, users: 12, perPage: 5)
        harness.use(server)
        harness.settings.cacheTTL = 600
        return harness
    }

    @Test("a user name and password in the APIs' URLs never reach the build record, which is the owner's alone")
    func recordsHoldNoCredentials() async throws {
        try await DemoAPIServer.with { server in
            var harness = try Self.harness(server)
            defer { harness.remove() }
            func withCredentials(_ url: URL) -> URL {
                var parts = try! #require(URLComponents(url: url, resolvingAgainstBaseURL: false))
                parts.user = "reader"
                parts.password = "s3cretToken"
                return parts.url!
            }
            harness.settings.randomUserURL = withCredentials(server.randomUserURL)
            harness.settings.jsonPlaceholderURL = withCredentials(server.jsonPlaceholderURL)
            _ = try await harness.build()
            let folder = harness.folder.url.appendingPathComponent(".cache/builds-v1")
            let records = try FileManager.default.contentsOfDirectory(atPath: folder.path)
            try #require(records.count == 1)
            let record = folder.appendingPathComponent(records[0])
            let text = String(decoding: try Data(contentsOf: record), as: UTF8.self)
            #expect(text.contains("/posts") && !text.contains("s3cretToken") && !text.contains("reader@"))
            let mode = try #require(try FileManager.default.attributesOfItem(atPath: record.path)[.posixPermissions] as? Int)
            #expect(mode & 0o077 == 0, "mode \(String(mode, radix: 8))")
        }
    }

    @Test("an unchanged rebuild sends no request, touches no file and says why")
    func unchangedRebuildDoesNothing() async throws {
        try await DemoAPIServer.with { server in
            let harness = try Self.harness(server)
            defer { harness.remove() }
            let first = try await harness.build()
            #expect(first.upToDate == nil)
            let files = try harness.site.files()
            let dates = try harness.site.modificationDates()
            let requests = await server.log.count()
            // A build killed before its swap left its staging folder behind.
            let leftover = harness.folder.url.appendingPathComponent(".public.staging-999999-deadbeef")
            try FileManager.default.createDirectory(at: leftover, withIntermediateDirectories: true)
            let second = try await harness.build()
            #expect(!FileManager.default.fileExists(atPath: leftover.path))
            #expect(second.upToDate == .intact && second.pagesWritten == 0 && second.filesUnchanged == files.count)
            #expect(second.people == first.people && second.posts == first.posts && second.images.fromCache == first.images.done)
            #expect(second.text.contains("up to date:") && second.text.contains("--force"))
            #expect(await server.log.count() == requests)
            #expect(try harness.site.files() == files)
            #expect(try harness.site.modificationDates() == dates)
        }
    }

    @Test("a symbolic link of the user's in the output (latest.pdf -> report.pdf) does not stop rebuilds from being up to date; replacing it is noticed")
    func usersLinksStayUpToDate() async throws {
        try await DemoAPIServer.with { server in
            let harness = try Self.harness(server)
            defer { harness.remove() }
            _ = try await harness.build()
            let output = harness.site.root
            try Data("pdf".utf8).write(to: output.appendingPathComponent("report.pdf"))
            try FileManager.default.createSymbolicLink(atPath: output.appendingPathComponent("latest.pdf").path, withDestinationPath: "report.pdf")
            let carried = try await harness.build()
            #expect(carried.upToDate == .restored, "the output changed since the last build")
            let again = try await harness.build()
            #expect(again.upToDate == .intact, "\(again.text)")
            try FileManager.default.removeItem(at: output.appendingPathComponent("latest.pdf"))
            try FileManager.default.createSymbolicLink(atPath: output.appendingPathComponent("latest.pdf").path, withDestinationPath: "index.html")
            let relinked = try await harness.build()
            #expect(relinked.upToDate == .restored)
            #expect(try FileManager.default.destinationOfSymbolicLink(atPath: output.appendingPathComponent("latest.pdf").path) == "index.html")
        }
    }

    @Test("an edited, removed, added or missing output file is noticed, and the output put back from checked copies")
    func changedOutputIsRebuilt() async throws {
        try await DemoAPIServer.with { server in
            let harness = try Self.harness(server)
            defer { harness.remove() }
            _ = try await harness.build()
            let expected = try harness.site.files()
            let page = harness.output.appendingPathComponent("index.html")
            let picture = try #require(expected.keys.sorted().first { $0.hasPrefix("thumbs/") })

            // An output file is a link to its stored copy: editing it in place edits that copy too,
            // so nothing can be put back and the build does the work.
            let handle = try FileHandle(forWritingTo: page)
            try handle.seekToEnd()
            try handle.write(contentsOf: Data("<script>edited</script>".utf8))
            try handle.close()
            #expect(try await harness.build().upToDate == nil)
            #expect(try harness.site.files() == expected)

            try FileManager.default.removeItem(at: harness.output.appendingPathComponent(picture))
            #expect(try await harness.build().upToDate == .restored)
            #expect(try harness.site.files() == expected)

            // Edited in place with its size and modification time put back to the nanosecond, as
            // `touch -r` would.
            try editInPlaceKeepingTimes(harness.output.appendingPathComponent("users/index.html").path)
            #expect(try await harness.build().upToDate == nil)
            #expect(try harness.site.files() == expected)

            // A file put there by hand is noticed, and kept: no build wrote it.
            try Data("stray".utf8).write(to: harness.output.appendingPathComponent("users/stray.html"))
            #expect(try await harness.build().upToDate == .restored)
            #expect(try harness.site.files() == expected.merging(["users/stray.html": Data("stray".utf8)]) { $1 })

            #expect(try await harness.build().upToDate == .intact)

            try FileManager.default.removeItem(at: harness.output)
            let restored = try await harness.build()
            #expect(restored.upToDate == .restored && restored.pagesWritten == expected.count)
            #expect(try harness.site.files() == expected)

            // A stored copy edited in place cannot be put back: the build does the work instead.
            try FileManager.default.removeItem(at: harness.output)
            let store = try #require(OutputStore(cacheDirectory: harness.folder.url.appendingPathComponent(".cache")))
            let stored = Hex.string(SHA256.hash(data: try #require(expected["index.html"])))
            let tampered = try FileHandle(forWritingTo: URL(fileURLWithPath: store.path(of: stored)))
            try tampered.seekToEnd()
            try tampered.write(contentsOf: Data("<script>tampered</script>".utf8))
            try tampered.close()
            #expect(try await harness.build().upToDate == nil)
            #expect(try harness.site.files() == expected)
        }
    }

    @Test("an up-to-date build checks the content's links against the output as it is (a file put there by hand and removed since is warned of), and counts the build's files as unchanged, not the user's")
    func upToDateBuildsCheckContentLinks() async throws {
        try await DemoAPIServer.with { server in
            let harness = try Self.harness(server)
            defer { harness.remove() }
            let content = try harness.writeContent(["about.md": "---\ntitle: About\n---\nWho we are.\n"])
            let first = try await harness.build()
            let report = harness.output.appendingPathComponent("downloads/report.pdf")
            try FileManager.default.createDirectory(at: report.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data("pdf".utf8).write(to: report)
            try Data("---\ntitle: About\n---\nGet the [report](../downloads/report.pdf).\n".utf8)
                .write(to: content.appendingPathComponent("about.md"))
            let linked = try await harness.build()
            #expect(linked.upToDate == nil)
            let again = try await harness.build()
            #expect(again.upToDate == .intact && again.filesUnchanged == first.pagesWritten, "the report is the user's, not the build's: \(again.text)")
            #expect(!harness.text.contains("leads nowhere"), "\(harness.text)")

            try FileManager.default.removeItem(at: report.deletingLastPathComponent())
            let warning = "warning: content/about.md:4: the link ../downloads/report.pdf leads nowhere"
            let removed = try await harness.build()
            #expect(removed.upToDate == .restored)
            #expect(harness.text.components(separatedBy: warning).count == 2, "\(harness.text)")
            let still = try await harness.build()
            #expect(still.upToDate == .intact && harness.text.components(separatedBy: warning).count == 3, "every build says so")
        }
    }

    @Test("a build under another umask is no longer up to date: its files get this umask's mode, where an output published under umask 077 stayed unreadable to a web server",
          .enabled(if: FetchProcessTests.executable != nil, "the site executable is not built next to the tests; run swift build first"))
    func anotherUmaskIsNotUpToDate() async throws {
        try await DemoAPIServer.with { server in
            let folder = try TemporaryFolder()
            defer { folder.remove() }
            let site = try #require(FetchProcessTests.executable).path
            let build = "'\(site)' build --live --randomuser-url '\(server.randomUserURL.absoluteString)' --jsonplaceholder-url '\(server.jsonPlaceholderURL.absoluteString)'"
                + " --users 5 --seed umask --ttl 1h --output public --cache-dir cache"
            let run = try await Process.runCapturing("/bin/sh", ["-c", "(umask 077 && \(build) && \(build)) && umask 022 && \(build)"], in: folder.url)
            #expect(run.status == 0, "\(run.errors)")
            let summaries = run.errors.split(separator: "\n").filter { $0.hasPrefix("built 5 people") || $0.hasPrefix("checked 5 people") }
            #expect(summaries.count == 3 && summaries[2].contains(": 137 files written,"), "\(summaries)")
            // The up-to-date build says it checked, not that it built, above its "up to date" line.
            #expect(summaries[1].hasPrefix("checked 5 people and 100 posts: 0 files written,") && summaries[0].hasPrefix("built "), "\(summaries)")
            #expect(run.errors.components(separatedBy: "\nup to date:").count == 2, "the second build only: \(run.errors)")
            let mode = try #require(try FileManager.default.attributesOfItem(atPath: folder.url.appendingPathComponent("public/index.html").path)[.posixPermissions] as? Int)
            #expect(mode == 0o644, "\(String(mode, radix: 8))")
        }
    }

    @Test("cached responses are confirmed by the stamps of their entry files, and an entry changed behind them is noticed")
    func stampsConfirmTheCacheAndAChangedEntryIsNoticed() async throws {
        try await DemoAPIServer.with { server in
            let harness = try Self.harness(server)
            defer { harness.remove() }
            _ = try await harness.build()
            let cache = harness.folder.url.appendingPathComponent(".cache")
            let record = try #require(BuildRecord.load(cacheDirectory: cache, destination: harness.output))
            #expect(!record.requests.isEmpty && record.requests.allSatisfy { $0.stamp != nil })
            let requests = await server.log.count()
            #expect(try await harness.build().upToDate == .intact)
            #expect(await server.log.count() == requests)

            // The posts' entry, edited in place with its size and modification time put back.
            let posts = try #require(record.requests.first { $0.url.hasSuffix("/posts") }?.stamp)
            try editInPlaceKeepingTimes(cache.appendingPathComponent("http-v3/entries/" + posts.file).path)
            let expected = try harness.site.files()
            let rebuilt = try await harness.build()
            #expect(rebuilt.upToDate == nil, "the damaged entry fails its checksum, so the posts are fetched again")
            #expect(await server.log.count() > requests)
            #expect(try harness.site.files() == expected)
        }
    }

    @Test("changed content, templates, settings, --force or --refresh do the work again")
    func changedInputsAreBuilt() async throws {
        try await DemoAPIServer.with { server in
            var harness = try Self.harness(server)
            defer { harness.remove() }
            _ = try await harness.build()

            let content = harness.folder.url.appendingPathComponent("content")
            try FileManager.default.createDirectory(at: content, withIntermediateDirectories: true)
            try Data("---\ntitle: Welcome back\n---\nNew *intro*.\n".utf8).write(to: content.appendingPathComponent("index.md"))
            #expect(try await harness.build().upToDate == nil)
            #expect(try harness.site.html("index.html").contains("Welcome back"))
            #expect(try await harness.build().upToDate == .intact)

            // A page of its own: added, then edited.
            try Data("First words.\n".utf8).write(to: content.appendingPathComponent("about.md"))
            #expect(try await harness.build().upToDate == nil)
            try Data("Second words.\n".utf8).write(to: content.appendingPathComponent("about.md"))
            #expect(try await harness.build().upToDate == nil)
            #expect(try harness.site.html("about/index.html").contains("Second words."))
            #expect(try await harness.build().upToDate == .intact)

            let templates = harness.folder.url.appendingPathComponent("templates")
            try FileManager.default.createDirectory(at: templates, withIntermediateDirectories: true)
            let prevnext = DefaultTemplates.prevnext.replacingOccurrences(of: "class=\"prev-next\"", with: "class=\"prev-next changed\"")
            try Data(prevnext.utf8).write(to: templates.appendingPathComponent("prevnext.mustache"))
            #expect(try await harness.build().upToDate == nil)
            #expect(try await harness.build().upToDate == .intact)

            harness.settings.title = "Another title"
            #expect(try await harness.build().upToDate == nil)
            #expect(try harness.site.html("index.html").contains("Another title"))
            #expect(try await harness.build().upToDate == .intact)

            harness.options.force = true
            #expect(try await harness.build().upToDate == nil)
            harness.options.force = false
            harness.options.refresh = true
            #expect(try await harness.build().upToDate == nil)
        }
    }

    /// A harness whose JSON is stale at once: the demo API's JSON has validators (ETag,
    /// Last-Modified) but no freshness of its own, and there is no `--ttl` floor.
    private static func staleHarness(_ server: DemoAPIServer) throws -> BuildHarness {
        var harness = try harness(server)
        harness.settings.cacheTTL = 0
        return harness
    }

    @Test("stale data its servers confirm unchanged (304) is up to date: one conditional request each, nothing decoded or rendered")
    func staleDataConfirmedByItsServerIsUpToDate() async throws {
        try await DemoAPIServer.with { server in
            let harness = try Self.staleHarness(server)
            defer { harness.remove() }
            let first = try await harness.build()
            #expect(first.upToDate == nil)
            let files = try harness.site.files()
            let dates = try harness.site.modificationDates()
            await server.log.reset()
            let second = try await harness.build()
            #expect(second.upToDate == .intact, "\(second.text)")
            let sent = await server.log.requests()
            #expect(!sent.isEmpty && second.confirmedUnchanged == sent.count)
            // A HEAD: a changed resource would cost its headers, not its body.
            #expect(sent.allSatisfy { $0.method == "HEAD" && $0.status == 304 && $0.headers["If-None-Match"] != nil },
                    "\(sent.map { "\($0.method) \($0.path) \($0.status ?? 0)" })")
            // The people's page: a URL with a query gets no heuristic freshness, so only it is stale.
            #expect(sent.map(\.path) == ["/api/"])
            #expect(second.text.contains("data (1 response stale in the cache, confirmed unchanged by its server) and output are those of the last build"), "\(second.text)")
            #expect(try harness.site.files() == files)
            #expect(try harness.site.modificationDates() == dates)

            // The output removed: put back from the store, after the same confirmation.
            try FileManager.default.removeItem(at: harness.output)
            let restored = try await harness.build()
            #expect(restored.upToDate == .restored && restored.confirmedUnchanged == sent.count)
            #expect(try harness.site.files() == files)
        }
    }

    /// Posts stale as soon as they are stored, which a build may still fall back on.
    private static let checkedPosts = Fault(headers: ["Cache-Control": "max-age=0"])

    /// `checkedPosts` changed since: one post, titled `title`.
    private static func postsChanged(to title: String) -> Fault {
        var changed = checkedPosts
        changed.body = Data(#"[{"userId": 1, "id": 1, "title": "\#(title)", "body": "New."}]"#.utf8)
        return changed
    }

    @Test("another --timeout or --jobs leaves a build up to date: they decide how the data is fetched, not what it is")
    func fetchingSettingsDoNotCount() async throws {
        try await DemoAPIServer.with { server in
            var harness = try Self.harness(server)
            defer { harness.remove() }
            _ = try await harness.build()
            harness.settings.timeout = 9
            harness.settings.jobs = 3
            #expect(try await harness.build().upToDate == .intact)
        }
    }

    @Test("the output folder spelt another way (./public, its absolute path) is the same folder: the build stays up to date")
    func outputSpeltAnotherWay() async throws {
        try await DemoAPIServer.with { server in
            var harness = try Self.harness(server)
            defer { harness.remove() }
            _ = try await harness.build()
            for spelling in ["./public", harness.folder.url.appendingPathComponent("public").path, "public/"] {
                harness.settings.output = spelling
                #expect(try await harness.build().upToDate == .intact, "\(spelling)")
            }
            harness.settings.output = "elsewhere"
            #expect(try await harness.build().upToDate == nil)
        }
    }

    @Test("stale data its server changed is built again, and shows the change")
    func staleDataThatChangedIsBuilt() async throws {
        try await DemoAPIServer.with { server in
            let harness = try Self.staleHarness(server)
            defer { harness.remove() }
            await server.faults.set(Self.checkedPosts, forPathPrefix: "/posts")
            _ = try await harness.build()
            #expect(try await harness.build().upToDate == .intact)
            await server.faults.set(Self.postsChanged(to: "A post written since"), forPathPrefix: "/posts")
            let rebuilt = try await harness.build()
            #expect(rebuilt.upToDate == nil && rebuilt.posts == 1)
            #expect(try harness.site.html("posts/index.html").contains("A post written since"))
        }
    }

    @Test("--verbose says that a question the check no longer needs was stopped, not that it failed: another answer had already decided the build")
    func stoppedQuestionsAreNotFailures() async throws {
        try await DemoAPIServer.with { server in
            var harness = try Self.staleHarness(server)
            defer { harness.remove() }
            await server.faults.set(Self.checkedPosts, forPathPrefix: "/posts")
            _ = try await harness.build()
            // The posts changed, and their server says so at once; the people's server is slow.
            await server.faults.set(Self.postsChanged(to: "Changed"), forPathPrefix: "/posts")
            await server.faults.set(Fault(latency: 1.5), forPathPrefix: "/api/")
            harness.verbosity = .verbose
            let rebuilt = try await harness.build()
            #expect(rebuilt.upToDate == nil && rebuilt.posts == 1)
            let lines = harness.text.split(separator: "\n")
            #expect(lines.contains { $0.hasPrefix("HEAD ") && $0.contains("/posts 200 ") && $0.contains("the cached copy is not confirmed") }, "\(harness.text)")
            let people = lines.filter { $0.hasPrefix("HEAD ") && $0.contains("/api/?") }
            #expect(people.count == 1 && people[0].contains(" stopped after ") && people[0].contains("ms, no longer needed: the cached copy is not confirmed"),
                    "\(people)")
            #expect(!harness.text.contains(" failed after "), "\(harness.text)")
        }
    }

    @Test("stale data whose server fails now is not confirmed: the full build retries it and says what it fell back on")
    func staleDataWhoseServerFailsIsBuilt() async throws {
        try await DemoAPIServer.with { server in
            let harness = try Self.staleHarness(server)
            defer { harness.remove() }
            await server.faults.set(Self.checkedPosts, forPathPrefix: "/posts")
            _ = try await harness.build()
            var failing = Self.checkedPosts
            failing.status = 503
            await server.faults.set(failing, forPathPrefix: "/posts")
            await server.log.reset()
            let rebuilt = try await harness.build()
            #expect(rebuilt.upToDate == nil && rebuilt.posts == 100)
            // One HEAD from the check, then the build's own attempts.
            let sent = await server.log.requests(pathPrefix: "/posts")
            #expect(sent.first?.method == "HEAD" && sent.dropFirst().allSatisfy { $0.method == "GET" } && sent.count >= 2)
            // Said once, by the build: the check warns of nothing.
            #expect(harness.text.components(separatedBy: "serving the cached copy").count == 2, "\(harness.text)")
        }
    }

    @Test("a bad answer met by the check (an HTML page for the posts) never takes the place of the good copy: the build falls back on it with one warning, and offline builds still have it")
    func aBadAnswerDuringTheCheckKeepsTheGoodCopy() async throws {
        try await DemoAPIServer.with { server in
            var harness = try Self.staleHarness(server)
            defer { harness.remove() }
            await server.faults.set(Self.checkedPosts, forPathPrefix: "/posts")
            _ = try await harness.build()
            let posts = try harness.site.html("posts/index.html")
            var broken = Self.checkedPosts
            broken.body = Data("<html><body>Down for maintenance</body></html>".utf8)
            broken.contentType = "text/html"
            await server.faults.set(broken, forPathPrefix: "/posts")
            let rebuilt = try await harness.build()
            #expect(rebuilt.upToDate == nil && rebuilt.posts == 100)
            #expect(harness.text.components(separatedBy: "serving the cached copy").count == 2, "\(harness.text)")
            #expect(try harness.site.html("posts/index.html") == posts)
            harness.options.offline = true
            let offline = try await harness.build()
            #expect(offline.posts == 100)
        }
    }

    @Test("only a build's own warnings keep the next from being up to date: site serve says every rebuild's through one reporter, and after one warning none of its rebuilds was up to date again")
    func earlierBuildsWarningsDoNotCount() async throws {
        try await DemoAPIServer.with { server in
            let harness = try Self.harness(server)
            defer { harness.remove() }
            let shared = Reporter(verbosity: .normal, sink: harness.printed.append)
            await server.faults.set(Fault(status: 404), forPathPrefix: "/api/portraits/")
            _ = try await harness.build(reporter: shared)
            #expect(!shared.warnings.isEmpty)
            await server.faults.clear()
            let fixed = try await harness.build(reporter: shared)
            #expect(fixed.upToDate == nil && fixed.imageFailures == 0)
            let again = try await harness.build(reporter: shared)
            #expect(again.upToDate == .intact, "\(harness.text)")
        }
    }

    @Test("stale data, a build with warnings, demo data or a random seed never count as up to date")
    func unrepeatableBuildsAreNotSkipped() async throws {
        try await DemoAPIServer.with { server in
            // Offline, nothing can confirm a stale copy.
            var stale = try Self.staleHarness(server)
            defer { stale.remove() }
            _ = try await stale.build()
            stale.options.offline = true
            #expect(try await stale.build().upToDate == nil)

            let warned = try Self.harness(server)
            defer { warned.remove() }
            await server.faults.set(Fault(status: 404), forPathPrefix: "/api/portraits/")
            _ = try await warned.build()
            let again = try await warned.build()
            #expect(again.upToDate == nil && again.imageFailures > 0)
            // Both builds warned (a warning per picture, or one for many alike).
            #expect(warned.text.components(separatedBy: "answered HTTP 404").count > 2, "\(warned.text)")
            await server.faults.clear()

            var random = try Self.harness(server)
            defer { random.remove() }
            random.settings.seed = nil
            _ = try await random.build()
            #expect(try await random.build().upToDate == nil)
        }

        let demo = try BuildHarness(source: .demo, users: 8)
        defer { demo.remove() }
        _ = try await demo.build()
        #expect(try await demo.build().upToDate == nil)
    }
}
