import Foundation
import Synchronization
import Testing
@testable import SiteKit

/// What `site serve` does with edits that are not to a page's text: editors' own files, a save
/// that changes nothing, a site removed from under it, an output folder renamed in the settings.
@Suite("site serve: editors' files, unchanged rebuilds, a removed site, a new output folder")
struct ServeFollowsEditsTests {
    @Test("files no build reads that editors make and remove (a vim swap file, a backup, an Emacs lock, a .git folder) are not changes: opening a page in vim rebuilt the site and reloaded every open page twice")
    func editorFilesAreNotChanges() async throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let content = folder.url.appendingPathComponent("content")
        try FileManager.default.createDirectory(at: content.appendingPathComponent(".git"), withIntermediateDirectories: true)
        try Data("Text.\n".utf8).write(to: content.appendingPathComponent("index.md"))
        let watcher = SourceWatcher(paths: [content], interval: .milliseconds(20))
        let before = watcher.snapshot()
        for name in [".index.md.swp", "index.md~", "#index.md#", ".git/index", "index.md.bak"] {
            try Data("x".utf8).write(to: content.appendingPathComponent(name))
        }
        #expect(watcher.snapshot() == before)
        // A file a build reads is still a change, among them.
        try Data("---\ntitle: New\n---\n".utf8).write(to: content.appendingPathComponent("new.md"))
        let change = try await watcher.nextChange(after: before)
        #expect(change.changed.map(watcher.shown) == ["content/new.md"])
    }

    @Test("a rebuild that finds everything as the last build left it does not reload open pages, unless they show an error to take away")
    func unchangedRebuildsLeavePagesAlone() async throws {
        let hub = ReloadHub()
        let upToDate = Mutex<BuildSummary.UpToDate?>(nil)
        let failing = Mutex(false)
        let session = PreviewSession(watcher: SourceWatcher(paths: []), hub: hub, reporter: Reporter.silent()) {
            if failing.withLock({ $0 }) { throw BuildError(step: "Load content", message: "content/index.md: broken.") }
            var summary = BuildSummary(source: DataSource(isDemo: false, detail: "api"), seed: "s", people: 1, posts: 0,
                                       pagesWritten: 0, filesUnchanged: 5, images: ImageCounts(), imageFailures: 0, imageSeconds: 0,
                                       render: RenderTiming(pages: 0, duration: .zero), seconds: 0)
            summary.upToDate = upToDate.withLock { $0 }
            return summary
        }
        #expect(await session.buildOnce())
        let built = await hub.state.version

        upToDate.withLock { $0 = .intact }
        #expect(await session.buildOnce())
        #expect(await hub.state.version == built, "nothing changed: no reload")

        // The output folder put back from the cache is new files: pages reload.
        upToDate.withLock { $0 = .restored }
        #expect(await session.buildOnce())
        let restored = await hub.state.version
        #expect(restored != built)

        failing.withLock { $0 = true }
        #expect(await !session.buildOnce())
        #expect(await hub.state.error != nil)
        // The fix brings back the very site shown before: the error goes, so pages reload.
        failing.withLock { $0 = false }
        upToDate.withLock { $0 = .intact }
        #expect(await session.buildOnce())
        let fixed = await hub.state
        #expect(fixed.error == nil && fixed.version != restored)
    }

    @Test("a site removed while it is served (site clean) is built again at once, where pages said \"No site yet\" until the next save")
    func removedSiteIsBuiltAgain() async throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let output = folder.url.appendingPathComponent("public")
        let builds = Mutex(0)
        let log = Mutex<[String]>([])
        let session = PreviewSession(watcher: SourceWatcher(paths: [folder.url.appendingPathComponent("content")], interval: .milliseconds(20)),
                                     hub: ReloadHub(), reporter: Reporter(sink: { text in log.withLock { $0.append(text) } }), output: output) {
            try FileManager.default.createDirectory(at: output, withIntermediateDirectories: true)
            try Data("<p>site</p>".utf8).write(to: output.appendingPathComponent("index.html"))
            builds.withLock { $0 += 1 }
            return BuildSummary(source: DataSource(isDemo: true, detail: "api"), seed: "s", people: 1, posts: 0,
                                pagesWritten: 1, filesUnchanged: 0, images: ImageCounts(), imageFailures: 0, imageSeconds: 0,
                                render: RenderTiming(pages: 1, duration: .zero), seconds: 0)
        }
        let running = Task { await session.run(watching: true) }
        defer { running.cancel() }
        try await waitUntil { builds.withLock { $0 } == 1 }
        try FileManager.default.removeItem(at: output)
        try await waitUntil(within: .seconds(20)) { builds.withLock { $0 } == 2 }
        #expect(FileManager.default.fileExists(atPath: output.appendingPathComponent("index.html").path))
        #expect(log.withLock { $0 }.contains { $0.contains("the site served from \(output.path) is gone, or the output no longer leads there; building it again") })
        // Built again once, not at every look: the site is there again.
        try await Task.sleep(for: .milliseconds(200))
        #expect(builds.withLock { $0 } == 2)
    }

    @Test("a site gone for a moment is not built again: it must stay gone for a while, so that site clean is done with the output first (a build it raced failed the clean)")
    func goneMustLast() async throws {
        let watcher = SourceWatcher(paths: [], interval: .milliseconds(5))
        let calls = Mutex(0)
        let start = ContinuousClock.now
        // Gone at the first look, back at the second, then gone for good: however long each
        // look takes, the first absence is not enough, and the last must last 150 ms.
        let change = try await watcher.nextChange(after: [:], or: {
            calls.withLock { $0 += 1; return $0 } != 2
        }, goneFor: .milliseconds(150))
        #expect(change.changed.isEmpty)
        #expect(calls.withLock { $0 } >= 4, "returned during the first, short absence")
        #expect(ContinuousClock.now - start >= .milliseconds(150))
    }

    @Test("a server on every interface is opened at the loopback address, and the line says so (it printed http://0.0.0.0:8006/)")
    func addressOnEveryInterface() {
        #expect(PreviewServer.addressToOpen(URL(string: "http://127.0.0.1:8000")!) == ("http://127.0.0.1:8000/", nil))
        #expect(PreviewServer.addressToOpen(URL(string: "http://0.0.0.0:8006")!)
                == ("http://127.0.0.1:8006/", "on every interface: from another machine, this one's address and port 8006"))
        #expect(PreviewServer.addressToOpen(URL(string: "http://[::]:8006")!).address == "http://[::1]:8006/")
    }

    @Test("the preview moves to another output folder when told to (an edited output in site.yml), at the same paths")
    func serverMovesToANewFolder() async throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        for name in ["public", "dist"] {
            let site = folder.url.appendingPathComponent(name)
            try FileManager.default.createDirectory(at: site, withIntermediateDirectories: true)
            try Data("<p>\(name)</p>".utf8).write(to: site.appendingPathComponent("index.html"))
        }
        let server = try await PreviewServer.start(root: folder.url.appendingPathComponent("public"), basePath: "/project/", port: 0)
        let port = server.baseURL.port!
        #expect(String(decoding: await RawHTTP.exchange(port: port, path: "/", timeout: 30).body, as: UTF8.self).contains("<p>public</p>"))
        server.serve(root: folder.url.appendingPathComponent("dist"))
        #expect(server.root.lastPathComponent == "dist" && server.basePath == "/project/")
        for path in ["/", "/project/"] {
            #expect(String(decoding: await RawHTTP.exchange(port: port, path: path, timeout: 30).body, as: UTF8.self).contains("<p>dist</p>"), "\(path)")
        }
        await server.stop()
    }
}
