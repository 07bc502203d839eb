import Foundation
import Synchronization
import Testing
@testable import SiteKit

@Suite("site serve: watching the sources, rebuilding and reloading open pages")
struct PreviewSessionTests {
    @Test("a save made while the first build runs is built next: the sources were looked at only after that build, so the save was taken as built and the page kept the old text until the next save")
    func aSaveDuringTheFirstBuildIsBuilt() async throws {
        let harness = try BuildHarness(users: 2)
        defer { harness.remove() }
        let content = harness.folder.url.appendingPathComponent("content")
        try FileManager.default.createDirectory(at: content, withIntermediateDirectories: true)
        let intro = content.appendingPathComponent("index.md")
        try Data("---\ntitle: Home\n---\nFirst words.\n".utf8).write(to: intro)
        let builds = BuildCounter()
        let session = PreviewSession(watcher: SourceWatcher(paths: [content], interval: .milliseconds(50)), hub: ReloadHub(),
                                     reporter: Reporter.silent()) {
            let summary = try await harness.build()
            // The first build: the user saves while it runs.
            if builds.next() == 1 { try Data("---\ntitle: Home\n---\nSaved during the build.\n".utf8).write(to: intro) }
            return summary
        }
        let running = Task { await session.run(watching: true) }
        defer { running.cancel() }
        try await waitUntil(within: .seconds(60)) { builds.count >= 2 }
        #expect(try harness.site.html("index.html").contains("Saved during the build."))
    }

    @Test("a change to a content file rebuilds the site and sends open pages a reload event; a broken file shows the error and keeps the last good site")
    func contentChangeReloadsAndBrokenContentShowsTheError() async throws {
        let harness = try BuildHarness(users: 12, perPage: 12)
        defer { harness.remove() }
        let content = harness.folder.url.appendingPathComponent("content")
        try FileManager.default.createDirectory(at: content, withIntermediateDirectories: true)
        let intro = content.appendingPathComponent("index.md")
        try Data("---\ntitle: Home\n---\nFirst words.\n".utf8).write(to: intro)

        let hub = ReloadHub()
        let session = PreviewSession(watcher: SourceWatcher(paths: [content], interval: .milliseconds(50)), hub: hub,
                                     reporter: Reporter.silent()) { try await harness.build() }
        #expect(await session.buildOnce())
        let server = try await PreviewServer.start(root: harness.output, port: 0, hub: hub)
        let watching = Task { await session.watch() }
        defer { watching.cancel() }
        async let events = RawHTTP.exchange(port: server.baseURL.port!, path: ReloadScript.eventsPath, timeout: 60)
        try await waitUntil { await hub.subscriberCount == 1 }
        let served = await hub.state

        try Data("---\ntitle: Home\n---\nSecond words.\n".utf8).write(to: intro)
        try await waitUntil { await hub.state.version != served.version }
        #expect(try harness.site.html("index.html").contains("Second words."))
        let rebuilt = await hub.state

        try Data("---\ntitle: [unclosed\n---\nThird words.\n".utf8).write(to: intro)
        try await waitUntil { await hub.state.error != nil }
        let failed = await hub.state
        #expect(failed.version == rebuilt.version)
        #expect(failed.error?.contains("index.md") == true)
        let page = await RawHTTP.exchange(port: server.baseURL.port!, path: "/", timeout: 30)
        #expect(page.head?.hasPrefix("HTTP/1.1 200") == true)
        #expect(String(decoding: page.body, as: UTF8.self).contains("Second words."))

        try Data("---\ntitle: Home\n---\nFixed words.\n".utf8).write(to: intro)
        try await waitUntil { await hub.state.error == nil }
        #expect(await hub.state.version != rebuilt.version)

        watching.cancel()
        await server.stop()
        let exchange = await events
        // Split bytes, not Characters: chunk framing puts "\r\n" before lines, one Character in Swift.
        let states = exchange.body.split(separator: UInt8(ascii: "\n"))
            .map { String(decoding: $0, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines) }
            .filter { $0.hasPrefix("data: ") }
            .compactMap { try? JSONDecoder().decode(ReloadHub.State.self, from: Data($0.dropFirst(6).utf8)) }
        #expect(states.map(\.version) == [served.version, rebuilt.version, rebuilt.version, await hub.state.version])
        #expect(states.map { $0.error != nil } == [false, false, true, false])
    }

    @Test("a first build that fails with no site in the output says there is none yet, and pages say so until a build succeeds")
    func firstBuildFailsWithNoSite() async throws {
        let harness = try BuildHarness(users: 4)
        defer { harness.remove() }
        let content = harness.folder.url.appendingPathComponent("content")
        try FileManager.default.createDirectory(at: content, withIntermediateDirectories: true)
        let intro = content.appendingPathComponent("index.md")
        try Data("---\ntitle: [unclosed\n---\nWords.\n".utf8).write(to: intro)
        let log = PrintLog()
        let hub = ReloadHub()
        let session = PreviewSession(watcher: SourceWatcher(paths: [content], interval: .milliseconds(50)), hub: hub,
                                     reporter: Reporter(sink: log.append), output: harness.output) { try await harness.build() }
        let server = try await PreviewServer.start(root: harness.output, port: 0, hub: hub)
        #expect(await !session.buildOnce())
        #expect(log.text.contains("warning: the build failed, and there is no site in \(harness.output.path) to serve yet"))
        #expect(!log.text.contains("last good site"))
        #expect(await hub.state.error?.contains("index.md") == true, "pages show the error over the no-site page")
        #expect(await RawHTTP.exchange(port: server.baseURL.port!, path: "/", timeout: 30).head?.hasPrefix("HTTP/1.1 503") == true)

        try Data("---\ntitle: Home\n---\nWords.\n".utf8).write(to: intro)
        #expect(await session.buildOnce())
        #expect(await hub.state.error == nil)
        #expect(await RawHTTP.exchange(port: server.baseURL.port!, path: "/", timeout: 30).head?.hasPrefix("HTTP/1.1 200") == true)
        await server.stop()
    }

    @Test("with --no-watch, a first build that fails says to fix it and restart, in the terminal and on the page, instead of promising a reload no build will bring")
    func firstBuildFailsWithoutWatching() async throws {
        let harness = try BuildHarness(users: 4)
        defer { harness.remove() }
        let content = harness.folder.url.appendingPathComponent("content")
        try FileManager.default.createDirectory(at: content, withIntermediateDirectories: true)
        try Data("---\ntitle: [unclosed\n---\nWords.\n".utf8).write(to: content.appendingPathComponent("index.md"))
        let log = PrintLog()
        let hub = ReloadHub()
        let session = PreviewSession(watcher: SourceWatcher(paths: [content]), hub: hub, reporter: Reporter(sink: log.append),
                                     output: harness.output, watching: false) { try await harness.build() }
        let server = try await PreviewServer.start(root: harness.output, port: 0, hub: hub, watching: false)
        #expect(await !session.buildOnce())
        #expect(log.text.contains("to serve yet: pages say so, and show this error, until you fix it and restart site serve (--no-watch builds only once)"))
        let page = String(decoding: await RawHTTP.exchange(port: server.baseURL.port!, path: "/", timeout: 30).body, as: UTF8.self)
        #expect(page.contains("nothing is built again: fix the error, then restart <code>site serve</code>") && !page.contains("reloads by itself"))
        await server.stop()
    }

    @Test("the watcher reports added, changed and removed files, and waits for a save to settle")
    func watcherSeesChanges() async throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let watched = folder.url.appendingPathComponent("content")
        let watcher = SourceWatcher(paths: [watched, folder.url.appendingPathComponent("site.yml")], interval: .milliseconds(20))
        let empty = watcher.snapshot()
        #expect(empty.isEmpty)
        try FileManager.default.createDirectory(at: watched, withIntermediateDirectories: true)
        try Data("a".utf8).write(to: watched.appendingPathComponent("a.md"))
        try Data("x: 1".utf8).write(to: folder.url.appendingPathComponent("site.yml"))
        let added = try await watcher.nextChange(after: empty)
        #expect(added.changed.map { URL(fileURLWithPath: $0).lastPathComponent } == ["a.md", "site.yml"])
        // The log names each as people know it, from the folder watched.
        #expect(added.changed.map(watcher.shown) == ["content/a.md", "site.yml"])
        try Data("longer".utf8).write(to: watched.appendingPathComponent("a.md"))
        let changed = try await watcher.nextChange(after: added.snapshot)
        #expect(changed.changed.map { URL(fileURLWithPath: $0).lastPathComponent } == ["a.md"])
        try FileManager.default.removeItem(at: watched.appendingPathComponent("a.md"))
        let removed = try await watcher.nextChange(after: changed.snapshot)
        #expect(removed.changed.map { URL(fileURLWithPath: $0).lastPathComponent } == ["a.md"])
        #expect(removed.snapshot.count == 1)
    }

    @Test("a watched folder that is a symbolic link is watched through it: an edit and a new file inside are changes, named by the link's path")
    func watcherFollowsALinkedFolder() async throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let real = folder.url.appendingPathComponent("shared-content")
        try FileManager.default.createDirectory(at: real, withIntermediateDirectories: true)
        try Data("a".utf8).write(to: real.appendingPathComponent("a.md"))
        let linked = folder.url.appendingPathComponent("content")
        try FileManager.default.createSymbolicLink(at: linked, withDestinationURL: real)
        let watcher = SourceWatcher(paths: [linked], interval: .milliseconds(20))
        let first = watcher.snapshot()
        #expect(first.keys.sorted() == [linked.appendingPathComponent("a.md").path])
        try Data("longer".utf8).write(to: real.appendingPathComponent("a.md"))
        try Data("b".utf8).write(to: real.appendingPathComponent("b.md"))
        let changed = try await watcher.nextChange(after: first)
        #expect(changed.changed == [linked.appendingPathComponent("a.md").path, linked.appendingPathComponent("b.md").path])
    }

    @Test("an entry a build refuses (a link round in a loop, a link to nothing, a named pipe) is a change when it appears, when it goes, and when a link comes to lead to a file")
    func watcherSeesEntriesThatAreNoFiles() async throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let content = folder.url.appendingPathComponent("content")
        try FileManager.default.createDirectory(at: content, withIntermediateDirectories: true)
        let watcher = SourceWatcher(paths: [content], interval: .milliseconds(20))
        var snapshot = watcher.snapshot()
        let loop = content.appendingPathComponent("loop.md"), dangling = content.appendingPathComponent("dangle.md")
        let pipe = content.appendingPathComponent("pipe.md")
        #expect(symlink("loop.md", loop.path) == 0)
        #expect(symlink("nothere.md", dangling.path) == 0)
        #expect(mkfifo(pipe.path, 0o644) == 0)
        var change = try await watcher.nextChange(after: snapshot)
        #expect(change.changed == [dangling.path, loop.path, pipe.path])
        snapshot = change.snapshot
        try Data("now a page".utf8).write(to: content.appendingPathComponent("nothere.md"))
        change = try await watcher.nextChange(after: snapshot)
        #expect(change.changed == [dangling.path, content.appendingPathComponent("nothere.md").path])
        snapshot = change.snapshot
        for entry in [loop, pipe] { try FileManager.default.removeItem(at: entry) }
        change = try await watcher.nextChange(after: snapshot)
        #expect(change.changed == [loop.path, pipe.path])
    }
}

/// Counts the builds a session ran.
private final class BuildCounter: Sendable {
    private let value = Mutex(0)
    var count: Int { value.withLock { $0 } }
    /// Counts one more build and returns its number, from 1.
    func next() -> Int { value.withLock { $0 += 1; return $0 } }
}
